/**
 * The shape of the code, held by `npm test` (scripts/test.mjs runs `depcruise src`): who may import
 * whom. Read with docs/architecture.md.
 *
 *   src/shared ← every layer (pure: no Node, no Electron, nothing above it)
 *   src/core/platform ← src/core/data ← src/core/features ← src/team ← src/engine, src/cli
 *   a feature is reached from outside it only through its index.ts; no import cycle anywhere,
 *   not between modules and not between feature folders
 *
 * Tests are not cruised (they may reach inside what they test).
 */
const LAYERS_ABOVE_CORE = '^src/(team|engine|cli|main|renderer|preload|harness|sim)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle anywhere in src: each module can be understood from what it imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-cycles',
      comment: 'No cycle between feature folders either: features form a hierarchy (see docs/architecture.md).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/core/features/[^/]+$' },
      to: { path: '^src/core/features/[^/]+$', circular: true },
    },
    {
      name: 'feature-through-index-between-features',
      comment: "A feature is reached from another feature only through its index.ts (its public face).",
      severity: 'error',
      from: { path: '^src/core/features/([^/]+)/' },
      to: { path: '^src/core/features/[^/]+/', pathNot: ['^src/core/features/$1/', '^src/core/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'feature-through-index',
      comment: 'Outside src/core/features, a feature is reached only through its index.ts.',
      severity: 'error',
      from: { pathNot: '^src/core/features/' },
      to: { path: '^src/core/features/[^/]+/', pathNot: '^src/core/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'data-through-index',
      comment: 'The data layer is reached from outside it only through src/core/data/index.ts.',
      severity: 'error',
      from: { pathNot: '^src/core/data/' },
      to: { path: '^src/core/data/', pathNot: '^src/core/data/index\\.ts$' },
    },
    {
      name: 'platform-knows-nothing-above',
      comment: 'src/core/platform (api client, scheduler, secrets, clock) imports only itself and src/shared.',
      severity: 'error',
      from: { path: '^src/core/platform/' },
      to: { path: '^src/', pathNot: ['^src/core/platform/', '^src/shared/'] },
    },
    {
      name: 'data-knows-no-feature',
      comment: 'src/core/data holds the only SQL; it imports the platform and src/shared, never a feature, the context or what lies above the core.',
      severity: 'error',
      from: { path: '^src/core/data/' },
      to: { path: '^src/', pathNot: ['^src/core/data/', '^src/core/platform/', '^src/shared/'] },
    },
    {
      name: 'core-knows-nothing-above',
      comment: 'The core never imports the team adapter, the engine, the CLI, the app shell, the harness or the simulator.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: LAYERS_ABOVE_CORE },
    },
    {
      name: 'team-is-an-adapter',
      comment: 'src/team implements the core ports; the engine and the CLI plug it in, never the other way round.',
      severity: 'error',
      from: { path: '^src/team/' },
      to: { path: '^src/(engine|cli|main|renderer|preload|harness|sim)/' },
    },
    {
      name: 'engine-below-its-hosts',
      comment: 'The engine knows neither the CLI nor the Electron shell nor the window.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/(cli|main|renderer|preload|harness)/' },
    },
    {
      name: 'cli-opens-the-core-as-the-engine-does',
      comment: 'The CLI runs the same use cases; of the engine it uses only open-core.ts (the same ports, the same team adapter).',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/(main|renderer|preload|harness|sim)/|^src/engine/(?!open-core\\.ts$)' },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared imports nothing from the layers above it, no Node built-in and no Electron.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(?!shared/)' },
    },
    {
      name: 'shared-no-node',
      severity: 'error',
      from: { path: '^src/(shared|renderer|preload)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-main-and-preload-use-electron',
      comment: 'The engine, the core and the CLI run under plain Node; only src/main and src/preload import electron.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main|preload)/' },
      to: { path: '^electron$|(^|/)node_modules/electron/' },
    },
    {
      name: 'window-through-the-bridge',
      comment: 'The window is sandboxed: it reaches the engine only through the typed bridge (src/shared/contract).',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(?!renderer/|shared/)' },
    },
    {
      name: 'preload-only-the-contract',
      severity: 'error',
      from: { path: '^src/preload/' },
      to: { path: '^src/(?!preload/|shared/)' },
    },
    {
      name: 'main-is-the-shell',
      comment: 'Electron main starts the engine as its own process: of src it imports the engine client, src/shared and pure parts of the platform (types of the core only).',
      severity: 'error',
      from: { path: '^src/main/' },
      to: {
        path: '^src/(renderer|preload|harness|sim|cli|team)/|^src/engine/(?!client\\.ts$)|^src/core/(?!platform/paths\\.ts$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-test-doubles-in-production',
      comment: 'Test doubles live in test/ (and the renderer test-support folder); production code never imports them.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/|/test-support/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$|/test-support/|^src/renderer/vite\\.config\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    moduleSystems: ['es6', 'cjs'],
  },
};

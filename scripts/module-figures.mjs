#!/usr/bin/env node
// The shape of src in figures: imports between features (and those
// at run time), the directed pairs of features and those importing each other both ways, imports of
// a feature's inner files from outside it, run-time import cycles, and direct uses of the cache's
// connection outside the data layer. `node scripts/module-figures.mjs` (any git revision: check it
// out first). Figures only; the rules themselves are .dependency-cruiser.cjs, run by `npm test`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const cruise = JSON.parse(
  execFileSync('npx', ['depcruise', 'src', '--no-config', '--ts-config', 'tsconfig.json', '--ts-pre-compilation-deps', '--output-type', 'json', '--exclude', 'node_modules'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }),
);
const isTest = (path) => /\.test\.tsx?$/.test(path);
const featureOf = (path) => /^src\/core\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
let imports = 0;
let runtimeImports = 0;
let innerFromOutside = 0;
const pairs = new Set();
const graph = new Map();
for (const module of cruise.modules) {
  if (!module.source.startsWith('src/') || isTest(module.source)) continue;
  for (const dep of module.dependencies) {
    if (!dep.resolved.startsWith('src/')) continue;
    const runtime = !(dep.dependencyTypes ?? []).includes('type-only');
    if (runtime) graph.set(module.source, [...(graph.get(module.source) ?? []), dep.resolved]);
    const from = featureOf(module.source);
    const to = featureOf(dep.resolved);
    if (to && from !== to) {
      if (from) {
        imports++;
        if (runtime) runtimeImports++;
        pairs.add(`${from}>${to}`);
      }
      if (!/^src\/core\/features\/[^/]+\/index\.ts$/.test(dep.resolved)) innerFromOutside++;
    }
  }
}
const bothWays = [...pairs].filter((p) => {
  const [a, b] = p.split('>');
  return a < b && pairs.has(`${b}>${a}`);
});
// Strongly connected components of the run-time graph (Tarjan): each with more than one module is a cycle.
let index = 0;
const stack = [];
const onStack = new Set();
const indices = new Map();
const low = new Map();
const cycles = [];
const visit = (v) => {
  indices.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!indices.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
  }
  if (low.get(v) === indices.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component);
  }
};
for (const v of graph.keys()) if (!indices.has(v)) visit(v);
// `store.db` (the old Store's raw connection) outside the data layer.
const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' }).split('\n').filter((f) => /\.tsx?$/.test(f) && !isTest(f));
const rawUses = files
  .filter((f) => !f.startsWith('src/core/data/') && !f.startsWith('src/core/store/') && !f.startsWith('src/core/platform/db/'))
  .reduce((n, f) => n + (readFileSync(f, 'utf8').match(/\bstore\.db\b/g) ?? []).length, 0);
const features = new Set(cruise.modules.map((m) => featureOf(m.source)).filter(Boolean));
const withIndex = [...features].filter((f) => cruise.modules.some((m) => m.source === `src/core/features/${f}/index.ts`));
console.log(
  JSON.stringify(
    {
      features: features.size,
      featuresWithIndex: withIndex.length,
      importsBetweenFeatures: imports,
      ofThemAtRunTime: runtimeImports,
      directedPairs: pairs.size,
      pairsBothWays: bothWays,
      innerFeatureImportsFromOutside: innerFromOutside,
      runTimeCycles: cycles.length,
      storeDbUsesOutsideData: rawUses,
    },
    null,
    2,
  ),
);

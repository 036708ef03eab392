/**
 * The release pipeline as committed (.github/workflows): both workflows pass GitHub's own
 * workflow parser (@actions/workflow-parser, the schema and expression checks of the Actions
 * language server), and the release's smoke test starts the packaged app's binary of each
 * platform, never `electron .`, after the installers are built and before they are uploaded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../electron/app-launch.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; container?: string; strategy?: { matrix: Record<string, unknown> }; steps: Step[] }>;
}

const read = (name: string): string => readFileSync(join(ROOT, '.github', 'workflows', name), 'utf8');

function parserErrors(name: string, content: string): string[] {
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => e.message);
}

describe('the workflows pass GitHub’s workflow parser', () => {
  for (const name of ['ci.yml', 'release.yml']) {
    it(name, () => {
      const content = read(name);
      expect(parserErrors(name, content)).toEqual([]);
    });
  }

  it('and the parser is not a rubber stamp: it refuses a broken expression and an unknown step key', () => {
    const broken = read('release.yml').replace('${{ matrix.app }}"', '${{ matrix.app( }}"').replace('      - name: Install\n', '      - name: Install\n        bogus-key: 1\n');
    const errors = parserErrors('release.yml', broken);
    expect(errors.some((e) => /Unexpected symbol: '\('/.test(e))).toBe(true);
    expect(errors.some((e) => /Unexpected value 'bogus-key'/.test(e))).toBe(true);
  });
});

describe('ci.yml', () => {
  it('runs npm test through .ci/run on Linux with Node 20.19 and the current LTS', () => {
    const ci = parse(read('ci.yml')) as Workflow;
    const job = ci.jobs.test!;
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job.container).toBe('node:${{ matrix.node }}-bookworm');
    expect(job.strategy!.matrix.node).toEqual(['20.19', 'lts']);
    expect(job.steps.map((s) => s.run).filter(Boolean)).toContain('.ci/run');
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^npm install && npm test$/m);
  });
});

describe('release.yml', () => {
  const release = parse(read('release.yml')) as Workflow;
  const job = release.jobs.installers!;
  const steps = job.steps;
  const include = (job.strategy!.matrix.include ?? []) as { os: string; app: string; installers: string }[];
  const index = (test: (s: Step) => boolean): number => steps.findIndex(test);

  it('runs on a version tag, on Windows, macOS and Linux', () => {
    expect(release.on.push).toEqual({ tags: ['v*'] });
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    expect(include.map((m) => m.os).sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
  });

  it('names, per platform, the packaged binary electron-builder leaves unpacked in dist/', () => {
    const builder = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as { productName: string; directories: { output: string }; linux: { executableName: string } };
    const product = builder.productName;
    const out = builder.directories.output;
    expect(Object.fromEntries(include.map((m) => [m.os, m.app]))).toEqual({
      'windows-latest': `${out}/win-unpacked/${product}.exe`,
      'macos-latest': `${out}/mac-arm64/${product}.app/Contents/MacOS/${product}`,
      'ubuntu-latest': `${out}/linux-unpacked/${builder.linux.executableName}`,
    });
  });

  it('smoke-tests that binary with test/electron/app.test.ts, never `electron .`, after npm run dist and before the upload', () => {
    const dist = index((s) => s.run === 'npm run dist');
    const fuses = index((s) => s.run === 'node scripts/smoke-fuses.mjs "${{ matrix.app }}"');
    const smoke = steps.filter((s) => s.run?.includes('test/electron/app.test.ts'));
    const upload = index((s) => s.uses?.startsWith('actions/upload-artifact@') === true);
    expect(dist).toBeGreaterThan(-1);
    expect(fuses).toBeGreaterThan(dist);
    // One smoke step for Linux (xvfb) and one for the others; together they cover every runner.
    expect(smoke.map((s) => s.if).sort()).toEqual(["runner.os != 'Linux'", "runner.os == 'Linux'"]);
    for (const step of smoke) {
      expect(step.env).toEqual({ QUAYSIDE_APP_BINARY: '${{ matrix.app }}' });
      expect(step.run).toMatch(/^(xvfb-run -a )?node scripts\/test\.mjs --project electron test\/electron\/app\.test\.ts$/);
      expect(steps.indexOf(step)).toBeGreaterThan(fuses);
      expect(steps.indexOf(step)).toBeLessThan(upload);
    }
    expect(smoke.find((s) => s.if === "runner.os == 'Linux'")!.run).toMatch(/^xvfb-run /);
    for (const step of steps) expect(`${step.run ?? ''}`).not.toMatch(/\belectron\s+\.(\s|$)|npx electron\b/);
  });

  it('uploads the installers only, failing when there are none', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.with).toMatchObject({ path: '${{ matrix.installers }}', 'if-no-files-found': 'error' });
    expect(Object.fromEntries(include.map((m) => [m.os, m.installers.trim().split('\n')]))).toEqual({
      'windows-latest': ['dist/*.exe'],
      'macos-latest': ['dist/*.dmg'],
      'ubuntu-latest': ['dist/*.AppImage', 'dist/*.deb'],
    });
  });

  it('signs with the office’s certificates when they are set, and builds unsigned when not', () => {
    const env = (release.jobs.installers as unknown as { env: Record<string, string> }).env;
    for (const secret of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']) {
      expect(env[secret]).toBe(`\${{ secrets.${secret} }}`);
    }
    expect(env.CSC_IDENTITY_AUTO_DISCOVERY).toBe("${{ secrets.CSC_LINK != '' }}");
  });
});

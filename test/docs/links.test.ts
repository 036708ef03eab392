import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [join(ROOT, 'README.md'), join(ROOT, 'SECURITY.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('the README and docs/', () => {
  it('link only to files that are there', () => {
    const broken: string[] = [];
    for (const file of FILES) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!.split('#')[0]!;
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(dirname(file), target))) broken.push(`${relative(ROOT, file)} → ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keep the README a front door: about 200 lines, none over 120 characters', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(lines.filter((l) => l.length > 120)).toEqual([]);
  });
});

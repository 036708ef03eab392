/** The installer configuration as shipped: fuses, targets, no native rebuild over the Node build, icons present. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const config = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
const line = (key: string) => new RegExp(`^\\s*${key}:\\s*(.+?)\\s*$`, 'm').exec(config)?.[1];

describe('electron-builder.yml', () => {
  it('sets the fuses of the security checklist', () => {
    expect(line('runAsNode')).toBe('false');
    expect(line('enableNodeOptionsEnvironmentVariable')).toBe('false');
    expect(line('enableNodeCliInspectArguments')).toBe('false');
    expect(line('enableEmbeddedAsarIntegrityValidation')).toBe('true');
    expect(line('onlyLoadAppFromAsar')).toBe('true');
    expect(line('enableCookieEncryption')).toBe('true');
    // The window is on app://; file:// keeps no extra privileges.
    expect(line('grantFileProtocolExtraPrivileges')).toBe('false');
    expect(line('asar')).toBe('true');
  });

  it('builds NSIS, dmg, AppImage and deb, and never rebuilds node_modules', () => {
    expect(line('productName')).toBe('Quayside');
    expect(config).toMatch(/win:\s*\n\s*target: \[nsis\]/);
    expect(config).toMatch(/mac:\s*\n\s*target: \[dmg\]/);
    expect(config).toMatch(/linux:\s*\n\s*target: \[AppImage, deb\]/);
    expect(line('category')).toBeDefined();
    expect(config).toMatch(/^\s*category: Office$/m);
    expect(line('hardenedRuntime')).toBe('true');
    expect(line('npmRebuild')).toBe('false');
    expect(config).toContain("'electron-*/better_sqlite3.node'");
  });

  it('has its icons: a 512 px PNG, an ICO and an ICNS', () => {
    const icon = readFileSync(join(ROOT, 'build', 'icon.png'));
    expect(icon.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]);
    expect(readFileSync(join(ROOT, 'build', 'icon.ico')).readUInt16LE(2)).toBe(1);
    expect(readFileSync(join(ROOT, 'build', 'icon.icns')).subarray(0, 4).toString('ascii')).toBe('icns');
    expect(readFileSync(join(ROOT, 'build', 'entitlements.mac.plist'), 'utf8')).toContain('com.apple.security.cs.allow-jit');
  });
});

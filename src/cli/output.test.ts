/** What the CLI prints for people carries no terminal control of someone else's making. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOutput, printable } from './output.js';

const HOSTILE = 'MSKU\x1b]0;owned\x07 note\x1b[2J\x1b[31mred\x1b[0m \x9b31m C1\x85 bell\x07 back\x08space \r\x1bc reset \x1bP1$r\x1b\\ dcs';

function capture(json = false) {
  const out = { stdout: '', stderr: '' };
  const sink = (key: 'stdout' | 'stderr') =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out[key] += chunk.toString();
        done();
      },
    });
  return { out, output: createOutput({ json, stdout: sink('stdout'), stderr: sink('stderr') }) };
}

describe('printable()', () => {
  it('removes ESC sequences (CSI, OSC, DCS, two-character), C0 but tab and line feed, DEL and C1', () => {
    expect(printable(HOSTILE)).toBe('MSKU notered 31m C1 bell backspace  reset  dcs');
    expect(printable('a\tb\nc\x7fd')).toBe('a\tb\ncd');
    expect(printable('one\ntwo\tthree', { singleLine: true })).toBe('one two three');
    expect(printable('a,b\r\n"x\x1b[1m\ry"\r\n', { keepCarriageReturns: true })).toBe('a,b\r\n"xy"\r\n');
    expect(printable('Müller → Peña, 上海 …')).toBe('Müller → Peña, 上海 …');
  });
});

describe('the print boundary', () => {
  it('lines, notes, tables and documents are printable; JSON stays exact', () => {
    const { out, output } = capture();
    output.line(`Note: ${HOSTILE}`);
    output.note(`The service said: ${HOSTILE}`);
    output.table([{ note: `two\nlines\x1b[2J` }], [{ key: 'note', title: 'NOTE' }]);
    output.text(`row,value\r\n2,"\x1b]8;;http://evil\x07click\x1b]8;;\x07"\r\n`);
    // eslint-disable-next-line no-control-regex -- the characters that must not reach a terminal (CR only in the CSV document)
    expect(out.stdout).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/);
    expect(out.stdout).toContain('Note: MSKU notered');
    expect(out.stdout).toContain('two lines');
    expect(out.stdout).toContain('row,value\r\n2,"click"\r\n');
    expect(out.stderr).toBe('The service said: MSKU notered 31m C1 bell backspace  reset  dcs\n');
    const json = capture(true);
    json.output.data({ note: HOSTILE });
    expect(JSON.parse(json.out.stdout)).toEqual({ note: HOSTILE });
    expect(json.out.stdout).not.toContain('\x1b');
  });
});

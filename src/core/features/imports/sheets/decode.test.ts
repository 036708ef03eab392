import { describe, expect, it } from 'vitest';
import { TextDecoder } from 'node:util';
import { decodeBytes, decodeWindows1252, detectContent, sniffEncoding, TextStreamDecoder } from './decode.js';
import { ImportError } from './errors.js';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('detectContent', () => {
  it('refuses an empty file with a sentence that says what to do', () => {
    expect(() => detectContent(new Uint8Array(0), 'x.csv')).toThrowError(/^The file is empty; /);
  });
  it('recognises a workbook by its ZIP signature, whatever its name', () => {
    expect(detectContent(bytes(0x50, 0x4b, 0x03, 0x04, 0), 'list.csv')).toBe('xlsx');
  });
  it('refuses an old .xls, saying it has a .csv name', () => {
    const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0);
    expect(() => detectContent(ole, 'list.csv')).toThrowError(/Excel 97-2003 workbook \(\.xls\) saved with a \.csv name; open it in Excel and save it as \.xlsx/);
  });
  it('refuses binary content (NUL bytes that are not UTF-16)', () => {
    const error = (() => {
      try {
        detectContent(bytes(0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 0, 0), 'x.csv');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).code).toBe('binary');
  });
  it('accepts UTF-16 LE without a BOM as text', () => {
    expect(detectContent(new Uint8Array(Buffer.from('Container\tCustomer\r\n', 'utf16le')))).toBe('text');
    expect(sniffEncoding(new Uint8Array(Buffer.from('Container\tCustomer\r\n', 'utf16le')))).toBe('utf-16le');
  });
});

describe('decodeBytes', () => {
  it('uses the BOM first', () => {
    expect(decodeBytes(bytes(0xef, 0xbb, 0xbf, 0x41))).toEqual({ text: 'A', encoding: 'utf-8-bom' });
    expect(decodeBytes(bytes(0xff, 0xfe, 0x41, 0))).toEqual({ text: 'A', encoding: 'utf-16le' });
    expect(decodeBytes(bytes(0xfe, 0xff, 0, 0x41))).toEqual({ text: 'A', encoding: 'utf-16be' });
  });
  it('takes strict UTF-8, else Windows-1252', () => {
    expect(decodeBytes(new Uint8Array(Buffer.from('Société', 'utf8')))).toEqual({ text: 'Société', encoding: 'utf-8' });
    expect(decodeBytes(bytes(0x53, 0x6f, 0x63, 0x69, 0xe9, 0x74, 0xe9, 0x20, 0x80))).toEqual({ text: 'Société €', encoding: 'windows-1252' });
  });
});

describe('decodeWindows1252', () => {
  it('maps all 256 bytes as WHATWG windows-1252 does (0x80 is €, not U+0080)', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    // The streaming path of Node's decoder is right; its one-shot path decodes ISO-8859-1.
    expect(decodeWindows1252(all)).toBe(new TextDecoder('windows-1252').decode(all, { stream: true }));
    expect(decodeWindows1252(bytes(0x80, 0x92, 0x96, 0x9f))).toBe('€’–Ÿ');
  });
});

describe('TextStreamDecoder', () => {
  it('keeps a UTF-16 character split between chunks', () => {
    const all = Buffer.from('Peña', 'utf16le');
    const decoder = new TextStreamDecoder('utf-16le');
    const text = decoder.decode(all.subarray(0, 5)) + decoder.decode(all.subarray(5), true);
    expect(text).toBe('Peña');
  });
  it('keeps a UTF-8 character split between chunks', () => {
    const all = Buffer.from('Müller', 'utf8');
    const decoder = new TextStreamDecoder('utf-8');
    expect(decoder.decode(all.subarray(0, 2)) + decoder.decode(all.subarray(2), true)).toBe('Müller');
    expect(decoder.encoding).toBe('utf-8');
  });
  it('switches to Windows-1252 at the first invalid byte when all before was ASCII', () => {
    const decoder = new TextStreamDecoder('utf-8');
    const ascii = decoder.decode(new Uint8Array(Buffer.from('Container,Customer\n')));
    const latin = decoder.decode(bytes(0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72), true);
    expect(ascii + latin).toBe('Container,Customer\nMüller');
    expect(decoder.encoding).toBe('windows-1252');
  });
  it('keeps UTF-8 with replacement characters when real UTF-8 came first', () => {
    const decoder = new TextStreamDecoder('utf-8');
    decoder.decode(new Uint8Array(Buffer.from('Müller\n')));
    expect(decoder.decode(bytes(0x41, 0xff, 0x42), true)).toBe('A\uFFFDB');
    expect(decoder.encoding).toBe('utf-8');
    expect(decoder.warnings).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeText, isValidUtf8, normalizeNewlines, readTextFile, sniffEncoding } from './text-decode';
import { tmpFiles, type TmpFiles } from '../ingest/testing/tmp-files';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

describe('sniffEncoding', () => {
  it('honours byte order marks', () => {
    expect(sniffEncoding(bytes([0xef, 0xbb, 0xbf], 'a'))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(sniffEncoding(bytes([0xff, 0xfe], [0x61, 0]))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(sniffEncoding(bytes([0xfe, 0xff], [0, 0x61]))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
  });

  it('prefers strict UTF-8 and falls back to windows-1252', () => {
    expect(sniffEncoding(bytes('cañón')).encoding).toBe('utf-8');
    expect(sniffEncoding(bytes([0x63, 0x61, 0xf1, 0xf3, 0x6e])).encoding).toBe('windows-1252');
  });

  it('tolerates a sequence cut at the end only for partial input', () => {
    const cut = bytes('año').subarray(0, 2); // 'a' + first byte of 'ñ'
    expect(isValidUtf8(cut)).toBe(false);
    expect(isValidUtf8(cut, true)).toBe(true);
    expect(sniffEncoding(cut, { partial: true }).encoding).toBe('utf-8');
  });
});

describe('decodeText', () => {
  it('decodes UTF-8 with and without BOM, dropping the BOM', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], 'Árbol'))).toBe('Árbol');
    expect(decodeText(bytes('Árbol'))).toBe('Árbol');
  });

  it('decodes UTF-16 in both byte orders', () => {
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from('Pingüino €', 'utf16le')]);
    const be = new Uint8Array([0xfe, 0xff, ...Buffer.from('Pingüino €', 'utf16le').swap16()]);
    expect(decodeText(le)).toBe('Pingüino €');
    expect(decodeText(be)).toBe('Pingüino €');
  });

  it('reads windows-1252, including the bytes Latin-1 lacks', () => {
    const cp1252 = new Uint8Array(Buffer.from('Caf\xe9 \x80 \x93hola\x94 \x85', 'latin1'));
    expect(decodeText(cp1252)).toBe('Café € “hola” …');
  });

  it('normalises CRLF and CR to LF', () => {
    expect(normalizeNewlines('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
    expect(decodeText(bytes('uno\r\n\r\ndos\r'))).toBe('uno\n\ndos\n');
  });
});

describe('readTextFile', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  it('reads and decodes a file', async () => {
    const path = await tmp.write('x.txt', new Uint8Array(Buffer.from('Espa\xf1a\r\n', 'latin1')));
    expect(await readTextFile(path)).toBe('España\n');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpFiles, type TmpFiles } from '../ingest/testing/tmp-files';
import { ConversionError } from './conversion-error';
import { extractZip, looksLikeZip } from './extract-zip';
import { makeZip } from './testing/make-zip';
import { writeZip } from './write-zip';

let files: TmpFiles;
let root: string;
beforeAll(async () => {
  files = await tmpFiles('folio-extract-');
  root = path.dirname(await files.write('x', ''));
});
afterAll(() => files.cleanup());

const listed = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();

describe('extractZip', () => {
  it('unpacks folders and files, leaving out macOS metadata', async () => {
    const zip = await files.write(
      'biblioteca.zip',
      writeZip([
        { name: 'biblioteca/refs.bib', data: Buffer.from('@misc{a}') },
        { name: 'biblioteca/files/a.pdf', data: Buffer.from('%PDF-1.4') },
        { name: '__MACOSX/biblioteca/._refs.bib', data: Buffer.from('x') },
      ]),
    );
    const target = path.join(root, 'uno');
    const out = await extractZip(zip, target);
    expect(out.files).toEqual(['biblioteca/refs.bib', 'biblioteca/files/a.pdf']);
    expect(listed(target)).toEqual(['biblioteca/files/a.pdf', 'biblioteca/refs.bib']);
    expect(fs.readFileSync(path.join(target, 'biblioteca/refs.bib'), 'utf8')).toBe('@misc{a}');
  });

  it('never writes outside the target: names that climb out or are absolute are left out', async () => {
    const zip = await files.write(
      'malo.zip',
      makeZip([
        { name: '../fuera.txt', data: 'fuera' },
        { name: 'a/../../fuera2.txt', data: 'fuera' },
        { name: '/etc/fuera3.txt', data: 'fuera' },
        { name: 'C:\\fuera4.txt', data: 'fuera' },
        { name: 'dentro.txt', data: 'dentro' },
      ]),
    );
    const target = path.join(root, 'dos', 'destino');
    await extractZip(zip, target);
    expect(listed(path.join(root, 'dos'))).toEqual(['destino/dentro.txt']);
  });

  it('stops a bomb at the limit it is given, and says so in Spanish', async () => {
    const zip = await files.write(
      'grande.zip',
      writeZip([{ name: 'ceros.bin', data: new Uint8Array(4 * 1024 * 1024) }]),
    );
    const error = await extractZip(zip, path.join(root, 'tres'), { limits: { maxUnzippedBytes: 1024 * 1024 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toMatch(/comprimido/);
  });

  it('refuses a damaged archive with a ConversionError', async () => {
    const zip = await files.write('roto.zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(500, 1)]));
    expect(await looksLikeZip(zip)).toBe(true);
    await expect(extractZip(zip, path.join(root, 'cuatro'))).rejects.toBeInstanceOf(ConversionError);
  });

  it('tells a zip from another file by its first bytes', async () => {
    expect(await looksLikeZip(await files.write('a.bib', '@misc{a, title={A}}'))).toBe(false);
    expect(await looksLikeZip(await files.write('vacio', ''))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileKind } from './converter';
import { htmlFileConverter } from './html/html-file';
import { markdownConverter } from './markdown';
import { pdfConverter } from './pdf/pdf';
import { convertFile, converterFor, loadConverter } from './registry';
import { makePdf } from './testing/make-pdf';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';
import { textConverter } from './text';
import { TIPO_OF_KIND } from './tipo-of-kind';
import { makeZip } from '../formats/testing/make-zip';

const ctx = { progress: async () => {} };

describe('converterFor', () => {
  it('has a converter for every kind a document can be, and none for a bare zip or unknown bytes', async () => {
    expect(await loadConverter('pdf')).toBe(pdfConverter);
    expect(await loadConverter('texto')).toBe(textConverter);
    expect(await loadConverter('markdown')).toBe(markdownConverter);
    expect(await loadConverter('html')).toBe(htmlFileConverter);
    const kinds = Object.keys(TIPO_OF_KIND) as FileKind[];
    for (const kind of kinds.filter((k) => k !== 'zip' && k !== 'desconocido')) {
      expect(converterFor(kind)?.kinds, kind).toContain(kind);
      // The kinds the registry lists without importing a converter are those its module claims.
      expect((await loadConverter(kind))?.kinds, kind).toEqual(converterFor(kind)?.kinds);
    }
    expect(converterFor('zip')).toBeUndefined();
    expect(converterFor('desconocido')).toBeUndefined();
  });
});

describe('convertFile', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  it('detects, converts and reports the kind', async () => {
    const pdf = await convertFile(
      { path: await tmp.write('x.txt', makePdf({ pages: [[{ text: 'Hola', y: 700 }]] })), size: 1, nombre: 'x.txt' },
      ctx,
    );
    expect(pdf).toMatchObject({ kind: 'pdf', tipo: 'pdf', unidades: [{ texto: 'Hola' }] });

    const md = await convertFile({ path: await tmp.write('n', '# Informe\n\nUno.'), size: 1, nombre: 'n.md' }, ctx);
    expect(md).toMatchObject({ kind: 'markdown', tipo: 'documento', metadatos: { titulo: 'Informe' } });

    const html = await convertFile({ path: await tmp.write('p', '<!doctype html><p>Hola</p>'), size: 1 }, ctx);
    expect(html.kind).toBe('html');

    const text = await convertFile(
      { path: await tmp.write('t', 'Hola.'), size: 1, contentType: 'application/pdf' },
      ctx,
    );
    expect(text).toMatchObject({ kind: 'texto', unidades: [{ texto: 'Hola.' }] });
  });

  it('says what to do with a zip that is no document', async () => {
    const zip = await tmp.write('fotos.zip', makeZip([{ name: 'a.txt', data: 'hola' }]));
    await expect(convertFile({ path: zip, size: 1, nombre: 'fotos.zip' }, ctx)).rejects.toMatchObject({
      name: 'ConversionError',
      mensaje: expect.stringMatching(/descomprím/),
    });
  });

  it('says when it does not recognise the file at all', async () => {
    const junk = await tmp.write(
      'junk',
      new Uint8Array(2048).map((_, i) => (i * 31 + 7) % 256),
    );
    await expect(convertFile({ path: junk, size: 2048 }, ctx)).rejects.toMatchObject({
      name: 'ConversionError',
      mensaje: 'No se reconoce el tipo de archivo.',
    });
  });

  it('lets the converter report its own permanent failures', async () => {
    const empty = await tmp.write('vacío.md', '  \n');
    await expect(convertFile({ path: empty, size: 3, nombre: 'vacío.md' }, ctx)).rejects.toMatchObject({
      mensaje: 'El archivo no contiene texto.',
    });
  });
});

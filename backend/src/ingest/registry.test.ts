import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type FileKind } from './converter';
import { htmlConverter } from './html';
import { markdownConverter } from './markdown';
import { pdfConverter } from './pdf';
import { convertFile, converterFor } from './registry';
import { makePdf } from './testing/make-pdf';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';
import { textConverter } from './text';

const ctx = { progress: async () => {} };

describe('converterFor', () => {
  it('maps each readable kind to its converter and nothing else', () => {
    expect(converterFor('pdf')).toBe(pdfConverter);
    expect(converterFor('texto')).toBe(textConverter);
    expect(converterFor('markdown')).toBe(markdownConverter);
    expect(converterFor('html')).toBe(htmlConverter);
    for (const kind of ['epub', 'docx', 'csv', 'audio', 'zip', 'desconocido'] as FileKind[]) {
      expect(converterFor(kind)).toBeUndefined();
    }
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

  it('names the kind it cannot read yet, in Spanish', async () => {
    const rtf = await tmp.write('a.rtf', '{\\rtf1\\ansi Hola}');
    const error = await convertFile({ path: rtf, size: 1 }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toBe('Todavía no se pueden leer archivos de tipo rtf.');

    const csv = await tmp.write('d.csv', 'a,b\n1,2\n');
    await expect(convertFile({ path: csv, size: 1, nombre: 'd.csv' }, ctx)).rejects.toMatchObject({
      mensaje: 'Todavía no se pueden leer archivos de tipo csv.',
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

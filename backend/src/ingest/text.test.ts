import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError } from './converter';
import { convertText, splitParagraphs, textConverter } from './text';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';

const ctx = { progress: async () => {} };

describe('textConverter', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  it('reads paragraphs separated by blank lines, with no section path', async () => {
    const path = await tmp.write('a.txt', 'Informe anual\n\nPrimer párrafo,\nen dos líneas.\n\n\n  Segundo.  \n');
    const conversion = await textConverter.convert({ path, size: 0 }, ctx);
    expect(conversion).toEqual({
      tipo: 'documento',
      metadatos: { titulo: 'Informe anual' },
      unidades: [
        {
          texto: 'Informe anual\n\nPrimer párrafo,\nen dos líneas.\n\nSegundo.',
          ancla: { tipo: 'seccion', ruta: [], parrafo: 1 },
          bloques: [
            { texto: 'Informe anual', ancla: { tipo: 'seccion', ruta: [], parrafo: 1 } },
            { texto: 'Primer párrafo,\nen dos líneas.', ancla: { tipo: 'seccion', ruta: [], parrafo: 2 } },
            { texto: 'Segundo.', ancla: { tipo: 'seccion', ruta: [], parrafo: 3 } },
          ],
        },
      ],
    });
  });

  it('decodes windows-1252 and UTF-16 with BOM', async () => {
    const cp1252 = new Uint8Array(Buffer.from('Caf\xe9 \x80 5\r\n\r\n\x93Cita\x94 \x96 fin\r\n', 'latin1'));
    const a = await textConverter.convert({ path: await tmp.write('w.txt', cp1252), size: 0 }, ctx);
    expect(a.unidades[0]!.bloques!.map((b) => b.texto)).toEqual(['Café € 5', '“Cita” – fin']);

    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Ñandú\n\nPingüino', 'utf16le')]);
    const b = await textConverter.convert({ path: await tmp.write('u.txt', utf16), size: 0 }, ctx);
    expect(b.unidades[0]!.texto).toBe('Ñandú\n\nPingüino');
  });

  it('refuses a file with only whitespace', async () => {
    const path = await tmp.write('blank.txt', ' \n\t\r\n \f');
    const error = await textConverter.convert({ path, size: 0 }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toBe('El archivo no contiene texto.');
  });
});

describe('convertText', () => {
  it('splits long texts into units of at most 40 paragraphs', () => {
    const text = Array.from({ length: 85 }, (_, i) => `Párrafo ${i + 1}.`).join('\n\n');
    const { unidades } = convertText(text);
    expect(unidades.map((u) => u.bloques!.length)).toEqual([40, 40, 5]);
    expect(unidades[2]!.ancla).toEqual({ tipo: 'seccion', ruta: [], parrafo: 81 });
  });

  it('takes a short first line as title, never a long one', () => {
    expect(convertText('x'.repeat(200) + '\n\nmás').metadatos).toEqual({});
    expect(convertText('untitled\n\ntexto').metadatos).toEqual({});
  });
});

describe('splitParagraphs', () => {
  it('reads one paragraph per line when the text has no blank line at all', () => {
    expect(splitParagraphs('uno\ndos\ntres\n')).toEqual(['uno', 'dos', 'tres']);
    expect(splitParagraphs('uno\ndos\n\ntres')).toEqual(['uno\ndos', 'tres']);
  });

  it('treats form feeds as paragraph breaks', () => {
    expect(splitParagraphs('página 1\fpágina 2\n\nfin')).toEqual(['página 1', 'página 2', 'fin']);
  });
});

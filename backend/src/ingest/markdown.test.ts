import type { AnclaSeccion } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type Unit } from './converter';
import { convertMarkdown, markdownConverter, splitFrontMatter } from './markdown';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';

const anchors = (unit: Unit) => unit.bloques!.map((b) => b.ancla as AnclaSeccion);
const where = (unit: Unit) => anchors(unit).map((a) => [a.ruta.join(' > '), a.parrafo]);

const NESTED = `# Libro

Primer párrafo del libro.

Segundo párrafo.

## Capítulo 1

Uno *uno* **uno**.

### Sección 1.1

Texto con [un enlace](https://example.org) y \`código\` &amp; más.
Línea dura  
siguiente.

Chapter 2
---------

Dos.

# Apéndice

Final.
`;

describe('convertMarkdown', () => {
  it('numbers paragraphs within each section under the heading path', () => {
    const { unidades, tipo, metadatos } = convertMarkdown(NESTED);
    expect(tipo).toBe('documento');
    expect(metadatos).toEqual({ titulo: 'Libro' });
    expect(unidades.map(where)).toEqual([
      [
        ['Libro', 1],
        ['Libro', 2],
      ],
      [['Libro > Capítulo 1', 1]],
      [['Libro > Capítulo 1 > Sección 1.1', 1]],
      [['Libro > Chapter 2', 1]],
      [['Apéndice', 1]],
    ]);
    for (const unit of unidades) expect(unit.ancla).toEqual(unit.bloques![0]!.ancla);
  });

  it('puts the heading at the top of the unit text but not in a block, and strips inline markup', () => {
    const { unidades } = convertMarkdown(NESTED);
    expect(unidades[0]!.texto).toBe('Libro\n\nPrimer párrafo del libro.\n\nSegundo párrafo.');
    expect(unidades[1]!.texto).toBe('Capítulo 1\n\nUno uno uno.');
    expect(unidades[2]!.bloques!.map((b) => b.texto)).toEqual([
      'Texto con un enlace y código & más.\nLínea dura\nsiguiente.',
    ]);
    for (const unit of unidades) {
      for (const block of unit.bloques!) expect(unit.texto).toContain(block.texto);
      expect(unit.bloques!.map((b) => b.texto)).not.toContain('Capítulo 1');
    }
  });

  it('carries a heading without paragraphs into the next unit', () => {
    const { unidades } = convertMarkdown('# Parte I\n\n## Capítulo\n\nTexto.\n');
    expect(unidades).toHaveLength(1);
    expect(unidades[0]!.texto).toBe('Parte I\n\nCapítulo\n\nTexto.');
    expect(anchors(unidades[0]!)).toEqual([{ tipo: 'seccion', ruta: ['Parte I', 'Capítulo'], parrafo: 1 }]);
  });

  it('closes the last unit with trailing headings, and reads a document of headings only', () => {
    const trailing = convertMarkdown('# A\n\nTexto.\n\n# Notas\n').unidades;
    expect(trailing.map((u) => u.texto)).toEqual(['A\n\nTexto.\n\nNotas']);
    const only = convertMarkdown('# Solo un encabezado\n\n## Y otro\n').unidades;
    expect(only).toEqual([
      {
        texto: 'Solo un encabezado\n\nY otro',
        ancla: { tipo: 'seccion', ruta: [], parrafo: 1 },
        bloques: [{ texto: 'Solo un encabezado\n\nY otro', ancla: { tipo: 'seccion', ruta: [], parrafo: 1 } }],
      },
    ]);
  });

  it('makes one paragraph per list item, table row, code block and quoted paragraph', () => {
    const source = [
      'Intro:',
      '',
      '- uno',
      '- dos',
      '  - anidado',
      '',
      '3. tres',
      '4. cuatro',
      '',
      '> cita',
      '',
      '```js',
      'const a = 1;',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '<div align="center"><h2>Título HTML</h2><p>párrafo html</p></div>',
      '',
    ].join('\n');
    const { unidades } = convertMarkdown(source);
    expect(unidades.flatMap((u) => u.bloques!.map((b) => b.texto))).toEqual([
      'Intro:',
      '- uno',
      '- dos',
      '- anidado',
      '3. tres',
      '4. cuatro',
      'cita',
      'const a = 1;',
      'a | b',
      '1 | 2',
      'párrafo html',
    ]);
    expect(anchors(unidades.at(-1)!)).toEqual([{ tipo: 'seccion', ruta: ['Título HTML'], parrafo: 1 }]);
  });

  it('splits a long section into units of at most 40 paragraphs that keep the path', () => {
    const paragraphs = Array.from({ length: 95 }, (_, i) => `Párrafo ${i + 1}.`);
    const { unidades } = convertMarkdown(`# Largo\n\n${paragraphs.join('\n\n')}\n`);
    expect(unidades.map((u) => u.bloques!.length)).toEqual([40, 40, 15]);
    expect(unidades.map((u) => u.ancla)).toEqual([
      { tipo: 'seccion', ruta: ['Largo'], parrafo: 1 },
      { tipo: 'seccion', ruta: ['Largo'], parrafo: 41 },
      { tipo: 'seccion', ruta: ['Largo'], parrafo: 81 },
    ]);
    expect(unidades[0]!.texto.startsWith('Largo\n\nPárrafo 1.')).toBe(true);
    expect(unidades[1]!.texto.startsWith('Párrafo 41.')).toBe(true);
  });

  it('reads YAML front matter as metadata, not text', () => {
    const source =
      '---\ntitle: "Notas de campo"\nauthor:\n  - Ana Pérez\n  - Luis Gil\ndate: 2021-05-01\nlang: es\n---\n\nHola.\n';
    const conversion = convertMarkdown(source);
    expect(conversion.metadatos).toEqual({
      titulo: 'Notas de campo',
      autores: ['Pérez, Ana', 'Gil, Luis'],
      anio: 2021,
      idioma: 'es',
    });
    expect(conversion.unidades.map((u) => u.texto)).toEqual(['Hola.']);
    expect(splitFrontMatter('no front matter').fields).toEqual({});
  });

  it('refuses empty input', () => {
    for (const source of ['', '   \n\n\t', '---\ntitle: x\n---\n', '<!-- nada -->']) {
      expect(() => convertMarkdown(source)).toThrow(ConversionError);
    }
    try {
      convertMarkdown(' ');
    } catch (error) {
      expect((error as ConversionError).mensaje).toBe('El archivo no contiene texto.');
    }
  });
});

describe('markdownConverter', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  it('reads a file, whatever its encoding, and reports progress', async () => {
    const path = await tmp.write('n.md', new Uint8Array(Buffer.from('# Ca\xf1\xf3n\r\n\r\nAcci\xf3n.\r\n', 'latin1')));
    const fractions: number[] = [];
    const conversion = await markdownConverter.convert(
      { path, size: 0 },
      { progress: async (f) => void fractions.push(f) },
    );
    expect(conversion.unidades[0]!.texto).toBe('Cañón\n\nAcción.');
    expect(fractions).toEqual([1]);
  });
});

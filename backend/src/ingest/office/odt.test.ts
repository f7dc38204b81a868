import { resolve } from 'node:path';
import type { AnclaSeccion } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type Conversion } from '../converter';
import { convertOdt, odtConverter } from './odt';
import { makeDeflatedZip } from '../../formats/testing/make-deflated-zip';
import { makeZip } from '../../formats/testing/make-zip';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const OFFICE = resolve(REPO_ROOT, 'test/fixtures/office');

let tmp: TmpFiles;
beforeAll(async () => {
  tmp = await tmpFiles('folio-odt-');
});
afterAll(() => tmp.cleanup());

const ctx = {};

function blocks(conversion: Conversion): string[] {
  return conversion.unidades.flatMap((u) =>
    (u.bloques ?? []).map((b) => {
      const a = b.ancla as AnclaSeccion;
      return `${a.ruta.join(' › ')} #${a.parrafo}: ${b.texto}`;
    }),
  );
}

async function conversionError(promise: Promise<unknown>): Promise<ConversionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

/**
 * Namespaces with unusual prefixes on purpose ('tx' for text, 'o' for office): a reader that matched
 * 'text:p' literally would read nothing.
 */
const NS = [
  'xmlns:o="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:tx="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(' ');

function makeOdt(parts: { body: string; styles?: string; meta?: string; manifest?: string }): Uint8Array {
  const entries: { name: string; data: string }[] = [
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
    {
      name: 'content.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><o:document-content ${NS}><o:automatic-styles>${parts.styles ?? ''}</o:automatic-styles><o:body><o:text>${parts.body}</o:text></o:body></o:document-content>`,
    },
  ];
  if (parts.meta) {
    entries.push({ name: 'meta.xml', data: `<o:document-meta ${NS}><o:meta>${parts.meta}</o:meta></o:document-meta>` });
  }
  if (parts.manifest) entries.push({ name: 'META-INF/manifest.xml', data: parts.manifest });
  return makeZip(entries);
}

describe('odt: content.xml into sections', () => {
  it('reads headings by outline level, the title style, notes, lists and tables', async () => {
    const styles = [
      '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Title"/>',
      '<style:style style:name="P2" style:family="paragraph" style:parent-style-name="Contents_20_1"/>',
      '<tx:list-style style:name="N"><tx:list-level-style-number tx:level="1"/><tx:list-level-style-bullet tx:level="2"/></tx:list-style>',
    ].join('');
    const body = [
      '<tx:sequence-decls><tx:sequence-decl tx:name="Table"/></tx:sequence-decls>',
      '<tx:tracked-changes><tx:changed-region tx:id="c1"><tx:deletion><tx:p>Texto borrado.</tx:p></tx:deletion></tx:changed-region></tx:tracked-changes>',
      '<tx:p tx:style-name="P1">Informe <tx:span>final</tx:span></tx:p>',
      '<tx:table-of-content><tx:index-body><tx:p tx:style-name="P2">Capítulo<tx:tab/>1</tx:p></tx:index-body></tx:table-of-content>',
      '<tx:p tx:style-name="P2">Entrada suelta del índice<tx:tab/>3</tx:p>',
      '<tx:h tx:outline-level="1">Capítulo <tx:change-start tx:change-id="c1"/>uno</tx:h>',
      '<tx:p>Uno<tx:s tx:c="3"/>dos<tx:tab/>tres<tx:line-break/>cuatro<o:annotation><dc:creator>R</dc:creator><tx:p>Comentario.</tx:p></o:annotation>.<tx:note tx:note-class="footnote"><tx:note-citation>1</tx:note-citation><tx:note-body><tx:p>Nota uno.</tx:p><tx:p>Su segundo párrafo.</tx:p></tx:note-body></tx:note></tx:p>',
      '<tx:section tx:name="S"><tx:h tx:outline-level="2">Sección</tx:h><tx:p>En una sección<tx:note tx:note-class="endnote"><tx:note-citation tx:label="*">*</tx:note-citation><tx:note-body><tx:p>Nota final.</tx:p></tx:note-body></tx:note>.</tx:p></tx:section>',
      '<tx:list tx:style-name="N"><tx:list-item><tx:p>primero</tx:p><tx:list><tx:list-item><tx:p>anidado</tx:p></tx:list-item></tx:list></tx:list-item><tx:list-item tx:start-value="5"><tx:p>quinto</tx:p></tx:list-item></tx:list>',
      '<tx:list><tx:list-item><tx:p>sin estilo</tx:p></tx:list-item></tx:list>',
      '<tx:p>Con marco<draw:frame><svg:title>Título del marco</svg:title><draw:text-box><tx:p>Dentro del marco.</tx:p></draw:text-box></draw:frame> y sigue.</tx:p>',
      '<tx:h tx:outline-level="2">Tabla</tx:h>',
      '<table:table><table:table-header-rows><table:table-row><table:table-cell><tx:p>A</tx:p></table:table-cell><table:table-cell><tx:p>B</tx:p></table:table-cell></table:table-row></table:table-header-rows>',
      '<table:table-row><table:table-cell table:number-columns-spanned="2"><tx:p>uno</tx:p><tx:p>dos</tx:p></table:table-cell><table:covered-table-cell/></table:table-row>',
      '<table:table-row><table:table-cell/><table:table-cell/></table:table-row>',
      '<table:table-row><table:table-cell><tx:list><tx:list-item><tx:p>en lista</tx:p></tx:list-item></tx:list></table:table-cell><table:table-cell><tx:p>al lado</tx:p></table:table-cell></table:table-row></table:table>',
      '<tx:p><tx:ruby><tx:ruby-base>漢字</tx:ruby-base><tx:ruby-text>かんじ</tx:ruby-text></tx:ruby></tx:p>',
    ].join('');
    const conversion = await convertOdt({ path: await tmp.write('a.odt', makeOdt({ body, styles })) }, ctx);
    expect(blocks(conversion)).toEqual([
      'Capítulo uno #1: Uno dos tres\ncuatro.[1]',
      'Capítulo uno › Sección #1: En una sección[*].',
      'Capítulo uno › Sección #2: 1. primero',
      'Capítulo uno › Sección #3: - anidado',
      'Capítulo uno › Sección #4: 5. quinto',
      'Capítulo uno › Sección #5: - sin estilo',
      'Capítulo uno › Sección #6: Con marco y sigue.',
      'Capítulo uno › Sección #7: Dentro del marco.',
      'Capítulo uno › Tabla #1: A | B',
      'Capítulo uno › Tabla #2: uno dos',
      'Capítulo uno › Tabla #3: - en lista',
      'Capítulo uno › Tabla #4: al lado',
      'Capítulo uno › Tabla #5: 漢字',
      'Notas #1: [1] Nota uno.',
      'Notas #2: Su segundo párrafo.',
      'Notas #3: [*] Nota final.',
    ]);
    // The title paragraph is a heading with no paragraph of its own: its text leads the first unit.
    expect(conversion.unidades[0]!.texto.startsWith('Informe final\n\nCapítulo uno\n\nUno')).toBe(true);
    // No language in meta.xml: the text's own (Spanish function words) stands in.
    expect(conversion.metadatos).toEqual({ titulo: 'Informe final', idioma: 'es' });
  });

  it('reads meta.xml: the initial creator is the author, the creation date the year', async () => {
    const meta = [
      '<dc:title>Aguas del páramo</dc:title>',
      '<meta:initial-creator>Castañeda Ruiz, Mariana</meta:initial-creator>',
      '<dc:creator>Revisor Externo</dc:creator>',
      '<meta:creation-date>2018-05-06T07:08:09</meta:creation-date>',
      '<dc:date>2024-01-01T00:00:00</dc:date>',
      '<dc:language>es-ar</dc:language>',
    ].join('');
    const path = await tmp.write('meta.odt', makeOdt({ body: '<tx:p>Texto.</tx:p>', meta }));
    expect((await convertOdt({ path }, ctx)).metadatos).toEqual({
      titulo: 'Aguas del páramo',
      autores: ['Castañeda Ruiz, Mariana'],
      anio: 2018,
      idioma: 'es-AR',
    });
    const onlyCreator = await tmp.write(
      'creador.odt',
      makeOdt({ body: '<tx:p>Texto.</tx:p>', meta: '<dc:creator>Ana Pérez</dc:creator>' }),
    );
    expect((await convertOdt({ path: onlyCreator }, ctx)).metadatos).toEqual({ autores: ['Pérez, Ana'] });
  });

  it('reports progress through the Converter interface', async () => {
    const path = await tmp.write('p.odt', makeOdt({ body: '<tx:p>Hola.</tx:p>' }));
    const reported: number[] = [];
    await odtConverter.convert({ path, size: 0 }, { progress: async (f) => void reported.push(f) });
    expect(reported).toEqual([1]);
    expect(odtConverter.kinds).toEqual(['odt']);
  });
});

describe('odt: files that cannot be read', () => {
  it('a password-protected ODT made by LibreOffice', async () => {
    const error = await conversionError(convertOdt({ path: resolve(OFFICE, 'cifrado.odt') }, ctx));
    expect(error.mensaje).toMatch(/cifrado o protegido con contraseña/);
    expect(error.message).toMatch(/encrypted/);
  });

  it('an empty file, a file that is not a zip, a zip without content.xml', async () => {
    expect((await conversionError(convertOdt({ path: await tmp.write('v.odt', '') }, ctx))).mensaje).toBe(
      'El archivo está vacío.',
    );
    expect((await conversionError(convertOdt({ path: await tmp.write('t.odt', 'texto') }, ctx))).mensaje).toMatch(
      /ODT está dañado/,
    );
    const noContent = await tmp.write('n.odt', makeZip([{ name: 'mimetype', data: 'x' }]));
    expect((await conversionError(convertOdt({ path: noContent }, ctx))).mensaje).toMatch(/falta el contenido/);
  });

  it('malformed content.xml, and one with no text', async () => {
    const broken = await tmp.write(
      'roto.odt',
      makeZip([{ name: 'content.xml', data: `<o:document-content ${NS}><o:body><o:text><tx:p>` }]),
    );
    expect((await conversionError(convertOdt({ path: broken }, ctx))).mensaje).toMatch(/ODT está dañado/);
    const empty = await tmp.write('vacio.odt', makeOdt({ body: '<tx:p/><tx:p>  </tx:p>' }));
    expect((await conversionError(convertOdt({ path: empty }, ctx))).mensaje).toBe('El archivo no contiene texto.');
  });

  it('a zip bomb in content.xml', async () => {
    const body = `<tx:p>x</tx:p>${' '.repeat(8 * 1024 * 1024)}`;
    const odt = makeDeflatedZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 'store' },
      {
        name: 'content.xml',
        data: `<o:document-content ${NS}><o:body><o:text>${body}</o:text></o:body></o:document-content>`,
      },
    ]);
    const error = await conversionError(convertOdt({ path: await tmp.write('bomba.odt', odt) }, ctx));
    expect(error.mensaje).toMatch(/bomba zip/);
  });
});

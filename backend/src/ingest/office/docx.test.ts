import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnclaSeccion } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { ConversionError, type Conversion } from '../converter';
import { convertDocx, docxConverter, outlineOfMammothHtml } from './docx';
import { convertOdt } from './odt';
import { convertRtf } from './rtf';
import { unitsFromOutline } from '../sections';
import { makeDeflatedZip } from '../../formats/testing/make-deflated-zip';
import { makeZip } from '../../formats/testing/make-zip';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';
import { notesOutline } from './word-notes';

const OFFICE = resolve(REPO_ROOT, 'test/fixtures/office');
const SHARED_DOCX = fixturePath('office/docx');
const sharedExist = hasFixture('office/docx/mammoth_expected.json');

let tmp: TmpFiles;
beforeAll(async () => {
  tmp = await tmpFiles('folio-docx-');
});
afterAll(() => tmp.cleanup());

const ctx = {};

/** Every paragraph as 'ruta › … #n: texto', the shape the tests compare. */
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

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A minimal DOCX: the parts Word needs, a body, and optionally styles, core properties and footnotes. */
function makeDocx(parts: { body: string; styles?: string; core?: string; footnotes?: string }): Uint8Array {
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const entries = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'word/document.xml')}<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${parts.styles ? rel('rId1', 'styles', 'styles.xml') : ''}${parts.footnotes ? rel('rId2', 'footnotes', 'footnotes.xml') : ''}</Relationships>`,
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0"?><w:document ${W}><w:body>${parts.body}</w:body></w:document>`,
    },
  ];
  if (parts.styles) entries.push({ name: 'word/styles.xml', data: `<w:styles ${W}>${parts.styles}</w:styles>` });
  if (parts.footnotes) {
    entries.push({ name: 'word/footnotes.xml', data: `<w:footnotes ${W}>${parts.footnotes}</w:footnotes>` });
  }
  if (parts.core) {
    entries.push({
      name: 'docProps/core.xml',
      data: `<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${parts.core}</cp:coreProperties>`,
    });
  }
  return makeZip(entries);
}

const p = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const style = (id: string, name: string, extra = '') =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${extra}</w:style>`;

/**
 * A minimal OLE compound file (header and one directory sector naming the streams): what Office writes
 * for a password- or IRM-protected DOCX ('EncryptionInfo', 'EncryptedPackage') or a Word 97-2003 file.
 */
function makeCompoundFile(streams: string[]): Uint8Array {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // directory starts at sector 1
  header.writeUInt32LE(4096, 56);
  header.writeInt32LE(-2, 60);
  header.writeInt32LE(-2, 68);
  header.writeUInt32LE(0, 76); // FAT in sector 0
  for (let i = 80; i < 512; i += 4) header.writeInt32LE(-1, i);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeInt32LE(-3, 0);
  fat.writeInt32LE(-2, 4);
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streams].slice(0, 4).forEach((name, i) => {
    const entry = directory.subarray(i * 128, (i + 1) * 128);
    const utf16 = Buffer.from(`${name}\0`, 'utf16le');
    utf16.copy(entry, 0);
    entry.writeUInt16LE(utf16.length, 64);
    entry[66] = i === 0 ? 5 : 2;
    entry.writeInt32LE(-1, 68);
    entry.writeInt32LE(-1, 72);
    entry.writeInt32LE(i === 0 ? 1 : -1, 76);
  });
  return new Uint8Array(Buffer.concat([header, fat, directory]));
}

describe('outlineOfMammothHtml', () => {
  it('moves notes out of the body and flattens cells that hold only paragraphs', () => {
    const { outline, notes } = outlineOfMammothHtml(
      '<p>Texto<sup><a href="#folio-footnote-1" id="folio-footnote-ref-1">[1]</a></sup></p><table><tr><td><p>a</p><p>b</p></td><td><p>c</p></td></tr></table><ol><li id="folio-footnote-1"><p> Nota. <a href="#folio-footnote-ref-1">↑</a></p></li></ol>',
    );
    expect(outline).toEqual([
      { kind: 'paragraph', text: 'Texto[1]' },
      { kind: 'paragraph', text: 'a b | c' },
    ]);
    expect(notes).toEqual([{ marker: '[1]', paragraphs: ['Nota.'] }]);
  });
});

describe('docx: sections from heading styles', () => {
  it('reads localized heading names, outline levels through basedOn, the title, and drops the TOC', async () => {
    const styles = [
      style('Ttulo1', 'heading 1', '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>'),
      style('Encabezado2', 'Título 2'),
      style('Capitulo', 'Capítulo', '<w:pPr><w:outlineLvl w:val="0"/></w:pPr>'),
      style('CapituloDestacado', 'Capítulo destacado', '<w:basedOn w:val="Capitulo"/>'),
      style('Seccion', 'Sección', '<w:basedOn w:val="Capitulo"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr>'),
      style('Cuerpo', 'heading 3', '<w:pPr><w:outlineLvl w:val="9"/></w:pPr>'),
      style('Ttulo', 'Title'),
      style('TDC1', 'toc 1'),
      style('Profundo', 'heading 8'),
    ].join('');
    const body = [
      p('Informe final', 'Ttulo'),
      p('Introducción 1', 'TDC1'),
      p('Resumen inicial.'),
      p('Introducción', 'Ttulo1'),
      p('Primer párrafo.'),
      p('Contexto', 'Encabezado2'),
      p('Segundo párrafo.'),
      p('Capítulo propio', 'Capitulo'),
      p('Tercer párrafo.'),
      p('Sección propia', 'Seccion'),
      p('Cuarto párrafo.'),
      p('Cuerpo con nombre de título', 'Cuerpo'),
      p('Destacado', 'CapituloDestacado'),
      p('Quinto párrafo.'),
      p('Muy hondo', 'Profundo'),
      p('Sexto párrafo.'),
    ].join('');
    const path = await tmp.write('estilos.docx', makeDocx({ body, styles, core: '<dc:title>Documento1</dc:title>' }));
    const conversion = await convertDocx({ path }, ctx);
    expect(blocks(conversion)).toEqual([
      'Informe final #1: Resumen inicial.',
      'Introducción #1: Primer párrafo.',
      'Introducción › Contexto #1: Segundo párrafo.',
      'Capítulo propio #1: Tercer párrafo.',
      'Capítulo propio › Sección propia #1: Cuarto párrafo.',
      // outlineLvl 9 is body text, whatever the style is called.
      'Capítulo propio › Sección propia #2: Cuerpo con nombre de título',
      'Destacado #1: Quinto párrafo.',
      // HTML has six heading levels: deeper ones become h6.
      'Destacado › Muy hondo #1: Sexto párrafo.',
    ]);
    // 'Documento1' is junk: the paragraph in the Title style stands in.
    expect(conversion.metadatos.titulo).toBe('Informe final');
  });

  it('keeps footnotes as paragraphs of a last section and tables as rows', async () => {
    const body = [
      '<w:p><w:r><w:t>Afirmación</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:t>.</w:t></w:r></w:p>',
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Río</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Caudal</w:t></w:r></w:p><w:p><w:r><w:t>(l/s)</w:t></w:r></w:p></w:tc></w:tr>',
      '<w:tr><w:tc><w:p><w:r><w:t>Bogotá</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>20</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
    ].join('');
    const footnotes =
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:t>Fuente: IDEAM.</w:t></w:r></w:p><w:p><w:r><w:t>Datos de 2018.</w:t></w:r></w:p></w:footnote>';
    const path = await tmp.write('notas.docx', makeDocx({ body, footnotes }));
    expect(blocks(await convertDocx({ path }, ctx))).toEqual([
      ' #1: Afirmación[1].',
      ' #2: Río | Caudal (l/s)',
      ' #3: Bogotá | 20',
      'Notas #1: [1] Fuente: IDEAM.',
      'Notas #2: Datos de 2018.',
    ]);
  });

  it('reads core properties: Spanish double surnames stay together when marked', async () => {
    const core = [
      '<dc:title>Aguas del páramo</dc:title>',
      '<dc:creator>Castañeda Ruiz, Mariana; Ana Pérez</dc:creator>',
      '<cp:lastModifiedBy>Revisor</cp:lastModifiedBy>',
      '<dcterms:created xsi:type="dcterms:W3CDTF">2021-03-04T10:00:00Z</dcterms:created>',
      '<dcterms:modified xsi:type="dcterms:W3CDTF">2024-01-01T10:00:00Z</dcterms:modified>',
      '<dc:language>es-co</dc:language>',
    ].join('');
    const path = await tmp.write('core.docx', makeDocx({ body: p('Texto.'), core }));
    expect((await convertDocx({ path }, ctx)).metadatos).toEqual({
      titulo: 'Aguas del páramo',
      autores: ['Castañeda Ruiz, Mariana', 'Pérez, Ana'],
      anio: 2021,
      idioma: 'es-CO',
    });
  });

  it('reads an unmarked creator as Surname, Given, double surnames together', async () => {
    const core = '<dc:title>Aguas del páramo</dc:title><dc:creator>MARIANA CASTAÑEDA RUIZ y Rosa Chi Uc</dc:creator>';
    const path = await tmp.write('core-plain.docx', makeDocx({ body: p('Texto.'), core }));
    expect((await convertDocx({ path }, ctx)).metadatos.autores).toEqual(['Castañeda Ruiz, Mariana', 'Chi Uc, Rosa']);
  });

  it('tells the language from the text: Spanish written under LibreOffice’s default en-US is Spanish', async () => {
    const spanish = p(
      'El agua del páramo llega a la ciudad por los ríos que bajan de la montaña, y la mayor parte se guarda en ' +
        'las turberas durante los meses de lluvia para los meses secos del año.',
    );
    const core = '<dc:title>Informe</dc:title><dc:language>en-US</dc:language>';
    const path = await tmp.write('idioma.docx', makeDocx({ body: spanish, core }));
    expect((await convertDocx({ path }, ctx)).metadatos.idioma).toBe('es');
    // Too little text to tell: the declared language stays.
    const short = await tmp.write('corto.docx', makeDocx({ body: p('Texto.'), core }));
    expect((await convertDocx({ path: short }, ctx)).metadatos.idioma).toBe('en-US');
  });

  it('broken core properties cost the metadata, not the document', async () => {
    const path = await tmp.write('core-roto.docx', makeDocx({ body: p('Texto.'), core: '<dc:title>Sin cerrar' }));
    const conversion = await convertDocx({ path }, ctx);
    expect(blocks(conversion)).toEqual([' #1: Texto.']);
    expect(conversion.metadatos).toEqual({});
  });

  it('leaves impresa absent: rendered page breaks are not printed folios', async () => {
    const body = '<w:p><w:r><w:t>Antes</w:t></w:r><w:r><w:lastRenderedPageBreak/><w:t>después</w:t></w:r></w:p>';
    const path = await tmp.write('saltos.docx', makeDocx({ body }));
    const conversion = await convertDocx({ path }, ctx);
    expect(blocks(conversion)).toEqual([' #1: Antesdespués']);
    expect(conversion.unidades[0]!.ancla).toEqual({ tipo: 'seccion', ruta: [], parrafo: 1 });
  });

  it('reports progress through the Converter interface', async () => {
    const path = await tmp.write('progreso.docx', makeDocx({ body: p('Hola.') }));
    const reported: number[] = [];
    const conversion = await docxConverter.convert({ path, size: 0 }, { progress: async (f) => void reported.push(f) });
    expect(conversion.tipo).toBe('documento');
    expect(reported).toEqual([1]);
    expect(docxConverter.kinds).toEqual(['docx']);
  });
});

describe('docx: files that cannot be read', () => {
  it('an empty file', async () => {
    const error = await conversionError(convertDocx({ path: await tmp.write('vacio.docx', '') }, ctx));
    expect(error.mensaje).toBe('El archivo está vacío.');
    expect(error.message).toBe('The file is empty');
  });

  it('a document with no text', async () => {
    const path = await tmp.write('sin-texto.docx', makeDocx({ body: '<w:p/>' }));
    const error = await conversionError(convertDocx({ path }, ctx));
    expect(error.mensaje).toBe('El archivo no contiene texto.');
  });

  it('a password-protected DOCX (an OLE file holding an EncryptedPackage) is said to be encrypted', async () => {
    const path = await tmp.write(
      'cifrado.docx',
      makeCompoundFile(['\u0006DataSpaces', 'EncryptionInfo', 'EncryptedPackage']),
    );
    const error = await conversionError(convertDocx({ path }, ctx));
    expect(error.mensaje).toMatch(/cifrado o protegido con contraseña/);
    expect(error.message).toMatch(/encrypted/);
  });

  it('a Word 97-2003 file in place of a DOCX', async () => {
    const path = await tmp.write('antiguo.docx', makeCompoundFile(['WordDocument', '1Table']));
    const error = await conversionError(convertDocx({ path }, ctx));
    expect(error.mensaje).toMatch(/Office 97-2003/);
    expect(error.message).toMatch(/Legacy binary/);
  });

  it('a file that is not a zip, a truncated one, and a zip without a document', async () => {
    const notZip = await conversionError(convertDocx({ path: await tmp.write('texto.docx', 'hola') }, ctx));
    expect(notZip.mensaje).toBe('El archivo DOCX está dañado o no es válido.');

    const whole = makeDocx({ body: p('Un texto cualquiera.') });
    const truncated = await tmp.write('truncado.docx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect((await conversionError(convertDocx({ path: truncated }, ctx))).mensaje).toMatch(/dañado/);

    const other = await tmp.write('otro.docx', makeZip([{ name: 'hola.txt', data: 'hola' }]));
    expect((await conversionError(convertDocx({ path: other }, ctx))).mensaje).toMatch(/no es un documento DOCX/);
  });

  it('a broken document.xml', async () => {
    const zip = makeZip([
      {
        name: '_rels/.rels',
        data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
      },
      { name: 'word/document.xml', data: `<w:document ${W}><w:body><w:p>` },
    ]);
    const error = await conversionError(convertDocx({ path: await tmp.write('roto.docx', zip) }, ctx));
    expect(error.mensaje).toMatch(/dañado/);
  });

  it('a zip bomb: a document.xml that inflates far beyond its compressed size', async () => {
    const padding = ' '.repeat(8 * 1024 * 1024);
    const docx = makeDeflatedZip([
      {
        name: '_rels/.rels',
        data: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
      },
      { name: 'word/document.xml', data: `<w:document ${W}><w:body>${p('x')}${padding}</w:body></w:document>` },
    ]);
    const error = await conversionError(convertDocx({ path: await tmp.write('bomba.docx', docx) }, ctx));
    expect(error.mensaje).toMatch(/bomba zip/);
  });

  it('a zip that expands past maxUnzippedBytes', async () => {
    const path = await tmp.write('grande.docx', makeDocx({ body: p('Texto '.repeat(500)) }));
    const limits = {
      maxPages: 10,
      maxUnzippedBytes: 1000,
      maxZipRatio: 200,
      maxDurationSeconds: 10,
      maxImagePixels: 1e8,
    };
    const error = await conversionError(convertDocx({ path }, { limits }));
    expect(error.mensaje).toMatch(/supera el tamaño descomprimido/);
  });
});

describe('the same document as DOCX, ODT and RTF (LibreOffice fixtures)', () => {
  const expected = [
    'Aguas del páramo andino #1: Un estudio sobre la regulación hídrica de los páramos.',
    'Introducción #1: El páramo es un ecosistema de alta montaña que regula el agua de las ciudades andinas.[1]',
    'Introducción #2: Este trabajo resume mediciones de caudal tomadas entre 2015 y 2018.',
    'Introducción › Área de estudio #1: Las cuencas estudiadas se sitúan entre los 3200 y los 4100 metros de altitud.',
    'Introducción › Área de estudio #2: Cuenca | Altitud (m) | Caudal (l/s)',
    'Introducción › Área de estudio #3: Chingaza | 3600 | 120',
    'Introducción › Área de estudio #4: Sumapaz | 3900 | 85',
    'Introducción › Área de estudio › Clima #1: La precipitación anual supera los 1500 mm,\ncon dos estaciones lluviosas.',
    'Introducción › Métodos #1: Se usaron dos instrumentos:',
    'Introducción › Métodos #2: - vertederos triangulares;',
    'Introducción › Métodos #3: - sensores de presión.',
    'Introducción › Métodos #4: Y tres pasos:',
    'Introducción › Métodos #5: 1. calibrar;',
    'Introducción › Métodos #6: 2. medir;',
    'Introducción › Métodos #7: 3. comparar.',
    'Conclusiones #1: La conservación del páramo —y de sus turberas— asegura el «agua» de Bogotá: cuesta menos de 5 € por habitante.',
    'Notas #1: [1] Véase Hofstede (2003) para una revisión general.',
  ];
  const metadata = { titulo: 'Aguas del páramo andino', autores: ['Castañeda Ruiz, Mariana'], anio: 2019 };

  it('DOCX: sections, notes, lists and rows; no TOC, comment, header or footer', async () => {
    const conversion = await convertDocx({ path: resolve(OFFICE, 'aguas-paramo.docx') }, ctx);
    expect(blocks(conversion)).toEqual(expected);
    expect(conversion.metadatos).toEqual({ ...metadata, idioma: 'es-ES' });
    const text = conversion.unidades.map((u) => u.texto).join('\n');
    expect(text).not.toMatch(/Índice|Comentario|Borrador|Página/);
  });

  it('ODT reads the same', async () => {
    const conversion = await convertOdt({ path: resolve(OFFICE, 'aguas-paramo.odt') }, ctx);
    expect(blocks(conversion)).toEqual(expected);
    expect(conversion.metadatos).toEqual({ ...metadata, idioma: 'es-ES' });
  });

  it('RTF reads the same (RTF has no document language field: the text tells it)', () => {
    const conversion = convertRtf(readFileSync(resolve(OFFICE, 'aguas-paramo.rtf')));
    expect(blocks(conversion)).toEqual(expected);
    expect(conversion.metadatos).toEqual({ ...metadata, idioma: 'es' });
  });

  it('the three give identical anchors and unit texts', async () => {
    const docx = await convertDocx({ path: resolve(OFFICE, 'aguas-paramo.docx') }, ctx);
    const odt = await convertOdt({ path: resolve(OFFICE, 'aguas-paramo.odt') }, ctx);
    const rtf = convertRtf(readFileSync(resolve(OFFICE, 'aguas-paramo.rtf')));
    const shape = (c: Conversion) => c.unidades.map((u) => ({ ancla: u.ancla, texto: u.texto }));
    expect(shape(odt)).toEqual(shape(docx));
    expect(shape(rtf)).toEqual(shape(docx));
  });

  it('the Word 97-2003 copy is refused with a reason', async () => {
    const error = await conversionError(convertDocx({ path: resolve(OFFICE, 'aguas-paramo.doc') }, ctx));
    expect(error.mensaje).toMatch(/Office 97-2003/);
  });
});

describe.skipIf(!sharedExist)(
  titleNeeding('DOCX fixtures (mammoth, python-docx)', 'office/docx/mammoth_expected.json'),
  () => {
    const fixture = (name: string) => ({ path: resolve(SHARED_DOCX, name) });

    it("gives the structure of mammoth's own expected HTML", async () => {
      const expected = JSON.parse(readFileSync(resolve(SHARED_DOCX, 'mammoth_expected.json'), 'utf8')) as Record<
        string,
        string
      >;
      const names = Object.keys(expected).filter((k) => k.endsWith('.docx'));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        const { outline, notes } = outlineOfMammothHtml(expected[name]!.replaceAll('doc-42-', 'folio-'));
        const want = unitsFromOutline([...outline, ...notesOutline(notes)]);
        const got = await convertDocx(fixture(name), ctx);
        expect(got.unidades, name).toEqual(want);
      }
    });

    it('footnotes and endnotes end in the Notas section', async () => {
      expect(blocks(await convertDocx(fixture('mammoth-footnotes.docx'), ctx))).toEqual([
        ' #1: Ouch[1].[2]',
        'Notas #1: [1] A tachyon walks into a bar.',
        'Notas #2: [2] Fin.',
      ]);
      expect(blocks(await convertDocx(fixture('mammoth-endnotes.docx'), ctx))).toEqual([
        ' #1: Ouch[1].[2]',
        'Notas #1: [1] A tachyon walks into a bar.',
        'Notas #2: [2] Fin.',
      ]);
      expect(blocks(await convertDocx(fixture('mammoth-footnote-hyperlink.docx'), ctx))).toEqual([
        ' #1: [1]',
        'Notas #1: [1] Example',
      ]);
    });

    it('comments, headers and footers are not text of the document', async () => {
      expect(blocks(await convertDocx(fixture('mammoth-comments.docx'), ctx))).toEqual([' #1: Ouch.']);
      expect(blocks(await convertDocx(fixture('pydocx-hdr-header-footer.docx'), ctx))).toEqual([
        ' #1: section with header',
        ' #2: section without header of its own.',
      ]);
      expect(blocks(await convertDocx(fixture('pydocx-doc-odd-even-hdrs.docx'), ctx))).toEqual([
        ' #1: First Page.',
        ' #2: Second Page.',
      ]);
    });

    it('tables, nested tables, text boxes, lists, hyperlinks and strict OOXML', async () => {
      expect(blocks(await convertDocx(fixture('mammoth-tables.docx'), ctx))).toEqual([
        ' #1: Above',
        ' #2: Top left | Top right',
        ' #3: Bottom left | Bottom right',
        ' #4: Below',
      ]);
      expect(blocks(await convertDocx(fixture('pydocx-blk-paras-and-tables.docx'), ctx))).toEqual([
        ' #1: Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
        ' #2: Text before',
        ' #3: Table',
        ' #4: Between',
        ' #5: Text after',
        ' #6: Donec semper facilisis metus finibus malesuada.',
      ]);
      expect(blocks(await convertDocx(fixture('mammoth-text-box.docx'), ctx))).toEqual([' #1: Datum plane']);
      expect(blocks(await convertDocx(fixture('mammoth-simple-list.docx'), ctx))).toEqual([
        ' #1: - Apple',
        ' #2: - Banana',
      ]);
      expect(blocks(await convertDocx(fixture('pydocx-par-hyperlinks.docx'), ctx))).toContain(
        ' #3: Three hyperlinks: the first one here, the second one, and the third.',
      );
      const strict = await convertDocx(fixture('mammoth-strict-format.docx'), ctx);
      expect(blocks(strict)).toEqual([' #1: Test']);
      expect(strict.metadatos).toMatchObject({ autores: ['Chantry, Tom'], anio: 2018 });
    });

    it('rendered page breaks leave paragraphs whole and give no printed page', async () => {
      const conversion = await convertDocx(fixture('pydocx-par-rendered-page-breaks.docx'), ctx);
      expect(blocks(conversion)).toEqual([
        ' #1: No page breaks',
        ' #2: Page break here>><<followed by more text.',
        ' #3: Page break in>><<this hyperlink and another one here>><<with text following',
        ' #4: Two page>><<breaks>><<in one run.',
      ]);
      for (const unit of conversion.unidades) expect(unit.ancla).not.toHaveProperty('impresa');
    });

    it('core properties give author and year', async () => {
      expect((await convertDocx(fixture('mammoth-footnotes.docx'), ctx)).metadatos).toEqual({
        autores: ['Williamson, Michael'],
        anio: 2014,
      });
    });

    it('a document of empty tables has no text', async () => {
      const error = await conversionError(convertDocx(fixture('pydocx-tbl-having-tables.docx'), ctx));
      expect(error.mensaje).toBe('El archivo no contiene texto.');
    });
  },
);

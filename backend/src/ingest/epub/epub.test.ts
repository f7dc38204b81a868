import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatLocator, type AnclaSeccion } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { ConversionError, type Conversion, type ConvertContext, type ConvertLimits } from '../converter';
import { detectKind } from '../detect';
import { convertEpub, epubConverter } from './epub';
import { makeDeflatedZip, type DeflatedZipEntry } from '../../formats/testing/make-deflated-zip';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const EPUB_FIXTURES = fixturePath('epub');
const fixturesExist = hasFixture('epub/manifest.json');

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-epub-');
});
afterAll(() => files.cleanup());

const noProgress: ConvertContext = { progress: async () => {} };

async function convert(data: Uint8Array, ctx: ConvertContext = noProgress): Promise<Conversion> {
  return convertEpub({ path: await files.write('libro.epub', data), size: data.length }, ctx);
}

async function failure(data: Uint8Array, ctx: ConvertContext = noProgress): Promise<ConversionError> {
  const error = await convert(data, ctx).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

/** Every paragraph block as [ruta joined by ' > ', parrafo, impresa, texto]. */
function blocks(conversion: Conversion): [string, number, string | null | undefined, string][] {
  return conversion.unidades.flatMap((u) =>
    u.bloques!.map((b) => {
      const a = b.ancla as AnclaSeccion;
      return [a.ruta.join(' > '), a.parrafo, a.impresa, b.texto] as [string, number, string | null | undefined, string];
    }),
  );
}

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

const xhtml = (body: string, head = '<title>x</title>') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="es">
<head>${head}</head>
<body>${body}</body>
</html>`;

/** An EPUB's entries: mimetype first and stored, as the OCF requires, the rest deflated. */
function epub(parts: Record<string, string | Uint8Array>, extra: DeflatedZipEntry[] = []): Uint8Array {
  return makeDeflatedZip([
    { name: 'mimetype', data: 'application/epub+zip', method: 'store' },
    { name: 'META-INF/container.xml', data: CONTAINER },
    ...Object.entries(parts).map(([name, data]) => ({ name, data })),
    ...extra,
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// A minimal EPUB 3: nav with toc and page-list, two chapters with page breaks, a non-linear notes file.

const OPF3 = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:1</dc:identifier>
    <dc:title id="sub">Un recorrido por los Andes</dc:title>
    <meta refines="#sub" property="title-type">subtitle</meta>
    <dc:title id="main">Guía de aves del páramo</dc:title>
    <meta refines="#main" property="title-type">main</meta>
    <dc:creator id="c1">Mariana Castañeda Ruiz</dc:creator>
    <meta refines="#c1" property="file-as">Castañeda Ruiz, Mariana</meta>
    <meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
    <dc:creator id="c2">Juan Gil</dc:creator>
    <dc:creator id="c3">Pedro Pintor</dc:creator>
    <meta refines="#c3" property="role" scheme="marc:relators">ill</meta>
    <dc:date>2019-03-01</dc:date>
    <dc:language>es-es</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="notas" href="Text/notas.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="Text/cap%202.xhtml" media-type="application/xhtml+xml"/>
    <item id="c1" href="Text/cap1.xhtml" media-type="application/xhtml+xml"/>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="estilo.css" media-type="text/css"/>
  </manifest>
  <spine>
    <itemref idref="notas" linear="no"/>
    <itemref idref="c1"/>
    <itemref idref="c2"/>
    <itemref idref="nav"/>
  </spine>
</package>`;

const NAV3 = xhtml(`
<nav epub:type="toc"><h1>Índice</h1><ol>
  <li><a href="Text/cap1.xhtml">Capítulo 1. El páramo</a></li>
  <li><a href="Text/cap%202.xhtml">Capítulo 2. Sin título propio</a></li>
</ol></nav>
<nav epub:type="page-list" hidden=""><ol>
  <li><a href="Text/cap1.xhtml#p1">1</a></li>
  <li><a href="Text/cap1.xhtml#p2">2</a></li>
  <li><a href="Text/cap%202.xhtml#p3">3</a></li>
  <li><a href="Text/cap%202.xhtml#p4">4</a></li>
  <li><a href="Text/cap%202.xhtml#pcover">Inside Cover</a></li>
</ol></nav>`);

const CHAPTER1 = xhtml(`
<section epub:type="chapter">
  <h1>El páramo</h1>
  <span epub:type="pagebreak" id="p1" title="1"/>
  <p>Primer párrafo.</p>
  <p>Segundo párrafo, que empieza en la página uno y sigue<span epub:type="pagebreak" id="p2" title="2"/> en la dos.</p>
  <p>Tercero, ya en la&nbsp;dos.</p>
  <section>
    <h1>Aves</h1>
    <p>El cóndor vuela <a id="n1"/>alto.</p>
  </section>
</section>`);

const CHAPTER2 = xhtml(`
<div role="doc-pagebreak" aria-label="3"></div>
<p>Un capítulo sin encabezado.</p>
<p><a id="p4"/>Empieza en la cuatro.</p>
<ul><li><span id="pcover" epub:type="pagebreak"/>Un punto tras una página sin folio.</li></ul>`);

const NOTES = xhtml('<aside><p>Nota al pie, fuera del orden lineal.</p></aside>');

function epub3(overrides: Record<string, string | Uint8Array> = {}, extra: DeflatedZipEntry[] = []): Uint8Array {
  return epub(
    {
      'OEBPS/content.opf': OPF3,
      'OEBPS/nav.xhtml': NAV3,
      'OEBPS/Text/cap1.xhtml': CHAPTER1,
      'OEBPS/Text/cap 2.xhtml': CHAPTER2,
      'OEBPS/Text/notas.xhtml': NOTES,
      'OEBPS/estilo.css': 'p { margin: 0 }',
      ...overrides,
    },
    extra,
  );
}

describe('convertEpub on an EPUB 3', () => {
  it('is detected as an EPUB and claims that kind', async () => {
    expect(await detectKind({ path: await files.write('libro.epub', epub3()) })).toBe('epub');
    expect(epubConverter.kinds).toEqual(['epub']);
  });

  it('reads the spine in order, with heading paths, paragraph numbers and printed pages', async () => {
    const progress: number[] = [];
    const conversion = await convert(epub3(), { progress: async (f) => void progress.push(f) });
    expect(conversion.tipo).toBe('epub');
    expect(blocks(conversion)).toEqual([
      ['El páramo', 1, '1', 'Primer párrafo.'],
      // Starts on page 1 and runs onto 2: it stands on the page it starts on.
      ['El páramo', 2, '1', 'Segundo párrafo, que empieza en la página uno y sigue en la dos.'],
      ['El páramo', 3, '2', 'Tercero, ya en la dos.'],
      // A <section><h1> inside a <section><h1> is a subsection.
      ['El páramo > Aves', 1, '2', 'El cóndor vuela alto.'],
      // No heading of its own: the table of contents names the document.
      ['Capítulo 2. Sin título propio', 1, '3', 'Un capítulo sin encabezado.'],
      // A page-list target that is not a pagebreak marker (a self-closed <a id>).
      ['Capítulo 2. Sin título propio', 2, '4', 'Empieza en la cuatro.'],
      // 'Inside Cover' is no folio.
      ['Capítulo 2. Sin título propio', 3, null, '- Un punto tras una página sin folio.'],
      // Non-linear documents come last; a page does not run on into them.
      ['Capítulo 2. Sin título propio', 4, null, 'Nota al pie, fuera del orden lineal.'],
    ]);
    expect(conversion.unidades).toHaveLength(3);
    expect(conversion.unidades.map((u) => u.ancla)).toEqual(conversion.unidades.map((u) => u.bloques![0]!.ancla));
    expect(conversion.unidades[0]!.texto).toBe(
      'El páramo\n\nPrimer párrafo.\n\nSegundo párrafo, que empieza en la página uno y sigue en la dos.\n\nTercero, ya en la dos.',
    );
    // The navigation document is in the spine, but its <nav> lists are not text.
    const all = conversion.unidades.map((u) => u.texto).join('\n');
    expect(all).not.toMatch(/Índice|Capítulo 1\. El páramo|Inside Cover/);
    expect(all).not.toMatch(/[\uE000-\uE0FF]/);
    expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('gives the localizador of the printed page', async () => {
    const [, second] = (await convert(epub3())).unidades[0]!.bloques!;
    expect(formatLocator(second!.ancla)).toBe('p. 1');
  });

  it('reads the metadata of the package', async () => {
    expect((await convert(epub3())).metadatos).toEqual({
      titulo: 'Guía de aves del páramo',
      // file-as keeps a Spanish double surname whole; the illustrator is no author.
      autores: ['Castañeda Ruiz, Mariana', 'Gil, Juan'],
      anio: 2019,
      idioma: 'es-ES',
    });
  });

  it('leaves impresa out when the book has no pagination', async () => {
    const plain = (body: string) => body.replace(/<span epub:type="pagebreak"[^>]*\/>/g, '');
    const conversion = await convert(
      epub3({
        'OEBPS/nav.xhtml': NAV3.replace(/<nav epub:type="page-list"[\s\S]*?<\/nav>/, ''),
        'OEBPS/Text/cap1.xhtml': plain(CHAPTER1),
        'OEBPS/Text/cap 2.xhtml': xhtml('<h2>Segundo</h2><p>Texto.</p>'),
      }),
    );
    const anchors = conversion.unidades.flatMap((u) => u.bloques!.map((b) => b.ancla as AnclaSeccion));
    expect(anchors.every((a) => !('impresa' in a))).toBe(true);
    // A document's headings continue the outline of the one before: its h2 follows chapter 1's h1.
    expect(anchors.map((a) => a.ruta.join(' > '))).toContain('El páramo > Segundo');
  });

  it('stops when the conversion is aborted', async () => {
    const controller = new AbortController();
    const ctx: ConvertContext = { progress: async () => controller.abort(), signal: controller.signal };
    await expect(convert(epub3(), ctx)).rejects.toThrow(/abort/i);
  });
});

// ---------------------------------------------------------------------------------------------------------
// An EPUB 2: NCX with navMap and pageList, opf:file-as, legacy XHTML.

const OPF2 = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>Historia del río</dc:title>
    <dc:creator opf:role="aut" opf:file-as="García Márquez, Ana">Ana García Márquez</dc:creator>
    <dc:creator opf:role="bkp">calibre (5.0)</dc:creator>
    <dc:date opf:event="modification">2021-05-05</dc:date>
    <dc:date opf:event="publication">1998</dc:date>
    <dc:language>es</dc:language>
    <dc:identifier id="uid">isbn</dc:identifier>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="a" href="a.html" media-type="application/xhtml+xml"/>
    <item id="b" href="b.html" media-type="application/xhtml+xml"/>
    <item id="img" href="portada.svg" media-type="image/svg+xml" fallback="a"/>
  </manifest>
  <spine toc="ncx"><itemref idref="a"/><itemref idref="b"/></spine>
</package>`;

const NCX = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <navMap>
    <navPoint id="n1" playOrder="1"><navLabel><text>Primera parte</text></navLabel><content src="a.html"/>
      <navPoint id="n2" playOrder="2"><navLabel><text>El cauce</text></navLabel><content src="b.html"/></navPoint>
    </navPoint>
  </navMap>
  <pageList>
    <pageTarget type="normal" value="12"><navLabel><text>12</text></navLabel><content src="a.html#page_12"/></pageTarget>
    <pageTarget type="normal" value="13"><navLabel><text>13</text></navLabel><content src="a.html#page_13"/></pageTarget>
    <pageTarget type="normal" value="14"><navLabel><text>14</text></navLabel><content src="b.html"/></pageTarget>
  </pageList>
</ncx>`;

const LEGACY = (body: string, encoding = 'utf-8') => `<?xml version="1.0" encoding="${encoding}"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;

describe('convertEpub on an EPUB 2', () => {
  it('takes pages from the NCX pageList and chapter titles from its navMap', async () => {
    const a = LEGACY(
      `<h1>Primera parte</h1><p><a id="page_12"/>El agua&nbsp;baja.</p>` +
        `<p>Sigue <span class="pagenum"><a id="page_13">[13]</a></span>corriendo.</p><p>Otra vez.</p>`,
    );
    const b = Buffer.from(LEGACY('<p>La orilla está en año trece.</p>', 'ISO-8859-1'), 'latin1');
    const conversion = await convert(
      epub({ 'OEBPS/content.opf': OPF2, 'OEBPS/toc.ncx': NCX, 'OEBPS/a.html': a, 'OEBPS/b.html': b }),
    );
    expect(blocks(conversion)).toEqual([
      ['Primera parte', 1, '12', 'El agua baja.'],
      ['Primera parte', 2, '12', 'Sigue corriendo.'],
      ['Primera parte', 3, '13', 'Otra vez.'],
      // The navMap nests 'El cauce' under 'Primera parte'; a page-list entry without fragment starts the file.
      ['Primera parte > El cauce', 1, '14', 'La orilla está en año trece.'],
    ]);
    expect(conversion.metadatos).toEqual({
      titulo: 'Historia del río',
      autores: ['García Márquez, Ana'],
      anio: 1998,
      idioma: 'es',
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Files that cannot be read.

const ENCRYPTION = (algorithm: string, uri: string) => `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData>
    <enc:EncryptionMethod Algorithm="${algorithm}"/>
    <enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData>
  </enc:EncryptedData>
</encryption>`;

describe('convertEpub failures', () => {
  const DRM = 'El libro está protegido con DRM (contenido cifrado) y no se puede leer.';

  it('refuses a book whose content documents are encrypted', async () => {
    const cipher = new Uint8Array(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256));
    const error = await failure(
      epub3({ 'OEBPS/Text/cap1.xhtml': cipher }, [
        {
          name: 'META-INF/encryption.xml',
          data: ENCRYPTION('http://www.w3.org/2001/04/xmlenc#aes256-cbc', 'OEBPS/Text/cap1.xhtml'),
        },
      ]),
    );
    expect(error.mensaje).toBe(DRM);
    expect(error.message).toBe('EPUB is DRM-protected: OEBPS/Text/cap1.xhtml is encrypted');
  });

  it('refuses a book whose every content document is unreadable (undeclared encryption)', async () => {
    const cipher = new Uint8Array(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
    const error = await failure(
      epub3({
        'OEBPS/content.opf': OPF3.replace('<itemref idref="nav"/>', ''),
        'OEBPS/Text/cap1.xhtml': cipher,
        'OEBPS/Text/cap 2.xhtml': cipher,
        'OEBPS/Text/notas.xhtml': cipher,
      }),
    );
    expect(error.mensaje).toBe('El EPUB está dañado: ningún documento de lectura se puede leer.');
  });

  it('refuses a book with Adobe DRM rights', async () => {
    const error = await failure(epub3({}, [{ name: 'META-INF/rights.xml', data: '<rights/>' }]));
    expect(error.mensaje).toBe(DRM);
    expect(error.message).toMatch(/rights\.xml/);
  });

  it('reads a book whose only encryption is font obfuscation', async () => {
    const conversion = await convert(
      epub3({}, [
        {
          name: 'META-INF/encryption.xml',
          data: ENCRYPTION('http://www.idpf.org/2008/embedding', 'OEBPS/fuente.otf'),
        },
        { name: 'OEBPS/fuente.otf', data: new Uint8Array([1, 2, 3]) },
      ]),
    );
    expect(blocks(conversion)).toHaveLength(8);
  });

  it('refuses a zip bomb while inflating it', async () => {
    const bomb = xhtml(`<p>${' '.repeat(20 * 1024 * 1024)}</p>`);
    const error = await failure(epub3({ 'OEBPS/Text/cap1.xhtml': bomb }));
    expect(error.mensaje).toBe(
      'El archivo comprimido parece una bomba zip: OEBPS/Text/cap1.xhtml se expande más de lo permitido.',
    );
  });

  it('enforces the limits of the context', async () => {
    const limits: ConvertLimits = {
      maxPages: 10,
      maxUnzippedBytes: 4000,
      maxZipRatio: 200,
      maxDurationSeconds: 1,
      maxImagePixels: 1e8,
    };
    const error = await failure(epub3(), { ...noProgress, limits });
    expect(error.mensaje).toBe('El archivo supera el tamaño descomprimido permitido (3.9 KB).');
  });

  it('refuses corrupt zips', async () => {
    const whole = epub3();
    for (const data of [whole.subarray(0, whole.length - 100), new Uint8Array(2000).fill(7)]) {
      const error = await failure(data);
      expect(error.mensaje).toBe('El archivo comprimido está dañado.');
    }
  });

  it('refuses a book without a package or spine', async () => {
    const noOpf = await failure(epub({ 'OEBPS/Text/cap1.xhtml': CHAPTER1 }));
    expect(noOpf.mensaje).toBe('El EPUB está dañado: falta META-INF/container.xml o el paquete OPF que indica.');
    const noSpine = await failure(epub({ 'OEBPS/content.opf': OPF3.replace(/<spine>[\s\S]*<\/spine>/, '<spine/>') }));
    expect(noSpine.mensaje).toBe('El EPUB está dañado: el paquete no indica ningún documento de lectura (spine).');
  });

  it('keeps inline MathML in its sentence and reads a page drawn as SVG text as paragraphs', async () => {
    const M = 'xmlns="http://www.w3.org/1998/Math/MathML"';
    const formulas = xhtml(`
      <section><h1>Matrices</h1>
        <p>Suppose that <span><math ${M} alttext="Alternative text not available"><mi>A</mi></math></span> is a
        square matrix of size <span><math ${M}><mi>n</mi></math>
        </span>, with <math ${M} alttext="A^{-1}"><msup><mi>A</mi><mn>-1</mn></msup></math>.</p>
        <p>Then <math ${M} display="block"><msup><mi>x</mi><mn>2</mn></msup><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></math> holds.</p>
      </section>`);
    const drawn = xhtml(`
      <div class="page"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 368 581"><style>.a{}</style>
        <text transform="matrix(1 0 0 1 68 227)"><tspan x="0" y="0">Il en avait souvent rêvé, au </tspan>
        <tspan x="-12" y="15">moins depuis la communale.</tspan><tspan x="0" y="60">Oui, il lui fallait partir.</tspan></text>
        <text x="10" y="400">Sous le vent</text></svg></div>`);
    const conversion = await convert(
      epub3({
        'OEBPS/Text/cap1.xhtml': formulas,
        'OEBPS/Text/cap 2.xhtml': drawn,
        'OEBPS/Text/notas.xhtml': xhtml(''),
      }),
    );
    expect(blocks(conversion)).toEqual([
      ['Matrices', 1, undefined, 'Suppose that A is a square matrix of size n, with A^{-1}.'],
      ['Matrices', 2, undefined, 'Then x^2 = 1/2 holds.'],
      ['Capítulo 2. Sin título propio', 1, undefined, 'Il en avait souvent rêvé, au moins depuis la communale.'],
      ['Capítulo 2. Sin título propio', 2, undefined, 'Oui, il lui fallait partir.'],
      ['Capítulo 2. Sin título propio', 3, undefined, 'Sous le vent'],
    ]);
  });

  it('refuses an empty book', async () => {
    const empty = xhtml('<div><img src="portada.jpg" alt=""/></div>');
    const error = await failure(
      epub3({ 'OEBPS/Text/cap1.xhtml': empty, 'OEBPS/Text/cap 2.xhtml': empty, 'OEBPS/Text/notas.xhtml': empty }),
    );
    expect(error.mensaje).toBe('El libro no contiene texto (sus documentos están vacíos o solo tienen imágenes).');
    expect(error.message).toBe('The EPUB holds no text (empty content documents or images only)');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Real books: EPUB 3 samples of the IDPF with page lists and pagebreak markers.

interface ManifestEntry {
  file: string;
  title: string;
  lang: string;
}

describe.skipIf(!fixturesExist)(titleNeeding('EPUB fixtures', 'epub/manifest.json'), () => {
  const manifest: ManifestEntry[] = fixturesExist
    ? JSON.parse(readFileSync(resolve(EPUB_FIXTURES, 'manifest.json'), 'utf8'))
    : [];
  const read = (file: string) => convertEpub({ path: resolve(EPUB_FIXTURES, file), size: 0 }, noProgress);
  const find = (conversion: Conversion, pattern: RegExp) => {
    const block = conversion.unidades.flatMap((u) => u.bloques!).find((b) => pattern.test(b.texto));
    expect(block, String(pattern)).toBeDefined();
    return block!.ancla as AnclaSeccion;
  };

  it('reads title and language of every book as its manifest says', async () => {
    for (const entry of manifest) {
      const { metadatos, unidades } = await read(entry.file);
      expect(metadatos.titulo).toBe(entry.title);
      expect(metadatos.idioma).toBe(entry.lang);
      expect(unidades.every((u) => u.bloques!.length >= 1 && u.bloques!.length <= 40)).toBe(true);
      expect(unidades.map((u) => u.texto).join('\n')).not.toMatch(/[\uE000-\uE0FF]/);
    }
  });

  it("Children's Literature: pages 170-260 from pagebreak spans, page numbers out of the text", async () => {
    const book = await read('childrens-literature.epub');
    expect(book.metadatos).toEqual({
      titulo: "Children's Literature",
      autores: ['Curry, Charles Madison', 'Clippinger, Erle Elsworth'],
      anio: 2008,
      idioma: 'en',
    });
    const all = blocks(book);
    expect(book.unidades).toHaveLength(58);
    expect(all).toHaveLength(991);
    expect(all.every(([, , impresa]) => typeof impresa === 'string')).toBe(true);
    // Page 169 holds only the section title; every later page starts some paragraph.
    expect(new Set(all.map(([, , impresa]) => impresa)).size).toBe(91);
    expect(all.some(([, , , texto]) => /^\d+$/.test(texto))).toBe(false);
    const section = 'SECTION IV FAIRY STORIES—MODERN FANTASTIC TALES';
    expect(all[0]).toEqual([
      `${section} > BIBLIOGRAPHY`,
      1,
      '170',
      '1. Alden, Raymond Macdonald, Why the Chimes Rang, and Other Stories.',
    ]);
    expect(find(book, /^The difficulties of classification are very apparent/)).toEqual({
      tipo: 'seccion',
      ruta: [section, 'INTRODUCTORY'],
      parrafo: 1,
      impresa: '171',
    });
    // s04.xhtml: '… went to put on his new suit. <span pagebreak title="183">' ends the paragraph.
    const clothes = [section, '193', "THE EMPEROR'S NEW CLOTHES"];
    expect(find(book, /^The Emperor himself, with his grandest courtiers/)).toEqual({
      tipo: 'seccion',
      ruta: clothes,
      parrafo: 32,
      impresa: '182',
    });
    expect(find(book, /^"See!" said the rogues/)).toEqual({
      tipo: 'seccion',
      ruta: clothes,
      parrafo: 33,
      impresa: '183',
    });
    // '… had its place on a silken <span pagebreak title="188">188</span> cushion …': starts on 187.
    const nightingale = find(book, /on a silken cushion close to the Emperor's bed/);
    expect(nightingale.impresa).toBe('187');
    expect(nightingale.ruta).toEqual([section, '194', 'THE NIGHTINGALE']);
    expect(formatLocator(nightingale)).toBe('p. 187');
  });

  it('Indexing for Editors and Authors: spine order, roman front matter, TOC titles', async () => {
    const book = await read('indexing-for-eds-and-auths-3f.epub');
    expect(book.metadatos).toEqual({
      titulo: 'Indexing for Editors and Authors: A Practical Guide to Understanding Indexes',
      autores: ['Leise, Fred', 'Mertes, Kate', 'Badgett, Nan'],
      idioma: 'en-US',
    });
    const all = blocks(book);
    expect(book.unidades).toHaveLength(229);
    expect(all).toHaveLength(2116);
    const chapters: string[] = [];
    for (const [ruta] of all) {
      const top = ruta.split(' > ')[0]!;
      if (chapters.at(-1) !== top) chapters.push(top);
    }
    expect(chapters).toEqual([
      '',
      'A Practical Guide to Understanding Indexes',
      'Copyright', // copyright.xhtml has no heading: the nav's title
      'Contents',
      'Foreword',
      'Introduction',
      'What Is an Index?',
      'Numbers and Types of Indexes',
      'Characteristics of a Good Index',
      'Index Style and Format',
      'Index Length and Index Space',
      'Author/Editor/Indexer Relationships',
      'Hiring an Indexer',
      'What the Editor Needs to Tell the Indexer',
      'Editing an Index Without Tears',
      'Electronic Files',
      'American Society of Indexers Recommended Indexing Agreement',
      'Additional Resources',
      'Glossary of Indexing Terms',
      'About the Authors',
      'Index',
    ]);
    expect(all[0]).toEqual(['', 1, 'i', 'Indexing for Editors and Authors']);
    expect(find(book, /^First Printing, 2008/)).toMatchObject({ ruta: ['Copyright'], impresa: 'ii' });
    // chapter001.xhtml: <span pagebreak title="2"/> between paragraph 2 and the pull-quote.
    const purposes = ['What Is an Index?', 'PURPOSES: WHAT DO INDEXES DO?'];
    expect(find(book, /^It is important to note that the purpose of the index/)).toEqual({
      tipo: 'seccion',
      ruta: purposes,
      parrafo: 2,
      impresa: '1',
    });
    expect(find(book, /^Henry VIII$/)).toEqual({ tipo: 'seccion', ruta: purposes, parrafo: 3, impresa: '2' });
    expect(find(book, /^Indexes have been around for nearly as long/)).toEqual({
      tipo: 'seccion',
      ruta: ['What Is an Index?', 'A BRIEF HISTORY'],
      parrafo: 1,
      impresa: '1',
    });
  });

  it('World Cultures and Geography: print rendition, headings inside <header>, a title page without folio', async () => {
    const book = await read('WCAG.epub');
    expect(book.metadatos).toEqual({ titulo: 'World Cultures and Geography', anio: 2014, idioma: 'en-US' });
    const all = blocks(book);
    expect(all).toHaveLength(341);
    expect(all.filter(([, , impresa]) => impresa === null)).toHaveLength(4);
    expect(all[0]).toEqual(['World Cultures and Geography', 1, null, 'Sarah Witham Bednarz']);
    expect(find(book, /^Sarah Witham Berdnarz is associate professor/)).toEqual({
      tipo: 'seccion',
      ruta: ['Senior Consultants'],
      parrafo: 1,
      impresa: 'iv',
    });
    // The print rendition's page list, not the braille one.
    const pages = new Set(all.map(([, , impresa]) => impresa));
    expect([...pages].filter((p) => p !== null)).toEqual([
      'iv',
      '2',
      '3',
      ...Array.from({ length: 18 }, (_, i) => String(14 + i)),
    ]);
    expect(find(book, /^For centuries, people in different parts of the world/)).toEqual({
      tipo: 'seccion',
      ruta: [
        'UNIT 1 - INTRODUCTION TO WORLD CULTURES AND GEOGRAPHY',
        'CHAPTER 1 - Welcome to the World',
        'SECTION 1 - The World at Your Fingertips',
        'The Peoples of the World',
      ],
      parrafo: 1,
      impresa: '17',
    });
  });
});

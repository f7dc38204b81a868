import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { ConversionError, type Conversion, type ConvertContext } from '../converter';
import { splitPassages } from '../passages';
import { convertPptx, readingOrder, slideUnit, type SlideItem } from './pptx';
import { makeDeflatedZip } from '../../formats/testing/make-deflated-zip';
import { makeZip } from '../../formats/testing/make-zip';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const OFFICE = resolve(REPO_ROOT, 'test/fixtures/office');
const SHARED = fixturePath('office/pptx');
const sharedExist = hasFixture('office/pptx');

const ctx: ConvertContext = { progress: async () => {} };

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-pptx-');
});
afterAll(() => files.cleanup());

async function failure(promise: Promise<unknown>): Promise<ConversionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

/** The text of the three slides of presentacion-agua, the same from PPTX and ODP. */
const PRESENTACION_AGUA = [
  'Calidad del agua en Yucatán\n\nInforme de campo, 2019\n\nNotas: Presentar al equipo antes del muestreo.',
  'Resultados\n\nFuente: muestreo propio\n\nHomún: 44.9 mg/L de nitratos\nCuzamá: 38.2 mg/L de nitratos\n\n' +
    'Cenote Santa Rosa\nCenote Chelentún\n\nmunicipio | nitratos\nHomún | 44.9\n\n' +
    'Notas: Los valores superan la norma en Homún.',
  'Próximos pasos\n\nRepetir el muestreo en temporada de lluvias.\n\nNotas: Diapositiva oculta: solo para el equipo.',
];

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function rels(targets: [id: string, type: string, target: string][]): string {
  const items = targets.map(
    ([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`,
  );
  return `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
}

/** A text shape; `ph` makes it a placeholder, `at` gives it an offset. */
function sp(text: string, options: { ph?: string; at?: [number, number] } = {}): string {
  const ph = options.ph ? `<p:nvPr><p:ph ${options.ph}/></p:nvPr>` : '<p:nvPr/>';
  const xfrm = options.at
    ? `<a:xfrm><a:off x="${options.at[0]}" y="${options.at[1]}"/><a:ext cx="1" cy="1"/></a:xfrm>`
    : '';
  const paragraphs = text
    .split('\n')
    .map((line) => `<a:p><a:r><a:rPr lang="es-MX"/><a:t>${line}</a:t></a:r></a:p>`)
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="2" name="s"/><p:cNvSpPr/>${ph}</p:nvSpPr><p:spPr>${xfrm}</p:spPr><p:txBody><a:bodyPr/>${paragraphs}</p:txBody></p:sp>`;
}

const tree = (shapes: string) => `<p:cSld><p:spTree><p:nvGrpSpPr/><p:grpSpPr/>${shapes}</p:spTree></p:cSld>`;

/**
 * A hand-made package where file order, document order and reading order all disagree: the first slide
 * in sldIdLst is slides/b.xml, its title and body placeholders take their positions from the layout.
 */
function orderedDeck(): Uint8Array {
  const slideB = `<p:sld ${NS}>${tree(
    sp('abajo', { at: [100, 3_000_000] }) +
      sp('arriba derecha', { at: [5_000_000, 1_000_000] }) +
      sp('7', { ph: 'type="sldNum" idx="12"', at: [8_000_000, 6_000_000] }) +
      sp('cuerpo heredado', { ph: 'idx="1"' }) +
      sp('arriba izquierda', { at: [100, 1_100_000] }) +
      `<mc:AlternateContent><mc:Choice Requires="p14">${sp('alternativo', { at: [0, 4_000_000] })}</mc:Choice>` +
      `<mc:Fallback>${sp('alternativo', { at: [0, 4_000_000] })}</mc:Fallback></mc:AlternateContent>` +
      sp('Título B', { ph: 'type="title"' }),
  )}</p:sld>`;
  const slideA = `<p:sld ${NS} show="0">${tree(sp('Segunda', { ph: 'type="title"' }))}</p:sld>`;
  const layout = `<p:sldLayout ${NS}>${tree(
    sp('', { ph: 'type="title"', at: [0, 0] }) + sp('', { ph: 'idx="1"', at: [0, 2_000_000] }),
  )}</p:sldLayout>`;
  const notes = `<p:notes ${NS}>${tree(sp('', { ph: 'type="sldImg"' }) + sp('nota de b\nsegunda línea', { ph: 'type="body" idx="1"' }) + sp('1', { ph: 'type="sldNum" idx="5"' }))}</p:notes>`;
  return makeZip([
    { name: '_rels/.rels', data: rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]) },
    {
      name: 'ppt/presentation.xml',
      data: `<p:presentation ${NS}><p:sldIdLst><p:sldId id="256" r:id="rId7"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: rels([
        ['rId3', 'slide', 'slides/a.xml'],
        ['rId7', 'slide', 'slides/b.xml'],
      ]),
    },
    { name: 'ppt/slides/a.xml', data: slideA },
    { name: 'ppt/slides/b.xml', data: slideB },
    {
      name: 'ppt/slides/_rels/b.xml.rels',
      data: rels([
        ['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'],
        ['rId2', 'notesSlide', '../notesSlides/notesSlide1.xml'],
      ]),
    },
    { name: 'ppt/slideLayouts/slideLayout1.xml', data: layout },
    { name: 'ppt/notesSlides/notesSlide1.xml', data: notes },
  ]);
}

describe('convertPptx', () => {
  it('follows sldIdLst, puts the title first, reads shapes by position and adds the notes', async () => {
    const path = await files.write('orden.pptx', orderedDeck());
    const conversion = await convertPptx({ path, size: 0 }, ctx);
    expect(conversion.unidades.map((u) => u.ancla)).toEqual([
      { tipo: 'diapositiva', n: 1 },
      { tipo: 'diapositiva', n: 2 },
    ]);
    expect(conversion.unidades[0]!.texto).toBe(
      'Título B\n\narriba izquierda\n\narriba derecha\n\ncuerpo heredado\n\nabajo\n\nalternativo\n\n' +
        'Notas: nota de b\nsegunda línea',
    );
    expect(conversion.unidades[1]!.texto).toBe('Segunda');
    expect(conversion.metadatos.titulo).toBe('Título B');
  });

  it('reads the committed deck: three slides, notes, a group, a table, the hidden slide kept', async () => {
    const conversion = await convertPptx({ path: resolve(OFFICE, 'presentacion-agua.pptx'), size: 0 }, ctx);
    expect(conversion.tipo).toBe('presentacion');
    expect(conversion.unidades.map((u) => u.texto)).toEqual(PRESENTACION_AGUA);
    expect(conversion.unidades.map((u) => u.ancla)).toEqual([1, 2, 3].map((n) => ({ tipo: 'diapositiva', n })));
    expect(conversion.metadatos).toEqual({
      titulo: 'Calidad del agua en Yucatán',
      autores: ['Pérez, Ana'],
      anio: 2019,
      idioma: 'es-MX',
    });
  });

  it('keeps every passage within its slide and anchored to it', async () => {
    const conversion = await convertPptx({ path: resolve(OFFICE, 'presentacion-agua.pptx'), size: 0 }, ctx);
    const passages = splitPassages(conversion.unidades);
    expect(passages.map((p) => [p.unidad, p.ancla])).toEqual([1, 2, 3].map((n) => [n, { tipo: 'diapositiva', n }]));
    expect(passages[1]!.texto).toBe(PRESENTACION_AGUA[1]);
  });

  it('reads a chart-only slide: the chart part its frame names, at the frame position', async () => {
    const C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
    const frame =
      '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="2" name="Chart 1"/></p:nvGraphicFramePr>' +
      '<p:xfrm><a:off x="10" y="2000000"/><a:ext cx="1" cy="1"/></p:xfrm>' +
      `<a:graphic><a:graphicData uri="${C}"><c:chart xmlns:c="${C}" r:id="rId2"/></a:graphicData></a:graphic></p:graphicFrame>`;
    const chart =
      `<c:chartSpace xmlns:c="${C}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart>` +
      '<c:title><c:tx><c:rich><a:p><a:r><a:t>Lluvia anual</a:t></a:r></a:p></c:rich></c:tx></c:title>' +
      '<c:plotArea><c:barChart><c:ser><c:tx><c:v>Mérida</c:v></c:tx><c:cat><c:strRef><c:strCache>' +
      '<c:pt idx="0"><c:v>Enero</c:v></c:pt></c:strCache></c:strRef></c:cat></c:ser></c:barChart></c:plotArea>' +
      '</c:chart></c:chartSpace>';
    const deck = makeZip([
      { name: '_rels/.rels', data: rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]) },
      {
        name: 'ppt/presentation.xml',
        data: `<p:presentation ${NS}><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>`,
      },
      { name: 'ppt/_rels/presentation.xml.rels', data: rels([['rId1', 'slide', 'slides/slide1.xml']]) },
      { name: 'ppt/slides/slide1.xml', data: `<p:sld ${NS}>${tree(sp('arriba', { at: [0, 0] }) + frame)}</p:sld>` },
      { name: 'ppt/slides/_rels/slide1.xml.rels', data: rels([['rId2', 'chart', '../charts/chart7.xml']]) },
      { name: 'ppt/charts/chart7.xml', data: chart },
    ]);
    const conversion = await convertPptx({ path: await files.write('grafico.pptx', deck), size: 0 }, ctx);
    expect(conversion.unidades[0]!.bloques!.map((b) => b.texto)).toEqual([
      'arriba',
      'Lluvia anual\nSeries: Mérida\nCategorías: Enero',
    ]);
  });

  it('fails on empty, truncated, legacy, encrypted and non-presentation files in both languages', async () => {
    const empty = await failure(convertPptx({ path: await files.write('vacia.pptx', ''), size: 0 }, ctx));
    expect(empty.mensaje).toMatch(/^La presentación está dañada.*vacío/);
    const bytes = readFileSync(resolve(OFFICE, 'presentacion-agua.pptx'));
    const cut = await files.write('cortada.pptx', bytes.subarray(0, 5000));
    expect((await failure(convertPptx({ path: cut, size: 0 }, ctx))).mensaje).toMatch(/incompleto o dañado/);
    const legacy = await failure(convertPptx({ path: resolve(OFFICE, 'calidad-agua.xls'), size: 0 }, ctx));
    expect(legacy.mensaje).toMatch(/formato binario antiguo de Office \(\.ppt\)/);
    const cfb = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    Buffer.from('EncryptedPackage', 'utf16le').copy(cfb, 1024);
    const encrypted = await failure(convertPptx({ path: await files.write('cifrada.pptx', cfb), size: 0 }, ctx));
    expect(encrypted.mensaje).toBe('La presentación está protegida con contraseña y no se puede leer.');
    expect(encrypted.message).toBe('The presentation is password-protected (encrypted OOXML)');
    const sheet = await failure(convertPptx({ path: resolve(OFFICE, 'calidad-agua.xlsx'), size: 0 }, ctx));
    expect(sheet.mensaje).toBe('La presentación no tiene diapositivas.');
  });

  it('stops a zip bomb and a deck with more slides than the limit', async () => {
    const deck = [
      { name: '_rels/.rels', data: rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]) },
      {
        name: 'ppt/presentation.xml',
        data: `<p:presentation ${NS}><p:sldIdLst><p:sldId id="256" r:id="rId1"/><p:sldId id="257" r:id="rId2"/></p:sldIdLst></p:presentation>`,
      },
      {
        name: 'ppt/_rels/presentation.xml.rels',
        data: rels([
          ['rId1', 'slide', 'slides/slide1.xml'],
          ['rId2', 'slide', 'slides/slide2.xml'],
        ]),
      },
      { name: 'ppt/slides/slide2.xml', data: `<p:sld ${NS}>${tree(sp('dos'))}</p:sld>` },
    ];
    const bomb = makeDeflatedZip([
      ...deck,
      { name: 'ppt/slides/slide1.xml', data: `<p:sld ${NS}>${' '.repeat(20 * 1024 * 1024)}</p:sld>` },
    ]);
    const error = await failure(convertPptx({ path: await files.write('bomba.pptx', bomb), size: 0 }, ctx));
    expect(error.mensaje).toMatch(/bomba zip/);
    const small = makeZip([
      ...deck,
      { name: 'ppt/slides/slide1.xml', data: `<p:sld ${NS}>${tree(sp('uno'))}</p:sld>` },
    ]);
    const limits = { maxPages: 1, maxUnzippedBytes: 1e9, maxZipRatio: 200, maxDurationSeconds: 1, maxImagePixels: 1e8 };
    const tooMany = await failure(
      convertPptx({ path: await files.write('dos.pptx', small), size: 0 }, { ...ctx, limits }),
    );
    expect(tooMany.mensaje).toBe('La presentación tiene 2 diapositivas; el máximo es 1.');
  });
});

describe('readingOrder', () => {
  it('reads titles first, then lines top to bottom and left to right, unplaced items last', () => {
    const items: SlideItem[] = [
      { text: 'sin posición' },
      { text: 'derecha', x: 500, y: 102 },
      { text: 'abajo', x: 0, y: 400 },
      { text: 'izquierda', x: 0, y: 100 },
      { text: 'título', title: true, x: 0, y: 900 },
    ];
    expect(readingOrder(items, 1000).map((i) => i.text)).toEqual([
      'título',
      'izquierda',
      'derecha',
      'abajo',
      'sin posición',
    ]);
  });

  it('builds a slide unit of title, body and notes blocks anchored to the slide', () => {
    const unit = slideUnit(
      4,
      [
        { text: 'cuerpo', y: 5 },
        { text: ' Título ', title: true },
      ],
      ' una nota ',
      100,
    );
    expect(unit).toEqual({
      texto: 'Título\n\ncuerpo\n\nNotas: una nota',
      ancla: { tipo: 'diapositiva', n: 4 },
      bloques: [
        { texto: 'Título', ancla: { tipo: 'diapositiva', n: 4 } },
        { texto: 'cuerpo', ancla: { tipo: 'diapositiva', n: 4 } },
        { texto: 'Notas: una nota', ancla: { tipo: 'diapositiva', n: 4 } },
      ],
    });
  });
});

describe.skipIf(!sharedExist)(titleNeeding('PPTX fixtures (python-pptx)', 'office/pptx'), () => {
  const convert = (name: string) => convertPptx({ path: resolve(SHARED, name), size: 0 }, ctx);
  const texts = (c: Conversion) => c.unidades.map((u) => u.texto);

  it('reads text boxes, groups and tables in reading order, pictures and connectors skipped', async () => {
    expect(texts(await convert('pptx-test_slides.pptx'))).toEqual([
      'Test text\n\nGroup test text\n\nCol head 1 | Col head 2\nCell text 1 | Cell text 2\n\nBox 1\n\nBox 2',
    ]);
  });

  it('reads speaker notes, and keeps a slide without text as an empty unit', async () => {
    const conversion = await convert('pptx-sld-notes.pptx');
    expect(texts(conversion)).toEqual(['Notas: Notes', '']);
    expect(splitPassages(conversion.unidades).map((p) => p.ancla)).toEqual([{ tipo: 'diapositiva', n: 1 }]);
    expect(texts(await convert('pptx-prs-notes.pptx'))).toEqual(['Notas: Notes']);
  });

  it('reads table cells once, merged-over cells skipped', async () => {
    expect(texts(await convert('pptx-tbl-cell.pptx'))).toEqual([
      'having custom margins | vert anchor is inherited | vert anchor is top | vert anchor is bottom\nunladen swallows',
      'merged cell\n\nmerged cell',
      'a | b | c\nd | e | f\ng | h | i',
    ]);
  });

  it('keeps line breaks and drops stray spaces of runs', async () => {
    expect(texts(await convert('pptx-txt-text.pptx'))).toEqual([
      'Foo Bar\nBaz Zoo\n1\nyahoo.com\n\nabc\na\nb\nc',
      'Text run in table cell',
    ]);
    expect((await convert('pptx-txt-text-frame.pptx')).unidades).toHaveLength(2);
  });

  it('fails on a deck whose shapes carry no text', async () => {
    const error = await failure(convert('pptx-shp-groupshape.pptx'));
    expect(error.mensaje).toBe('La presentación no contiene texto.');
  });
});

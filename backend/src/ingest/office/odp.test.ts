import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type ConvertContext } from '../converter';
import { convertOdp, readPage } from './odp';
import { parseXml } from '../../formats/office-package';
import { convertPptx } from './pptx';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const OFFICE = resolve(import.meta.dirname, '../../../../test/fixtures/office');
const ctx: ConvertContext = { progress: async () => {} };
const LABEL = { es: 'La presentación', en: 'presentation', legacy: '.ppt', modern: '.odp' };
const NS =
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"';

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-odp-');
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

const frame = (attributes: string, text: string) =>
  `<draw:frame ${attributes}><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>`;

describe('readPage', () => {
  it('reads frames, shapes and groups by position in any unit; boilerplate and thumbnails skipped', () => {
    const page = parseXml(
      `<draw:page ${NS}>` +
        frame('svg:x="1cm" svg:y="10cm"', 'abajo') +
        frame('presentation:class="page-number" svg:x="1cm" svg:y="14cm"', '3') +
        frame('presentation:class="footer" svg:x="5cm" svg:y="14cm"', 'pie') +
        `<draw:custom-shape svg:x="5in" svg:y="72pt"><text:p>derecha</text:p><draw:enhanced-geometry/></draw:custom-shape>` +
        `<draw:g><draw:rect svg:x="20mm" svg:y="60mm"><text:p>grupo uno</text:p></draw:rect>` +
        `<draw:ellipse svg:x="1cm" svg:y="6cm"><text:p>grupo dos</text:p></draw:ellipse></draw:g>` +
        `<draw:custom-shape draw:transform="rotate (0.5) translate (1cm 2.6cm)"><text:p>girada</text:p></draw:custom-shape>` +
        frame('presentation:class="title" svg:x="1cm" svg:y="0.5cm"', 'Título') +
        `<presentation:notes><draw:page-thumbnail presentation:class="page"/>` +
        frame('presentation:class="notes"', 'primera<text:line-break/>segunda') +
        `</presentation:notes></draw:page>`,
      LABEL,
    );
    const { items, notes } = readPage(page, 15.75);
    expect(items.map((i) => i.text)).toEqual(['abajo', 'derecha', 'grupo dos\ngrupo uno', 'girada', 'Título']);
    expect(items.find((i) => i.text === 'derecha')).toMatchObject({ x: 12.7, y: 2.54 });
    expect(items.find((i) => i.text === 'girada')).toMatchObject({ x: 1, y: 2.6 });
    expect(items.find((i) => i.text === 'Título')!.title).toBe(true);
    expect(notes).toBe('primera\nsegunda');
  });

  it('reads lists, nested lists and tables inside frames', () => {
    const page = parseXml(
      `<draw:page ${NS}><draw:frame svg:x="0cm" svg:y="0cm"><draw:text-box><text:h>Encabezado</text:h><text:list>` +
        `<text:list-item><text:p>uno</text:p><text:list><text:list-item><text:p>uno.a</text:p></text:list-item></text:list>` +
        `</text:list-item></text:list></draw:text-box></draw:frame><draw:frame svg:x="0cm" svg:y="5cm"><table:table>` +
        `<table:table-row><table:table-cell><text:p>a</text:p></table:table-cell><table:covered-table-cell/>` +
        `<table:table-cell><text:p>b</text:p></table:table-cell></table:table-row></table:table></draw:frame></draw:page>`,
      LABEL,
    );
    expect(readPage(page).items.map((i) => i.text)).toEqual(['Encabezado\nuno\nuno.a', 'a | b']);
  });
});

describe('convertOdp', () => {
  it('gives the committed deck the same slides, notes and metadata as its PPTX export', async () => {
    const odp = await convertOdp({ path: resolve(OFFICE, 'presentacion-agua.odp'), size: 0 }, ctx);
    const pptx = await convertPptx({ path: resolve(OFFICE, 'presentacion-agua.pptx'), size: 0 }, ctx);
    expect(odp.tipo).toBe('presentacion');
    expect(odp.unidades).toEqual(pptx.unidades);
    expect(odp.metadatos).toEqual(pptx.metadatos);
    expect(odp.unidades.map((u) => u.ancla)).toEqual([1, 2, 3].map((n) => ({ tipo: 'diapositiva', n })));
    expect(odp.unidades[2]!.texto).toMatch(/\n\nNotas: Diapositiva oculta: solo para el equipo\.$/);
  });

  it('fails on password-protected, empty and non-presentation packages in both languages', async () => {
    const encrypted = await failure(convertOdp({ path: resolve(OFFICE, 'cifrada.odp'), size: 0 }, ctx));
    expect(encrypted.mensaje).toBe('La presentación está protegida con contraseña y no se puede leer.');
    expect(encrypted.message).toBe('The presentation is password-protected (ODF encryption)');
    const empty = await failure(convertOdp({ path: await files.write('vacia.odp', ''), size: 0 }, ctx));
    expect(empty.mensaje).toMatch(/vacío/);
    const ods = await failure(convertOdp({ path: resolve(OFFICE, 'calidad-agua.ods'), size: 0 }, ctx));
    expect(ods.mensaje).toMatch(/no contiene diapositivas/);
  });
});

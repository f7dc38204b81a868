import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocr } from '../../ai/ocr';
import { createTesseractOcr } from '../../ai/tesseract-ocr';
import { ARABIC_LINES, canDrawArabic, drawnArabicPage, drawnLines, GERMAN_LINES } from '../../testing/drawn-text';
import { REPO_ROOT } from '../../testing/fixtures';
import { hasOcrData, MACHINE_OCR_DATA, titleNeedingOcr } from '../../testing/installed-ocr-data';
import { ConversionError, DEFAULT_LIMITS, type ConvertContext } from '../converter';
import { convertImage, imageFormat, inflateTiff, recognizedText, xmpMetadata } from './image';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const OCR_FIXTURES = resolve(REPO_ROOT, 'test/fixtures/ocr');
const WORDS = ['acuífero', 'kárstico', 'Yucatán', 'superficiales', 'concentración', 'nitratos', 'cenotes', 'lluvias'];

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const found = (text: string, words: string[]) =>
  words.filter((w) => plain(text).includes(plain(w))).length / words.length;

/** A PNG with an XMP packet (an iTXt chunk after IHDR), as photo tools write it. */
function withXmp(png: Uint8Array, title: string): Uint8Array {
  const xmp =
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ` +
    `xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/">` +
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title>` +
    `</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const data = Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(xmp, 'utf8')]);
  const typed = Buffer.concat([Buffer.from('iTXt', 'latin1'), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typed.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typed), 8 + data.length);
  const ihdrEnd = 8 + 25;
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

describe('convertImage', () => {
  let ocr: Ocr;
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
    ocr = await createTesseractOcr();
  });
  afterAll(async () => {
    await ocr?.close();
    await tmp.cleanup();
  });
  const context = (phases: string[] = []): ConvertContext => ({
    progress: async () => undefined,
    phase: async (p) => void phases.push(p),
    engines: { ocr },
  });
  const fixture = (name: string) => ({ path: resolve(OCR_FIXTURES, name), size: 0 });

  it.each(['texto-es.png', 'texto-es.jpg', 'texto-es.webp', 'texto-es.tiff'])(
    'reads %s by OCR into one unit anchored to the image',
    async (name) => {
      const phases: string[] = [];
      const conversion = await convertImage(fixture(name), context(phases));
      expect(conversion.tipo).toBe('imagen');
      expect(conversion.unidades).toHaveLength(1);
      const [unit] = conversion.unidades;
      expect(unit!.ancla).toEqual({ tipo: 'imagen' });
      expect(unit!.visual).toBe(true);
      expect(found(unit!.texto, WORDS)).toBeGreaterThanOrEqual(0.85);
      expect(unit!.texto).toBe(unit!.texto.trim());
      expect(phases).toEqual(['ocr']);
      expect(conversion.metadatos).toEqual({});
    },
  );

  it('takes the title from XMP', async () => {
    const png = withXmp(await readFile(resolve(OCR_FIXTURES, 'texto-es.png')), 'Cenotes &amp; nitratos');
    const conversion = await convertImage({ path: await tmp.write('xmp.png', png), size: 0 }, context());
    expect(conversion.metadatos).toEqual({ titulo: 'Cenotes & nitratos' });
    expect(found(conversion.unidades[0]!.texto, WORDS)).toBeGreaterThanOrEqual(0.85);
  });

  it('says so when no text is recognized: a blank image, a picture', async () => {
    for (const name of ['blanco.png', 'sin-texto.png']) {
      const error = await convertImage(fixture(name), context()).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ConversionError);
      expect((error as ConversionError).mensaje).toBe('No se reconoció texto en la imagen.');
    }
  });

  it('says so when there is no OCR engine', async () => {
    const error = await convertImage(fixture('texto-es.png'), { progress: async () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toMatch(/no hay motor de OCR disponible/);
  });

  it('reads a valid PNG with a 120 MB ancillary chunk, which decoders skip (issue 32)', async () => {
    const png = await readFile(resolve(OCR_FIXTURES, 'texto-es.png'));
    // A private ancillary chunk ('prVt': lower-case first letter) right after IHDR, with a valid CRC.
    const data = Buffer.alloc(120 * 1024 * 1024);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write('prVt', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
    const big = Buffer.concat([png.subarray(0, 33), head, data, crc, png.subarray(33)]);
    const path = await tmp.write('grande.png', big);
    const conversion = await convertImage({ path, size: big.length }, context());
    expect(found(conversion.unidades[0]!.texto, WORDS)).toBeGreaterThanOrEqual(0.85);
  });

  it('reads an image in its own language, told by a first reading: German (issue 33)', async () => {
    const canvas = drawnLines(GERMAN_LINES.slice(0, 5), {
      width: 1275,
      height: 500,
      font: '34px serif',
      top: 80,
      step: 60,
    });
    const path = await tmp.write('seite.png', canvas.toBuffer('image/png'));
    const { unidades } = await convertImage({ path, size: 0 }, context());
    // Read with Spanish and English models only, such a page said 'StraBe heiBt Briicke Losung'.
    expect(unidades[0]!.texto).toMatch(/Straße/);
    expect(unidades[0]!.texto).toMatch(/Brücke/);
    expect(unidades[0]!.texto).toMatch(/Lösung/);
  }, 120_000);

  it.skipIf(!canDrawArabic)(
    'says that an image is in a script OCR does not read, not made-up Latin words',
    async () => {
      const path = await tmp.write('arabe.png', drawnArabicPage());
      const error = await convertImage({ path, size: 0 }, context()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConversionError);
      expect((error as ConversionError).mensaje).toBe(
        'La imagen está escrita en escritura árabe, que el OCR de este servidor no lee (lee la escritura ' +
          "latina); para leerla, 'npm run folio -- models pull ocr ara' o el paquete de Debian tesseract-ocr-ara.",
      );
    },
    120_000,
  );

  it.skipIf(!canDrawArabic || !hasOcrData('ara'))(
    titleNeedingOcr('reads an image in the Arabic script in Arabic where its data is installed', 'ara'),
    async () => {
      const path = await tmp.write('arabe-leido.png', drawnArabicPage());
      const arabic = await createTesseractOcr(MACHINE_OCR_DATA);
      try {
        const { unidades } = await convertImage({ path, size: 0 }, { ...context(), engines: { ocr: arabic } });
        const lines = unidades[0]!.texto.split('\n').filter(Boolean);
        // Every line, word for word, with Debian's ara and with the pulled one.
        expect(lines.filter((l) => ARABIC_LINES.includes(l)).length).toBeGreaterThanOrEqual(7);
      } finally {
        await arabic.close();
      }
    },
    120_000,
  );

  it('says that an image is past the pixel limit, and which limit, whatever its format', async () => {
    for (const name of ['texto-es.png', 'texto-es.tiff', 'texto-es.webp']) {
      const error = await convertImage(fixture(name), {
        ...context(),
        limits: { ...DEFAULT_LIMITS, maxImagePixels: 100_000 },
      }).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ConversionError);
      expect((error as ConversionError).mensaje).toMatch(
        /^La imagen es demasiado grande para leerla: .* píxeles .*; el límite es 100\.000 píxeles\.$/,
      );
      expect((error as ConversionError).message).toMatch(/over the limit of 100000/);
    }
  });

  it('refuses formats the engine does not read, and images it cannot decode', async () => {
    const svg = await tmp.write('a.svg', '<svg xmlns="http://www.w3.org/2000/svg"><text>hola</text></svg>');
    const unknown = await convertImage({ path: svg, size: 0 }, context()).catch((e: unknown) => e);
    expect((unknown as ConversionError).mensaje).toMatch(/se admiten PNG, JPEG, WebP, TIFF, BMP y GIF/);

    const png = await readFile(resolve(OCR_FIXTURES, 'texto-es.png'));
    const broken = new Uint8Array(png.subarray(0, 64));
    const path = await tmp.write('broken.png', broken);
    const error = await convertImage({ path, size: 0 }, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toMatch(/^La imagen está dañada/);
  });
});

describe('recognizedText', () => {
  it('tidies the text and drops noise', () => {
    expect(recognizedText({ texto: ' Hola  mundo \n\n\n\nadiós\n', confianza: 0.9 })).toBe('Hola mundo\n\nadiós');
    expect(recognizedText({ texto: 'RA\nria\nE” S', confianza: 0.25 })).toBeNull();
    expect(recognizedText({ texto: 'Bx\npr aa\nJo 3\n\nll\n\nSNE 1\nBA, p\nEA\n\nRy', confianza: 0.42 })).toBeNull();
    expect(recognizedText({ texto: 'Prohibido el paso a la cantera', confianza: 0.45 })).toBe(
      'Prohibido el paso a la cantera',
    );
    expect(recognizedText({ texto: 'No 10 de la', confianza: 0.7 })).toBe('No 10 de la');
    expect(recognizedText({ texto: '| —', confianza: 0.9 })).toBeNull();
    expect(recognizedText({ texto: '', confianza: 0 })).toBeNull();
  });
});

describe('imageFormat', () => {
  it('knows the formats from their first bytes', async () => {
    for (const [name, format] of [
      ['texto-es.png', 'png'],
      ['texto-es.jpg', 'jpeg'],
      ['texto-es.webp', 'webp'],
      ['texto-es.tiff', 'tiff'],
    ] as const) {
      expect(imageFormat(await readFile(resolve(OCR_FIXTURES, name)))).toBe(format);
    }
    expect(imageFormat(Buffer.from('GIF89a……'))).toBe('gif');
    expect(imageFormat(Buffer.from('BM……'))).toBe('bmp');
    expect(imageFormat(Buffer.from('\0\0\0 ftypheic'))).toBeNull();
  });
});

describe('xmpMetadata', () => {
  it('ignores files without XMP and junk titles', () => {
    expect(xmpMetadata(Buffer.from('no xmp here'))).toEqual({});
    const junk = withXmp(Buffer.alloc(40), 'IMG_2041.jpg');
    expect(xmpMetadata(junk)).toEqual({});
  });
});

/** A one-strip, 8-bit grey TIFF with Deflate and the horizontal predictor, as image tools write them. */
function deflateTiff(width: number, height: number, pixels: Uint8Array, predictor: boolean): Uint8Array {
  const coded = Uint8Array.from(pixels);
  if (predictor) {
    for (let row = 0; row < height; row++) {
      for (let x = width - 1; x > 0; x--)
        coded[row * width + x] = (pixels[row * width + x]! - pixels[row * width + x - 1]!) & 0xff;
    }
  }
  const strip = deflateSync(coded);
  const tags: [number, number, number][] = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, 8],
    [259, 3, 8],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 3, height],
    [279, 4, strip.length],
    [317, 3, predictor ? 2 : 1],
  ];
  const ifdSize = 2 + tags.length * 12 + 4;
  const out = Buffer.alloc(8 + ifdSize + strip.length);
  out.write('MM', 0, 'latin1'); // big-endian, to cover both byte orders
  out.writeUInt16BE(42, 2);
  out.writeUInt32BE(8, 4);
  out.writeUInt16BE(tags.length, 8);
  tags.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    out.writeUInt16BE(tag, at);
    out.writeUInt16BE(type, at + 2);
    out.writeUInt32BE(1, at + 4);
    const v = tag === 273 ? 8 + ifdSize : value;
    if (type === 3) out.writeUInt16BE(v, at + 8);
    else out.writeUInt32BE(v, at + 8);
  });
  strip.copy(out, 8 + ifdSize);
  return out;
}

describe('inflateTiff', () => {
  const width = 7;
  const height = 3;
  const pixels = Uint8Array.from({ length: width * height }, (_, i) => (i * 37) % 256);
  /** The pixels of an uncompressed single-strip TIFF as inflateTiff writes it. */
  const stripOf = (tiff: Uint8Array) => {
    const view = Buffer.from(tiff);
    const count = view.readUInt16LE(8);
    for (let i = 0; i < count; i++) {
      const at = 10 + i * 12;
      if (view.readUInt16LE(at) === 273) return view.subarray(view.readUInt32LE(at + 8));
    }
    throw new Error('no strip');
  };

  it('rewrites Deflate as uncompressed, undoing the horizontal predictor', () => {
    for (const predictor of [false, true]) {
      const out = inflateTiff(deflateTiff(width, height, pixels, predictor))!;
      expect(Buffer.from(out.subarray(0, 4)).toString('latin1')).toBe('II*\0');
      expect([...stripOf(out)]).toEqual([...pixels]);
    }
  });

  it('leaves other TIFFs alone and survives garbage', async () => {
    expect(inflateTiff(Buffer.from('II*\0\x08\0\0\0\0\0'))).toBeNull();
    expect(inflateTiff(Buffer.from('MM\0*garbage'))).toBeNull();
    const fixture = await readFile(resolve(OCR_FIXTURES, 'texto-es.tiff'));
    expect(inflateTiff(fixture)).not.toBeNull();
  });
});

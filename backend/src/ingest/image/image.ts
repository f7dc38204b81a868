import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { OcrImageError, type OcrResult } from '../../ai/ocr';
import {
  ConversionError,
  DEFAULT_LIMITS,
  type Conversion,
  type Converter,
  type ConvertContext,
  type FoundMetadata,
  type SourceFile,
} from '../converter';
import { imageSize, pngWithoutAncillaryChunks } from './image-size';
import { recognizeInItsLanguage } from './ocr-languages';
import { notReadHere, scriptSaid } from './ocr-scripts';
import { readInItsScript } from './ocr-script-reading';
import { cleanTitle } from '../metadata/clean-fields';

/**
 * Reads an image by OCR: one unit, anchored to the image as a whole. What tesseract.js 7 decodes (checked
 * on files made by ffmpeg and libvips): PNG, JPEG, WebP, BMP, GIF, and TIFF uncompressed, LZW, PackBits or
 * CCITT G4; Deflate TIFF is rewritten uncompressed here first (`inflateTiff`); JPEG-in-TIFF and ZSTD TIFF
 * fail with a `ConversionError`. Of a multi-page TIFF or an animation, only the first image is read.
 */
export const imageConverter: Converter = {
  kinds: ['imagen'],
  convert: convertImage,
};

/**
 * Below this mean word confidence (0-1) OCR output is noise read into a picture, not text: pictures come
 * out at 0.15-0.45 (fractals, textures), printed text at 0.9 and more.
 */
export const MIN_OCR_CONFIDENCE = 0.4;
/** Above this confidence the output is text, whatever it looks like. */
export const SURE_OCR_CONFIDENCE = 0.6;
/** In between, words of three letters or more must make this share of the tokens (noise: 8-15 %). */
const MIN_WORD_SHARE = 0.3;

/** Formats the OCR engine (Leptonica inside tesseract.js) decodes. */
type ImageFormat = 'png' | 'jpeg' | 'webp' | 'tiff' | 'bmp' | 'gif';

/**
 * Converts an image by OCR. Fails with a `ConversionError` when there is no OCR engine, when the format
 * is not one the engine reads, and when no text is recognized.
 */
export async function convertImage(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const ocr = ctx.engines?.ocr;
  if (!ocr) {
    throw new ConversionError(
      'No se puede leer el texto de la imagen: no hay motor de OCR disponible en este servidor.',
      'No OCR engine available to read an image',
    );
  }
  const bytes = new Uint8Array(await readFile(file.path));
  const format = imageFormat(bytes);
  if (!format) {
    throw new ConversionError(
      'El formato de la imagen no se puede leer; se admiten PNG, JPEG, WebP, TIFF, BMP y GIF.',
      'Unsupported or unrecognised image format',
    );
  }
  const size = imageSize(bytes);
  const maxPixels = ctx.limits?.maxImagePixels ?? DEFAULT_LIMITS.maxImagePixels;
  if (size && size.width * size.height > maxPixels) {
    const n = (x: number) => x.toLocaleString('es-ES');
    throw new ConversionError(
      `La imagen es demasiado grande para leerla: ${n(size.width)} × ${n(size.height)} píxeles ` +
        `(${n(size.width * size.height)}); el límite es ${n(maxPixels)} píxeles.`,
      `Image too large to read: ${size.width} x ${size.height} pixels, over the limit of ${maxPixels}`,
    );
  }
  // Leptonica in tesseract.js reads uncompressed, LZW, PackBits and CCITT TIFF, not Deflate; a PNG goes
  // without its ancillary chunks, which it may not get past (and OCR has no use for).
  const image =
    format === 'tiff'
      ? (inflateTiff(bytes) ?? bytes)
      : format === 'png'
        ? (pngWithoutAncillaryChunks(bytes) ?? bytes)
        : bytes;

  await ctx.phase?.('ocr');
  let result: OcrResult;
  try {
    ({ result } = await recognizeInItsLanguage(ocr, image, ctx.signal));
  } catch (error) {
    if (error instanceof OcrImageError) {
      throw new ConversionError(
        'La imagen está dañada o usa una compresión que no se puede leer (por ejemplo, TIFF con JPEG).',
        (error as Error).message,
      );
    }
    throw error;
  }
  await ctx.progress(1);

  if (!recognizedText(result) || result.confianza < SURE_OCR_CONFIDENCE) {
    // Little or unsure text: it may be another script, read into Latin letters.
    const read = await readInItsScript(ocr, image, result, ctx.signal);
    if (read.unread) {
      throw new ConversionError(
        `La imagen está escrita en ${scriptSaid(read.unread)}${notReadHere([read.unread], ocr.languages ?? [])}.`,
        `The image is written in the ${read.unread} script, which OCR here does not read`,
      );
    }
    result = read.result;
  }
  const texto = recognizedText(result);
  if (!texto) throw new ConversionError('No se reconoció texto en la imagen.', 'No text recognized in the image');
  return {
    tipo: 'imagen',
    unidades: [{ texto, ancla: { tipo: 'imagen' }, visual: true }],
    metadatos: xmpMetadata(bytes),
  };
}

/**
 * The text of an OCR result, lines trimmed and at most one blank line between paragraphs; null when
 * there is none worth keeping: fewer than 3 letters or digits, a confidence under MIN_OCR_CONFIDENCE, or
 * a middling confidence with few real words ('Bx pr aa Jo 3 ll' is what OCR reads into a photo).
 */
export function recognizedText(result: OcrResult): string | null {
  const texto = result.texto
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const signs = texto.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (signs < 3 || result.confianza < MIN_OCR_CONFIDENCE) return null;
  if (result.confianza >= SURE_OCR_CONFIDENCE) return texto;
  const tokens = texto.split(/\s+/);
  const words = tokens.filter((t) => /\p{L}{3,}/u.test(t)).length;
  return words / tokens.length >= MIN_WORD_SHARE ? texto : null;
}

/** The format from the first bytes, or null for one the OCR engine cannot read (HEIC, AVIF, SVG …). */
export function imageFormat(bytes: Uint8Array): ImageFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff';
  if (ascii(0, 2) === 'BM') return 'bmp';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  return null;
}

/** A title from the image's XMP packet (dc:title), which PNG, JPEG, WebP and TIFF all carry as plain text. */
export function xmpMetadata(bytes: Uint8Array): FoundMetadata {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = raw.indexOf('<x:xmpmeta');
  if (start < 0) return {};
  const end = raw.indexOf('</x:xmpmeta>', start);
  if (end < 0) return {};
  const xmp = raw.toString('utf8', start, end);
  const title = /<dc:title>[\s\S]*?<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(xmp)?.[1];
  const titulo = cleanTitle(title === undefined ? undefined : decodeXml(title));
  return titulo ? { titulo } : {};
}

function decodeXml(s: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== '#') return named[e.toLowerCase()]!;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const TIFF_TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planarConfig: 284,
  predictor: 317,
  colorMap: 320,
  tileWidth: 322,
  extraSamples: 338,
} as const;

/**
 * Rewrites a Deflate-compressed TIFF (its first image) as an uncompressed one, which the OCR engine reads;
 * null when the file is not Deflate or is a variant this does not handle (tiles, separate planes, a
 * predictor on samples other than 8 bits). Only the tags needed to read the pixels are kept.
 */
export function inflateTiff(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  try {
    const ifd = u32(4);
    const count = u16(ifd);
    const tags = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const [tag, type, n] = [u16(entry), u16(entry + 2), u32(entry + 4)];
      const size = type === 3 ? 2 : type === 4 ? 4 : 0;
      if (!size || n > 1 << 20) continue;
      const at = size * n <= 4 ? entry + 8 : u32(entry + 8);
      tags.set(
        tag,
        Array.from({ length: n }, (_, k) => (size === 2 ? u16(at + 2 * k) : u32(at + 4 * k))),
      );
    }
    const one = (tag: number, fallback?: number) => tags.get(tag)?.[0] ?? fallback;
    const compression = one(TIFF_TAG.compression, 1);
    if (compression !== 8 && compression !== 32946) return null;
    if (tags.has(TIFF_TAG.tileWidth) || one(TIFF_TAG.planarConfig, 1) !== 1) return null;
    const width = one(TIFF_TAG.width)!;
    const height = one(TIFF_TAG.height)!;
    const samples = one(TIFF_TAG.samplesPerPixel, 1)!;
    const bits = tags.get(TIFF_TAG.bitsPerSample) ?? [1];
    const predictor = one(TIFF_TAG.predictor, 1);
    if (predictor !== 1 && !(predictor === 2 && bits.every((b) => b === 8))) return null;
    const offsets = tags.get(TIFF_TAG.stripOffsets) ?? [];
    const lengths = tags.get(TIFF_TAG.stripByteCounts) ?? [];
    if (!width || !height || offsets.length === 0 || offsets.length !== lengths.length) return null;

    const rowBytes = Math.ceil((width * samples * bits[0]!) / 8);
    const pixels = Buffer.concat(offsets.map((o, i) => inflateSync(bytes.subarray(o, o + lengths[i]!))));
    if (pixels.length < rowBytes * height) return null;
    if (predictor === 2) {
      for (let row = 0; row < height; row++) {
        const start = row * rowBytes;
        for (let i = start + samples; i < start + rowBytes; i++) pixels[i] = (pixels[i]! + pixels[i - samples]!) & 0xff;
      }
    }
    return writeTiff(
      [
        [TIFF_TAG.width, [width]],
        [TIFF_TAG.height, [height]],
        [TIFF_TAG.bitsPerSample, bits],
        [TIFF_TAG.compression, [1]],
        [TIFF_TAG.photometric, tags.get(TIFF_TAG.photometric) ?? [1]],
        [TIFF_TAG.stripOffsets, [0]],
        [TIFF_TAG.samplesPerPixel, [samples]],
        [TIFF_TAG.rowsPerStrip, [height]],
        [TIFF_TAG.stripByteCounts, [rowBytes * height]],
        [TIFF_TAG.planarConfig, [1]],
        ...(tags.has(TIFF_TAG.colorMap) ? [[TIFF_TAG.colorMap, tags.get(TIFF_TAG.colorMap)!] as const] : []),
        ...(tags.has(TIFF_TAG.extraSamples)
          ? [[TIFF_TAG.extraSamples, tags.get(TIFF_TAG.extraSamples)!] as const]
          : []),
      ],
      pixels.subarray(0, rowBytes * height),
    );
  } catch {
    return null;
  }
}

/** A little-endian, single-strip TIFF: SHORT values, except LONG for sizes and offsets. */
function writeTiff(entries: readonly (readonly [number, readonly number[]])[], pixels: Uint8Array): Uint8Array {
  const long = new Set<number>([
    TIFF_TAG.width,
    TIFF_TAG.height,
    TIFF_TAG.stripOffsets,
    TIFF_TAG.rowsPerStrip,
    TIFF_TAG.stripByteCounts,
  ]);
  const ifdSize = 2 + entries.length * 12 + 4;
  const extra = entries.reduce((sum, [tag, v]) => {
    const size = (long.has(tag) ? 4 : 2) * v.length;
    return sum + (size > 4 ? size + (size % 2) : 0);
  }, 0);
  const dataAt = 8 + ifdSize + extra;
  const out = Buffer.alloc(dataAt + pixels.length);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  let spill = 8 + ifdSize;
  entries.forEach(([tag, raw], i) => {
    const values = tag === TIFF_TAG.stripOffsets ? [dataAt] : raw;
    const isLong = long.has(tag);
    const entry = 10 + i * 12;
    out.writeUInt16LE(tag, entry);
    out.writeUInt16LE(isLong ? 4 : 3, entry + 2);
    out.writeUInt32LE(values.length, entry + 4);
    const size = (isLong ? 4 : 2) * values.length;
    let at = entry + 8;
    if (size > 4) {
      out.writeUInt32LE(spill, entry + 8);
      at = spill;
      spill += size + (size % 2);
    }
    values.forEach((v, k) => (isLong ? out.writeUInt32LE(v, at + 4 * k) : out.writeUInt16LE(v, at + 2 * k)));
  });
  out.set(pixels, dataAt);
  return out;
}

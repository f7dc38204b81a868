/**
 * What an image's own header says, read without decoding it: its size in pixels (PNG's IHDR, JPEG's start
 * of frame, TIFF's first image directory, WebP's, GIF's and BMP's headers), and a PNG with only the chunks
 * that draw it.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface Size {
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** Width and height as the image's header says; undefined for other formats or a header cut short. */
export function imageSize(bytes: Uint8Array): Size | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return pngOrJpegSize(bytes, view) ?? tiffSize(bytes, view) ?? otherSize(bytes, view);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function pngOrJpegSize(bytes: Uint8Array, view: DataView): Size | undefined {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b) && bytes.length >= 24) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let at = 2; at + 9 < bytes.length;) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1]!;
      // SOF0-SOF15, but not DHT (C4), JPG (C8) or DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      at += 2 + view.getUint16(at + 2);
    }
  }
  return undefined;
}

/** TIFF: ImageWidth (256) and ImageLength (257) of the first image directory, SHORT or LONG. */
function tiffSize(bytes: Uint8Array, view: DataView): Size | undefined {
  const order = ascii(bytes, 0, 4);
  if (order !== 'II*\0' && order !== 'MM\0*') return undefined;
  const le = order.startsWith('II');
  const ifd = view.getUint32(4, le);
  const entries = view.getUint16(ifd, le);
  const size: Partial<Size> = {};
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    const tag = view.getUint16(at, le);
    if (tag !== 256 && tag !== 257) continue;
    const type = view.getUint16(at + 2, le);
    const value = type === 3 ? view.getUint16(at + 8, le) : view.getUint32(at + 8, le);
    size[tag === 256 ? 'width' : 'height'] = value;
  }
  return size.width && size.height ? (size as Size) : undefined;
}

/** WebP (lossy, lossless, extended), GIF's logical screen and BMP's information header. */
function otherSize(bytes: Uint8Array, view: DataView): Size | undefined {
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    const chunk = ascii(bytes, 12, 16);
    if (chunk === 'VP8X') {
      const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
      return { width: u24(24) + 1, height: u24(27) + 1 };
    }
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ')
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    return undefined;
  }
  if (ascii(bytes, 0, 4) === 'GIF8') return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (ascii(bytes, 0, 2) === 'BM' && view.getUint32(14, true) >= 40) {
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  return undefined;
}

/** Ancillary chunks a PNG keeps for OCR: transparency, which changes what is drawn. */
const KEPT_ANCILLARY = new Set(['tRNS']);

/**
 * A PNG with its ancillary chunks (text, metadata, private data: a chunk whose type starts with a lower-case
 * letter, which PNG decoders may skip) left out, the picture untouched; undefined when it is not a PNG or its
 * chunks do not add up. OCR's decoder gave up on a valid 120 MB ancillary chunk and the image was called
 * damaged.
 */
export function pngWithoutAncillaryChunks(bytes: Uint8Array): Uint8Array | undefined {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let dropped = false;
  for (let at = 8; at < bytes.length;) {
    if (at + 12 > bytes.length) return undefined;
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const ancillary = type.charCodeAt(0) >= 0x61;
    if (ancillary && !KEPT_ANCILLARY.has(type)) dropped = true;
    else kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  if (!dropped) return bytes;
  const out = new Uint8Array(kept.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of kept) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * What an image's own header says, read without decoding it: its size in pixels (PNG's IHDR, JPEG's start
 * of frame), and a PNG with only the chunks that draw it.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame marker; undefined for other formats. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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

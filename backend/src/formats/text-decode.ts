import { readFile } from 'node:fs/promises';

/** The encodings Folio reads plain text in. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Which encoding the bytes are in, and how long their byte order mark is. */
export interface SniffedEncoding {
  encoding: TextEncodingName;
  bomLength: number;
}

/**
 * Decides the encoding of text bytes: a BOM wins (UTF-8, UTF-16LE, UTF-16BE); otherwise strict UTF-8 when
 * the bytes are valid UTF-8, else windows-1252 (which also covers ASCII and Latin-1 text).
 * With `partial`, the bytes are the head of a longer file, so a multi-byte sequence cut at the end is allowed.
 */
export function sniffEncoding(bytes: Uint8Array, options: { partial?: boolean } = {}): SniffedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: isValidUtf8(bytes, options.partial ?? false) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

/** True when the bytes are well-formed UTF-8 (a sequence cut at the very end is tolerated when `partial`). */
export function isValidUtf8(bytes: Uint8Array, partial = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

/** Turns CRLF and lone CR into LF. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Decodes a whole text file: BOM-aware, strict UTF-8 first, windows-1252 when the bytes are not UTF-8.
 * The BOM is dropped and newlines are normalised to LF. Malformed UTF-16 decodes with replacement characters.
 */
export function decodeText(bytes: Uint8Array): string {
  return decodeWith(bytes, sniffEncoding(bytes));
}

/** Decodes bytes in an encoding already decided (e.g. by `sniffEncoding` or a declared charset). */
export function decodeWith(bytes: Uint8Array, { encoding, bomLength }: SniffedEncoding): string {
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  return normalizeNewlines(decoder.decode(bytes.subarray(bomLength)));
}

/** Reads and decodes a text file (see `decodeText`). */
export async function readTextFile(path: string): Promise<string> {
  return decodeText(await readFile(path));
}

/** One byte range of a file, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14.1.2), for the single ranges media
 * elements and pdf.js ask for: `bytes=a-b`, `bytes=a-` and the suffix `bytes=-n`.
 * - undefined: no header, another unit, a malformed value or several ranges — send the whole file (200);
 * - 'unsatisfiable': the range starts past the end — answer 416;
 * - else the range, its end clipped to the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return undefined;
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

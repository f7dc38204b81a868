import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { OriginalFile } from '../../services/documents/read-original';
import { parseRange } from './range';

/** `Content-Disposition` with the file's name, ASCII fallback plus RFC 8187 UTF-8 form. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function stream(path: string, start: number, end: number): ReadableStream<Uint8Array> {
  return Readable.toWeb(fs.createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
}

/**
 * The original file as a response, honouring a single byte range (206, or 416 past the end) so media
 * elements can seek and pdf.js can read a large PDF in pieces. Whatever it is, the browser is told not to
 * sniff it and to sandbox it if it is ever opened as a page; only types the reader shows are `inline`.
 */
export function originalResponse(file: OriginalFile, req: Request): Response {
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': disposition(file.inline ? 'inline' : 'attachment', file.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': 'private, max-age=3600',
  });
  if (file.etag) headers.set('ETag', file.etag);
  if (file.etag && req.headers.get('if-none-match') === file.etag) {
    return new Response(null, { status: 304, headers });
  }
  // A range against another version of the file (If-Range not matching) gets the whole file.
  const ifRange = req.headers.get('if-range');
  const rangeHeader = ifRange && ifRange !== file.etag ? undefined : (req.headers.get('range') ?? undefined);
  const range = parseRange(rangeHeader, file.size);
  const head = req.method === 'HEAD';
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (!range) {
    headers.set('Content-Length', String(file.size));
    const body = head || file.size === 0 ? null : stream(file.path, 0, file.size - 1);
    return new Response(body, { status: 200, headers });
  }
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  headers.set('Content-Length', String(range.end - range.start + 1));
  return new Response(head ? null : stream(file.path, range.start, range.end), { status: 206, headers });
}

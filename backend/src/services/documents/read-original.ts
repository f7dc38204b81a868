import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { Deps } from '../../context';
import { findDocument, type DocumentRow } from '../../db/documents.repo';

/** The stored original of a document, ready to be sent. */
export interface OriginalFile {
  /** A local path holding the bytes (the blob store materialises it when it keeps blobs elsewhere). */
  path: string;
  size: number;
  /** What the bytes are (sniffed, never the uploader's word), or application/octet-stream. */
  contentType: string;
  /** Safe to show in the browser (PDF, audio, video, raster image); everything else is a download. */
  inline: boolean;
  fileName: string;
  /** A strong validator: the SHA-256 of the bytes, when known. */
  etag?: string;
  documento: Pick<DocumentRow, 'id' | 'tipo' | 'url'>;
}

/**
 * Types a page of ours may render from the bytes. Anything else (HTML, SVG, XML, text …) could run script
 * in this origin if a browser rendered it, so it is only ever downloaded.
 */
const INLINE = [/^application\/pdf$/, /^audio\//, /^video\//, /^image\/(?:png|jpeg|gif|webp|avif|bmp)$/];

const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.srt': 'application/x-subrip',
};

function contentTypeOf(row: DocumentRow, sniffed: string | undefined): string {
  if (sniffed) return sniffed;
  if (row.tipo === 'pdf' || row.tipo === 'pdf_escaneado') return 'application/pdf';
  const ext = /\.[a-z0-9]+$/i.exec(row.file_name ?? '')?.[0]?.toLowerCase();
  return (ext && TEXT_TYPES[ext]) ?? 'application/octet-stream';
}

/** The original file of the caller's document; undefined when it is not theirs or keeps no file. */
export async function readOriginal(
  deps: Pick<Deps, 'db' | 'blobs'>,
  userId: string,
  id: string,
): Promise<OriginalFile | undefined> {
  const row = await findDocument(deps.db, userId, id);
  return row && originalOf(deps, row);
}

/** The original file of a document row already checked to be the caller's. */
export async function originalOf(deps: Pick<Deps, 'blobs'>, row: DocumentRow): Promise<OriginalFile | undefined> {
  if (!row.blob_key) return undefined;
  let path: string;
  try {
    path = await deps.blobs.localPath(row.blob_key);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const [{ size }, type] = await Promise.all([fs.stat(path), fileTypeFromFile(path)]);
  const contentType = contentTypeOf(row, type?.mime);
  return {
    path,
    size,
    contentType,
    inline: INLINE.some((re) => re.test(contentType.split(';')[0]!.trim())),
    fileName: row.file_name ?? `${row.id}${type ? `.${type.ext}` : ''}`,
    ...(row.sha256 && { etag: `"${row.sha256}"` }),
    documento: { id: row.id, tipo: row.tipo, url: row.url },
  };
}

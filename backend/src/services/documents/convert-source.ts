import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../context';
import { attachDownloadedFile, type DocumentRow } from '../../db/documents.repo';
import { ConversionError, type Conversion, type ConvertContext, type TranscriptFormat } from '../../ingest/converter';
import { readInProcess } from '../../ingest/read-apart/reader-process';

/** What reading a document's source uses: the store, its files, the fetch settings, the reader process. */
type SourceDeps = Pick<Deps, 'db' | 'blobs' | 'config' | 'reader'>;

/**
 * The source of a document as a conversion: its stored file, or for a URL document the download
 * (kept in the blob store, so a retry does not fetch again) or what the page itself gave.
 */
export async function convertSource(
  deps: SourceDeps,
  row: DocumentRow,
  ctx: ConvertContext,
): Promise<{ conversion: Conversion; fromPage: boolean }> {
  let blobKey = row.blob_key;
  let fileName = row.file_name ?? undefined;
  let contentType = row.content_type ?? undefined;
  let transcriptKey = row.transcript_key;
  let transcriptFormat = row.transcript_format as TranscriptFormat | null;
  if (!blobKey) {
    if (!row.url)
      throw new ConversionError('El documento no tiene archivo ni URL.', 'Document has neither file nor URL');
    await ctx.phase?.('descarga');
    // Imported on the first URL document: the page, feed and video readers are not needed before.
    const { readUrl } = await import('../../ingest/url/read-url');
    const reading = await readUrl(row.url, {
      allowPrivate: deps.config.fetch.allowPrivate,
      timeoutMs: deps.config.fetch.timeoutMs,
      maxRedirects: deps.config.fetch.maxRedirects,
      maxBytes: deps.config.maxUploadBytes,
      tmpDir: path.join(deps.config.dataDir, 'tmp'),
      signal: ctx.signal,
      progress: ctx.progress,
    });
    if (reading.kind === 'converted') return { conversion: reading.conversion, fromPage: true };
    // Keep what was downloaded, so a retry converts again without fetching again.
    const stat = await fs.stat(reading.file.path);
    await deps.blobs.putFile(row.id, reading.file.path);
    blobKey = row.id;
    fileName = reading.file.nombre;
    contentType = reading.file.contentType;
    if (reading.file.transcript) {
      transcriptKey = `${row.id}-transcript`;
      transcriptFormat = reading.file.transcript.format;
      await deps.blobs.putFile(transcriptKey, reading.file.transcript.path);
    }
    const sourceMeta = reading.metadatos ?? {};
    await attachDownloadedFile(deps.db, row.id, {
      blobKey,
      fileName,
      contentType,
      sizeBytes: stat.size,
      transcript: transcriptKey && transcriptFormat ? { key: transcriptKey, format: transcriptFormat } : undefined,
      sourceMeta,
    });
    row.source_meta = sourceMeta;
  }
  const transcript =
    transcriptKey && transcriptFormat
      ? { path: await deps.blobs.localPath(transcriptKey), format: transcriptFormat }
      : undefined;
  await ctx.phase?.('conversion');
  const local = await deps.blobs.localPath(blobKey);
  const conversion = await (deps.reader ?? readInProcess).read(
    {
      path: local,
      size: Number(row.size_bytes ?? 0),
      nombre: fileName,
      contentType,
      url: row.url ?? undefined,
      receivedAt: row.created,
      transcript,
    },
    ctx,
  );
  // A captured page (an HTML file) tells its metadata in its tags, like a page read from its URL.
  return { conversion, fromPage: conversion.tipo === 'web' };
}

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../context';
import { AppError } from '../../errors';
import { assignCollection, insertCollection } from '../../db/collections.repo';
import {
  attachFileToReference,
  findDocument,
  findDocumentByDoi,
  findDocumentBySha,
  findReferenceByKey,
  insertDocument,
  updateDocument,
  type DocumentRow,
} from '../../db/documents.repo';
import { findImportedItems, recordImportedItem } from '../../db/imported-items.repo';
import { newId } from '../../ids';
import { userMetaOfCsl } from '../../import/csl-metadata';
import type { ImportedFile, ImportedItem, LibraryReading } from '../../import/imported-item';
import { detectKind } from '../../ingest/detect';
import { uploadTipo } from '../../ingest/tipo-of-kind';
import { ingestJob } from '../../jobs/definitions';
import { DETAIL_KEYS, type UserField, type UserMeta } from '../../metadata/metadata-types';
import { originsOf, resolveMetadata } from '../../metadata/resolve-metadata';
import { cleanTags, unionTags } from '../../metadata/tags';
import { SizeLimitExceeded, writeMetered } from '../../storage/metered-copy';
import { searchKeyOf } from '../documents/document-metadata';
import { metadataInForce, reindexTitle } from '../documents/metadata-in-force';
import { storedLayers } from '../documents/metadata-layers';
import { uploadFile } from '../documents/upload-document';

type DetailKey = (typeof DETAIL_KEYS)[number];

/** What happened to one item of the library. */
export type ItemOutcome =
  /** Its file became a new document, queued to be read. */
  | 'nuevo'
  /** Its file was already in the library: that document took the item's metadata where the user had given none. */
  | 'ya_estaba'
  /** It has no file (or none on disk): a new document with its reference only, cite-able, with no text. */
  | 'referencia'
  /** Imported by an earlier run as a reference only, and its file is here now: read into that same document. */
  | 'archivo_nuevo'
  /** Imported by an earlier run: left as it is. */
  | 'sin_cambios'
  /** Not imported: `motivo` says why. */
  | 'omitido';

export interface ImportedItemResult {
  clave: string;
  titulo: string;
  resultado: ItemOutcome;
  documento?: string;
  motivo?: string;
}

/** The report of one import: every item's outcome, what was left out and why, and how long it took. */
export interface ImportReport {
  origen: string;
  elementos: ImportedItemResult[];
  /** Counts by outcome. */
  resumen: Record<ItemOutcome, number>;
  /** Files items name that are not on disk, by item. */
  archivos_que_faltan: { clave: string; ruta: string }[];
  /** What Folio does not keep yet, counted: other attachments of an item, notes, further collections. */
  dejado_fuera: { otros_adjuntos: number; notas: number; otras_colecciones: number };
  segundos: number;
}

/** Files Folio reads best first: the item's PDF, then its EPUB, then office files, then a web snapshot. */
const PREFERENCE = [/pdf/i, /epub/i, /officedocument|opendocument|msword|rtf/i, /html/i];
const rank = (f: ImportedFile) => {
  const hint = `${f.contentType ?? ''} ${path.extname(f.path)}`;
  const i = PREFERENCE.findIndex((re) => re.test(hint));
  return i < 0 ? PREFERENCE.length : i;
};

/** A collection path as one Folio collection name ('Tesis / Capítulo 2'). */
const collectionName = (pathOfNames: string[]) => pathOfNames.map((n) => n.replaceAll('/', '∕').trim()).join(' / ');

/**
 * Brings a library read from elsewhere (`import/`: a Zotero data directory, a BibTeX, RIS or CSL-JSON export)
 * into the user's: each item's best file is uploaded as any file is (same bytes as a document already there:
 * that document), with the item's record as the user's own metadata, marked as that library's
 * (`origen_metadatos`: `zotero` or `bibliografia`), so no reading or registry overrides it; the item's first
 * collection becomes the document's, and its tags the document's `etiquetas` (joining those of a document
 * the user had). An item with no file on disk becomes a reference only (`solo_referencia`), whose file a later
 * run reads into it once it is there. Items are taken one at a time: nothing but the reading's metadata is
 * held, and the queue reads the files at its own pace.
 *
 * Safe to repeat: each item is recorded by its source's key (`imported_items`), and its upload carries an
 * Idempotency-Key made of it, so a second run leaves imported items alone, and a run stopped midway,
 * started again, goes on where it stopped without a second document. A correction the user made in Folio
 * since is never overwritten.
 */
export async function importLibrary(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  userId: string,
  reading: LibraryReading,
  opts: { library: string; onItem?: (done: number, total: number, result: ImportedItemResult) => void },
): Promise<ImportReport> {
  const started = performance.now();
  const report: ImportReport = {
    origen: reading.origen,
    elementos: [],
    resumen: { nuevo: 0, ya_estaba: 0, referencia: 0, archivo_nuevo: 0, sin_cambios: 0, omitido: 0 },
    archivos_que_faltan: [],
    dejado_fuera: { otros_adjuntos: 0, notas: 0, otras_colecciones: 0 },
    segundos: 0,
  };
  const add = (result: ImportedItemResult) => {
    report.elementos.push(result);
    report.resumen[result.resultado]++;
    opts.onItem?.(report.elementos.length, reading.items.length + reading.skipped.length, result);
  };
  for (const s of reading.skipped) add({ clave: s.key, titulo: s.what, resultado: 'omitido', motivo: s.motivo });

  /**
   * Brings one item in (its file, or its reference) and records it; 'held' while a run that died still holds
   * its upload's Idempotency-Key.
   */
  const bring = async ({ item, titulo, file, earlierRow }: PendingItem): Promise<'held' | undefined> => {
    try {
      if (earlierRow && file) {
        add({ clave: item.key, titulo, ...(await readIntoReference(deps, earlierRow, file)) });
        return undefined;
      }
      const row = file
        ? await importItem(deps, userId, item, file, opts.library)
        : await importReference(deps, userId, item, opts.library);
      // A reference records itself with its row; a file's upload is made safe to repeat by its Idempotency-Key.
      if (file)
        await recordImportedItem(deps.db, userId, {
          source: item.source,
          library: opts.library,
          key: item.key,
          documentId: row.id,
        });
      const missing = item.files.map((f) => f.path).join(', ');
      add({
        clave: item.key,
        titulo,
        resultado: row.outcome,
        documento: row.id,
        ...(row.outcome === 'referencia' &&
          missing && { motivo: `No está su archivo (${missing}): queda su referencia.` }),
      });
    } catch (error) {
      if (isHeldElsewhere(error)) return 'held';
      // A file too large to upload, or that could not be read from disk (permissions, a disk gone): said, and
      // the rest goes on. A reference imported before stays as it was.
      const motivo =
        error instanceof SizeLimitExceeded
          ? `Su archivo (${path.basename(file!.path)}) pasa de ${Number((error.limit / (1024 * 1024)).toFixed(1))} MB, el límite de subida (FOLIO_MAX_UPLOAD_MB).`
          : isFileError(error)
            ? `No se pudo leer su archivo: ${(error as Error).message}`
            : undefined;
      if (!motivo) throw error;
      add(
        earlierRow
          ? { clave: item.key, titulo, resultado: 'sin_cambios', documento: earlierRow.id, motivo }
          : { clave: item.key, titulo, resultado: 'omitido', motivo },
      );
    }
    return undefined;
  };
  const held: PendingItem[] = [];

  const bySource = new Map<string, Awaited<ReturnType<typeof findImportedItems>>>();
  for (const item of reading.items) {
    let before = bySource.get(item.source);
    if (!before)
      bySource.set(item.source, (before = await findImportedItems(deps.db, userId, item.source, opts.library)));
    const earlier = before.get(item.key)?.document_id;
    const titulo = item.record.title?.trim() || item.key;
    const earlierRow = earlier ? await findDocument(deps.db, userId, earlier) : undefined;
    // Missing files are said on every run that could still use them: not for a document that has its file.
    if (!earlierRow || earlierRow.solo_referencia)
      for (const f of item.files.filter((f) => !f.exists))
        report.archivos_que_faltan.push({ clave: item.key, ruta: f.path });
    const files = item.files.filter((f) => f.exists).sort((a, b) => rank(a) - rank(b));
    const file = files[0];
    if (earlierRow && !(earlierRow.solo_referencia && file)) {
      add({ clave: item.key, titulo, resultado: 'sin_cambios', documento: earlierRow.id });
      continue;
    }
    if (earlierRow) report.dejado_fuera.otros_adjuntos += files.length - 1;
    else countLeftOut(report, item, files.length);
    if ((await bring({ item, titulo, file, earlierRow })) === 'held') held.push({ item, titulo, file, earlierRow });
  }
  // An upload a killed run had begun keeps its Idempotency-Key claimed until the claim is abandoned: the rest
  // of the library goes first, then those items are tried again until it is free.
  const givingUp = Date.now() + HELD_CLAIM_WAIT_MS;
  while (held.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, HELD_RETRY_MS));
    for (const h of held.splice(0)) {
      if ((await bring(h)) !== 'held') continue;
      if (Date.now() < givingUp) held.push(h);
      else
        add({
          clave: h.item.key,
          titulo: h.titulo,
          resultado: 'omitido',
          motivo: 'Otra importación de esta biblioteca lo está trayendo ahora; importa de nuevo cuando acabe.',
        });
    }
  }
  report.segundos = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

/** What the item brings that Folio does not keep yet, counted in the report. */
function countLeftOut(report: ImportReport, item: ImportedItem, filesOnDisk: number): void {
  report.dejado_fuera.otros_adjuntos += Math.max(0, filesOnDisk - 1);
  report.dejado_fuera.notas += item.notes.length;
  report.dejado_fuera.otras_colecciones += Math.max(0, item.collections.length - 1);
}

/** An item to bring in: kept aside while another request holds its upload's Idempotency-Key. */
interface PendingItem {
  item: ImportedItem;
  titulo: string;
  file: ImportedFile | undefined;
  earlierRow: DocumentRow | undefined;
}

/** How long an import keeps trying items whose upload another run holds: past the claim's abandonment (2 min). */
const HELD_CLAIM_WAIT_MS = 150_000;
const HELD_RETRY_MS = 5_000;

/** The retryable 409 of an Idempotency-Key whose first request is still running (services/idempotency.ts). */
const isHeldElsewhere = (error: unknown) =>
  error instanceof AppError && error.codigo === 'conflicto' && error.headers?.['Retry-After'] !== undefined;

const isFileError = (error: unknown) =>
  error instanceof Error &&
  typeof (error as NodeJS.ErrnoException).code === 'string' &&
  (error as NodeJS.ErrnoException).syscall !== undefined;

/** The Idempotency-Key of an item's upload: the same for every run of the same library. */
export function importUploadKey(item: Pick<ImportedItem, 'source' | 'key'>, library: string): string {
  const ofLibrary = createHash('sha256').update(library).digest('hex').slice(0, 16);
  return `importar:${item.source}:${ofLibrary}:${item.key}`.slice(0, 255);
}

/** One item's file, uploaded with its record; a document that was there already takes the record's gaps. */
async function importItem(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  userId: string,
  item: ImportedItem,
  file: ImportedFile,
  library: string,
): Promise<{ id: string; outcome: 'nuevo' | 'ya_estaba' }> {
  const imported = userMetaOfCsl(item.record, item.source);
  const collection = item.collections[0] && collectionName(item.collections[0]);
  // The user's file is copied, never moved: the upload removes the copy it is given.
  const incoming = await copyToTemporary(file.path, path.join(deps.config.dataDir, 'tmp'), deps.config.maxUploadBytes);
  const { row, outcome, madeByKey } = await uploadFile(
    deps,
    userId,
    { ...incoming, nombre: path.basename(file.path), contentType: file.contentType },
    { userMeta: imported, ...(collection && { biblioteca: collection }) },
    importUploadKey(item, library),
    // A key still held is set aside at once (the item is tried again after the rest), not waited on here.
    0,
  );
  // A replay of this item's own upload made by a run stopped before recording it is this import's too.
  if (outcome === 'created' || (outcome === 'replayed' && madeByKey)) {
    if (collection) await insertCollection(deps.db, userId, collection);
    const etiquetas = cleanTags(item.tags);
    if (etiquetas.length) await updateDocument(deps.db, row.id, { etiquetas });
    return { id: row.id, outcome: 'nuevo' };
  }
  await joinDocument(deps, userId, row, item, imported, collection);
  return { id: row.id, outcome: 'ya_estaba' };
}

/**
 * A document the user had takes the item: its tags join the document's, the record fills the fields its user
 * left empty, and its collection is the document's when it had none.
 */
async function joinDocument(
  deps: Pick<Deps, 'db'>,
  userId: string,
  row: DocumentRow,
  item: ImportedItem,
  imported: UserMeta,
  collection: string | undefined,
): Promise<void> {
  const etiquetas = unionTags(row.etiquetas, item.tags);
  if (etiquetas.length !== (row.etiquetas?.length ?? 0)) await updateDocument(deps.db, row.id, { etiquetas });
  await takeImportedGaps(deps, row, imported);
  if (collection && !row.biblioteca) {
    await insertCollection(deps.db, userId, collection);
    await assignCollection(deps.db, userId, [row.id], collection);
  }
}

/**
 * The document of the same work a file-less item is, when the user has one: the first stating its DOI (a
 * file's or a reference's), else a reference with the same title, authors and year. Title matching is kept to
 * references, whose metadata is a library's record like the item's: a file's title may be one Folio read.
 */
async function sameWork(
  deps: Pick<Deps, 'db'>,
  userId: string,
  imported: UserMeta,
  resolved: ReturnType<typeof resolveMetadata>,
): Promise<DocumentRow | undefined> {
  if (imported.doi) {
    const byDoi = await findDocumentByDoi(deps.db, userId, imported.doi);
    if (byDoi) return byDoi;
  }
  const titulo = resolved.titulo.valor.trim();
  if (!titulo) return undefined;
  const key = searchKeyOf(titulo, resolved.autores?.valor ?? []);
  return findReferenceByKey(deps.db, userId, key, resolved.anio?.valor);
}

/**
 * An item with no file on disk, kept as what it is in the user's library: a reference, cite-able and exported,
 * with no text. It is `listo` at once and never queued. Its `tipo` is `documento`, the contract's kind for a
 * document that is no particular kind of file (Folio has seen no file of it); the kind of work is the record's
 * (`tipo_obra`). Its row and its import record are written together, so a run stopped midway does not make it
 * twice.
 */
async function importReference(
  deps: Pick<Deps, 'db'>,
  userId: string,
  item: ImportedItem,
  library: string,
): Promise<{ id: string; outcome: 'referencia' | 'ya_estaba' }> {
  const imported = userMetaOfCsl(item.record, item.source);
  const collection = item.collections[0] && collectionName(item.collections[0]);
  const tipo = 'documento' as const;
  const resolved = resolveMetadata({ tipo, user: imported });
  const same = await sameWork(deps, userId, imported, resolved);
  if (same) {
    await joinDocument(deps, userId, same, item, imported, collection);
    await recordImportedItem(deps.db, userId, { source: item.source, library, key: item.key, documentId: same.id });
    return { id: same.id, outcome: 'ya_estaba' };
  }
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const row = await insertDocument(tx, {
      id,
      userId,
      titulo: resolved.titulo.valor,
      autores: resolved.autores?.valor ?? [],
      ...(resolved.anio && { anio: resolved.anio.valor }),
      tipo,
      ...(collection && { biblioteca: collection }),
      userMeta: imported,
      origenMetadatos: originsOf(resolved),
      searchKey: '',
      soloReferencia: true,
      etiquetas: cleanTags(item.tags),
    });
    if (!row) throw new Error('a reference has no bytes to collide on');
    // Everything a reference needs in force (details, DOI, language, the APA `referencia`, the search key).
    const { patch } = metadataInForce(row, { ...storedLayers(row), user: imported });
    await updateDocument(tx, id, patch);
    if (collection) await insertCollection(tx, userId, collection);
    await recordImportedItem(tx, userId, { source: item.source, library, key: item.key, documentId: id });
  });
  return { id, outcome: 'referencia' };
}

/**
 * An item imported before as a reference only whose file is on disk now: the file is read into that same
 * document, which keeps its id, its metadata (the user's corrections included), its collection and whatever
 * cites it. When those bytes are already another document of the user's, the reference is left as it is and
 * the report says which document holds the file.
 */
async function readIntoReference(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  row: DocumentRow,
  file: ImportedFile,
): Promise<Pick<ImportedItemResult, 'resultado' | 'documento' | 'motivo'>> {
  const incoming = await copyToTemporary(file.path, path.join(deps.config.dataDir, 'tmp'), deps.config.maxUploadBytes);
  try {
    const nombre = path.basename(file.path);
    const kind = await detectKind({ path: incoming.tmpPath, nombre, contentType: file.contentType });
    const job = ingestJob(deps.config);
    await deps.queue.prepare(job);
    await deps.blobs.putFile(row.id, incoming.tmpPath);
    const attached = await deps.db.transaction(async (tx) => {
      const done = await attachFileToReference(tx, row.id, {
        tipo: uploadTipo(kind, undefined),
        sha256: incoming.sha256,
        fileName: nombre,
        contentType: file.contentType,
        sizeBytes: incoming.size,
        blobKey: row.id,
      });
      if (done) await deps.queue.send(job, { documentId: row.id }, row.id, tx);
      return done;
    });
    if (attached) return { resultado: 'archivo_nuevo', documento: row.id };
    await deps.blobs.delete(row.id);
    const holder = await findDocumentBySha(deps.db, row.user_id, incoming.sha256);
    return {
      resultado: 'sin_cambios',
      documento: row.id,
      motivo: `Su archivo ya está en tu biblioteca como otro documento${holder ? ` (${holder.id})` : ''}; su referencia queda como estaba.`,
    };
  } finally {
    await fs.rm(incoming.tmpPath, { force: true });
  }
}

/**
 * A document already in the library takes the imported record's fields where its user layer has none: a
 * value the user gave or corrected (or cleared) in Folio stays theirs.
 */
async function takeImportedGaps(deps: Pick<Deps, 'db'>, row: DocumentRow, imported: UserMeta): Promise<void> {
  const mine = row.user_meta;
  const isDetail = (key: UserField): key is DetailKey => (DETAIL_KEYS as readonly string[]).includes(key);
  const mineOf = (key: UserField) => (isDetail(key) ? mine.detalles?.[key] : mine[key]);
  const theirs = (key: UserField) => (isDetail(key) ? imported.detalles?.[key] : imported[key]);
  const taken = (imported.importado?.campos ?? []).filter((key) => mineOf(key) === undefined);
  if (taken.length === 0) return;
  const user: UserMeta = { ...mine, detalles: { ...mine.detalles } };
  for (const key of taken) {
    if (isDetail(key)) (user.detalles as Record<string, unknown>)[key] = theirs(key);
    else (user as Record<string, unknown>)[key] = theirs(key);
  }
  user.importado = {
    origen: imported.importado!.origen,
    campos: [...new Set([...(mine.importado?.campos ?? []), ...taken])],
  };
  const { values, patch } = metadataInForce(row, { ...storedLayers(row), user });
  await updateDocument(deps.db, row.id, { ...patch, userMeta: user });
  await reindexTitle(deps, row, values.titulo);
}

/**
 * A copy of the user's file `source` in `dir`, with its SHA-256 and size computed as it is written, cut off
 * with `SizeLimitExceeded` (nothing left behind) when it is larger than an upload may be.
 */
async function copyToTemporary(
  source: string,
  dir: string,
  limit: number,
): Promise<{ tmpPath: string; sha256: string; size: number }> {
  // Said before a byte is copied when the disk already tells; the meter still holds if the file grows.
  if ((await fs.stat(source)).size > limit) throw new SizeLimitExceeded(limit);
  await fs.mkdir(dir, { recursive: true });
  const tmpPath = path.join(dir, `importar-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return { tmpPath, ...(await writeMetered(createReadStream(source), tmpPath, limit)) };
}

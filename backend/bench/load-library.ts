/**
 * Loading a benchmark library into a store exactly as the ingest job (services/documents/ingest-document.ts) indexes a
 * document, through the public repository functions only, so the benches keep measuring the real
 * search whatever its tables and indexes become: insert the document, then, in one transaction per
 * document, replace its units and passages with the indexing callback (language, folded text, headings),
 * store its passage vectors when an embedder is given, write its BM25 postings and mark it ready; after
 * each document, the store's upkeep the ingest job runs (services/store/upkeep-after-document.ts).
 * Loading 250 documents per transaction and keeping the store up after each batch, as this did before,
 * let the postings' tail grow to a million rows between compactions, past the embedded store's buffers:
 * slower than ingestion, and not the layout it leaves.
 */
import type { Ancla } from '@folio/shared';
import type { Embedder } from '../src/ai/embedder';
import type { Db } from '../src/db/db';
import { insertDocument, updateDocument } from '../src/db/documents.repo';
import { indexPassageTerms, type TermIndexing } from '../src/db/passage-terms.repo';
import { refreshSearchStatistics } from '../src/db/statistics.repo';
import { upkeepAfterDocument } from '../src/services/store/upkeep-after-document';
import { replaceContent } from '../src/db/units.repo';
import { replaceVectors } from '../src/db/vectors.repo';
import { newId } from '../src/ids';
import { foldText } from '../src/text/fold';
import { passageIndexing } from '../src/search/passage-indexing';
import type { Unit } from '../src/ingest/converter';
import { splitPassages, type Passage } from '../src/ingest/passages';
import { searchKeyOf } from '../src/services/documents/document-metadata';
import type { SciFactDoc } from './scifact';

/** One document of a benchmark library: the units a converter would have produced. */
export interface LibraryDocument {
  /** The benchmark's own name for it (a SciFact doc id, a generated key). */
  key: string;
  title: string;
  units: Unit[];
}

export interface LoadOptions {
  /** Embeds every passage (before its document's transaction, as the ingest job does). */
  embedder?: Embedder;
  /** Called after each document with the documents and passages loaded so far. */
  onDocument?: (progress: { documents: number; passages: number }) => void;
  /** BM25 parameters other than the defaults, for tuning. */
  termIndexing?: TermIndexing;
}

export interface LoadedLibrary {
  /** Folio document id → the benchmark's key. */
  ids: Map<string, string>;
  passages: number;
  /** Milliseconds spent embedding passages (part of the load time), 0 without an embedder. */
  embedMs: number;
}

/** Passages per embedding call, as the ingest job sends them. */
const EMBED_BATCH = 64;

/** Inserts `documents` as one user's ready documents. */
export async function loadLibrary(
  db: Db,
  userId: string,
  documents: Iterable<LibraryDocument>,
  opts: LoadOptions = {},
): Promise<LoadedLibrary> {
  const loaded: LoadedLibrary = { ids: new Map(), passages: 0, embedMs: 0 };
  for (const doc of documents) {
    const passages = splitPassages(doc.units);
    const vectors = opts.embedder ? await embed(opts.embedder, passages, loaded) : undefined;
    const id = newId();
    loaded.ids.set(id, doc.key);
    const searchKey = searchKeyOf(doc.title, []);
    // The document's row exists from its upload on; its reading is written in one transaction.
    await insertDocument(db, {
      id,
      userId,
      titulo: doc.title,
      autores: [],
      tipo: 'documento',
      userMeta: {},
      searchKey,
    });
    await db.transaction(async (tx) => {
      // Exactly what the ingest job indexes with (services/documents/ingest-document.ts).
      const fields = await replaceContent(tx, id, doc.units, passages, (p) => passageIndexing(p, null, doc.title));
      if (vectors) await replaceVectors(tx, id, opts.embedder!.name, vectors);
      await indexPassageTerms(tx, id, foldText(doc.title), fields, opts.termIndexing);
      await updateDocument(tx, id, { unidades: doc.units.length, estado: 'listo', fase: null, progreso: 1, searchKey });
    });
    await upkeepAfterDocument(db);
    loaded.passages += passages.length;
    opts.onDocument?.({ documents: loaded.ids.size, passages: loaded.passages });
  }
  await refreshSearchStatistics(db);
  return loaded;
}

type Vector = { posicion: number; embedding: Float32Array };

async function embed(embedder: Embedder, passages: Passage[], loaded: LoadedLibrary): Promise<Vector[]> {
  const t0 = performance.now();
  const vectors: Vector[] = [];
  for (let i = 0; i < passages.length; i += EMBED_BATCH) {
    const batch = passages.slice(i, i + EMBED_BATCH);
    const embedded = await embedder.embedPassages(batch.map((p) => p.texto));
    embedded.forEach((embedding, j) => vectors.push({ posicion: batch[j]!.posicion, embedding }));
  }
  loaded.embedMs += performance.now() - t0;
  return vectors;
}

/** A SciFact abstract as a one-section document (title as heading path, the abstract as one paragraph). */
export function sciFactDocument(doc: SciFactDoc): LibraryDocument {
  const ancla: Ancla = { tipo: 'seccion', ruta: [doc.title], parrafo: 1 };
  return { key: doc.docId, title: doc.title, units: [{ texto: doc.abstract.join(' '), ancla }] };
}

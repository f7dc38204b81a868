/**
 * Loading a benchmark library into a store exactly as the ingest job (services/documents/ingest-document.ts) indexes a
 * document, through the public repository functions only, so the benches keep measuring the real
 * search whatever its tables and indexes become: insert the document, replace its units and passages
 * with the indexing callback (language, folded text, headings), write its BM25 postings, store its passage vectors when an embedder is
 * given, mark it ready.
 */
import type { Ancla } from '@folio/shared';
import type { Embedder } from '../src/ai/embedder';
import type { Db } from '../src/db/db';
import { insertDocument, updateDocument } from '../src/db/documents.repo';
import { foldTermFrequencies, indexPassageTerms, type TermIndexing } from '../src/db/passage-terms.repo';
import { compactPassageTerms } from '../src/db/term-blocks.repo';
import { checkpointIfWalOver } from '../src/db/store-size.repo';
import { refreshSearchStatistics } from '../src/db/statistics.repo';
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
  /** Documents per load transaction. */
  batch?: number;
  /** Embeds every passage (outside the transaction, as the ingest job does after indexing). */
  embedder?: Embedder;
  /** Called after each batch with the documents and passages loaded so far. */
  onBatch?: (progress: { documents: number; passages: number }) => void;
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

/** Documents per load transaction. */
const LOAD_BATCH = 250;
/** Passages per embedding call, as the ingest job sends them. */
const EMBED_BATCH = 64;

/** Inserts `documents` as one user's ready documents. */
export async function loadLibrary(
  db: Db,
  userId: string,
  documents: Iterable<LibraryDocument>,
  opts: LoadOptions = {},
): Promise<LoadedLibrary> {
  const size = opts.batch ?? LOAD_BATCH;
  const loaded: LoadedLibrary = { ids: new Map(), passages: 0, embedMs: 0 };
  let batch: LibraryDocument[] = [];
  const flush = async () => {
    const prepared: { doc: LibraryDocument; passages: Passage[]; vectors?: Vector[] }[] = [];
    for (const doc of batch) {
      const passages = splitPassages(doc.units);
      const vectors = opts.embedder ? await embed(opts.embedder, passages, loaded) : undefined;
      prepared.push({ doc, passages, vectors });
    }
    await db.transaction(async (tx) => {
      for (const { doc, passages, vectors } of prepared) {
        const id = newId();
        loaded.ids.set(id, doc.key);
        const searchKey = searchKeyOf(doc.title, []);
        await insertDocument(tx, {
          id,
          userId,
          titulo: doc.title,
          autores: [],
          tipo: 'documento',
          userMeta: {},
          searchKey,
        });
        // Exactly what the ingest job indexes with (services/documents/ingest-document.ts).
        const fields = await replaceContent(tx, id, doc.units, passages, (p) => passageIndexing(p, null, doc.title));
        if (vectors) await replaceVectors(tx, id, opts.embedder!.name, vectors);
        await indexPassageTerms(tx, id, foldText(doc.title), fields, opts.termIndexing);
        await checkpointIfWalOver(tx); // per document as ingestion: a batch of 250 writes ~500 MB of WAL
        await updateDocument(tx, id, {
          unidades: doc.units.length,
          estado: 'listo',
          fase: null,
          progreso: 1,
          searchKey,
        });
        loaded.passages += passages.length;
      }
    });
    batch = [];
    // As the ingest job does after each ready document.
    await foldTermFrequencies(db);
    await compactPassageTerms(db);
    opts.onBatch?.({ documents: loaded.ids.size, passages: loaded.passages });
  };
  for (const doc of documents) {
    batch.push(doc);
    if (batch.length >= size) await flush();
  }
  if (batch.length > 0) await flush();
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

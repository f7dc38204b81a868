import type { Deps } from '../../context';
import { EmbeddingError } from '../../ai/embedder';

const EMBED_BATCH = 64;

/** A document's passage embeddings from one model. */
export interface PassageVectors {
  model: string;
  vectors: { posicion: number; embedding: Float32Array }[];
}

/**
 * Embeds a document's passages for semantic search, in batches (the indexing phase's progress), before the
 * index transaction opens. An endpoint that is down is retried with the job; a model that cannot embed at
 * all leaves the document searchable lexically (undefined), and says so in the log.
 */
export async function embedPassages(
  deps: Pick<Deps, 'engines' | 'log'>,
  id: string,
  passages: { posicion: number; texto: string }[],
  progress: (fraction: number) => Promise<void>,
  signal: AbortSignal,
): Promise<PassageVectors | undefined> {
  const embedder = deps.engines.embedder;
  if (!embedder || passages.length === 0) return undefined;
  const vectors: PassageVectors['vectors'] = [];
  try {
    for (let i = 0; i < passages.length; i += EMBED_BATCH) {
      const batch = passages.slice(i, i + EMBED_BATCH);
      const embedded = await embedder.embedPassages(
        batch.map((p) => p.texto),
        signal,
      );
      embedded.forEach((embedding, j) => vectors.push({ posicion: batch[j]!.posicion, embedding }));
      await progress((i + batch.length) / passages.length);
    }
  } catch (err) {
    if (err instanceof EmbeddingError && !err.retryable) {
      deps.log.error(`embeddings for ${id} failed; the document stays searchable lexically`, err);
      return undefined;
    }
    throw err;
  }
  return { model: embedder.name, vectors };
}

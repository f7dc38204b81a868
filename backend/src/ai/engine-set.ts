import type { Embedder } from './embedder';
import type { Engines } from './reading-engines';
import type { Reranker } from './reranker';
import type { SupportScorer } from './support-scorer';
import type { Writer } from './writer';

// The engine set's type lives here, beside the types of its members, so Deps (context.ts) and whatever reads it
// import nothing of the composition in engines.ts, which reaches every layer that builds an engine.

/** What /health shows for each engine: its name when active, or why not and how to enable it. */
export interface EngineReport {
  ocr: string;
  transcripcion: string;
  embeddings: string;
  /** The cross-encoder when one answers; otherwise the feature reranker, and how to get the cross-encoder. */
  reranker: string;
  /** The writer of answers: the language model and its endpoint, or the extractive writer. */
  escritor: string;
  /** The support scorer of ask, verify and cite: the NLI model when one answers, else the lexical scorer. */
  respaldo: string;
}

/** The engines of this process, built from the configuration once at startup. */
export interface EngineSet extends Engines {
  /** Sentence embeddings for semantic search, when a model or endpoint is available. */
  embedder?: Embedder;
  /** A cross-encoder that rescores the best search candidates, when its model is on this machine. */
  reranker?: Reranker;
  /** How strongly a passage backs a claim (ask, verify, cite): always present, lexical without a model. */
  support: SupportScorer;
  /** Writes answers from numbered passages: a language model when FOLIO_LLM_URL is set, else extractive. */
  writer: Writer;
  report(): EngineReport;
  /** Which engines loaded on first use are loaded now (none right after start). */
  active(): { ocr: boolean; reranker: boolean; nli: boolean };
  close(): Promise<void>;
}

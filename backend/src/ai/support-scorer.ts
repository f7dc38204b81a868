import type { RELACIONES } from '@folio/shared';

/** How a passage stands to a claim (the contract's named `relacion` values). */
export type Relacion = (typeof RELACIONES)[number];

/** One passage judged against one claim. */
export interface SupportJudgement {
  /** How strongly the passage backs the claim, 0-1, calibrated so that 0.7 means "backed". */
  respaldo: number;
  /** How strongly the passage contradicts the claim, 0-1. */
  contradiccion: number;
  /**
   * The relation: APOYO_DIRECTO, CONTRADICCION, CONTEXTO (on topic, neither backs nor refutes) or
   * APLICACION_DE_MARCO (states a general rule the claim applies). IMPOSIBLE_TEMPORAL is decided by the
   * callers from dates, not here.
   */
  relacion: Exclude<Relacion, 'IMPOSIBLE_TEMPORAL'>;
  /** Why, in a few words (which check decided): for logs, evals and debugging, never shown as a source. */
  motivo?: string;
}

/**
 * Support scoring shared by ask, verify and cite: how strongly each passage backs a claim. Every
 * implementation combines whatever model it has (an NLI cross-encoder, an LLM judge, embeddings) with
 * deterministic checks that models get wrong: numbers, quantities and units, dates, negation, named
 * entities.
 */
export interface SupportScorer {
  /** What answers, for /health (e.g. 'léxico-semántico + comprobaciones', or an NLI model's name). */
  readonly name: string;
  /** One judgement per passage, in order. */
  judge(claim: string, passages: string[], signal?: AbortSignal): Promise<SupportJudgement[]>;
}

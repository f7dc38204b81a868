import { EngineError } from './engine-error';

/** Probabilities of the three NLI labels for one premise-hypothesis pair; they sum to 1. */
export interface NliProbabilities {
  entailment: number;
  neutral: number;
  contradiction: number;
}

/** One pair for an NLI model: does `premise` (a passage) entail or contradict `hypothesis` (a claim)? */
export interface NliPair {
  premise: string;
  hypothesis: string;
}

/**
 * A natural-language-inference classifier (a cross-encoder fine-tuned on MNLI/XNLI): reads a premise and a
 * hypothesis together and says whether the first entails, contradicts or is neutral to the second.
 */
export interface NliModel {
  /** What answers, for /health (e.g. 'MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7 (local, q8)'). */
  readonly name: string;
  /** One set of probabilities per pair, in order. */
  classify(pairs: NliPair[], signal?: AbortSignal): Promise<NliProbabilities[]>;
  /** Releases what the model holds (its session); absent when it holds nothing. */
  close?(): Promise<void>;
}

/** An NLI model that could not load or run. `mensaje` is Spanish for /health, `message` English for logs. */
export class NliError extends EngineError {
  override readonly name = 'NliError';
}

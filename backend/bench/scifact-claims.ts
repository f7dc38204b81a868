/**
 * SciFact as a labeled claim-verification set (`scifact/` of the outside test material): for each claim, each cited
 * abstract is a passage labeled SUPPORT or CONTRADICT when the claim's evidence names it, NOT ENOUGH INFO
 * otherwise (SciFact's own definition of NEI: a cited document without rationales).
 */
import path from 'node:path';
import { readJsonl } from './scifact';

export type SciFactLabel = 'SUPPORT' | 'CONTRADICT' | 'NEI';
export const LABELS: readonly SciFactLabel[] = ['SUPPORT', 'CONTRADICT', 'NEI'];

/** One claim against one cited abstract. */
export interface LabeledPair {
  claimId: number;
  claim: string;
  docId: string;
  /** The abstract as one passage (sentences joined by a space, as Folio stores a paragraph). */
  passage: string;
  /** Indexes of the rationale sentences (SUPPORT/CONTRADICT only). */
  rationale: number[];
  label: SciFactLabel;
}

interface ClaimLine {
  id: number;
  claim: string;
  evidence: Record<string, { sentences: number[]; label: 'SUPPORT' | 'CONTRADICT' }[]>;
  cited_doc_ids: number[];
}

/** The abstracts by doc id, sentences kept apart. */
export function loadCorpus(dir: string): Map<string, string[]> {
  return new Map(
    readJsonl<{ doc_id: number; abstract: string[] }>(path.join(dir, 'corpus.jsonl')).map((d) => [
      String(d.doc_id),
      d.abstract.map((s) => s.trim()),
    ]),
  );
}

/** The labeled pairs of one split ('train' or 'dev'), in file order. */
export function loadPairs(dir: string, split: 'train' | 'dev', corpus = loadCorpus(dir)): LabeledPair[] {
  const pairs: LabeledPair[] = [];
  for (const c of readJsonl<ClaimLine>(path.join(dir, `claims_${split}.jsonl`))) {
    for (const id of c.cited_doc_ids) {
      const docId = String(id);
      const sentences = corpus.get(docId);
      if (!sentences) continue;
      const evidence = c.evidence[docId] ?? [];
      const label: SciFactLabel = evidence.length === 0 ? 'NEI' : evidence[0]!.label;
      pairs.push({
        claimId: c.id,
        claim: c.claim,
        docId,
        passage: sentences.join(' '),
        rationale: evidence.flatMap((e) => e.sentences),
        label,
      });
    }
  }
  return pairs;
}

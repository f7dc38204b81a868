import type { Claim, Sentence } from './claims';

/** The best passage found for a claim, as the support scorer judged it. */
export interface Backing<P> {
  passage: P;
  /** 0-1: how strongly the passage backs the claim. */
  respaldo: number;
}

/** A claim that gets a citation: where it is, what it says, and what backs it. */
export interface BackedClaim<P> extends Claim, Backing<P> {}

/** Finds and judges the best passage for one claim's text; undefined when nothing was found. */
export type JudgeClaim<P> = (text: string) => Promise<Backing<P> | undefined>;

/** The same passage backs both (compared by a key). */
type SamePassage<P> = (a: P, b: P) => boolean;

/** Told of each claim left without a citation: its best backing (below `umbral`), none found, or a question. */
export type OnUnbacked<P> = (claim: Claim, best: Backing<P> | undefined, question: boolean) => void;

/**
 * Which claims of the sentences get a citation, in text order. A sentence of one clause is judged whole.
 * A sentence of several clauses is judged clause by clause: each backed clause is cited at its end,
 * neighbouring clauses backed by the same passage once, after the last of them; when no clause alone is
 * backed, the whole sentence is judged (a clause may lean on the rest for its subject). Questions are never
 * cited. `onProgress` gets the share of sentences done; `onUnbacked` hears of every claim left uncited, with why.
 */
export async function backedClaims<P>(
  source: string,
  sentences: Sentence[],
  judge: JudgeClaim<P>,
  umbral: number,
  same: SamePassage<P>,
  onProgress?: (done: number) => Promise<void> | void,
  onUnbacked?: OnUnbacked<P>,
): Promise<BackedClaim<P>[]> {
  const out: BackedClaim<P>[] = [];
  const backs = (b: Backing<P> | undefined): b is Backing<P> => b !== undefined && b.respaldo >= umbral;
  for (const [n, sentence] of sentences.entries()) {
    if (sentence.question) onUnbacked?.(claimOf(sentence), undefined, true);
    else if (sentence.clauses.length === 1) {
      const b = await judge(sentence.text);
      if (backs(b)) out.push({ ...claimOf(sentence), ...b });
      else onUnbacked?.(claimOf(sentence), b, false);
    } else {
      const judged: (BackedClaim<P> | undefined)[] = [];
      const below: [Claim, Backing<P> | undefined][] = [];
      for (const clause of sentence.clauses) {
        const b = await judge(clause.text);
        judged.push(backs(b) ? { ...claimOf(clause), ...b } : undefined);
        if (!backs(b)) below.push([claimOf(clause), b]);
      }
      if (judged.some(Boolean)) {
        out.push(...mergeNeighbours(source, judged, same));
        for (const [claim, b] of below) onUnbacked?.(claim, b, false);
      } else {
        const b = await judge(sentence.text);
        if (backs(b)) out.push({ ...claimOf(sentence), ...b });
        else onUnbacked?.(claimOf(sentence), b, false);
      }
    }
    await onProgress?.((n + 1) / sentences.length);
  }
  return out;
}

const claimOf = (c: Claim): Claim => ({ text: c.text, start: c.start, end: c.end, after: c.after });

/** Consecutive backed clauses with the same passage become one claim cited after the last of them. */
function mergeNeighbours<P>(
  source: string,
  judged: (BackedClaim<P> | undefined)[],
  same: SamePassage<P>,
): BackedClaim<P>[] {
  const out: BackedClaim<P>[] = [];
  let previous: BackedClaim<P> | undefined;
  for (const clause of judged) {
    if (clause && previous && same(previous.passage, clause.passage)) {
      const merged: BackedClaim<P> = {
        ...clause,
        text: source.slice(previous.start, clause.end),
        start: previous.start,
        respaldo: Math.min(previous.respaldo, clause.respaldo),
      };
      out[out.length - 1] = merged;
      previous = merged;
      continue;
    }
    if (clause) out.push(clause);
    previous = clause;
  }
  return out;
}

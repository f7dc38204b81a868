import { canonicalQuantities } from './quantity-forms';
import { contentWords, sentences } from './text';

/** Joints where one sentence starts another claim: a comma or semicolon then a coordinating word. */
const STRONG =
  /(\s*(?:;|,\s*(?:y|e|pero|aunque|mientras que|sino que|donde|en donde|and|but|while|whereas|although|where))\s+)/iu;
/** Bare 'y' / 'and' / 'pero' / 'but' between two stretches long enough to be clauses of their own. */
const WEAK = /(\s+(?:y|e|and|pero|but)\s+)/iu;

function splitAt(text: string, joint: RegExp, minWords: number): string[] {
  // split() with a capturing joint alternates parts and joints: [part, joint, part, joint, part …].
  const pieces = text.split(joint);
  const out: string[] = [pieces[0]!];
  for (let i = 1; i < pieces.length; i += 2) {
    const glue = pieces[i]!;
    const part = pieces[i + 1] ?? '';
    // A stretch too short to claim anything ('A and B increase C') stays joined to what came before.
    if (contentWords(part).length < minWords || contentWords(out.at(-1)!).length < minWords) {
      out[out.length - 1] += glue + part;
    } else out.push(part);
  }
  return out.map((p) => p.trim());
}

/**
 * The separate claims of a text: its sentences, and inside a sentence the clauses joined by a semicolon
 * or a comma and a conjunction ('…, y …', '…, but …', '…, where …'), or by a bare 'y'/'and' when both
 * sides have at least three content words; a stretch too short to stand alone stays joined, as written.
 * A text that makes one claim gives one clause. `strongMinWords` 1 also separates an elliptical clause after a
 * comma and a conjunction ('…, pero no en el interior'), as reading polarity needs.
 */
export function claimClauses(text: string, { strongMinWords = 3 } = {}): string[] {
  // Ranges in one form first, so 'entre 3200 y 4100 m' is not taken for two clauses.
  return sentences(canonicalQuantities(text))
    .flatMap((s) => splitAt(s, STRONG, strongMinWords))
    .flatMap((s) => splitAt(s, WEAK, 3))
    .map((s) => s.replace(/[.;,]+$/, '').trim())
    .filter((s) => contentWords(s).length > 0);
}

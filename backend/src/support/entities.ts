import { foldText } from '../ids';
import { isFunctionWord } from './text';

/**
 * Named things of a text, folded: capitalized words inside a sentence (names, places, institutions),
 * acronyms ('WHO', 'OMS') and codes mixing letters and digits ('BRCA1', 'IL-6', 'COVID-19'). A sentence's
 * first word is capitalized anyway, so it counts only when it is an acronym or a code: 'Madrid es …'
 * loses 'Madrid' here, and the coverage score still weighs it as a content word.
 */
export function entities(text: string): string[] {
  const out = new Set<string>();
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  for (const m of words) {
    const w = m[0].replace(/['’-]+$/, '');
    const prev = text.slice(0, m.index).trimEnd();
    const initial = prev === '' || /[.!?¿¡:;\n"«(]$/.test(prev);
    const acronym = /^\p{Lu}{2,}s?$/u.test(w) && w.length <= 8;
    const code = /\p{L}/u.test(w) && /\d/.test(w) && !/^\d+(?:st|nd|rd|th|º|ª|o|a)?$/.test(w);
    const capitalized = /^\p{Lu}\p{Ll}/u.test(w);
    if (acronym || code || (capitalized && !initial)) {
      const f = foldText(w);
      if (!isFunctionWord(f) && f.length > 1) out.add(f);
    }
  }
  return [...out];
}

/** Hyphens and apostrophes dropped, so 'IL-6' and 'IL6', "O'Brien" and 'OBrien' are the same name. */
const compact = (s: string) => s.replace(/[-'’]/g, '');

function present(entity: string, compactPassage: string): boolean {
  const name = compact(entity.length > 5 && entity.endsWith('s') ? entity.slice(0, -1) : entity);
  for (let at = compactPassage.indexOf(name); at >= 0; at = compactPassage.indexOf(name, at + 1)) {
    // The name must start a word: 'ema' is not present in 'sistema'.
    if (at === 0 || !/[\p{L}\p{N}]/u.test(compactPassage[at - 1]!)) return true;
  }
  return false;
}

/** What the entity check found: the claim's named things the passage lacks, and the ones it has instead. */
export interface EntityFinding {
  claim: string[];
  missing: string[];
  /** Named things of the aligned sentence that the claim does not name (a swapped subject or value). */
  others: string[];
}

/** Compares the named things of a claim with a passage and with the sentence aligned with the claim. */
export function compareEntities(claim: string, passage: string, sentence: string): EntityFinding {
  const inClaim = entities(claim);
  const inPassage = compact(foldText(passage));
  const missing = inClaim.filter((e) => !present(e, inPassage));
  const claimText = compact(foldText(claim));
  const others = entities(sentence).filter((e) => !present(e, claimText));
  return { claim: inClaim, missing, others };
}

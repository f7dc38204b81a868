import { foldWord, hasWordStartingWith, type Vocabulary } from './hyphen-vocabulary';

/**
 * What to do with a hyphen at a line end: take it out and join the word ('discov-' 'ers' → 'discovers'),
 * keep it and join the compound ('self-' 'evident' → 'self-evident'), or leave the lines as they are.
 */
export type HyphenAction = 'join' | 'keep' | 'leave';

/** What is done with one line-end hyphen, and why. */
export interface HyphenDecision {
  action: HyphenAction;
  /** The rule that decided, for tests and measurements. */
  rule: HyphenRule;
}

export type HyphenRule =
  | 'not letters'
  | 'soft hyphen'
  | 'web address'
  | 'written whole'
  | 'written hyphenated'
  | 'suspended hyphen'
  | 'capital after'
  | 'one letter before'
  | 'stem written whole'
  | 'compound before'
  | 'compound after'
  | 'compound tail'
  | 'compound head'
  | 'capitals'
  | 'default';

const SOFT_HYPHEN = '\u00ad';
const LEADING_LETTERS = /^[\p{L}\p{M}]+/u;
const TRAILING_LETTERS = /[\p{L}\p{M}]+$/u;
const LEADING_CHAIN = /^[\p{L}\p{M}]+(?:[-\u2010\u2011][\p{L}\p{M}]+)*/u;
const TRAILING_CHAIN = /[\p{L}\p{M}]+(?:[-\u2010\u2011][\p{L}\p{M}]+)*$/u;
/** A web address, which breaks at its own hyphens. */
const WEB_ADDRESS = /:\/\/|^<?www\.|\.[a-z]{2,}\//iu;
/**
 * Conjunctions after a suspended hyphen ('Staats- und Regierungschefs', 'pre- and post-war'): the hyphen
 * ended its word before a space, and the line break took the space's place.
 */
const CONJUNCTIONS = new Set(['und', 'oder', 'bzw', 'sowie', 'and', 'or', 'nor', 'y', 'e', 'o', 'u', 'ni', 'ou', 'et']);
/** Letters past the cut that a word of the document must begin with, as the cut word does. */
const STEM_LETTERS = 3;
/**
 * First parts that make compounds with a hyphen (en 'self-evident', 'well-known', 'non-linear'; fr 'bien-être',
 * 'sous-ensemble', 'quasi-totalité'; pt 'bem-estar', 'pós-graduação', 'pré-natal', 'pró-ativo', 'recém-nascido';
 * 'vice-versa') and that hyphenation hardly ever cuts off a longer word. Not 'ex', 'anti', 'co', 'pre', 'auto':
 * patterns cut 'ex-tensión', 'anti-cuerpos', 'co-operation', 'pre-sent', 'auto-estima' there, before a word.
 */
const COMPOUND_HEADS = new Set('self well non bien sous quasi bem pós pré pró recém vice'.split(' '));
/** After one of those, a second part this long is a word of its own, even one the document has nowhere else. */
const LONG_TAIL = 5;
/** A first part, and a second part, this long at least to count as a compound's because the document has it so. */
const MIN_HEAD = 3;
const MIN_TAIL = 4;
/** A second part that ends this many different compounds of the document is a compound's, whatever the first. */
const PRODUCTIVE_TAIL = 3;

const isCapitals = (word: string): boolean => word === word.toUpperCase() && word !== word.toLowerCase();

/**
 * Decides one line-end hyphen from the last word of its line (`before`, without the hyphen) and the first
 * word of the next (`after`), against the document's own vocabulary. The first rule that applies decides
 * (the shares are of the 13,089 line-end hyphens of the 89 PDFs of the metadata development set):
 *
 * 1. Not a letter on both sides: the lines are left alone ('1990-' '2000', 'COVID-' '19', dashes).
 * 2. A soft hyphen (U+00AD) is a hyphenation point: join.
 * 3. A web address breaks at its own hyphens: keep.
 * 4. The document's own spelling (75 %): the joined word written whole more often than the compound
 *    hyphenated → join; the compound written hyphenated → keep.
 * 5. A conjunction after the hyphen ('Staats-' 'und'): a suspended hyphen, left alone.
 * 6. A capital after the cut ('Jean-' 'Paul', 'Ost-' 'West', 'SUS-' 'Brasil'): keep. Both halves in capitals
 *    go on to the rules below.
 * 7. One letter before the cut ('e-' 'mail'): keep. Hyphenation leaves two letters at least.
 * 8. A word of the document begins as the joined word does, to three letters past the cut ('loca-' 'tion'
 *    with 'locations' written): join (8 %).
 * 9. Signs of a compound: the word is part of a hyphenated chain ('least-recently-' 'used') and the other
 *    half a word of the document; the second half ends compounds of the document ('-based', the Portuguese
 *    '-se') and the first is a word of it, or it ends three different ones; the first half is one of
 *    `COMPOUND_HEADS` or begins compounds of the document ('sous-', 'non-') and the second is a word of it;
 *    both halves in capitals and words of the document ('NO-' 'CORS'): keep.
 * 10. Otherwise join (15 %): nearly all such hyphens cut a word ('Donaudampf-' 'schiff', 'investi-' 'gación'),
 *    and one kept would hide the word from a search.
 */
export function decideHyphen(before: string, hyphen: string, after: string, vocabulary: Vocabulary): HyphenDecision {
  const left = TRAILING_LETTERS.exec(before)?.[0];
  const right = LEADING_LETTERS.exec(after)?.[0];
  if (!left || !right) return { action: 'leave', rule: 'not letters' };
  if (hyphen === SOFT_HYPHEN) return { action: 'join', rule: 'soft hyphen' };
  if (WEB_ADDRESS.test(before)) return { action: 'keep', rule: 'web address' };

  const leftChain = TRAILING_CHAIN.exec(before)![0];
  const rightChain = LEADING_CHAIN.exec(after)![0];
  const { words, compounds, heads, tails } = vocabulary;
  const whole = words.get(foldWord(left + right)) ?? 0;
  const hyphenated = compounds.get(foldWord(`${leftChain}-${rightChain}`)) ?? 0;
  if (whole > hyphenated) return { action: 'join', rule: 'written whole' };
  if (hyphenated > 0) return { action: 'keep', rule: 'written hyphenated' };

  if (right === after && CONJUNCTIONS.has(right.toLowerCase())) return { action: 'leave', rule: 'suspended hyphen' };
  const capitals = isCapitals(left) && isCapitals(right);
  if (/^\p{Lu}/u.test(right) && !capitals) return { action: 'keep', rule: 'capital after' };
  if (left.length === 1) return { action: 'keep', rule: 'one letter before' };
  if (hasWordStartingWith(vocabulary, foldWord(left + right.slice(0, STEM_LETTERS)))) {
    return { action: 'join', rule: 'stem written whole' };
  }

  const [head, tail] = [foldWord(left), foldWord(right)];
  if (leftChain !== left && words.has(tail)) return { action: 'keep', rule: 'compound before' };
  if (rightChain !== right && words.has(head)) return { action: 'keep', rule: 'compound after' };
  const tailOf = tails.get(tail) ?? 0;
  if ((tailOf > 0 && words.has(head)) || tailOf >= PRODUCTIVE_TAIL) return { action: 'keep', rule: 'compound tail' };
  const knownHead = COMPOUND_HEADS.has(head) && (words.has(tail) || tail.length >= LONG_TAIL);
  const headOf = heads.has(head) && words.has(tail) && head.length >= MIN_HEAD && tail.length >= MIN_TAIL;
  if (knownHead || headOf) return { action: 'keep', rule: 'compound head' };
  if (capitals && words.has(head) && words.has(tail)) return { action: 'keep', rule: 'capitals' };
  return { action: 'join', rule: 'default' };
}

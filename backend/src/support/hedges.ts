import { foldText } from '../text/fold';
import { stemsOf } from './stems';
import { contentWords } from './text';

/**
 * Words that put what follows short of an assertion (folded): an intention ('quiere avanzar', 'aims to'), a
 * possibility ('puede ser provocada', 'could'), an expectation or a plan ('se espera', 'pretende volar en
 * 2050', 'planned'), an accusation ('acusado de engañar', 'alleged'), a duty or a recommendation ('debe
 * proponer', 'should'). A passage that says a thing under one of them does not state it as a fact.
 */
const HEDGE =
  /\b(?:quier[eo]n?|queria[ns]?|pretend(?:e|en|ia|ian|ido)|intent(?:a|an|o|aba|aban)|(?:podria|pudiera|pueden?|podra)n? (?:ser|estar|haber)|podrian?|pudieran?|se espera|esperan? que|se preve|prev[eé]n?|objetivos?|propon(?:e|en|ia)|propuest[oa]s?|planea(?:n|ba)?|planes? (?:de|para)|acusad[oa]s? de|presunt[oa]s?|supuest[oa]s?|presuntamente|supuestamente|se trata de|debe(?:n|ria|rian)?|tendr(?:a|an) que|es (?:importante|necesario)|wants?|wanted|aims?|aimed|plans?|planned|intends?|intended|hopes?|hoped|seeks?|sought|could|might|may|would|should|accused|alleged(?:ly)?|supposedly|expected to|proposed?|whether|if)\b/;

/** Every hedge of a text, for `matchAll`. */
const HEDGES = new RegExp(HEDGE.source, 'g');

/** Words after a hedge that it reaches. */
const REACH = 4;

/**
 * The hedge under which the passage's sentence says what the claim asserts outright ('El banco quiere avanzar
 * en banca patrimonial' for 'El banco ha avanzado en banca patrimonial'): a hedge followed, within REACH
 * words, by one of the claim's content words. Undefined when the passage asserts it or the claim is hedged too.
 */
export function hedgedInPassage(claim: string, sentence: string): string | undefined {
  if (HEDGE.test(foldText(claim))) return undefined;
  const stems = new Set(contentWords(claim).flatMap((w) => stemsOf(w.word)));
  const folded = foldText(sentence);
  for (const m of folded.matchAll(HEDGES)) {
    const after = folded.slice(m.index + m[0].length).match(/\p{L}+|\d+/gu) ?? [];
    if (after.slice(0, REACH).some((w) => stemsOf(w).some((s) => stems.has(s)))) return m[0];
  }
  return undefined;
}

/**
 * A sentence that asks: a closing question mark (before closing quotes or brackets, and a period after them,
 * as in a quoted title: '"Are polar bears increasing?".'), or Spanish's opening one.
 */
const QUESTION = /\?["'»”’)\]]*\.?\s*$|^\s*["'«“(]*¿/u;

/** Whether a sentence asks rather than states. */
export const isQuestion = (sentence: string): boolean => QUESTION.test(sentence);

/**
 * Whether the sentence that holds the claim asks it instead of stating it ('Are polar bear populations
 * increasing?' does not say that they are). Not when the claim is a question too.
 */
export function askedInPassage(claim: string, sentence: string): boolean {
  return isQuestion(sentence) && !isQuestion(claim);
}

import { foldText } from '../text/fold';
import { isStopword } from '../text/language';
import { joinLines } from './clean-sentences';
import { contentKeys, coverage, isQuestionWord, questionTerms, wordKey } from './overlap';
import { splitSentences } from './sentences';

/**
 * What a question is specifically about: the names it gives (a place, a person, an organisation, an acronym)
 * and its figures (a year, a count, a code). A sentence that shares the question's common words but not these
 * answers another question: "La concentración media de nitratos fue de 31,2 mg/L" does not say what Homún
 * reached in 2019, whatever its support.
 */
export interface SpecificTerm {
  /** The term as the question writes it. */
  text: string;
  /** The keys of its words (overlap.ts's wordKey), one for a figure or a one-word name. */
  keys: string[];
  /** For a name of several capitalised words, their initials ('Technology Acceptance Model' → 'TAM'). */
  initials?: string;
}

/** Titles before a name, which an answer may leave out ('Mr Obama' is 'Barack Obama'). */
const HONORIFICS = new Set('mr mrs ms dr prof sr sra srta don dona st san santa president presidente'.split(' '));
/** Lower-case words that join the words of one name ('Sociedad de Fomento', 'Bank of England'). */
const JOINERS = new Set('de del la las los of the da do dos das di von van'.split(' '));

const TOKEN = /\d+(?:[.,]\d+)*|[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}\d]+)*/gu;

/** Whether a word of the question is written as a name; `first`: it starts the question. */
function isNameWord(word: string, first: boolean): boolean {
  const folded = foldText(word);
  if (isStopword(folded) || isQuestionWord(folded) || HONORIFICS.has(folded)) return false;
  // An acronym or a word with a capital inside ('SRE', 'iPhone', 'McBee') is a name wherever it stands.
  if (/\p{Lu}.*\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word)) return true;
  // The first word of a question is capitalised as the sentence's start.
  return !first && /^\p{Lu}/u.test(word);
}

/**
 * The question's names (runs of capitalised words, joined by 'de', 'of' …) and figures, in order. `start`: the
 * text starts the question, so its first word is capitalised as a sentence's (false for a later part of it).
 */
export function specificTerms(question: string, start = true): SpecificTerm[] {
  const words = question.match(TOKEN) ?? [];
  const out: SpecificTerm[] = [];
  let name: string[] = [];
  let pending: string[] = [];
  const close = () => {
    if (name.length > 0) {
      const keys = [...new Set(name.flatMap((w) => [...contentKeys(w)]))];
      const capitals = name.filter((w) => /^\p{Lu}/u.test(w));
      out.push({
        text: name.join(' '),
        keys,
        ...(capitals.length >= 2 && { initials: capitals.map((w) => w[0]).join('') }),
      });
    }
    name = [];
    pending = [];
  };
  words.forEach((word, i) => {
    if (/^\d/.test(word)) {
      close();
      out.push({ text: word, keys: [wordKey(word)] });
    } else if (isNameWord(word, start && i === 0)) {
      name.push(...pending, word);
      pending = [];
    } else if (name.length > 0 && JOINERS.has(word.toLowerCase())) {
      pending.push(word);
    } else {
      close();
    }
  });
  close();
  return out.filter((t) => t.keys.length > 0);
}

/**
 * Whether `text` holds every one of `terms`: a figure as written (accents, case and the decimal comma aside); a
 * name by at least half of its words ('Obama' holds 'Barack Obama'), or by its initials as an acronym ('TAM').
 */
export function holdsSpecificTerms(terms: SpecificTerm[], text: string): boolean {
  if (terms.length === 0) return true;
  const keys = contentKeys(text);
  return terms.every((t) => {
    const held = t.keys.filter((k) => keys.has(k)).length;
    if (held * 2 >= t.keys.length && held > 0) return true;
    return t.initials !== undefined && new RegExp(`(?<![\\p{L}\\d])${t.initials}(?![\\p{L}\\d])`, 'u').test(text);
  });
}

/**
 * Words that join two things a question asks about ('en Homún y en los acuíferos', 'Paris or Rome'). Not the
 * Spanish 'o': it is the Portuguese article ('segundo o censo'), and a question split there would ask less.
 */
const COORDINATION = /\s+(?:y|e|and|or|ou)\s+/iu;
/** Share of its words (weighted, overlap.ts) a sentence holds of a thing asked about that names nothing. */
const UNNAMED_COVERAGE = 0.5;

/** One thing a question asks about: its names and figures, or, when it names nothing, its words. */
export interface Focus {
  terms: SpecificTerm[];
  words: Map<string, number>;
}

/**
 * What a question is about, one Focus per thing it asks about: a question joining two ('¿Qué se sabe de Homún y
 * de los acuíferos kársticos?') is answered by a sentence about either.
 */
export function questionFocus(question: string): Focus[] {
  return question
    .split(COORDINATION)
    .map((part, i) => ({ terms: specificTerms(part, i === 0), words: questionTerms(part) }));
}

/**
 * Whether `text` is about what the question names: it holds every name and figure of one of the things the
 * question asks about, or, for a thing that names nothing, UNNAMED_COVERAGE of its words ('los acuíferos
 * kársticos'). A question that names nothing at all is about anything its words are.
 */
export function holdsFocus(focus: Focus[], text: string): boolean {
  if (focus.every((f) => f.terms.length === 0)) return true;
  const keys = contentKeys(text);
  return focus.some((f) =>
    f.terms.length > 0 ? holdsSpecificTerms(f.terms, text) : coverage(f.words, keys) >= UNNAMED_COVERAGE,
  );
}

const normal = (s: string) => foldText(s).replace(/\s+/g, ' ').trim();

/**
 * The sentence right before `sentence` in `passage`, when the passage holds it: what a sentence that goes on
 * about the same thing ('A rapid decompression occurred at FL 290. A 28-in crack was found …') leans on for
 * its subject. Undefined when the sentence is the passage's first or is not found in it.
 */
export function sentenceBefore(passage: string, sentence: string): string | undefined {
  const wanted = normal(sentence).replace(/[.!?…]+$/, '');
  if (wanted === '') return undefined;
  const sentences = splitSentences(joinLines(passage));
  const at = sentences.findIndex((s) => normal(s).includes(wanted));
  return at > 0 ? sentences[at - 1] : undefined;
}

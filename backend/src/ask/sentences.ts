/**
 * Sentence boundaries that know about footnote markers: a marker `[^n]` after the full stop (with or
 * without a space before it) belongs to the sentence it follows, so "Uno.[^1] Dos[^2]." is two sentences
 * each with its marker. A line break always ends a sentence (list items, headings). A full stop does not end
 * one inside a number ('44.9'), after an initial ('J. Smith'), after a common abbreviation ('p. 45',
 * 'e.g. this'), or when the next word starts in lower case.
 */

const TERMINATORS = '.!?…。';
const CLOSERS = `"'”’»)]`;
const ABBREVIATIONS = new Set(
  'p pp ej e.g i.e cf vs sr sra srta dr dra ud uds vol vols núm num fig figs cap caps ed eds al aprox approx art arts pág págs col cols ca op cit ibid'.split(
    ' ',
  ),
);
const MARKER = /^[ \t]*\[\^\d+\]/;
const REFERENCE = /^\[\d+(?:[,–-]\d+)*\]/;

function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && /\s/.test(ch);
}

/** The word right before `at` (a full stop), lower case, dots inside kept ('e.g'). */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && /[\p{L}.]/u.test(text[start - 1]!)) start--;
  return text.slice(start, at);
}

function isAbbreviation(text: string, dot: number): boolean {
  const word = wordBefore(text, dot);
  if (word === '') return false;
  // An initial stands alone ('J. Smith'); a capital after other characters is a unit or code ('mg/L.').
  if (/^\p{Lu}$/u.test(word)) return !/[^\s(«"'“]/u.test(text[dot - 2] ?? ' ');
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * End offsets (exclusive) of the complete sentences of `text`, each taking its closing quotes and footnote
 * markers but not the whitespace after them. With `final` false (text still arriving) the last stretch is
 * left out unless what follows it already shows that it ended; with `final` true the text's end closes it.
 */
export function sentenceEnds(text: string, final: boolean): number[] {
  const ends: number[] = [];
  const blankSince = (at: number) => text.slice(ends.at(-1) ?? 0, at).trim() === '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      if (!blankSince(i)) ends.push(i);
      while (i < text.length && isSpace(text[i])) i++;
      continue;
    }
    if (!TERMINATORS.includes(ch)) {
      i++;
      continue;
    }
    // '44.9', and the number of an ordered list item ('2. Segundo').
    const decimal = /\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? '');
    if (ch === '.' && (decimal || /^[ \t]*\d+$/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i)))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && TERMINATORS.includes(text[j]!)) j++;
    while (j < text.length && CLOSERS.includes(text[j]!)) j++;
    // Reference numbers after the stop ('…registered mozilla.org.[4][5] The project…') close with it.
    for (let r = REFERENCE.exec(text.slice(j)); r; r = REFERENCE.exec(text.slice(j))) j += r[0].length;
    const beforeMarkers = j;
    for (let m = MARKER.exec(text.slice(j)); m; m = MARKER.exec(text.slice(j))) j += m[0].length;
    const marked = j > beforeMarkers;
    if (j >= text.length) {
      // A marker may still follow ("Uno. [^" …), so the end only counts once the text is complete.
      if (final) ends.push(j);
      break;
    }
    if (!isSpace(text[j])) {
      i = j;
      continue;
    }
    let k = j;
    while (k < text.length && isSpace(text[k])) k++;
    // Text still arriving may be the start of a marker for this sentence ("Uno. [^").
    if (k >= text.length || (!final && /^\[(\^\d*)?$/.test(text.slice(k)))) {
      if (final) ends.push(j);
      break;
    }
    const lineBreak = text.slice(j, k).includes('\n');
    const next = text[k]!;
    const abbreviation = ch === '.' && j === i + 1 && isAbbreviation(text, i);
    // A footnote after the stop closes the sentence whatever follows: the writer said where its source ends.
    if (lineBreak || marked || (!abbreviation && !/\p{Ll}/u.test(next))) {
      ends.push(j);
      i = k;
      continue;
    }
    i = k;
  }
  if (final && text.slice(ends.at(-1) ?? 0).trim() !== '') ends.push(text.trimEnd().length);
  return ends;
}

/** The sentences of a finished text, trimmed, empty ones left out. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const end of sentenceEnds(text, true)) {
    const s = text.slice(from, end).trim();
    if (s) out.push(s);
    from = end;
  }
  return out;
}

/**
 * Sentences of a text that arrives in pieces (a streamed answer): `push` returns the sentences completed so
 * far, `end` the rest. Each sentence comes with the whitespace before it (its separator from the previous
 * one), so joining everything returned gives back the text, trailing whitespace aside.
 */
export class SentenceStream {
  private buffer = '';

  push(delta: string): string[] {
    this.buffer += delta;
    return this.take(false);
  }

  end(): string[] {
    const out = this.take(true);
    if (this.buffer.trim() !== '') out.push(this.buffer.trimEnd());
    this.buffer = '';
    return out;
  }

  private take(final: boolean): string[] {
    const out: string[] = [];
    let from = 0;
    for (const end of sentenceEnds(this.buffer, final)) {
      out.push(this.buffer.slice(from, end));
      from = end;
    }
    this.buffer = this.buffer.slice(from);
    return out;
  }
}

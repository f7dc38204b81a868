/**
 * The claims of a text: its sentences, and the clauses of a sentence that makes several claims, each with
 * its offsets in the text so that a citation can be put right after it while every other character stays
 * where it was. Spanish and English. A full stop does not end a sentence inside a number ('44.9'), after an
 * initial ('J. R. Tolkien'), after an abbreviation ('p. 45', 'et al.', 'EE. UU.', 'e.g.'), or when the next
 * word starts in lower case. Markdown structure counts: headings, code, tables and block markers are never
 * claims, and a list item or a blank line always ends a sentence. A paragraph that looks like a heading is no
 * claim either: one short line with no sentence end, heading prose (see {@link isHeadingLike}), as a title
 * pasted from a word processor or a .docx paragraph set as a heading by hand.
 */

/** One claim: a sentence, or a clause of one. Offsets are UTF-16 indexes into the text. */
export interface Claim {
  /** The claim as written, from its first word to its last. */
  text: string;
  /** Offset of its first character. */
  start: number;
  /** Offset right after its last word, before the punctuation that closes it: where an in-text citation goes. */
  end: number;
  /** Offset right after the punctuation (and closing quotes) that close it: where a note reference goes. */
  after: number;
}

/** A sentence with its clauses (one clause when it makes one claim). */
export interface Sentence extends Claim {
  clauses: Claim[];
  /** Questions make no claim. */
  question: boolean;
}

const TERMINATORS = '.!?…。';
const CLOSERS = `"'”’»)]`;
/** Words that end in a full stop without ending the sentence (lower case, inner dots kept: 'e.g'). */
const ABBREVIATIONS = new Set(
  (
    'p pp ej e.g i.e cf vs sr sra srta sres dr dra dres ud uds vol vols núm num nº no fig figs cap caps ed eds ' +
    'al aprox approx art arts pág págs col cols ca op cit ibid id mr mrs ms prof profa st jr inc ltd co dept ' +
    'univ av avda min máx max mín tel ee uu a.c d.c a.m p.m etc sec secc párr para ch chap ap apdo lic ing ' +
    'gral cía sta sto ss'
  ).split(' '),
);
/** After these a full stop ends the sentence when the next word is capitalised ('…, etc. Luego'). */
const SENTENCE_FINAL_ABBREVIATIONS = new Set(['etc', 'ibid', 'id', 'a.m', 'p.m', 'inc', 'ltd', 'co']);

/** Conjunctions that may start a second claim after a comma; ';' always may. */
const CLAUSE_CONJUNCTIONS =
  /^(?:and|but|whereas|while|yet|although|though|so|y|e|pero|mientras que|mientras|aunque|sino que|por lo que|de modo que|así que)\s/i;
/** Content words a clause needs to count as a claim of its own. */
const MIN_CLAUSE_WORDS = 4;
/** Words a sentence needs to be cited at all. */
const MIN_CLAIM_WORDS = 4;

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const wordCount = (s: string) => s.match(WORD)?.length ?? 0;

/** The word right before `at` (a full stop), dots inside kept ('e.g', 'EE'). */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && /[\p{L}.º]/u.test(text[start - 1]!)) start--;
  return text.slice(start, at).replace(/^\.+/, '');
}

/** A full stop at `dot` that belongs to an abbreviation or an initial, given what follows it. */
function isAbbreviation(text: string, dot: number, next: string | undefined): boolean {
  const word = wordBefore(text, dot);
  if (word === '') return false;
  const lower = word.toLowerCase();
  if (SENTENCE_FINAL_ABBREVIATIONS.has(lower)) return !(next && /\p{Lu}/u.test(next));
  // An initial ('J.'), or initials run together ('J.R.', 'U.S'), or a known abbreviation.
  if (/^\p{Lu}$/u.test(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return true;
  if (ABBREVIATIONS.has(lower)) {
    // 'no.' is an abbreviation only before a number ('No. 5'); elsewhere it is the word 'no'.
    return lower !== 'no' || (next !== undefined && /\d/.test(next));
  }
  return false;
}

/** A stretch of prose: offsets of text that may hold sentences (markers and code left out). */
interface Block {
  start: number;
  end: number;
  /** It started with a list or quote marker. */
  marked?: boolean;
}

/** Words a heading-like line may have at most. */
const MAX_HEADING_WORDS = 12;
/** A sentence's end: terminal punctuation (or ':' ';' ',' that lead on), maybe followed by closers. */
const ENDS_SENTENCE = /[.!?…。:;,]["'”’»)\]]*$/;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const RULE = /^ {0,3}(?:[-*_]\s*){3,}$/;
const LIST_OR_QUOTE = /^(\s*(?:>\s*)*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?)/;

/** Splits a text into prose blocks: a blank line, a heading, a list item or a quote line starts a new one. */
function proseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let fence: string | undefined;
  let at = 0;
  const close = () => {
    if (current && current.end > current.start) blocks.push(current);
    current = undefined;
  };
  for (const line of text.split('\n')) {
    const lineStart = at;
    const lineEnd = at + line.length;
    at = lineEnd + 1;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      close();
      fence = fenceMatch[1]![0]!.repeat(3);
      continue;
    }
    if (line.trim() === '' || HEADING.test(line) || TABLE_ROW.test(line) || RULE.test(line)) {
      close();
      continue;
    }
    const marker = LIST_OR_QUOTE.exec(line)![1]!;
    const structural = /[>\-*+•\d]/.test(marker);
    if (structural) close();
    const start = lineStart + marker.length;
    if (current) current.end = lineEnd;
    else current = { start, end: lineEnd, ...(structural && { marked: true }) };
  }
  close();
  return blocks;
}

/** End offsets (exclusive, after closing punctuation and quotes) of the sentences of a block. */
function sentenceEnds(text: string, block: Block): number[] {
  const ends: number[] = [];
  let i = block.start;
  while (i < block.end) {
    const ch = text[i]!;
    if (!TERMINATORS.includes(ch)) {
      i++;
      continue;
    }
    if (ch === '.' && /\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? '')) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < block.end && TERMINATORS.includes(text[j]!)) j++;
    while (j < block.end && CLOSERS.includes(text[j]!)) j++;
    if (j >= block.end) {
      ends.push(block.end);
      break;
    }
    if (!isSpace(text[j])) {
      i = j;
      continue;
    }
    let k = j;
    while (k < block.end && isSpace(text[k])) k++;
    if (k >= block.end) {
      ends.push(j);
      break;
    }
    const next = text[k]!;
    const single = j === i + 1 || CLOSERS.includes(text[i + 1]!);
    const abbreviation = ch === '.' && single && isAbbreviation(text, i, next);
    // '?' and '!' end a sentence whatever follows; a full stop or an ellipsis not before lower case.
    if ((ch === '?' || ch === '!') && !/\p{Ll}/u.test(next)) ends.push(j);
    else if (ch !== '?' && ch !== '!' && !abbreviation && !/\p{Ll}/u.test(next)) ends.push(j);
    i = k;
  }
  const last = ends.at(-1) ?? block.start;
  if (text.slice(last, block.end).trim() !== '') ends.push(block.end);
  return ends;
}

/** The claim spanning [from, to): trimmed, with `end` before its closing punctuation. */
function claimIn(text: string, from: number, to: number): Claim | undefined {
  let start = from;
  while (start < to && isSpace(text[start])) start++;
  let after = to;
  while (after > start && isSpace(text[after - 1])) after--;
  if (after <= start) return undefined;
  // Closing quotes and brackets that close the sentence stay after the citation only when punctuation
  // precedes them ('…agua.»' → before the full stop); a sentence ending in ')' keeps its bracket.
  let end = after;
  let k = end;
  while (k > start && CLOSERS.includes(text[k - 1]!)) k--;
  let t = k;
  while (t > start && /[.!?…。,;:]/.test(text[t - 1]!)) t--;
  if (t < k) end = t;
  while (end > start && isSpace(text[end - 1])) end--;
  return { text: text.slice(start, end), start, end, after };
}

/** Offsets where a sentence may be split into clauses: after ';' or before ', <conjunction>'. */
function clauseBreaks(text: string, s: Claim): number[] {
  const breaks: number[] = [];
  let depth = 0;
  let quoted = false;
  for (let i = s.start; i < s.end; i++) {
    const ch = text[i]!;
    if ('([{«“'.includes(ch)) depth++;
    else if (')]}»”'.includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === '"') quoted = !quoted;
    if (depth > 0 || quoted) continue;
    if (ch === ';') breaks.push(i);
    else if (ch === ',' && CLAUSE_CONJUNCTIONS.test(text.slice(i + 1, i + 30).trimStart())) breaks.push(i);
  }
  return breaks;
}

/** The clauses of a sentence: split where each side makes a claim of its own, else the sentence alone. */
function clausesOf(text: string, s: Claim): Claim[] {
  const clauses: Claim[] = [];
  let from = s.start;
  for (const at of clauseBreaks(text, s)) {
    const left = claimIn(text, from, at);
    const rest = text.slice(at + 1, s.end);
    if (!left || wordCount(left.text) < MIN_CLAUSE_WORDS || wordCount(rest) < MIN_CLAUSE_WORDS + 1) continue;
    // 'nitrate, phosphate, and sulfate …': a comma before ', and' makes it the end of a series.
    if (text[at] === ',' && /^(?:and|y|e|or|o)\s/i.test(rest.trimStart()) && left.text.includes(',')) continue;
    clauses.push({ ...left, after: at + 1 });
    from = at + 1;
  }
  if (clauses.length === 0) return [s];
  const last = claimIn(text, from, s.after);
  if (last) clauses.push(last);
  return clauses.map(withoutConjunction);
}

/** A clause without the conjunction that joins it to the one before ('mientras que', 'while'): not part of its claim. */
function withoutConjunction(c: Claim): Claim {
  const m = CLAUSE_CONJUNCTIONS.exec(c.text);
  if (!m) return c;
  const skip = m[0].length;
  return { ...c, text: c.text.slice(skip), start: c.start + skip };
}

/**
 * Which blocks are headings written as plain paragraphs: one line of at most {@link MAX_HEADING_WORDS} words,
 * no list or quote marker, not ending as a sentence does ('.', '?', ':' …), and followed by what a heading
 * heads, a paragraph ending as a sentence or another such heading. A lone line, or one before more unpunctuated
 * lines (notes typed without full stops), stays a claim.
 */
function isHeadingLike(text: string, blocks: Block[]): boolean[] {
  const out = blocks.map(() => false);
  const endsSentence = (b: Block) => ENDS_SENTENCE.test(text.slice(b.start, b.end).trimEnd());
  for (let i = blocks.length - 2; i >= 0; i--) {
    const b = blocks[i]!;
    const line = text.slice(b.start, b.end).trim();
    if (b.marked || line.includes('\n') || wordCount(line) > MAX_HEADING_WORDS || endsSentence(b)) continue;
    const next = blocks[i + 1]!;
    out[i] = out[i + 1]! || endsSentence(next);
  }
  return out;
}

/** The sentences of a text with their clauses; headings and fragments too short to claim anything are left out. */
export function splitClaims(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const blocks = proseBlocks(text);
  const headings = isHeadingLike(text, blocks);
  for (const [i, block] of blocks.entries()) {
    if (headings[i]) continue;
    let from = block.start;
    for (const to of sentenceEnds(text, block)) {
      const s = claimIn(text, from, to);
      from = to;
      if (!s || wordCount(s.text) < MIN_CLAIM_WORDS) continue;
      const question = /\?["'”’»)\]]*$/.test(text.slice(s.start, s.after)) || s.text.startsWith('¿');
      sentences.push({ ...s, question, clauses: question ? [s] : clausesOf(text, s) });
    }
  }
  return sentences;
}

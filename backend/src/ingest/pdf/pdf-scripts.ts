/**
 * Raised and lowered text kept apart from the text beside it. A PDF draws "2³⁴" as a '2' and a smaller '34'
 * set above the baseline; read as characters alone it is "234", a number a hundred million times smaller.
 * Each piece of a line carries its baseline and size, so a smaller piece off the line's baseline is a
 * superscript or a subscript, written in a form that cannot be read as the digits beside it:
 * - after a digit or a one-letter name, a superscript is an exponent: "2^34", "10^6", "x^2", "e^{-x}";
 * - a subscript is an index: "H_2O", "x_{i,j}";
 * - a raised number after a word or a closing mark is a note or reference call, and so is one matching a
 *   note printed on the page: it is written in superscript digits ("here¹", "shown¹²,¹³"), which search
 *   folds apart from the word (`foldText`) and a reader sees as printed;
 * - a raised number opening a line is a note's own number: "1 The note.".
 */

/** A piece of one line: its text, the height of its baseline in the line's frame, and its type size. */
export interface LinePiece {
  str: string;
  across: number;
  height: number;
}

/** Smaller than this share of the line's type is small type. */
const SMALL = 0.85;
/** Raised by this share of the line's type (or more): a superscript; lowered by the second: a subscript. */
const RAISED = 0.12;
const LOWERED = 0.08;

type Place = 'base' | 'sup' | 'sub';

/**
 * Where each piece sits: on the baseline, or small type raised or lowered off the piece it follows (the
 * last piece on the baseline before it; at the start of a line, the first larger piece after it). Whole
 * words set off at their own size, or holding a word of four letters or more, are on the baseline: each
 * piece is compared with its neighbour, not with the line.
 */
function places(pieces: readonly LinePiece[]): Place[] {
  const inked = (p: LinePiece) => p.str.trim() !== '' && Number.isFinite(p.across);
  const out: Place[] = pieces.map(() => 'base');
  let anchor: LinePiece | undefined;
  for (const [i, p] of pieces.entries()) {
    if (!inked(p)) continue;
    const against = anchor ?? pieces.slice(i + 1).find((q) => inked(q) && p.height <= SMALL * q.height);
    const place = against ? placeAgainst(p, against) : 'base';
    out[i] = place;
    if (place === 'base') anchor = p;
  }
  return out;
}

/** Where `piece` sits against the baseline piece `anchor`: within its height above or below its baseline. */
function placeAgainst(piece: LinePiece, anchor: LinePiece): Place {
  if (piece.height > SMALL * anchor.height || /\p{L}{4}/u.test(piece.str)) return 'base';
  const shift = (piece.across - anchor.across) / anchor.height;
  if (shift >= RAISED && shift <= 0.75) return 'sup';
  if (-shift >= LOWERED && -shift <= 0.45) return 'sub';
  return 'base';
}

const NOTE_CALL = /^[\d*†‡§¶]+(?:[,–-][\d*†‡§¶]+)*$/u;
const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
  '–': '⁻',
};
/** A note call in superscript digits ('12' → '¹²'); the HTML and EPUB readers write their calls so too. */
export const superscript = (run: string) => [...run].map((c) => SUPERSCRIPT[c] ?? c).join('');
/** A run written after `^` or `_` as it is when it is one word of letters or digits, else in braces. */
const scriptRun = (mark: '^' | '_', run: string) => (/^[\p{L}\p{N}]+$/u.test(run) ? mark + run : `${mark}{${run}}`);

/**
 * The numbers of the notes a page prints: lines opening with a raised number (LaTeX's and Word's foot
 * notes: "¹ The note.").
 */
export function noteNumbers(lines: readonly (readonly LinePiece[])[]): Set<string> {
  return notesOf(lines, lines.map(places));
}

/** The line's text with its raised and lowered runs written apart (see the module's comment). */
export function lineWithScripts(pieces: readonly LinePiece[], notes: ReadonlySet<string> = new Set()): string {
  return writtenLine(pieces, places(pieces), notes);
}

/** A page's lines, each written with its raised and lowered runs apart, note calls told by the page's notes. */
export function linesWithScripts(lines: readonly (readonly LinePiece[])[]): string[] {
  const where = lines.map(places);
  const notes = notesOf(lines, where);
  return lines.map((pieces, i) => writtenLine(pieces, where[i]!, notes));
}

function notesOf(lines: readonly (readonly LinePiece[])[], where: readonly Place[][]): Set<string> {
  const notes = new Set<string>();
  for (const [n, pieces] of lines.entries()) {
    const place = where[n]!;
    const first = pieces.findIndex((p) => p.str.trim());
    if (first < 0 || place[first] !== 'sup') continue;
    const number = pieces[first]!.str.trim();
    if (
      /^\d{1,3}$/.test(number) &&
      place.slice(first + 1).some((w, i) => w === 'base' && pieces[first + 1 + i]!.str.trim())
    ) {
      notes.add(number);
    }
  }
  return notes;
}

function writtenLine(pieces: readonly LinePiece[], where: readonly Place[], notes: ReadonlySet<string>): string {
  if (!where.includes('sup') && !where.includes('sub')) return pieces.map((p) => p.str).join('');
  let text = '';
  let i = 0;
  while (i < pieces.length) {
    const place = where[i]!;
    if (place === 'base') {
      text += pieces[i]!.str;
      i += 1;
      continue;
    }
    let run = '';
    while (i < pieces.length && where[i] === place) run += pieces[i++]!.str;
    const trimmed = run.trim();
    const before = text.trimEnd();
    if (place === 'sup' && isLogoLetter(text, run, pieces[i]?.str)) text += run;
    else if (place === 'sub') text += scriptRun('_', trimmed);
    else if (!before) text += `${trimmed} `;
    else text += raised(before, trimmed, notes);
    if (/\s$/.test(run)) text += ' ';
  }
  return text;
}

/**
 * Whether a raised run is capitals set inside a word of capitals, as the LaTeX logo raises its A ('LATEX'):
 * glued to a capital before and after, it is a letter of the word, not a superscript.
 */
function isLogoLetter(before: string, run: string, after: string | undefined): boolean {
  return /\p{Lu}$/u.test(before) && /^\p{Lu}+$/u.test(run) && /^\p{Lu}/u.test(after ?? '');
}

/** A superscript after `before`: a call in superscript digits, or an exponent after `^`. */
function raised(before: string, run: string, notes: ReadonlySet<string>): string {
  if (NOTE_CALL.test(run)) {
    const word = /(\p{L}+)$/u.exec(before)?.[1];
    const afterWord = word !== undefined && word.length >= 2;
    const afterMark = /[.,;:!?)\]”’"»']$/u.test(before);
    if (notes.has(run) || afterWord || afterMark) return superscript(run);
  }
  return scriptRun('^', run);
}

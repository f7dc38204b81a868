/**
 * Accents drawn apart from their letters, joined to them again. pdfTeX without T1 fonts (OT1, the default)
 * draws 'ó' as two glyphs: the acute accent ´, then a move back, then 'o' under it; 'í' as ´ over a dotless
 * ı; 'Ç' as C with the cedilla drawn after it. pdf.js gives each glyph its own character, so the text reads
 * "configuraci´on" and "Astronom´ıa", and no search for 'configuración' finds it. Some other producers draw
 * the accent after its letter ("Nicola´s"), and Word's math draws combining marks before their base.
 *
 * Where pdf.js gives positions (an accent ending one text item and the letter it sits over starting the
 * next, which begins before the accent ends), `composeAccentItems` decides by position and joins any letter.
 * Inside one item there are no positions: `composeAccents` then joins only what cannot be anything else,
 * an accent touching a letter that language writes with it ('´o', 'ˇc'), never a quote in an elision
 * ("l´amour", "d´un") nor a ring before a 'C' (a degree sign: "30˚C").
 */
import { itemPlace } from './pdf-text-order';

/** Spacing accents and the combining mark each stands for. */
const COMBINING: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '\u0060': '\u0300', // ` grave
  '\u02c6': '\u0302', // ˆ circumflex
  '\u005e': '\u0302', // ^ circumflex, as some fonts map it (only by position: '^' is also an exponent)
  '\u02dc': '\u0303', // ˜ tilde
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02da': '\u030a', // ˚ ring
  '\u02c7': '\u030c', // ˇ caron
  '\u02db': '\u0328', // ˛ ogonek
  '\u02dd': '\u030b', // ˝ double acute
  '\u00af': '\u0304', // ¯ macron
  '\u02d8': '\u0306', // ˘ breve
  '\u02d9': '\u0307', // ˙ dot above
};

/** The accents read without positions: '^', '`' and '¯' are too often something else there (code, exponents). */
const TEXT_ACCENTS = '\u00b4\u02c6\u02dc\u00a8\u00b8\u02da\u02c7\u02db\u02dd\u02d8\u02d9';

/** Marks drawn under the letter: they keep a dotless ı dotless ('ı̧' is not 'i̧'). */
const BELOW = new Set(['\u0327', '\u0328']);

/**
 * Letters each accent is written on in the Latin-script languages a library holds (Romance, Germanic,
 * Slavic, Baltic, Hungarian, Turkish, Vietnamese aside): what `composeAccents` joins without positions.
 */
const TEXT_BASES: Record<string, string> = {
  '\u0301': 'aeiouyıAEIOUY',
  '\u0300': 'aeiouıAEIOU',
  '\u0302': 'aeiouıAEIOU',
  '\u0303': 'aonAON',
  '\u0308': 'aeiouyıAEIOUY',
  '\u0327': 'cstCST',
  '\u030a': 'auAU',
  '\u030c': 'cdenrstzCDENRSTZ',
  '\u0328': 'aeAE',
  '\u030b': 'ouOU',
  '\u0306': 'agAG',
  '\u0307': 'zcegZCEG',
};

/** The letter with the accent: a dotless ı or ȷ under an accent above becomes i or j; the result is NFC. */
export function accented(letter: string, accent: string): string {
  const mark = COMBINING[accent] ?? accent;
  const base = BELOW.has(mark) ? letter : letter === 'ı' ? 'i' : letter === 'ȷ' ? 'j' : letter;
  return (base + mark).normalize('NFC');
}

const isAccent = (c: string | undefined) => c !== undefined && c in COMBINING;
const LETTER = /\p{L}/u;

/** The parts of a pdf.js text item read here. */
export interface AccentItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

/**
 * Items in content-stream order with every accent that sits over a neighbouring item's letter joined to
 * it: an item ending in an accent and the next one starting back under it (pdfTeX's accent before its
 * letter), or an item starting with an accent drawn back over the previous item's last letter. Items are
 * copied when changed; an item left empty is dropped.
 */
export function composeAccentItems<T extends AccentItem>(items: readonly T[]): T[] {
  const out: T[] = [];
  let previous: T | undefined;
  /** An item of combining marks alone (TeX's math accents: '̂' drawn, then the letter under it). */
  let held: { item: T; at: number } | undefined;
  for (const item of items) {
    if (previous && !previous.hasEOL && item.str && overlaps(previous, item)) {
      const last = [...previous.str].at(-1);
      const first = [...item.str][0];
      if (isAccent(last) && first !== undefined && LETTER.test(first) && !isUrlTilde(previous.str, last!)) {
        replace(out, previous, previous.str.slice(0, -last!.length));
        const changed = { ...item, str: accented(first, last!) + item.str.slice(first.length) };
        out.push(changed);
        previous = changed;
        continue;
      }
      if (isAccent(first) && last !== undefined && LETTER.test(last)) {
        previous = replace(out, previous, previous.str.slice(0, -last.length) + accented(last, first!));
        // An accent set under a capital (Ç) ends before the capital does: pdf.js reads the way back to the
        // capital's end as a space, which is none before the rest of the word or a stop.
        const under = BELOW.has(COMBINING[first!]!) && /^ [\p{Ll}.,;:!?]/u.test(item.str.slice(first!.length));
        const rest = item.str.slice(first!.length + (under ? 1 : 0));
        if (rest) {
          const changed = { ...item, str: rest };
          out.push(changed);
          previous = changed;
        }
        continue;
      }
    }
    if (held && item.str.trim()) {
      const marked = markOver(held.item, item);
      if (marked) {
        out[held.at] = { ...held.item, str: '' };
        out.push(marked);
        previous = marked;
        held = undefined;
        continue;
      }
      held = undefined;
    }
    out.push(item);
    if (MARKS_ONLY.test(item.str)) held = { item, at: out.length - 1 };
    if (item.str || item.hasEOL) previous = item;
  }
  return out.filter((item) => item.str !== '' || item.hasEOL);
}

const MARKS_ONLY = /^\p{M}+$/u;

/** Whether the accent ending `text` is a web address's tilde ('…/˜user', LaTeX's '\\~{}' in a URL). */
const isUrlTilde = (text: string, accent: string) => accent === '\u02dc' && text.slice(0, -accent.length).endsWith('/');

/**
 * `next` with the combining marks of `marks` after its first letter, when they are drawn over it: on its
 * line, within its first letter's width (the item's width shared among its characters); else undefined.
 */
function markOver<T extends AccentItem>(marks: T, next: T): T | undefined {
  const offset = offsetOf(marks, next);
  if (!offset) return undefined;
  const { along, across, size } = offset;
  const lead = /^\s*/u.exec(next.str)![0];
  const letter = [...next.str.slice(lead.length)][0];
  if (!letter || !/[\p{L}\p{N}\p{S}]/u.test(letter) || across > 0.6 * size) return undefined;
  const width = next.width / Math.max([...next.str].length, 1);
  if (along < -0.3 * size || along > lead.length * width + Math.max(width, 0.6 * size)) return undefined;
  const rest = next.str.slice(lead.length + letter.length);
  return { ...next, str: (lead + letter + marks.str).normalize('NFC') + rest };
}

/** Replaces `previous` (the last kept item with text) by a copy holding `str`; returns the copy. */
function replace<T extends AccentItem>(out: T[], previous: T, str: string): T {
  const at = out.lastIndexOf(previous);
  const changed = { ...previous, str };
  if (at >= 0) out[at] = changed;
  return changed;
}

/**
 * Whether `next` starts back under the end of `previous`, on about the same baseline and the same way:
 * an accent and its letter, drawn one over the other. Raised capitals' accents sit up to half a size
 * above the baseline.
 */
function overlaps(previous: AccentItem, next: AccentItem): boolean {
  const offset = offsetOf(next, previous);
  if (!offset) return false;
  const { along, across, size } = offset;
  const end = previous.width;
  return across <= 0.5 * size && along < end - 0.1 * size && along > end - 1.5 * size;
}

/**
 * Where `item` starts from where `from` starts, along their baseline and across it (`itemPlace`), with the
 * larger of their sizes; undefined when they are not written the same way (the angle lines are told by).
 */
function offsetOf(item: AccentItem, from: AccentItem): { along: number; across: number; size: number } | undefined {
  const [p, q] = [itemPlace(from.transform), itemPlace(item.transform)];
  if (p.angle !== q.angle) return undefined;
  return {
    along: q.along - p.along,
    across: Math.abs(q.across - p.across),
    size: Math.max(from.height, item.height, 1),
  };
}

/** What `composeAccents` may change: text without any of these is left as it is. */
const MAY_COMPOSE = new RegExp(`[${TEXT_ACCENTS}\\p{M}ıȷ]`, 'u');
/** An accent, then the letter it may go on; or a letter, then an accent followed by no letter. */
const ACCENT_BEFORE = new RegExp(`([${TEXT_ACCENTS}])(\\p{L})`, 'gu');
const ACCENT_AFTER = new RegExp(`(\\p{L})([${TEXT_ACCENTS}])(?!\\p{L})`, 'gu');
/** A quote mark in an elision: a French or Italian article, pronoun or conjunction before it. */
const ELISION =
  /(?:^|[^\p{L}])(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|quelqu|dell|all|nell|sull|dall|quell|un|bell|sant)$/iu;
/** A dotless ı or ȷ under a combining accent above it (one drawn below keeps it dotless). */
const DOTLESS_MARKED = /([ıȷ])((?![\u0327\u0328])[\u0300-\u036f]+)/gu;
/** A combining mark after a space or an opening bracket (Word's math draws them before their base). */
const MARK_FIRST = /(^|[\s\p{Ps}\p{Pi}])(\p{M}+)(\S)/gu;

/**
 * Text with the accents that touch their letters joined to them, combining marks drawn before their
 * base moved after it, and the result NFC. Only pairs a language writes join ('´o', 'o´ ', 'ˇc'); an
 * accent in an elision ("l´amour", "qu´il") and anything else stay as they are. Text without an accent
 * or a mark is returned as it is.
 */
export function composeAccents(text: string): string {
  if (!MAY_COMPOSE.test(text)) return text;
  const before = text.replace(ACCENT_BEFORE, (pair, accent: string, letter: string, at: number, whole: string) => {
    const mark = COMBINING[accent]!;
    if (!TEXT_BASES[mark]?.includes(letter)) return pair;
    if (accent === '\u00b4' && ELISION.test(whole.slice(0, at))) return pair;
    if (isUrlTilde(whole.slice(0, at + accent.length), accent)) return pair;
    return accented(letter, accent);
  });
  const after = before.replace(ACCENT_AFTER, (pair, letter: string, accent: string) => {
    const mark = COMBINING[accent]!;
    return TEXT_BASES[mark]?.includes(letter) ? accented(letter, accent) : pair;
  });
  return after
    .replace(MARK_FIRST, (_, lead: string, marks: string, base: string) => lead + base + marks)
    .replace(DOTLESS_MARKED, (_, letter: string, marks: string) => (letter === 'ı' ? 'i' : 'j') + marks)
    .normalize('NFC');
}

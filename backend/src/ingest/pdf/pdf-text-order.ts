/** The parts of a pdf.js text item that ordering reads; `dir` is pdf.js's guess of the item's direction. */
export interface OrderedItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  dir?: string;
}

/** Where an item sits in its own writing frame: along its baseline, and across it (its baseline's height). */
export interface ItemPlace {
  along: number;
  across: number;
  /** Its writing direction rounded to degrees: items of one line share it. */
  angle: number;
}

/** Items closer than this share a baseline, as a share of their height. */
const SAME_BASELINE = 0.2;
/** A repeated item within this share of its height of the previous one is the same text drawn again. */
const REPEAT_OFFSET = 0.2;

const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const STRONG_LTR_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * Presentation forms (Latin and Hebrew ligatures, Arabic contextual forms, the vertical forms of CJK
 * punctuation: '︵' is '(' turned for a column), and the other characters pdf.js
 * would normalize (no-break and typographic spaces, the micro sign, the ohm sign, the Greek question mark):
 * NFKC gives the ordinary letters.
 */
const PRESENTATION_FORMS =
  /[\u00a0\u00b5\u037e\u2000-\u200a\u202f\u2126\ufb00-\ufdff\ufe10-\ufe19\ufe30-\ufe4f\ufe70-\ufeff]+/gu;
/**
 * Adobe's private-use small capitals and old-style figures: U+F721-U+F7FF is the small or old-style form of
 * U+0021-U+00FF ('Asmall' U+F761 is 'a', 'zerooldstyle' U+F730 is '0', 'Eacutesmall' U+F7E9 is 'é'), the
 * code points pdf.js gives for those glyph names.
 */
const ADOBE_SMALL_FORMS = /[\uf721-\uf7ff]/gu;

/** The item's place in its own frame: for upright text, along = x and across = y. */
export function itemPlace(transform: readonly number[]): ItemPlace {
  const [a = 1, b = 0, , , x = 0, y = 0] = transform;
  const scale = Math.hypot(a, b) || 1;
  const [ux, uy] = [a / scale, b / scale];
  return {
    along: x * ux + y * uy,
    across: y * ux - x * uy,
    angle: Math.round((Math.atan2(b, a) * 180) / Math.PI),
  };
}

/**
 * Presentation forms replaced by the letters they show (NFKC, on those characters only: 'ﻟﻌﺮﺑﻴﺔ' → 'لعربية',
 * 'ﬁ' → 'fi'), and Adobe's private-use small capitals and old-style figures by the letters and digits they
 * show, so the text is found by the words people type. The rest of the text keeps its characters
 * (NFKC everywhere would also turn '²' into '2' and '½' into '1⁄2'). In Arabic text (`arabic`), the
 * Persian and Urdu letters that common fonts use for Arabic shapes become the Arabic letters they show:
 * the dotted initial and medial Farsi yeh is ي, its dotless final form ى, the heh doachashmee ه.
 */
export function normalizePresentationForms(text: string, arabic = false): string {
  const folded = arabic ? text.replace(ARABIC_LOOKALIKES, (c) => ARABIC_FOLDS[c] ?? c) : text;
  return folded
    .replace(PRESENTATION_FORMS, (forms) => forms.normalize('NFKC'))
    .replace(ADOBE_SMALL_FORMS, (c) => String.fromCharCode(c.charCodeAt(0) - 0xf700));
}

const ARABIC_FOLDS: Record<string, string> = {
  '\ufbfe': '\u064a',
  '\ufbff': '\u064a',
  '\ufbfc': '\u0649',
  '\ufbfd': '\u0649',
  '\u06be': '\u0647',
  '\ufbaa': '\ufeea',
  '\ufbab': '\ufeeb',
  '\ufbac': '\ufeec',
  '\ufbad': '\ufeec',
};
const ARABIC_LOOKALIKES = /[\ufbfc-\ufbff\u06be\ufbaa-\ufbad]/gu;
/** Letters of Persian and Urdu that Arabic does not use (peh, tcheh, jeh, gaf, keheh, tteh, ddal, rreh, noon ghunna, yeh barree). */
const NOT_ARABIC =
  /[\u067e\u0686\u0698\u06af\u06a9\u0679\u0688\u0691\u06ba\u06d2\ufb56-\ufb59\ufb7a-\ufb7d\ufb8a\ufb8b\ufb92-\ufb95\ufb8e-\ufb91]/u;
const ARABIC_LETTER = /[\u0620-\u064a\ufe80-\ufefc]/u;

/** Whether a page's text is Arabic: Arabic letters, none that only Persian or Urdu use. */
export function isArabicText(text: string): boolean {
  return ARABIC_LETTER.test(text) && !NOT_ARABIC.test(text);
}

/**
 * Puts pdf.js text items in reading order where the content stream does not: a run of consecutive items on
 * one baseline (table cells drawn right column first, a line drawn in pieces) is ordered along its
 * baseline, right to left when most of its letters are right-to-left (Arabic, Hebrew: pdf.js gives each
 * item's characters in logical order but the items in drawing order), keeping left-to-right pieces inside
 * such a line (numbers, Latin words) left to right. An item repeating the previous one at almost the same
 * place (fake bold: the same string drawn twice, slightly shifted) is dropped. Runs on different baselines
 * keep the stream's order, so columns are not interleaved.
 */
export function orderTextItems<T extends OrderedItem>(items: readonly T[]): T[] {
  const out: T[] = [];
  let run: { item: T; place: ItemPlace }[] = [];
  const flush = () => {
    if (run.length > 0) out.push(...orderRun(run));
    run = [];
  };
  for (const item of items) {
    if (!item.str) {
      // pdf.js marks line ends with empty items; they end the run and keep their place.
      flush();
      out.push(item);
      continue;
    }
    const place = itemPlace(item.transform);
    const previous = run[run.length - 1];
    if (previous && repeats(previous, { item, place })) continue;
    const first = run[0];
    const height = Math.max(item.height, first?.item.height ?? 0, 1e-3);
    if (
      first &&
      (first.place.angle !== place.angle || Math.abs(first.place.across - place.across) > SAME_BASELINE * height)
    ) {
      flush();
    }
    run.push({ item, place });
  }
  flush();
  return out;
}

function repeats(previous: { item: OrderedItem; place: ItemPlace }, next: { item: OrderedItem; place: ItemPlace }) {
  if (!next.item.str.trim() || next.item.str !== previous.item.str) return false;
  const limit = REPEAT_OFFSET * Math.max(next.item.height, previous.item.height, 1e-3);
  return (
    next.place.angle === previous.place.angle &&
    Math.abs(next.place.along - previous.place.along) <= limit &&
    Math.abs(next.place.across - previous.place.across) <= limit
  );
}

function orderRun<T extends OrderedItem>(run: readonly { item: T; place: ItemPlace }[]): T[] {
  if (run.length < 2) return run.map((r) => r.item);
  const rtl = isRightToLeft(run.map((r) => r.item));
  const sorted = [...run].sort((p, q) => (rtl ? q.place.along - p.place.along : p.place.along - q.place.along));
  const items = sorted.map((r) => r.item);
  if (rtl) reverseLeftToRightPieces(items);
  // The run is one line now: only its last item ends it.
  const ends = run.some((r) => r.item.hasEOL);
  return items.map((item, i) => {
    const hasEOL = i === items.length - 1 ? ends : false;
    return item.hasEOL === hasEOL ? item : { ...item, hasEOL };
  });
}

/** Whether most letters of the items are right-to-left. */
function isRightToLeft(items: readonly OrderedItem[]): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const item of items) {
    if (STRONG_RTL.test(item.str)) rtl += item.str.length;
    else if (STRONG_LTR_OR_DIGIT.test(item.str)) ltr += item.str.length;
  }
  return rtl > ltr;
}

/** In a line ordered right to left, puts back each run of left-to-right items (with the spaces inside it). */
function reverseLeftToRightPieces(items: OrderedItem[]): void {
  const ltr = (item: OrderedItem) => !STRONG_RTL.test(item.str) && STRONG_LTR_OR_DIGIT.test(item.str);
  const neutral = (item: OrderedItem) => !STRONG_RTL.test(item.str) && !STRONG_LTR_OR_DIGIT.test(item.str);
  let i = 0;
  while (i < items.length) {
    if (!ltr(items[i]!)) {
      i += 1;
      continue;
    }
    let end = i;
    for (let j = i + 1; j < items.length; j++) {
      if (ltr(items[j]!)) end = j;
      else if (!neutral(items[j]!)) break;
    }
    const piece = items.slice(i, end + 1).reverse();
    items.splice(i, piece.length, ...piece);
    i = end + 1;
  }
}

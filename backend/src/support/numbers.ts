import { foldText } from '../text/fold';
import { MONTHS } from './quantity-forms';
import { isFunctionWord, parseNumber, stemKey } from './text';

export { parseNumber };

/**
 * A figure stated in a text: its value, what it counts ('%', 'mg/l', a noun's stem; 'fecha' for an ISO date,
 * whose value is yyyymmdd, dd 0 for a month) and whether it is a year.
 */
export interface Quantity {
  value: number;
  /** Normalized unit: '%' for percentages, the unit or counted noun's stem otherwise, '' when none follows. */
  unit: string;
  year: boolean;
  /** Preceded by 'about', 'aproximadamente', '~' …: matches values within 5 %. */
  approximate: boolean;
  /** 'más de 5', 'over 5', 'at least 5': a lower bound; 'menos de 5', 'under 5', 'at most 5': an upper one. */
  bound?: 'min' | 'max';
  raw: string;
}

const APPROX =
  /(?:~|≈|about|around|approximately|roughly|nearly|almost|some|circa|ca\.|aproximadamente|cerca de|casi|alrededor de|unos|unas|en torno a)\s*$/;

const LOWER_BOUND =
  /(?:mas de|mas que|mayor(?:es)? de|por encima de|superior(?:es)? a|al menos|como minimo|more than|over|above|at least|greater than|exceeding|>|≥)\s*$/;
const UPPER_BOUND =
  /(?:menos de|menos que|menor(?:es)? de|por debajo de|inferior(?:es)? a|a lo sumo|como maximo|less than|fewer than|under|below|at most|up to|<|≤)\s*$/;

/** Month names said alone; English 'may' and 'march' are left out (a verb and a walk more often than months). */
const LONE_MONTHS = Object.keys(MONTHS).filter((m) => m !== 'may' && m !== 'march');
const MONTH_WORD = new RegExp(`(?<![\\p{L}])(${LONE_MONTHS.join('|')})(?![\\p{L}])`, 'gu');

const PERCENT = /^(?:%|‰|por ?ciento|percent|per ?cent|pct)/;
/** Unit symbols kept as written (folded): a following symbol, or a word, says what the figure counts. */
const UNIT = /^(?:[a-zµμ°]+(?:\/[a-z0-9]+)*)/;

/** Durations in hours, by the unit's folded stem as `quantities` keeps it: 'dos días' is '48 horas'. */
const HOURS_PER: Record<string, number> = {
  h: 1,
  hr: 1,
  hrs: 1,
  hora: 1,
  hour: 1,
  min: 1 / 60,
  minut: 1 / 60,
  dia: 24,
  dias: 24,
  day: 24,
  days: 24,
  seman: 168,
  week: 168,
  mes: 730,
  mese: 730,
  month: 730,
  ano: 8760,
  anos: 8760,
  year: 8760,
};

/** Number words read as figures where a duration or 'mil' follows ('dos días', 'three weeks', 'dos mil'). */
const NUMBER_WORDS: Record<string, number> = {
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  quince: 15,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  cien: 100,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
};
const DURATION_WORD =
  '(?:horas?|dias?|semanas?|mes(?:es)?|anos?|minutos?|hours?|days?|weeks?|months?|years?|minutes?)\\b';
const SPELLED = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join('|')})\\s+(?=${DURATION_WORD}|mil\\b)`, 'g');

/** Spelled-out figures as digits, and 'N mil' and '2 000' as whole numbers, before figures are read. */
function digitsForWords(folded: string): string {
  return folded
    .replace(SPELLED, (_, word: string) => `${NUMBER_WORDS[word]} `)
    .replace(/(?<![\d.,])(\d{1,3})\s+mil\b/g, (_, n: string) => String(Number(n) * 1000))
    .replace(/(?<![\d.,])(\d{1,3}(?:[\u00a0\u202f ]\d{3})+)(?![\d.,])/g, (g: string) => g.replace(/\D/g, ''));
}

/** The figures of a text, in order; number words only where a duration or 'mil' follows (`digitsForWords`). */
export function quantities(text: string): Quantity[] {
  const folded = digitsForWords(foldText(text.replace(/µ|μ/g, 'u')));
  const out: Quantity[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of folded.matchAll(/(?<![\p{L}\d.,-])(\d+(?:[.,]\d+)*)/gu)) {
    const raw = m[1]!.replace(/[.,]$/, '');
    const value = parseNumber(raw);
    if (!Number.isFinite(value)) continue;
    const after = folded.slice(m.index + m[1]!.length).replace(/^\s+/, '');
    const before = folded.slice(Math.max(0, m.index - 24), m.index);
    // A figure glued to letters ('IL6', 'H1N1', '5-HT') is a name, not a quantity: entities check those.
    if (
      /^[\p{L}]/u.test(folded.slice(m.index + m[1]!.length)) &&
      !/^(?:mg|g|kg|ug|ml|l|km|m|cm|mm|h|s|min|%)\b/.test(after)
    ) {
      continue;
    }
    let unit = '';
    const pct = PERCENT.exec(after);
    if (pct) unit = '%';
    else {
      const u = UNIT.exec(after)?.[0] ?? '';
      // Only grammatical words say nothing of what is counted: '2 people' counts people.
      if (u && !(isFunctionWord(u) && u.length <= 4)) unit = u.includes('/') || u.length <= 3 ? u : stemKey(u);
    }
    const year = !unit && Number.isInteger(value) && value >= 1000 && value <= 2100 && !/[.,]/.test(raw);
    const bound = LOWER_BOUND.test(before) ? 'min' : UPPER_BOUND.test(before) ? 'max' : undefined;
    out.push({ value, unit, year, approximate: APPROX.test(before), raw, ...(bound && { bound }) });
    starts.push(m.index);
    ends.push(m.index + m[1]!.length);
  }
  // The first figure of a range counts what the second does: '3200 – 4100 m'.
  for (let i = 0; i + 1 < out.length; i++) {
    const [a, b] = [out[i]!, out[i + 1]!];
    const between = folded.slice(ends[i], starts[i + 1]);
    if (!a.unit && b.unit && !a.year && /^\s*–\s*$/.test(between)) a.unit = b.unit;
  }
  // A month named without its year ('en junio de cada año') is a figure of its own kind.
  for (const m of folded.matchAll(MONTH_WORD)) {
    out.push({ value: MONTHS[m[1]!]!, unit: 'mes', year: false, approximate: false, raw: m[1]! });
  }
  // ISO dates (support/quantity-forms.ts writes dates so) are figures of their own beside their year.
  for (const m of folded.matchAll(/(?<![\d.,-])(\d{4})-(\d{2})(?:-(\d{2}))?(?![\d.,-])/g)) {
    const value = Number(m[1]) * 10_000 + Number(m[2]) * 100 + Number(m[3] ?? 0);
    out.push({ value, unit: 'fecha', year: false, approximate: false, raw: m[0] });
  }
  return out;
}

/** A duration in hours, when the figure counts time. */
function hoursOf(q: Quantity): number | undefined {
  const per = HOURS_PER[q.unit];
  return per === undefined ? undefined : q.value * per;
}

/** Whether an exact figure lies inside a bound of the same dimension ('17 años' inside 'menos de 18 años'). */
function within(q: Quantity, bound: Quantity): boolean {
  if (!bound.bound) return false;
  const [v, b] = [hoursOf(q) ?? q.value, hoursOf(bound) ?? bound.value];
  return bound.bound === 'max' ? v < b : v > b;
}

function sameValue(a: Quantity, b: Quantity): boolean {
  if (a.value === b.value) return true;
  // A month holds its days: 'marzo de 2021' is stated by '2021-03-12'.
  if (a.unit === 'fecha' && b.unit === 'fecha' && (a.value % 100 === 0 || b.value % 100 === 0)) {
    return Math.floor(a.value / 100) === Math.floor(b.value / 100);
  }
  const [ha, hb] = [hoursOf(a), hoursOf(b)];
  if (ha !== undefined && hb !== undefined && Math.abs(ha - hb) <= 1e-9 * Math.max(ha, hb, 1)) return true;
  if (a.approximate || b.approximate) return Math.abs(a.value - b.value) <= 0.05 * Math.max(Math.abs(a.value), 1e-9);
  return false;
}

/** What the number check found for one claim figure. */
export interface NumberFinding {
  claim: Quantity;
  /** matched: stated in the passage; conflict: the passage gives another value for the same unit (or year); missing. */
  status: 'matched' | 'conflict' | 'missing';
  other?: Quantity;
}

/**
 * Compares the claim's figures with the passage's: each is matched (the same value in `near`, the text
 * aligned with the claim, or of the same unit anywhere in the passage), in conflict (the aligned text states
 * another value of the same unit, or another year), matched still when the value is elsewhere with another
 * unit, or missing.
 */
export function compareNumbers(claim: string, passage: string, near: string): NumberFinding[] {
  const inPassage = quantities(passage);
  const inNear = quantities(near);
  return quantities(claim).map((q) => {
    const sameDimension = (p: Quantity) => p.unit === q.unit || (hoursOf(p) !== undefined && hoursOf(q) !== undefined);
    // 'más de 5 €' is not stated by 'menos de 5 €': the same figure as the opposite bound contradicts.
    const opposite = inNear.find((p) => sameValue(q, p) && q.bound && p.bound && q.bound !== p.bound);
    if (opposite) return { claim: q, status: 'conflict' as const, other: opposite };
    // Stated where the claim aligns, or of the same unit anywhere in the passage.
    if (inNear.some((p) => sameValue(q, p))) return { claim: q, status: 'matched' as const };
    if (inPassage.some((p) => sameValue(q, p) && sameDimension(p))) return { claim: q, status: 'matched' as const };
    const other = inNear.find((p) => (q.year ? p.year : q.unit !== '' && sameDimension(p)));
    // A figure inside the passage's bound ('17 años' under 'menores de 18 años') is not said, nor ruled out.
    if (other && !q.bound && within(q, other)) return { claim: q, status: 'missing' as const };
    if (other) return { claim: q, status: 'conflict' as const, other };
    // The value elsewhere with another unit ('45' of a count, '45 %'): not against the claim.
    if (inPassage.some((p) => sameValue(q, p))) return { claim: q, status: 'matched' as const };
    return { claim: q, status: 'missing' as const };
  });
}

const DURATION_IN_TEXT = new RegExp(
  `(?<![\\p{L}\\d.,])(\\d+(?:[.,]\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})\\s+` +
    '(horas?|d[ií]as?|semanas?|mes(?:es)?|a[ñn]os?|minutos?|hours?|days?|weeks?|months?|years?|minutes?)(?!\\p{L})',
  'giu',
);

/**
 * The text with each duration written as its hours ('dos días' and '48 horas' both become '48 h'), so that
 * aligning a claim with a passage sees the same words where the two say the same time in other units.
 */
export function durationsInHours(text: string): string {
  return text.replace(DURATION_IN_TEXT, (whole: string) => {
    const [q] = quantities(whole);
    const hours = q && hoursOf(q);
    return hours === undefined ? whole : `${Math.round(hours * 1000) / 1000} h`;
  });
}

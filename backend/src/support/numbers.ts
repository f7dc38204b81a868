import { foldText } from '../ids';
import { isFunctionWord, stemKey } from './text';

/** A figure stated in a text: its value, what it counts ('%', 'mg/l', a noun's stem) and whether it is a year. */
export interface Quantity {
  value: number;
  /** Normalized unit: '%' for percentages, the unit or counted noun's stem otherwise, '' when none follows. */
  unit: string;
  year: boolean;
  /** Preceded by 'about', 'aproximadamente', '~' …: matches values within 5 %. */
  approximate: boolean;
  raw: string;
}

const APPROX =
  /(?:~|≈|about|around|approximately|roughly|nearly|almost|some|circa|ca\.|aproximadamente|cerca de|casi|alrededor de|unos|unas|en torno a)\s*$/;

const PERCENT = /^(?:%|‰|por ?ciento|percent|per ?cent|pct)/;
/** Unit symbols kept as written (folded): a following symbol, or a word, says what the figure counts. */
const UNIT = /^(?:[a-zµμ°]+(?:\/[a-z0-9]+)*)/;

/**
 * Reads '1,000' and '1.000' as a thousand (groups of exactly three digits), '44,9' and '44.9' as 44.9.
 * English and Spanish disagree on '1,500'; three-digit groups are far more often thousands in both.
 */
export function parseNumber(raw: string): number {
  if (/^\d{1,3}(?:[.,]\d{3})+$/.test(raw) && !/^0[.,]/.test(raw)) return Number(raw.replace(/[.,]/g, ''));
  return Number(raw.replace(',', '.'));
}

/** The figures of a text, in order. Words for numbers are not read (a documented limit). */
export function quantities(text: string): Quantity[] {
  const folded = foldText(text.replace(/µ|μ/g, 'u'));
  const out: Quantity[] = [];
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
      if (u && !isFunctionWord(u)) unit = u.includes('/') || u.length <= 3 ? u : stemKey(u);
    }
    const year = !unit && Number.isInteger(value) && value >= 1000 && value <= 2100 && !/[.,]/.test(raw);
    out.push({ value, unit, year, approximate: APPROX.test(before), raw });
  }
  return out;
}

function sameValue(a: Quantity, b: Quantity): boolean {
  if (a.value === b.value) return true;
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
 * Compares the claim's figures with the passage's: each is matched (same value, any unit, so '45 %' in
 * the claim matches '45 per cent'), in conflict (no same value, but the passage states another value of
 * the same unit, or another year, within `near`, the text aligned with the claim), or missing.
 */
export function compareNumbers(claim: string, passage: string, near: string): NumberFinding[] {
  const inPassage = quantities(passage);
  const inNear = quantities(near);
  return quantities(claim).map((q) => {
    if (inPassage.some((p) => sameValue(q, p))) return { claim: q, status: 'matched' as const };
    const other = inNear.find((p) => (q.year ? p.year : q.unit !== '' && p.unit === q.unit));
    return other ? { claim: q, status: 'conflict' as const, other } : { claim: q, status: 'missing' as const };
  });
}

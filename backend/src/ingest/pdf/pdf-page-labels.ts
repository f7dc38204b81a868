import type { Folio } from './pdf-folios';

/** Confidence of a folio read from the PDF's own /PageLabels. */
const LABEL_CONFIDENCE = 0.99;

/**
 * Folios from /PageLabels as pdf.js resolves them (one label per page). Roman labels are stored lower
 * case ('III' → 'iii'); other labels ('A-3', 'Front Page1') as they are. An empty label means the page
 * has no folio. Null when there are no usable labels.
 */
export function foliosFromLabels(labels: readonly string[] | null, pageCount: number): Folio[] | null {
  if (!labels || labels.length !== pageCount) return null;
  return labels.map((raw, i) => {
    const label = typeof raw === 'string' ? raw.trim() : '';
    if (!label) return { impresa: null, romana: false, origen: 'etiqueta', confianza: LABEL_CONFIDENCE };
    const romana = isRomanLabel(labels, i);
    return {
      impresa: romana ? label.toLowerCase() : label,
      romana,
      origen: 'etiqueta',
      confianza: LABEL_CONFIDENCE,
    };
  });
}

/**
 * Whether label i is a roman numeral. 'c', 'd', 'l', 'm' alone are more often letters (appendix c, d …)
 * than 100, 500 …, so single letters other than i, v, x count as roman only when a neighbour continues
 * the roman sequence; a neighbour continuing the alphabet says letters.
 */
function isRomanLabel(labels: readonly string[], i: number): boolean {
  const label = labels[i]!.trim();
  const value = romanValue(label);
  if (value === null) return false;
  const neighbour = (j: number) => (j >= 0 && j < labels.length ? labels[j]!.trim() : '');
  const previous = neighbour(i - 1);
  const next = neighbour(i + 1);
  const sameCase = (other: string) =>
    other !== '' && (other === other.toLowerCase()) === (label === label.toLowerCase());
  if (
    (sameCase(previous) && romanValue(previous) === value - 1) ||
    (sameCase(next) && romanValue(next) === value + 1)
  ) {
    return true;
  }
  if (label.length === 1) {
    const code = label.toLowerCase().charCodeAt(0);
    const letter = (other: string) => other.length === 1 && /\p{L}/u.test(other);
    if (letter(previous) && previous.toLowerCase().charCodeAt(0) === code - 1) return false;
    if (letter(next) && next.toLowerCase().charCodeAt(0) === code + 1) return false;
    return 'ivx'.includes(label.toLowerCase());
  }
  return true;
}

const ROMAN = /^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_DIGITS: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a well-formed roman numeral (either case, not mixed), or null. */
export function romanValue(label: string): number | null {
  if (!label || (label !== label.toLowerCase() && label !== label.toUpperCase())) return null;
  const lower = label.toLowerCase();
  if (!ROMAN.test(lower)) return null;
  let total = 0;
  for (let i = 0; i < lower.length; i++) {
    const value = ROMAN_DIGITS[lower[i]!]!;
    const following = ROMAN_DIGITS[lower[i + 1] ?? ''] ?? 0;
    total += value < following ? -value : value;
  }
  return total;
}

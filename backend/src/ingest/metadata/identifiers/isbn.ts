/** ISBN-10 check: weights 10..1, the last digit may be X (10), sum divisible by 11. */
function validIsbn10(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (d[i] === 'X' ? 10 : Number(d[i])) * (10 - i);
  return sum % 11 === 0;
}

/** ISBN-13 check: weights 1,3,1,3…, sum divisible by 10. */
function validIsbn13(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(d[i]) * (i % 2 ? 3 : 1);
  return sum % 10 === 0;
}

/**
 * An ISBN as its bare digits ('978-84-376-0494-7' → '9788437604947'), or undefined when it is not one
 * (wrong length, wrong check digit): a misread number must not send a look-up for someone else's book.
 */
export function normalizeIsbn(raw: string): string | undefined {
  const d = raw.toUpperCase().replace(/[\s-]/g, '');
  if (/^\d{9}[\dX]$/.test(d)) return validIsbn10(d) ? d : undefined;
  if (/^97[89]\d{10}$/.test(d)) return validIsbn13(d) ? d : undefined;
  return undefined;
}

/** The ISBN-13 of a valid ISBN-10 or ISBN-13 (bare digits), by the 978 prefix and a new check digit. */
export function toIsbn13(isbn: string): string {
  if (isbn.length === 13) return isbn;
  const core = `978${isbn.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(core[i]) * (i % 2 ? 3 : 1);
  return `${core}${(10 - (sum % 10)) % 10}`;
}

/** An ISBN printed as such ('ISBN 978-3-16-148410-0', 'ISBN-10: 0-306-40615-2') with a valid check digit, as ISBN-13. */
export function findIsbn(text: string): string | undefined {
  for (const m of text.matchAll(/\bISBN(?:-1[03])?:?\s*((?:97[89][-\s]?)?(?:\d[-\s]?){9}[\dXx])\b/g)) {
    const isbn = normalizeIsbn(m[1]!);
    if (isbn) return toIsbn13(isbn);
  }
  return undefined;
}

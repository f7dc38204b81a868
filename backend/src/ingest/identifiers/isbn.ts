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

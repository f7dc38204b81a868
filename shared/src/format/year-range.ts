/**
 * A year or a range of years as a person types it ('2021', '2015-2020', '2015 – 2020', '-300'), inclusive
 * and in order; undefined when it is neither, or a year beyond ±3000.
 */
export function parseYearRange(value: string): { desde: number; hasta: number } | undefined {
  const m = /^(-?\d{1,4})(?:\s*[-–—]\s*(-?\d{1,4}))?$/.exec(value.trim());
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (Math.abs(a) > 3000 || Math.abs(b) > 3000) return undefined;
  return { desde: Math.min(a, b), hasta: Math.max(a, b) };
}

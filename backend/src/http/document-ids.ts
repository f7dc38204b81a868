/** `documento` may repeat and each value may hold several ids separated by commas. */
export function documentIds(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return ids.length ? ids : undefined;
}

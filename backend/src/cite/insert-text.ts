/** Text put into another text at an offset; everything else stays as it was, byte for byte. */
export interface Insertion {
  at: number;
  text: string;
}

/** `source` with every insertion made at its offset (offsets refer to `source`, not to the result). */
export function insertAll(source: string, insertions: readonly Insertion[]): string {
  const sorted = [...insertions].sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const { at, text } of sorted) {
    out += source.slice(from, at) + text;
    from = at;
  }
  return out + source.slice(from);
}

/** The first footnote number free in a Markdown text (after any `[^n]` it already uses). */
export function firstFreeFootnote(source: string): number {
  let max = 0;
  for (const m of source.matchAll(/\[\^(\d+)\]/g)) max = Math.max(max, Number(m[1]));
  return max + 1;
}

/** The longest tag kept; longer ones are cut (Zotero's own limit is 255 characters). */
const MAX_TAG = 200;

/**
 * Tags as a document keeps them: each trimmed with its inner spaces collapsed, empty ones dropped, and each
 * once, in the order first given (two that differ only in case are one tag, written as it came first).
 */
export function cleanTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_TAG).trim();
    const key = tag.toLocaleLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** A document's tags with `more` added after them (those it had first, then the new ones). */
export const unionTags = (mine: readonly string[] | undefined, more: readonly string[]): string[] =>
  cleanTags([...(mine ?? []), ...more]);

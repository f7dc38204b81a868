import fs from 'node:fs';
import path from 'node:path';

/** The SRE book's chapter on monitoring (its Bigtable case): real prose, from the shared fixtures. */
export const SRE_CHAPTER = path.resolve(
  import.meta.dirname,
  '../../../../../shared/fixtures/readability/google-sre-book-1/expected.html',
);

/** Whether the shared fixtures are here (a user's clone has none). */
export const hasSreChapter = fs.existsSync(SRE_CHAPTER);

/** The Bigtable section's first two paragraphs as text, the way a page's passage holds them (line breaks kept). */
export function bigtablePassage(): string {
  const html = fs.readFileSync(SRE_CHAPTER, 'utf8');
  const from = html.indexOf('id="bigtable-sre-a-tale-of-over-alerting');
  return [...html.slice(from).matchAll(/<p>([\s\S]*?)<\/p>/g)]
    .slice(0, 2)
    .map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .join('\n');
}

/** A text's sentences by Unicode's rules, trimmed. */
export const sentencesOf = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map((s) => s.segment.trim());

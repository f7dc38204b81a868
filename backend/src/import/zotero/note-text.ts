import { outlineFromHtml } from '../../ingest/html/html';

/**
 * A Zotero note's HTML as plain text: its headings and paragraphs (list items, table cells, block quotes
 * each one) separated by blank lines, through the same reading of HTML that imports HTML files.
 */
export function noteText(html: string): string {
  return outlineFromHtml(html)
    .map((event) => event.text.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** The annotation types Zotero 6+ stores (`itemAnnotations.type`). */
const ANNOTATION_KIND: Record<number, string> = {
  1: 'subrayado',
  2: 'nota',
  3: 'imagen',
  4: 'dibujo',
  5: 'subrayado',
  6: 'texto',
};

/** What an annotation is called in the report ('anotación (imagen)'). */
export function annotationWhat(type: number): string {
  return `anotación (${ANNOTATION_KIND[type] ?? `tipo ${type}`})`;
}

/**
 * A PDF/EPUB annotation as a note: its page, the text it marks in quotes and its comment,
 * 'p. 12: «marked text» — comment'. Undefined for one with neither text nor comment (an image or ink
 * annotation), which has nothing a note can hold.
 */
export function annotationText(annotation: {
  text: string | null;
  comment: string | null;
  pageLabel: string | null;
}): string | undefined {
  const marked = annotation.text?.trim();
  const comment = annotation.comment ? noteText(annotation.comment) || annotation.comment.trim() : '';
  if (!marked && !comment) return undefined;
  const body = [marked ? `«${marked}»` : '', comment].filter(Boolean).join(' — ');
  const page = annotation.pageLabel?.trim();
  return page ? `p. ${page}: ${body}` : body;
}

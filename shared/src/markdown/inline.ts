import { singleLine } from '../text/whitespace';

/**
 * Collapses every run of whitespace (newlines included) into one space and trims, so a value can sit
 * inside a heading, a list item or link text without breaking the Markdown around it.
 */
export function inline(s: string): string {
  return singleLine(s);
}

/** A level-one heading of `text` on one line; an empty text gets a placeholder. */
export function heading(text: string): string {
  return `# ${inline(text) || 'Sin título'}`;
}

/** Joins blocks (paragraphs, lists, headings) with a blank line and ends with one newline. */
export function blocks(parts: readonly string[]): string {
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}

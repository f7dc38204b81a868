/**
 * `text` on one line: every run of whitespace (line breaks included) becomes one space, and both ends are
 * trimmed. For a value shown inline (a heading, an excerpt, a quotation, a cue) whatever its source wrapped.
 */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Splits an author list written 'Surname, Given; Surname, Given' into its names,
 * trimming each, collapsing inner runs of whitespace and dropping empty entries.
 */
export function parseAuthors(s: string): string[] {
  return s
    .split(';')
    .map((name) => name.replace(/\s+/g, ' ').trim())
    .filter((name) => name !== '');
}

/**
 * The surname part of an author written 'Surname, Given' ('García Márquez, Gabriel' → 'García Márquez').
 * A name without a comma, such as an organisation ('World Health Organization'), is returned whole (trimmed);
 * one with nothing before the comma gives what follows it.
 */
export function surname(author: string): string {
  const comma = author.indexOf(',');
  if (comma === -1) return author.trim();
  const head = author.slice(0, comma).trim();
  // ', Umberto' has lost its surname: the given name is the best name left.
  return head === '' ? author.slice(comma + 1).trim() : head;
}

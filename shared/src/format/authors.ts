import { singleLine } from '../text/whitespace';

/**
 * Splits an author list written 'Surname, Given; Surname, Given' into its names,
 * trimming each, collapsing inner runs of whitespace and dropping empty entries.
 */
export function parseAuthors(s: string): string[] {
  return s
    .split(';')
    .map((name) => singleLine(name))
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

const NAME_SUFFIX = /^(?:jr|sr|jnr|snr|júnior|junior|filho|neto|sobrinho|ii|iii|iv|v|vi)\.?$/i;

/**
 * An author as CSL names its parts: 'García Márquez, Gabriel' → family and given; 'King, Martin Luther, Jr.'
 * → family, given and suffix; a name without a comma (an organisation, a bare surname) is literal.
 */
export function authorParts(author: string): { family: string; given?: string; suffix?: string } | { literal: string } {
  const comma = author.indexOf(',');
  if (comma < 0) return { literal: author.trim() };
  const family = author.slice(0, comma).trim();
  let given = author.slice(comma + 1).trim();
  const last = given.lastIndexOf(',');
  const suffix = last >= 0 ? given.slice(last + 1).trim() : '';
  if (last >= 0 && NAME_SUFFIX.test(suffix)) {
    given = given.slice(0, last).trim();
    return { family, ...(given ? { given } : {}), suffix };
  }
  return { family, ...(given ? { given } : {}) };
}

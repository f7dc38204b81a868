import type { SkippedEntry } from '../imported-item';
import type { ParseStep } from './citation-js';

/** An entry as citation-js's BibTeX grammar reads it: its fields' text still as the file writes it. */
export interface RawEntry {
  type: string;
  label: string;
  properties: Record<string, unknown>;
}

/** An entry's first line (`@article{key,`) for one citation-js could not read. */
const HEAD = /^\s*@\s*([A-Za-z_][\w:+-]*)\s*[{(]\s*([^,\s]*)/;

/** The label given to an entry without citation key, which citation-js's grammar requires. */
const NO_KEY = 'folio-sin-clave-';

/**
 * `text` with a label for each entry that has none (`@article{,` or `@book{ author = …`, as JabRef keeps
 * entries not yet keyed), so that citation-js reads them; their keys are then made from their content.
 */
function labelKeyless(text: string): string {
  let n = 0;
  return text.replace(
    /(@\s*(?!string|preamble|comment)[a-z_][\w:+-]*\s*\{)(\s*)(?:,|(?=[a-z][\w-]*\s*=))/gi,
    (_, head: string, space: string) => `${head}${space}${NO_KEY}${++n},`,
  );
}

/** The entry's own key; `undefined` for one `labelKeyless` gave a label. */
export const ownKey = (label: string): string | undefined => (label.startsWith(NO_KEY) ? undefined : label);

/** A citation-js error's first line, as the reason an entry was left out. */
export const firstLine = (error: unknown): string => String((error as Error)?.message ?? error).split('\n')[0]!;

/**
 * The entries of a file whose whole citation-js could not read, each read alone, so that one broken entry
 * costs that entry only. `@string` definitions go before each, as macros of the whole file.
 */
function entryByEntry(text: string, parse: ParseStep): { entries: RawEntry[]; skipped: SkippedEntry[] } {
  const starts = [...text.matchAll(/^[ \t]*@/gm)].map((m) => m.index);
  const chunks = starts.map((s, i) => text.slice(s, starts[i + 1] ?? text.length));
  const strings = chunks.filter((c) => /^\s*@\s*string\b/i.test(c)).join('\n');
  const entries: RawEntry[] = [];
  const skipped: SkippedEntry[] = [];
  for (const chunk of chunks) {
    if (/^\s*@\s*(?:string|preamble|comment)\b/i.test(chunk)) continue;
    try {
      entries.push(...(parse(`${strings}\n${chunk}`, '@biblatex/text') as RawEntry[]));
    } catch (error) {
      const [, type = '?', key = ''] = HEAD.exec(chunk) ?? [];
      skipped.push({
        key: ownKey(key) ?? '',
        what: `@${type}`,
        motivo: `entrada BibTeX mal formada: ${firstLine(error)}`,
      });
    }
  }
  return { entries, skipped };
}

/** citation-js's CSL for each entry, in order; an entry it cannot convert is `Error`. */
export function cslItems(entries: RawEntry[], parse: ParseStep): (Record<string, unknown> | Error)[] {
  try {
    return parse(entries, '@biblatex/entries+list') as Record<string, unknown>[];
  } catch {
    // Read together, entries share their crossref parents; one that fails alone still costs only itself.
    return entries.map((entry) => {
      try {
        return (parse(entry, '@biblatex/entry+object') as Record<string, unknown>[])[0]!;
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    });
  }
}

/**
 * The entries of a BibTeX or BibLaTeX file as citation-js's grammar reads them, each with a label (those
 * without citation key get one `ownKey` tells apart), and the entries it could not read, each with why.
 */
export function bibtexEntries(text: string, parse: ParseStep): { entries: RawEntry[]; skipped: SkippedEntry[] } {
  const labelled = labelKeyless(text);
  try {
    return { entries: parse(labelled, '@biblatex/text') as RawEntry[], skipped: [] };
  } catch {
    return entryByEntry(labelled, parse);
  }
}

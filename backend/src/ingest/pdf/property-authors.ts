/**
 * The file's own author list (XMP `dc:creator`, the info dictionary's Author) weighed against the names its
 * first pages print. A property is often written by hand or by a template, and shorter than the byline: one
 * author of three ('A. Shokrollahi'), or a name cut to one surname ('Lucena, Estrella' where the cover prints
 * 'ESTRELLA LUCENA SÁNCHEZ'). The page shows both, so the page decides:
 *
 * - a list the page shows to be incomplete (one printed line of names holds every one of its surnames and more
 *   people) is refused;
 * - a name the page prints in a fuller form (every word of it, initials spelt out, more names) is taken in
 *   that form, filed by the same rules.
 */
import { surnameFirst, type NameOptions } from '../metadata/surname-first';
import { namesOfLine } from './printed-names';

/** What the first pages print: their byline as read ('Given Surname'), and their text, line by line. */
export interface PrintedPage {
  byline: readonly string[];
  text: string;
}

/** Lower case without accents or punctuation, as words. */
function words(value: string): string[] {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The surname of a filed name ('Lucena Sánchez, Estrella' → 'Lucena Sánchez'), the whole of a one-word one. */
function surnameOf(author: string): string {
  return author.split(',')[0]!;
}

/** The printed lines that read as lists of names, each line's names. */
function printedLines(page: PrintedPage): string[][] {
  const groups: string[][] = [];
  for (const line of page.text.split('\n')) {
    const names = namesOfLine(line);
    if (names) groups.push(names);
  }
  return groups;
}

/** Every word of `part` among `whole`'s, each used once. */
function within(part: readonly string[], whole: readonly string[]): boolean {
  const left = [...whole];
  return part.every((w) => {
    const at = left.indexOf(w);
    if (at < 0) return false;
    left.splice(at, 1);
    return true;
  });
}

/**
 * True when a printed group names more people than `authors` and holds each of their surnames, each in a
 * person of its own: the property kept some of the byline and dropped the rest.
 */
function shownIncomplete(authors: readonly string[], groups: readonly string[][]): boolean {
  return groups.some((group) => {
    if (group.length <= authors.length) return false;
    const people = group.map(words);
    const used = new Set<number>();
    return authors.every((author) => {
      const surname = words(surnameOf(author));
      const at = people.findIndex((p, i) => !used.has(i) && surname.length > 0 && within(surname, p));
      if (at < 0) return false;
      used.add(at);
      return true;
    });
  });
}

/**
 * The fuller form of `author` printed on the page, filed: a printed name with every word of it (an initial
 * matching a spelt-out name), more besides, and a surname that starts as its does. Undefined when none is
 * printed, or when two different ones are.
 */
function fullerForm(author: string, groups: readonly string[][], options: NameOptions): string | undefined {
  const mine = words(author);
  const surname = words(surnameOf(author));
  if (!author.includes(',') || surname.length === 0) return undefined;
  const found = new Set<string>();
  for (const printed of groups.flat()) {
    const theirs = words(printed);
    const left = [...theirs];
    const covered = mine.every((w) => {
      const at = left.findIndex((t) => t === w || (w.length === 1 && t.startsWith(w)));
      if (at < 0) return false;
      left.splice(at, 1);
      return true;
    });
    const spelt = mine.some((w) => w.length === 1 && !theirs.includes(w));
    if (!covered || (left.length === 0 && !spelt)) continue;
    // The property says where the surname starts: a fuller name whose surname runs on past it ('Marta Ruiz'
    // printed 'MARTA RUIZ CABRERA') bears two surnames, the Spanish way, in a document of any language but
    // Portuguese (whose names end in the surname they are filed under).
    const startsSo = (filed: string | undefined) =>
      filed?.includes(',') === true && surname.every((w, i) => words(surnameOf(filed))[i] === w);
    const twoSurnames = options.idioma === 'pt' ? undefined : surnameFirst(printed, { idioma: 'es', pais: 'ES' });
    const filed = [surnameFirst(printed, options), twoSurnames].find(startsSo);
    if (filed) found.add(filed);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * The property's authors as the page bears them out: [] when the page shows the list incomplete, else each
 * name in the fuller form the page prints, if it prints one.
 */
export function weighPropertyAuthors(
  authors: readonly string[],
  page: PrintedPage,
  options: NameOptions = {},
): string[] {
  if (authors.length === 0) return [];
  const lines = printedLines(page);
  // One printed line is one byline; the names read from a page may have taken in an advisor's.
  if (shownIncomplete(authors, lines)) return [];
  const printed = [[...page.byline], ...lines];
  return authors.map((author) => fullerForm(author, printed, options) ?? author);
}

import { ACADEMIC_UNIT, fold, INITIALS, isGivenName, isOrganisation, PARTICLES, scrub, SUFFIX } from './name-words';
import { type NameOptions, surnameFirst, vancouver } from './surname-first';

/**
 * Author names as Folio cites them: 'Surname, Given' for people, whole for organisations.
 *
 * Files and pages name their authors every way there is: 'Mariana Castañeda Ruiz', 'CASTAÑEDA RUIZ,
 * Mariana', 'Ludwig van Beethoven', 'J. R. R. Tolkien', 'Nuala E. Tully {et al.}', 'Ana López, Juan Pérez',
 * 'World Health Organization'. Everything that reads an author field (PDF info and XMP, EPUB OPF, Office core
 * properties, HTML and its citation_* / Dublin Core / JSON-LD / OpenGraph tags, feeds, media tags) goes
 * through here, so one rule decides where a surname starts, as a librarian files it:
 *
 * - a name with a comma is already 'Surname, Given', the filing of whoever wrote it, and is kept (its
 *   capitals normalised);
 * - Spanish names (and, where the document's language says nothing else, any name of several surnames) go
 *   under the first of two surnames, both kept: of three or more words, the first is a given name and so is
 *   each next word found in the list of given names (`given-names.json`, made by
 *   `backend/scripts/make-given-names.ts`) or an initial, and the rest is the surname, at most two names long
 *   ('Castañeda Ruiz, Mariana', 'Cortés López, Jorge Aldair'); in a Spanish document four names are two and two;
 * - Portuguese and Brazilian names (a Portuguese document's, or any that shows itself Portuguese) go under the
 *   last surname, as ABNT files them ('Rodrigues, Ana Beatriz Coelho'); compound endings (Filho, Júnior, Neto,
 *   Sobrinho) and generational suffixes (Jr., III) stay with the surname ('Cotta Filho, José Sette',
 *   'Driggers III, William B.');
 * - lower-case particles (de, van, von, da, du…) go after the given names ('Brito, Marylene de', 'Beethoven,
 *   Ludwig van'); one written with a capital stays in front ('Del Coco, Laura'); a devotional part of a given
 *   name stays with it ('María de la Luz Gómez');
 * - words in capitals among words that are not ('Jean DUPONT') are the surname; a name all in capitals is
 *   written in title case first;
 * - Vietnamese names that open with a family name ('Nguyen Van Anh') and Korean ones with a hyphenated given
 *   name ('Kim Jong-un') keep the family name first;
 * - an institution beside people is their affiliation and a town ('Belo Horizonte', `place-names.json`) or the
 *   kind of document ('Trabajo Fin de Máster') is no one; a conjunction or a mark left from a byline ('e
 *   Mayra …', '© …') is no part of a name.
 *
 * This file splits fields into people; surname-first.ts files one name, and name-words.ts holds the word lists
 * both read.
 */

/**
 * Author names from a free-text field or a list of fields (one XMP `dc:creator` entry, one EPUB creator):
 * each field is split into people on ';', ' and ', ' y ', ' e ', ' & ', and on commas between full names
 * ('Ana López, Juan Pérez'); a comma that parts a surname from its given names ('López, Ana',
 * 'Ek Chablé, María Fernanda') keeps them one person; in a list, an entry with one comma is one person
 * unless both its sides are full names (`authorsFromTags`). Every name comes out as `surnameFirst` gives it,
 * filed by the document's language (`options.idioma`); junk is dropped, an academic unit beside people is
 * their affiliation and is dropped too, and repeats are given once.
 */
export function authorsFromMetadata(
  raw: string | readonly string[] | null | undefined,
  options: NameOptions = {},
): string[] {
  if (raw == null) return [];
  // A list holds one entry a person or a byline (an XMP dc:creator, the title page's names): a lone comma in
  // an entry parts 'Surname, Given' ('Mohammed, Abdul Khader'), as in a tag.
  if (typeof raw !== 'string') {
    return withoutAffiliations(
      authorsFromTags(
        raw.filter((field) => typeof field === 'string'),
        options,
      ),
    );
  }
  const names: string[] = [];
  for (const part of scrub(raw)
    .split(/\s*[;\n|]\s*/)
    .flatMap(splitOnConjunction)) {
    names.push(...splitOnCommas(part));
  }
  return withoutAffiliations(finish(names, options));
}

/** 'Dario, Luca', 'Università degli Studi di Padova': beside people, an academic unit is their affiliation. */
function withoutAffiliations(authors: string[]): string[] {
  const people = authors.filter((a) => a.includes(',') && !ACADEMIC_UNIT.test(a));
  return people.length > 0 ? authors.filter((a) => !ACADEMIC_UNIT.test(a)) : authors;
}

/**
 * Authors of tags that name one author each (Highwire `citation_author`, Dublin Core `creator`, an EPUB
 * `file-as`): there a comma parts 'Surname, Given' ('Ek Chablé, María Fernanda'), never two people. A value
 * without a comma, or with ';' or '&', goes through `authorsFromMetadata`.
 */
export function authorsFromTags(values: readonly string[], options: NameOptions = {}): string[] {
  const names: string[] = [];
  for (const value of values) {
    const cleaned = scrub(value);
    if (/^[^,;&]+,[^,;&]+(?:,\s*[^,;&]+)?$/.test(cleaned) && !isOrganisation(cleaned)) {
      const pieces = cleaned.split(',').map((p) => p.trim());
      // One tag, one person: only two full names ('Ana López, Juan Pérez') are read as two.
      const twoPeople = pieces.length === 2 && isFullName(pieces[0]!) && isFullName(pieces[1]!);
      if (!twoPeople && (pieces.length === 2 || SUFFIX.test(pieces[2] ?? ''))) {
        const author = surnameFirst(cleaned, options);
        if (author) names.push(author);
        continue;
      }
    }
    names.push(...authorsFromMetadata(value, options));
  }
  return dedupe(names);
}

function finish(names: string[], options: NameOptions): string[] {
  return dedupe(names.map((name) => surnameFirst(name, options)).filter((a): a is string => a !== undefined));
}

function dedupe(names: string[]): string[] {
  const seen = new Set<string>();
  const authors: string[] = [];
  for (const author of names) {
    const key = fold(author);
    if (!seen.has(key)) {
      seen.add(key);
      authors.push(author);
    }
  }
  return authors;
}

/**
 * 'Ana Pérez y Juan Gil' → two names, but 'José Ortega y Gasset' stays one: a conjunction splits only when
 * it does not leave a lone word beside a multi-word name.
 */
function splitOnConjunction(field: string): string[] {
  if (isOrganisation(field.replace(/&/g, ' '))) return [field];
  // 'e' and 'y' in capitals are initials ('Tobias E Erlanger'), unless the whole field is in capitals.
  const conjunction =
    field === field.toUpperCase() ? /\s+(?:and|y|e|et|und)\s+|\s*&\s*/i : /\s+(?:[Aa]nd|y|e|et|und)\s+|\s*&\s*/;
  const parts = field
    .split(conjunction)
    .map((p) => p.replace(/^[\s,]+|[\s,]+$/g, ''))
    .filter(Boolean);
  if (parts.length < 2) return parts;
  // 'Mac & i' is a magazine: a part of one lower-case word or one letter is no person.
  if (parts.some((p) => /^\p{L}$|^\p{Ll}+$/u.test(p))) return [field];
  const wordCounts = parts.map((p) => p.split(/[\s,]+/).length);
  const mixed = wordCounts.some((n) => n === 1) && wordCounts.some((n) => n > 1);
  return mixed ? [field] : parts;
}

/**
 * Commas between people ('Ana López, Juan Pérez', 'López, Ana, Pérez, Juan') or inside one
 * ('Ek Chablé, María Fernanda', 'King, Martin Luther, Jr.'), told apart by what each piece looks like.
 */
function splitOnCommas(part: string): string[] {
  if (!part.includes(',')) return [part];
  const pieces = part
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (isOrganisation(part)) {
    // 'Journals, Cambridge' is a publisher's stamp, not an author.
    if (/^(?:journals?|press|publishing)\s*,|,\s*(?:journals?|press|publishing)$/i.test(part)) return [];
    // 'Luca Dario, Università degli Studi di Padova, Padova': a person, then where they work and its town.
    const person = (piece: string) => !isOrganisation(piece) && looksLikeName(piece);
    if (person(pieces[0]!)) return pieces.filter(person);
    return [part];
  }
  const people: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const current = pieces[i]!;
    const next = pieces[i + 1];
    if (
      next !== undefined &&
      !isFullName(current) &&
      !isFullName(next) &&
      next.split(' ').length <= 3 &&
      !namesBeforeName(current, next)
    ) {
      let person = `${current}, ${next}`;
      i++;
      if (pieces[i + 1] !== undefined && SUFFIX.test(pieces[i + 1]!)) person += `, ${pieces[++i]}`;
      people.push(person);
    } else if (SUFFIX.test(current) && people.length > 0) {
      people[people.length - 1] += `, ${current}`;
    } else people.push(current);
  }
  return people;
}

/**
 * 'Athar Mohsin Zaidi, Saeed Murtaza': three names or more with a given name among the first ones, then a name
 * that ends in no given name, are two people. A surname of three words with a given name inside is far rarer
 * than a byline parted by a comma; 'Ek Chablé, María Fernanda' (two words, then given names) stays one.
 */
function namesBeforeName(current: string, next: string): boolean {
  const words = current.split(/\s+/);
  const after = next.split(/\s+/);
  return (
    words.length >= 3 &&
    looksLikeName(current) &&
    !words.some((w) => PARTICLES.has(w.toLowerCase())) &&
    words.slice(0, -1).some((w) => INITIALS.test(w) || isGivenName(w)) &&
    looksLikeName(next) &&
    !isGivenName(after[after.length - 1]!)
  );
}

/** Two to five words, each a capitalised word, an initial or a particle: the shape of a person's name. */
function looksLikeName(piece: string): boolean {
  const words = piece.split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 5 &&
    words.every((w, i) => /^\p{Lu}[\p{L}'’.-]*$/u.test(w) || (i > 0 && PARTICLES.has(w)))
  );
}

/** 'Ana López', 'J. Smith', 'Ludwig van Beethoven', 'Tully NE': a whole person, not a surname alone. */
function isFullName(piece: string): boolean {
  if (vancouver(piece.split(/\s+/))) return true;
  const words = piece.split(/\s+/).filter((w) => !SUFFIX.test(w));
  if (words.length < 2) return false;
  const first = words[0]!;
  const last = words[words.length - 1]!;
  if (INITIALS.test(last)) return false;
  const givenFirst = INITIALS.test(first) || isGivenName(first);
  return givenFirst && !isGivenName(last);
}

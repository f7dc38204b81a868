import givenNameList from './given-names.json';
import placeNameList from './place-names.json';

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
 */

const GIVEN_NAMES: ReadonlySet<string> = new Set(givenNameList as string[]);
/** Towns of two words or more ('Belo Horizonte'), which title pages print near the names (`place-names.json`). */
const PLACE_NAMES: ReadonlySet<string> = new Set(placeNameList as string[]);

/** Lower case without diacritics: the form of the given-name list. */
function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Countries' names in the languages a library's papers are written in ('South Africa', 'Sudáfrica', 'África
 * do Sul'), from the runtime's own CLDR data: an address's last line is no person.
 */
const COUNTRY_NAMES: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const language of ['en', 'es', 'pt', 'fr', 'de', 'it']) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const a of letters) {
      for (const b of letters) {
        const name = display.of(a + b);
        if (name && name.includes(' ')) names.add(fold(name));
      }
    }
  }
  return names;
})();

const PARTICLES = new Set([
  'de',
  'del',
  'della',
  'dei',
  'degli',
  'la',
  'las',
  'los',
  'le',
  'les',
  'lo',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'du',
  'des',
  'van',
  'von',
  'vom',
  'zu',
  'zur',
  'der',
  'den',
  'ter',
  'ten',
  'te',
  'bin',
  'ibn',
  'bint',
  'ben',
  'wa',
  'al',
  'el',
  'st.',
  'y',
  'i',
  'e',
]);
/** Particles that may open a surname when written with a capital ('Eddie Van Halen', 'Robert De Niro'). */
const CAPITAL_PARTICLES = new Set([
  'de',
  'del',
  'della',
  'la',
  'le',
  'da',
  'di',
  'du',
  'van',
  'von',
  'ter',
  'ten',
  'dos',
  'das',
]);
/** Joiners inside a surname ('Ortega y Gasset', 'Gaudí i Cornet'): never the start of one. */
const JOINERS = new Set(['y', 'i', 'e']);
/** 'María de la Luz', 'María del Carmen', 'José de Jesús': devotional parts of Spanish given names. */
const DEVOTIONAL = new Set([
  'luz',
  'paz',
  'carmen',
  'pilar',
  'rosario',
  'jesus',
  'angeles',
  'mercedes',
  'concepcion',
  'asuncion',
  'soledad',
  'consuelo',
  'dolores',
  'guadalupe',
  'lourdes',
  'fatima',
  'socorro',
  'refugio',
  'montserrat',
  'rocio',
  'nieves',
  'esperanza',
  'remedios',
  'milagros',
  'cielo',
  'mar',
  'sagrario',
  'gracia',
  'salud',
  'candelaria',
  'belen',
  'fe',
]);

const SUFFIX = /^(?:jr|sr|jnr|snr|júnior|junior|filho|neto|sobrinho|ii|iii|iv|v|vi)\.?$/i;
const INITIALS = /^(?:\p{Lu}\.?-?)+$|^(?:\p{Lu}\.){1,4}$|^\p{Lu}\p{Ll}?\.$/u;

const VIETNAMESE_FAMILY = new Set([
  'nguyen',
  'tran',
  'le',
  'pham',
  'hoang',
  'huynh',
  'phan',
  'vu',
  'vo',
  'dang',
  'bui',
  'do',
  'ho',
  'ngo',
  'duong',
  'ly',
  'trinh',
  'dinh',
  'lam',
  'truong',
]);
const KOREAN_FAMILY = new Set([
  'kim',
  'lee',
  'yi',
  'park',
  'pak',
  'choi',
  'jung',
  'jeong',
  'kang',
  'cho',
  'jo',
  'yoon',
  'yun',
  'jang',
  'lim',
  'han',
  'oh',
  'seo',
  'shin',
  'kwon',
  'hwang',
  'ahn',
  'song',
  'yoo',
  'hong',
  'jeon',
  'ko',
  'moon',
  'yang',
  'son',
  'bae',
  'baek',
  'nam',
  'roh',
  'noh',
  'ha',
  'ban',
  'chung',
]);

/** Words that make a name an organisation's (any language Folio's users write in). */
const ORGANISATION =
  /(?<![\p{L}\p{N}])(?:organi[sz]ations?|organizaci[oó]n|organiza[cç][aã]o|organisation|associations?|asociaci[oó]n|associa[cç][aã]o|institutes?|instituto|institut|istituto|universit(?:y|ies|ät|é|à|at|ario|aria|ária|ário)|universidad|universidade|college|colegio|school|escuela|escola|[ée]cole|academy|academia|acad[ée]mie|press|prensa|publishing|publishers?|publications?|editorial|editora|[ée]ditions|verlag|inc|ltd|llc|plc|gmbh|ag|s\.?a\.?|s\.?l\.?|s\.?a\.?s\.?|corp|corporation|company|co|foundation|fundaci[oó]n|funda[cç][aã]o|fondation|stiftung|ministry|ministerio|minist[ée]rio|minist[èe]re|ministerium|department|departamento|d[ée]partement|secretar[ií]a|government|gobierno|governo|gouvernement|council|consejo|conselho|conseil|committee|comit[ée]|comisi[oó]n|comiss[aã]o|commission|agency|agencia|ag[eê]ncia|bank|banco|banque|society|sociedad|sociedade|soci[ée]t[ée]|gesellschaft|centre|center|centro|journals?|revista|network|red|group|grupo|groupe|team|equipo|project|proyecto|office|oficina|bureau|service|servicio|servi[cç]o|nations|union|uni[oó]n|federation|federaci[oó]n|museum|museo|library|biblioteca|archives?|archivo|hospital|facult(?:y|ad|é|ies)|faculdade|fakult[äa]t|facolt[àa]|dipartimento|departament|scuola|hochschule|fachbereich|lehrstuhl|laboratoire|laborat[óo]rio|zentrum|corso di laurea|laurea|p[óo]s-gradua[cç][ãa]o|posgrado|licenciatura|laborator(?:y|ies|io)|labs?|news|times|magazine|media|radio|television|televisi[oó]n|channel|board|authority|program(?:me)?|programa|consortium|alliance|alianza|coalition|party|partido|church|iglesia|senate|senado|congress|congreso|parliament|parlamento|tribunal|corte|police|polic[ií]a|army|ej[ée]rcito|wikipedia|contributors|springer|elsevier|wiley|routledge|mdpi|ieee|acm|pearson|scielo|redalyc|frontiers|plos|editors|staff|redacci[oó]n|equipe|secretariat|secretariado|observatory|observatorio|unesco|unicef|oecd|ocde|cepal|conacyt|inegi|who|oms|bbc|reuters)(?![\p{L}\p{N}])/iu;

/**
 * The units of a university ('Università degli Studi di Padova', 'Corso di Laurea in Informatica', 'Faculdade
 * de Medicina'): beside a person in an author field they are the person's affiliation, never a co-author.
 */
const ACADEMIC_UNIT =
  /(?<![\p{L}\p{N}])(?:universit(?:y|ies|ät|é|à|at|ario|aria|ária|ário)|universidad|universidade|college|colegio|school|escuela|escola|[ée]cole|scuola|hochschule|facult(?:y|ad|é|ies)|faculdade|fakult[äa]t|facolt[àa]|departments?|departamento|d[ée]partement|dipartimento|departament|fachbereich|lehrstuhl|institutes?|instituto|institut|istituto|corso di laurea|laurea|programa|program(?:me)?|p[óo]s-gradua[cç][ãa]o|posgrado|laborator(?:y|ies|io)|laboratoire|laborat[óo]rio|centre|center|centro|zentrum)(?![\p{L}\p{N}])/iu;

/**
 * Words that name the document or its parts, never its author: the kind of thesis on a cover ('Trabajo Fin de
 * Máster', 'Dissertação de Mestrado', 'Mención …'), which a title page sets near the names.
 */
const DOCUMENT_WORDS =
  /(?<![\p{L}\p{N}])(?:tesis|tese|th[èe]se|tesi|disserta[cç][ãa]o|dissertation|monografia|m[ée]moire|masterarbeit|bachelorarbeit|diplomarbeit|doktorarbeit|trabajo fin de|trabajo de (?:grado|titulaci[óo]n|fin)|trabalho de conclus[ãa]o|menci[óo]n|abstract|resumen|resumo|zusammenfassung|r[ée]sum[ée])(?![\p{L}\p{N}])/iu;

/** Words that open a phrase, never a person's name ('Zur Relevanz von Vertrauen', 'Uma análise …'). */
const PHRASE_OPENING = /^(?:zur|zum|über|der|die|uma|une|ein|eine|gli)\s[^,]*$/iu;

/** Values producers put where a name belongs ('Administrator', 'Microsoft Office User', 'LaTeX with hyperref'). */
const JUNK =
  /^(?:admin(?:istrator|istrador|istrateur)?|root|user|usuario|utilisateur|benutzer|owner|propietario|unknown|unknown author|desconocido|anonymous|an[oó]nimo|anon|author|autor|auteur|default|guest|invitado|test|tester|pc|hp|dell|lenovo|customer|preferred customer|valued customer|hp authorized customer|registered user|licensed user|microsoft office user|microsoft office|windows user|usuario de windows|usuario de microsoft office|utilisateur windows|latex with hyperref(?: package)?|tex|adobe|acrobat|adobe acrobat|publisher|editor|journals?(?:,\s*\S+)?|\S+,\s*journals|and others|y otros|e outros|et al\.?|ph\.?\s?d\.?|m\.?d\.?|m\.?sc\.?|mba)$/i;

/** Role words after a name: '(ed.)', '(eds.)', '(coord.)', '(Hrsg.)', '(trad.)'. */
const ROLE =
  /\(\s*(?:eds?|editors?|edited|coords?|coordinador(?:a|es)?|comps?|compilador(?:a|es)?|hrsg|trads?|trans|dir|ilus?)\.?\s*\)/gi;

/** What surrounds names in author fields and is no part of them: e-mails, 'et al.', footnote marks, digits. */
function scrub(field: string): string {
  // What a script printed for a value it could not write ('ARRAY(0x2c7cf020)', '[object Object]').
  if (/^\s*(?:(?:array|hash|object)\(0x[0-9a-f]+\)|\[object \w+\])\s*$/i.test(field)) return '';
  return (
    field
      .replace(/^\s*(?:by|por|par)\s+(?=\p{Lu})/iu, '')
      .replace(/<[^>]*@[^>]*>|\(\s*\S+@\S+\s*\)|\S+@\S+/g, ' ')
      .replace(/[{[(]\s*et\.?\s*al\.?\s*[}\])]/gi, ' ')
      .replace(/,?\s*\bet\.?\s+al(?:ii|ia)?\b\.?/gi, ' ')
      .replace(/,?\s*\b(?:and|&)\s+(?:others|colleagues|\d+\s+others)\b\.?/gi, ' ')
      .replace(/,?\s*\by\s+(?:otros|colaboradores)\b\.?/gi, ' ')
      .replace(/,?\s*\be\s+(?:outros|colaboradores)\b\.?/gi, ' ')
      .replace(/,?\s*\bu\.\s*a\./g, ' ')
      .replace(ROLE, ' ')
      // Asides in parentheses or brackets ('Ana Pérez (Universidad de Chile)', 'J. Yun [Fermilab]', 'Bruno
      // (Henrique Zecchin) Rodrigues') are affiliations or names the byline itself sets apart: the name is what
      // is left. A bracket left open runs to the end.
      .replace(/\s*\([^()]*\)\s*/g, ' ')
      .replace(/\s*\[[^\]]*(?:\]|$)\s*/g, ' ')
      .replace(/[*†‡§¶⁎∗#©®™]+/g, ' ')
      .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+(?:[,\s]*[⁰¹²³⁴⁵⁶⁷⁸⁹]+)*/g, ' ')
      .replace(/(\p{L})\d+(?:\s*,\s*\d+)*(?=[\s,;]|$)/gu, '$1')
      .replace(/(?:^|[\s,])\d+(?:[\s,]+\d+)*(?=[\s,;]|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** What is known of the document the names are printed in. */
export interface NameOptions {
  /** The document's language (ISO 639-1), which tells whose naming conventions its names follow. */
  idioma?: string;
  /**
   * The country (ISO 3166-1 alpha-2) of the names' affiliation where the page prints one: a Brazilian's name
   * in an English article is filed the Portuguese way, a Mexican's the Spanish way. It outweighs the language.
   */
  pais?: string;
}

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

/** 'Tully NE', 'Smith J': the Vancouver form (PubMed), surname then the initials without stops. */
function vancouver(words: string[]): boolean {
  if (words.length < 2) return false;
  const initials = words[words.length - 1]!;
  const rest = words.slice(0, -1);
  // One capital is never a surname; two or three ('Ana LI') are initials only after a word no given name.
  return (
    /^\p{Lu}{1,3}$/u.test(initials) &&
    !SUFFIX.test(initials) &&
    (initials.length === 1 || !isGivenName(rest[0]!)) &&
    rest.every((w, i) => (/^\p{Lu}/u.test(w) && !isCapitalised(w)) || (i > 0 && PARTICLES.has(w)))
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

/** A word of the given-name list (`given-names.json`), each part of a hyphenated one ('Jean-Pierre'). */
export function isGivenName(word: string): boolean {
  const parts = fold(word).replace(/\.$/, '').split('-');
  return parts.every((p) => GIVEN_NAMES.has(p));
}

/** True for a name of an organisation: kept whole, never inverted. */
export function isOrganisation(name: string): boolean {
  return ORGANISATION.test(name) || /\b(?:of|for|the|on|und|für|pour|para|por)\b|&/i.test(name);
}

/**
 * One name as Folio cites it: 'Surname, Given' for a person ('Mariana Castañeda Ruiz' → 'Castañeda Ruiz,
 * Mariana', 'Ludwig van Beethoven' → 'Beethoven, Ludwig van', 'MARÍA DE LA LUZ GÓMEZ' → 'Gómez, María de la
 * Luz'), the name whole for an organisation or a single word, undefined for junk. `options.idioma` (the
 * document's language) decides between the Spanish and the Portuguese filing of a name of several surnames
 * (`surnameSpan`).
 */
export function surnameFirst(raw: string, options: NameOptions = {}): string | undefined {
  const name = scrub(raw)
    .replace(/^(?:by|por|par)\s+/i, '')
    // Titles and degrees are no part of a citation: 'Dr. Juan Pérez', 'Ana Gómez, PhD'.
    .replace(
      /^(?:(?:dr|dra|prof|profa|lic|licda|ing|mtro|mtra|arq|mr|mrs|ms|mme|mlle|sra|srta|herr|frau|sir)\.?\s+)+(?=\S+\s+\S)/i,
      '',
    )
    .replace(/,?\s+(?:ph\.?\s?d|m\.?d|m\.?sc|mba|esq|dr\.?\s?phil)\.?$/i, '')
    .replace(/^[\s,.;:'"“”‘’-]+|[\s,;:'"“”‘’-]+$/g, '')
    .replace(LEFTOVER_CONJUNCTION, '')
    .replace(/\s+/g, ' ');
  if (!name || !/\p{L}/u.test(name) || JUNK.test(name)) return undefined;
  if (/^(?:https?:|www\.)/i.test(name)) return undefined;
  if (name.split(' ').length > 8) return undefined;
  if (DOCUMENT_WORDS.test(name) || PLACE_NAMES.has(fold(name)) || COUNTRY_NAMES.has(fold(name))) return undefined;
  if (isOrganisation(name)) return name;
  if (PHRASE_OPENING.test(name)) return undefined;
  if (!/\s|,/.test(name)) {
    // A lone lower-case token is a login name ('brianc'), not an author.
    if (name === name.toLowerCase()) return undefined;
    return name;
  }

  const commaSuffix = /^(.*\S)\s*,\s*(\S+)$/.exec(name);
  if (commaSuffix && SUFFIX.test(commaSuffix[2]!) && !commaSuffix[1]!.includes(',')) {
    // 'Martin Luther King, Jr.': the comma only sets the suffix apart.
    return surnameFirst(`${commaSuffix[1]!} ${commaSuffix[2]!}`, options);
  }
  if (name.includes(',')) {
    // Already 'Surname, Given': the filing of whoever wrote it is kept, only its capitals normalised.
    const [head, ...rest] = name.split(',').map((p) => p.trim());
    const suffix = rest.length > 1 && SUFFIX.test(rest[rest.length - 1]!) ? rest.pop() : undefined;
    const given = rest.join(' ').trim();
    const surname = head ?? '';
    if (!surname) return given ? normaliseCase(given.split(' ')).join(' ') : undefined;
    if (!given) return normaliseCase(surname.split(' ')).join(' ');
    const out = `${normaliseCase(surname.split(' ')).join(' ')}, ${normaliseCase(given.split(' ')).join(' ')}`;
    return suffix ? `${out}, ${suffixCase(suffix)}` : out;
  }

  let words = name.split(' ');
  // 'van Gogh', 'de la Fuente': a surname with its particle and no given name.
  if (PARTICLES.has(words[0]!) && !JOINERS.has(words[0]!)) return name;
  // 'Ibn Khaldun', 'Abu Nuwas': a patronymic or kunya is the whole name.
  if (words.length === 2 && /^(?:ibn|bin|bint|abu|abou)$/i.test(words[0]!)) return name;
  if (vancouver(words)) {
    const initials = [...words.pop()!].map((letter) => `${letter}.`).join(' ');
    return `${words.join(' ')}, ${initials}`;
  }
  const idioma = conventionLanguage(options);
  const convention = namingConvention(words, idioma);
  let suffix: string | undefined;
  if (words.length > 2 && SUFFIX.test(words[words.length - 1]!)) suffix = suffixCase(words.pop()!);
  // 'Jean DUPONT', 'DUPONT Jean': capitals mark the surname when the rest is not in capitals.
  const caps = words.map(isCapitalised);
  const capsSurname = capitalSurname(caps);
  words = normaliseCase(words);
  let family: string[];
  let given: string[];
  if (capsSurname) {
    [family, given] = [
      words.slice(capsSurname[0], capsSurname[1]),
      [...words.slice(0, capsSurname[0]), ...words.slice(capsSurname[1])],
    ];
  } else {
    const familyFirst = familyNameFirst(words);
    if (familyFirst === -1) [family, given] = [words.slice(-1), words.slice(0, -1)];
    else if (familyFirst) [family, given] = [words.slice(0, familyFirst), words.slice(familyFirst)];
    else {
      const start = surnameSpan(words, convention, idioma);
      [family, given] = [words.slice(start), words.slice(0, start)];
    }
  }
  // 'Marylene de Brito' → 'Brito, Marylene de': lower-case particles go after the given names.
  while (family.length > 1 && given.length > 0 && isTrailingParticle(family[0]!)) given.push(family.shift()!);
  if (family.length === 0 || given.length === 0) return [...words, ...(suffix ? [suffix] : [])].join(' ');
  // 'William B. Driggers III' → 'Driggers III, William B.': a generational suffix stays with the surname.
  return `${[...family, ...(suffix ? [suffix] : [])].join(' ')}, ${given.join(' ')}`;
}

/**
 * A conjunction or a mark left at either end of a name by the line it was cut from: 'e Mayra Perraro' (the
 * Portuguese 'e' before the last author), '© Luca Dario', 'Ana Gil y'.
 */
const LEFTOVER_CONJUNCTION = /^(?:(?:e|y|and|und|et|&|©|®)\s+)+(?=\p{Lu})|(?<=\p{L}\.?)(?:\s+(?:e|y|and|und|et|&))+$/u;

/** Particles that go after the given names when they open a surname in lower case (not 'bin', 'al'…). */
function isTrailingParticle(word: string): boolean {
  return word === word.toLowerCase() && PARTICLES.has(word) && !JOINERS.has(word) && !ARABIC_PARTICLES.has(word);
}
const ARABIC_PARTICLES = new Set(['bin', 'ibn', 'bint', 'ben', 'wa', 'al', 'el']);

/** Under the first of two surnames (Spanish), the last surname (Portuguese), or the last name (others). */
type Convention = 'es' | 'pt' | 'last';

/** Languages whose names have one surname, written last: a name of theirs is filed under its last name. */
const ONE_SURNAME = new Set(['en', 'de', 'fr', 'it', 'nl']);

/** Countries whose people bear Portuguese names, and Spanish ones. */
const PORTUGUESE_COUNTRIES = new Set(['BR', 'PT', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL']);
const SPANISH_COUNTRIES = new Set([
  'ES',
  'MX',
  'AR',
  'BO',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'SV',
  'GT',
  'HN',
  'NI',
  'PA',
  'PY',
  'PE',
  'PR',
  'UY',
  'VE',
  'GQ',
]);

/**
 * The language whose naming convention the names follow: the affiliation's country where known ('BR' →
 * 'pt'), else the document's language, of which the tag's first part counts ('pt-BR' → 'pt').
 */
function conventionLanguage(options: NameOptions): string | undefined {
  const country = options.pais?.toUpperCase();
  if (country && PORTUGUESE_COUNTRIES.has(country)) return 'pt';
  if (country && SPANISH_COUNTRIES.has(country)) return 'es';
  return options.idioma?.toLowerCase().split(/[-_]/)[0] || undefined;
}

/**
 * Whose rule files a name of several surnames: Portuguese names (a Portuguese document's, or any name that
 * shows itself Portuguese) under the last surname, all others the Spanish way, under the first of two. In a
 * Portuguese document a name that shows itself Spanish keeps the Spanish rule.
 */
function namingConvention(words: readonly string[], idioma: string | undefined): Convention {
  if (looksPortuguese(words)) return 'pt';
  if (idioma === 'pt' && !looksSpanish(words)) return 'pt';
  // 'Muhammad Atif Iqbal' in an English paper: one surname, the last name, unless the name shows itself Spanish.
  if (idioma && ONE_SURNAME.has(idioma) && !looksSpanish(words)) return 'last';
  return 'es';
}

/**
 * A name only Portuguese spelling or naming writes: a nasal vowel ('João', 'Leitão', 'Guimarães'), a
 * circumflex, which Spanish never writes ('Rosângela', 'Antônio', 'Mônica'), the particles 'da', 'das', 'do', 'dos', or a compound ending ('Filho', 'Júnior', 'Neto', 'Sobrinho').
 */
function looksPortuguese(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      /[ãõâêôÃÕÂÊÔ]/u.test(w) ||
      (i > 0 && /^(?:da|das|do|dos)$/.test(w)) ||
      (i > 1 && i === words.length - 1 && /^(?:filho|júnior|neto|sobrinho)$/i.test(w)),
  );
}

/** A name only Spanish writes: an 'ñ', a patronymic in '-ez' ('Pérez', 'Martínez'), 'y' between surnames, 'del'. */
function looksSpanish(words: readonly string[]): boolean {
  return words.some(
    (w, i) => /ñ/iu.test(w) || (i > 0 && /\p{L}{2}(?:ez|éz)$/u.test(w)) || (i > 0 && (w === 'y' || w === 'del')),
  );
}

/** Where the surname starts in a name written given names first, by the convention it follows. */
function surnameSpan(words: string[], convention: Convention, idioma: string | undefined): number {
  const n = words.length;
  if (convention === 'pt') {
    // 'Carlos Aguiar de Medeiros' → 'Medeiros': the last surname, with a particle written in capitals before
    // it ('Laura Del Coco'); a compound ending was set apart as a suffix and comes back with it.
    return n >= 3 && isParticle(words[n - 2]!, n - 2, words) && words[n - 2] !== words[n - 2]!.toLowerCase()
      ? n - 2
      : n - 1;
  }
  if (convention === 'last') {
    // 'Ivo H. M. van Stokkum' → 'van Stokkum': the last name, with the particles before it.
    let start = n - 1;
    while (start > 1 && isParticle(words[start - 1]!, start - 1, words)) start--;
    return start;
  }
  let start = surnameStart(words);
  const plain = words.every((w, i) => i === 0 || (!PARTICLES.has(w.toLowerCase()) && !INITIALS.test(w)));
  // 'Oscar Germán Duarte Velasco': in a Spanish document four names are two given names and two surnames,
  // even where the third is also a given name somewhere.
  if (idioma === 'es' && plain && n >= 4 && start === n - 1 && isGivenName(words[1]!)) start = n - 2;
  // 'Jorge Aldair Cortés López': a Spanish surname is at most two names (with their particles); a word
  // before them that the list does not know is one more given name.
  while (surnameWords(words.slice(start)) > 2 && start < n - 1 && !isParticle(words[start]!, start, words)) start++;
  return start;
}

/** How many names (not particles or joiners) a surname holds: 'Calderón de la Barca' → 2. */
function surnameWords(family: readonly string[]): number {
  return family.filter((w) => !PARTICLES.has(w.toLowerCase())).length;
}

function suffixCase(suffix: string): string {
  return /^[ivx]+$/i.test(suffix) ? suffix.toUpperCase() : suffix[0]!.toUpperCase() + suffix.slice(1).toLowerCase();
}

/** A word written in capitals: two letters or more, none lower case, not an initial or a numeral. */
function isCapitalised(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 2 && letters === letters.toUpperCase() && !/^(?:\p{Lu}\.)+$/u.test(word) && !SUFFIX.test(word)
  );
}

/** The span of capitalised words at the start or end of a name whose other words are not capitalised. */
function capitalSurname(caps: boolean[]): [number, number] | undefined {
  const count = caps.filter(Boolean).length;
  if (count === 0 || count === caps.length) return undefined;
  const first = caps.indexOf(true);
  const last = caps.lastIndexOf(true);
  if (last - first + 1 !== count) return undefined;
  return first === 0 || last === caps.length - 1 ? [first, last + 1] : undefined;
}

/** A name written all in capitals in title case, particles lower case; other names as written. */
function normaliseCase(words: string[]): string[] {
  if (!words.some(isCapitalised)) return words;
  return words.map((word, i) => (isCapitalised(word) ? titleCase(word, i) : word));
}

function titleCase(word: string, index: number): string {
  const lower = word.toLowerCase();
  if (index > 0 && PARTICLES.has(lower)) return lower;
  return lower
    .split(/([-'’])/)
    .map((part, i, all) => {
      if (/^(?:al|el)$/.test(part) && all[i + 1] === '-' && i === 0) return part;
      return part ? part[0]!.toUpperCase() + part.slice(1) : part;
    })
    .join('');
}

/**
 * How many words a family name written first takes ('Nguyen Van Anh', 'Kim Jong-un'); -1 when only the last
 * word is the family name ('Anh Van Nguyen'); else 0.
 */
function familyNameFirst(words: string[]): number {
  const first = fold(words[0]!);
  const last = fold(words[words.length - 1]!);
  if (words.length >= 3 && VIETNAMESE_FAMILY.has(first) && !VIETNAMESE_FAMILY.has(last) && /^\p{Lu}/u.test(words[1]!))
    return 1;
  // 'Anh Van Nguyen': a Vietnamese family name written last is the whole surname ('Van' is a middle name).
  if (words.length >= 3 && VIETNAMESE_FAMILY.has(last) && !VIETNAMESE_FAMILY.has(first)) return -1;
  if (words.length === 2 && KOREAN_FAMILY.has(first) && /^\p{Lu}\p{Ll}+-\p{Ll}+$/u.test(words[1]!)) return 1;
  return 0;
}

function isParticle(word: string, index: number, words: string[]): boolean {
  if (index === 0 || index >= words.length - 1) return false;
  const lower = word.toLowerCase();
  if (JOINERS.has(lower)) return false;
  if (/^(?:al|el|ad|as|ash|at|az|ar|an)-\p{L}/iu.test(word)) return false;
  if (word === lower) return PARTICLES.has(lower);
  return CAPITAL_PARTICLES.has(lower) && index >= 1;
}

/** The index of the first word of the surname in a name written given names first. */
function surnameStart(words: string[]): number {
  const n = words.length;
  let i = 1;
  while (i < n) {
    const word = words[i]!;
    // 'Santiago Ramón y Cajal': a joiner links two surnames, so the word before it is one.
    if (JOINERS.has(word)) return i - 1;
    // 'Ahmad al-Khalili', 'Omar el-Sayed': the article opens the family name, unless it follows 'Abd', 'Abu'.
    if (/^(?:al|el|ad|as|ash|at|az|ar|an)-\p{L}/iu.test(word)) {
      if (/^(?:abd|abdul|abu|abou)$/i.test(words[i - 1]!) && i < n - 1) {
        i++;
        continue;
      }
      return i;
    }
    if (isParticle(word, i, words)) {
      // 'María de la Luz Gómez', 'María del Carmen Pérez': a devotional given name, when a surname follows.
      let j = i;
      while (j < n - 1 && PARTICLES.has(words[j]!.toLowerCase())) j++;
      if (j > i && j < n - 1 && DEVOTIONAL.has(fold(words[j]!)) && /^de/i.test(word)) {
        i = j + 1;
        continue;
      }
      return i;
    }
    if (i === n - 1) return i;
    // 'Fyodor Mikhailovich Dostoevsky': a Russian patronymic goes with the given name.
    if (INITIALS.test(word) || isGivenName(word) || /\p{Ll}(?:ovich|evich|ovna|evna|ichna|ovič|evič)$/u.test(word)) {
      i++;
      continue;
    }
    return i;
  }
  return n - 1;
}

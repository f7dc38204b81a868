import {
  CAPITAL_PARTICLES,
  COUNTRY_NAMES,
  DEVOTIONAL,
  DOCUMENT_WORDS,
  fold,
  INITIALS,
  isGivenName,
  isOrganisation,
  JOINERS,
  JUNK,
  KOREAN_FAMILY,
  PARTICLES,
  PHRASE_OPENING,
  PLACE_NAMES,
  scrub,
  SUFFIX,
  VIETNAMESE_FAMILY,
} from './name-words';

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

/** 'Tully NE', 'Smith J': the Vancouver form (PubMed), surname then the initials without stops. */
export function vancouver(words: string[]): boolean {
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

import givenNameList from './given-names.json';
import placeNameList from './place-names.json';

// The word lists and patterns that tell a name from what surrounds it, shared by the splitting of author fields
// (author-names.ts) and the filing of one name (surname-first.ts).

const GIVEN_NAMES: ReadonlySet<string> = new Set(givenNameList as string[]);
/** Towns of two words or more ('Belo Horizonte'), which title pages print near the names (`place-names.json`). */
export const PLACE_NAMES: ReadonlySet<string> = new Set(placeNameList as string[]);

/** Lower case without diacritics: the form of the given-name list. */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Countries' names in the languages a library's papers are written in ('South Africa', 'Sudáfrica', 'África
 * do Sul'), from the runtime's own CLDR data: an address's last line is no person.
 */
export const COUNTRY_NAMES: ReadonlySet<string> = (() => {
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

export const PARTICLES = new Set([
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
export const CAPITAL_PARTICLES = new Set([
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
export const JOINERS = new Set(['y', 'i', 'e']);
/** 'María de la Luz', 'María del Carmen', 'José de Jesús': devotional parts of Spanish given names. */
export const DEVOTIONAL = new Set([
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

export const SUFFIX = /^(?:jr|sr|jnr|snr|júnior|junior|filho|neto|sobrinho|ii|iii|iv|v|vi)\.?$/i;
export const INITIALS = /^(?:\p{Lu}\.?-?)+$|^(?:\p{Lu}\.){1,4}$|^\p{Lu}\p{Ll}?\.$/u;

export const VIETNAMESE_FAMILY = new Set([
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
export const KOREAN_FAMILY = new Set([
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
export const ACADEMIC_UNIT =
  /(?<![\p{L}\p{N}])(?:universit(?:y|ies|ät|é|à|at|ario|aria|ária|ário)|universidad|universidade|college|colegio|school|escuela|escola|[ée]cole|scuola|hochschule|facult(?:y|ad|é|ies)|faculdade|fakult[äa]t|facolt[àa]|departments?|departamento|d[ée]partement|dipartimento|departament|fachbereich|lehrstuhl|institutes?|instituto|institut|istituto|corso di laurea|laurea|programa|program(?:me)?|p[óo]s-gradua[cç][ãa]o|posgrado|laborator(?:y|ies|io)|laboratoire|laborat[óo]rio|centre|center|centro|zentrum)(?![\p{L}\p{N}])/iu;

/**
 * Words that name the document or its parts, never its author: the kind of thesis on a cover ('Trabajo Fin de
 * Máster', 'Dissertação de Mestrado', 'Mención …'), which a title page sets near the names.
 */
export const DOCUMENT_WORDS =
  /(?<![\p{L}\p{N}])(?:tesis|tese|th[èe]se|tesi|disserta[cç][ãa]o|dissertation|monografia|m[ée]moire|masterarbeit|bachelorarbeit|diplomarbeit|doktorarbeit|trabajo fin de|trabajo de (?:grado|titulaci[óo]n|fin)|trabalho de conclus[ãa]o|menci[óo]n|abstract|resumen|resumo|zusammenfassung|r[ée]sum[ée])(?![\p{L}\p{N}])/iu;

/** Words that open a phrase, never a person's name ('Zur Relevanz von Vertrauen', 'Uma análise …'). */
export const PHRASE_OPENING = /^(?:zur|zum|über|der|die|uma|une|ein|eine|gli)\s[^,]*$/iu;

/** Values producers put where a name belongs ('Administrator', 'Microsoft Office User', 'LaTeX with hyperref'). */
export const JUNK =
  /^(?:admin(?:istrator|istrador|istrateur)?|root|user|usuario|utilisateur|benutzer|owner|propietario|unknown|unknown author|desconocido|anonymous|an[oó]nimo|anon|author|autor|auteur|default|guest|invitado|test|tester|pc|hp|dell|lenovo|customer|preferred customer|valued customer|hp authorized customer|registered user|licensed user|microsoft office user|microsoft office|windows user|usuario de windows|usuario de microsoft office|utilisateur windows|latex with hyperref(?: package)?|tex|adobe|acrobat|adobe acrobat|publisher|editor|journals?(?:,\s*\S+)?|\S+,\s*journals|and others|y otros|e outros|et al\.?|ph\.?\s?d\.?|m\.?d\.?|m\.?sc\.?|mba)$/i;

/** Role words after a name: '(ed.)', '(eds.)', '(coord.)', '(Hrsg.)', '(trad.)'. */
const ROLE =
  /\(\s*(?:eds?|editors?|edited|coords?|coordinador(?:a|es)?|comps?|compilador(?:a|es)?|hrsg|trads?|trans|dir|ilus?)\.?\s*\)/gi;

/** What surrounds names in author fields and is no part of them: e-mails, 'et al.', footnote marks, digits. */
export function scrub(field: string): string {
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

/** A word of the given-name list (`given-names.json`), each part of a hyphenated one ('Jean-Pierre'). */
export function isGivenName(word: string): boolean {
  const parts = fold(word).replace(/\.$/, '').split('-');
  return parts.every((p) => GIVEN_NAMES.has(p));
}

/** True for a name of an organisation: kept whole, never inverted. */
export function isOrganisation(name: string): boolean {
  return ORGANISATION.test(name) || /\b(?:of|for|the|on|und|für|pour|para|por)\b|&/i.test(name);
}

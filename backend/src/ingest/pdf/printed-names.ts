/**
 * The personal names printed on one line of a page (a byline, a thesis cover's author line), as printed
 * ('Given Surname'), with marks, e-mails, affiliations and society grades left out.
 */

/** Words that make a line an affiliation or an address, not a name: stems of institutions… */
const AFFILIATION_STEM =
  /(?<!\p{L})(?:univ|institu|facult|depart|laborat|academ|ministr|associat|fundaci|foundation|societ|polytechn|polit[eé]cn|hochschul|escola|[eé]cole)\p{L}*/iu;
/** …and whole words: kinds of body, companies, countries, parts of an address. */
const AFFILIATION_WORD =
  /(?<!\p{L})(?:college|school|escuela|dept|lab|labs|center|centre|centro|hospital|clinic|gmbh|inc|ltd|llc|corp|corporation|company|group|grupo|agency|council|research|press|google|microsoft|facebook|meta|amazon|ibm|intel|apple|adobe|mozilla|deepmind|openai|nvidia|usa|u\.s\.a|uk|germany|spain|españa|france|china|japan|canada|italy|brazil|brasil|mexico|méxico|colombia|argentina|chile|peru|perú|road|street|avenue|calle|avenida|email|e-mail|correo|tel|phone|fax|corresponding)(?!\p{L})/iu;

/** A line naming an institution or an address ('Department of Computer Science, University of Denver'). */
export function isAffiliation(line: string): boolean {
  return AFFILIATION_STEM.test(line) || AFFILIATION_WORD.test(line);
}

/** Capitalised words of headings and table heads that are not names. */
const NOT_NAME =
  /^(?:a|an|the|of|for|in|on|with|to|from|by|at|new|old|font|text|name|names|sample|type|types|data|table|figure|fig|section|chapter|part|report|document|test|testing|page|summary|results?|methods?|discussion|conclusions?|background|overview|analysis|study|studies|systems?|models?|design|date|location|notes?|sources?|version|edition|volume|issue|manual|guide|handbook|top|bottom|left|right|center|total|amount|description|title|subject|author|authors|contents|index|appendix|list|example|examples|first|second|third|final|draft|user|users|use|how|what|why|when|general|public|open|free|software|program|library|project|language|languages|english|spanish|online|internet|web|network|control|power|energy|health|water|air|world|national|international|global|local|annual|daily|news|review|paper|article|letter|press|media|office|service|services|support|help|info|information|home|about|contact|terms|privacy|policy|price|prices|cost|costs|product|products|market|business|management|science|sciences|technology|engineering|mathematics|physics|chemistry|biology|medicine|law|history|art|arts|music|education|training|course|lesson|unit|level|grade|class|form|field|button|check|box|signature|aircraft|damage|injuries|fatal|serious|minor)$/i;
/** Endings of nouns, not of surnames. */
const NOT_NAME_ENDING = /(?:tions?|sions?|ments?|ness|ities|ity|ics|ology|isms?|ances?|ences?)$/i;

/** Society grades printed after names ('John Smith, Senior Member, IEEE'). */
const GRADE =
  /^(?:(?:student|senior|life|associate)\s+)?(?:member|fellow)(?:\s+(?:ieee|acm|aaai))?$|^(?:ieee|acm|siam|aaai)$/i;

/** Lowercase particles inside names. */
const PARTICLE = /^(?:van|von|der|den|de|del|della|di|da|das|dos|du|la|le|y|e|bin|ibn|al|el|ten|ter|zu|zum|st\.?)$/;
const NAME_WORD =
  /^(?:\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?[\p{Ll}'’]+)*|[\p{Lu}dl]['’]\p{Lu}\p{Ll}+|\p{Lu}|\p{Lu}\p{Ll}+\p{Lu}\p{Ll}+|\p{Lu}\.(?:\s?-?\p{Lu}\.)*|\p{Lu}{2,}(?:-\p{Lu}{2,})?)$/u;

/**
 * The names on an author line ('Ana Pérez1, John Smith* and Jane Doe†'), or null when the line is not one:
 * every part split at commas, semicolons, 'and', '&' must look like a personal name of two to five words.
 * `announced`: the line follows a lone conjunction in a byline, so words of headings do not refuse it.
 */
export function namesOfLine(raw: string, options: { announced?: boolean } = {}): string[] | null {
  const line = raw
    .replace(/^(?:by|por)\s+/i, '')
    // A page's text writes raised marks as '^{1,∗}'; an icon font's glyph (ORCID's, an envelope) is a
    // private-use character, and an ORCID iD may follow the name.
    .replace(/\^\{[^}]*\}/g, ' ')
    .replace(/\p{Co}+/gu, ' ')
    .replace(/\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/g, ' ')
    // 'Celina d’ Ávila': an elided particle set apart from its name.
    .replace(/(?<!\p{L})([dDlL]['’])\s+(?=\p{Lu})/gu, '$1')
    .replace(/\([^)]*(?:@|https?:|www\.)[^)]*\)?/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/[*†‡§¶⁎∗✉#♯⊥⋆★☆☯$+⁺⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, ' ')
    .replace(/(\p{L})\d+(?:\s*[,–-]\s*\d+)*(?=[\s,;]|$)/gu, '$1')
    .replace(/\s+\d+(?:\s*,\s*\d+)*(?=\s*(?:[,;]|$|\s(?:and|&)\s))/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // A line of a wrapped byline ends in a comma or in the 'and' before the last name.
    .replace(/[,;]$|\s+(?:and|&|und|et|y|e)$/, '');
  if (!line || /\d/.test(line) || AFFILIATION_STEM.test(line) || AFFILIATION_WORD.test(line)) return null;
  // A capital 'E' or 'Y' is an initial ('Tobias E Erlanger'), unless the whole line is in capitals.
  const caps = line === line.toUpperCase();
  const parts = line
    .split(caps ? /\s*[,;·•]\s*|\s+(?:and|&|und|et|y|e)\s+/i : /\s*[,;·•]\s*|\s+(?:[Aa]nd|&|und|et|y|e)\s+/)
    .map((p) => p.trim().replace(caps ? /^(?:and|&|und|et|y)\s+/i : /^(?:[Aa]nd|&|und|et|y)\s+/, ''))
    .filter((p) => p && !/^(?:and|&|und|et|y)$/i.test(p) && !GRADE.test(p));
  if (parts.length === 0) return null;
  const names: string[] = [];
  for (const part of parts) {
    const words = part.split(/\s+/);
    // Two to five names, particles aside ('Maria de Fatima Militão de Albuquerque').
    const named = words.filter((w) => !PARTICLE.test(w)).length;
    if (words.length < 2 || named > 5 || words.length > 7) return null;
    // A capital without its stop is an initial inside a name ('Rob J Hyndman'), but 'A Survey' is no name.
    if (words.length === 2 && /^\p{Lu}$/u.test(words[0]!)) return null;
    const capitalised = words.filter((w) => NAME_WORD.test(w));
    if (capitalised.length + words.filter((w) => PARTICLE.test(w)).length !== words.length) return null;
    if (capitalised.filter((w) => !/^\p{Lu}\.?$/u.test(w)).length < 1 || capitalised.length < 2) return null;
    // A line the byline announces as a name (it follows a lone 'and') may hold a word that is elsewhere a
    // heading's ('AN ZHU'); the words of institutions still tell an affiliation.
    if (!options.announced && words.some((w) => NOT_NAME.test(w) || NOT_NAME_ENDING.test(w))) return null;
    names.push(words.map(titleCaseWord).join(' '));
  }
  return names;
}

/** 'PÉREZ' → 'Pérez'; mixed-case words, initials and a generational suffix ('III') are left alone. */
function titleCaseWord(word: string): string {
  if (!/^\p{Lu}{2,}(?:-\p{Lu}{2,})?$/u.test(word) || /^(?:II|III|IV|VI)$/.test(word)) return word;
  return word.toLowerCase().replace(/(^|-)(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

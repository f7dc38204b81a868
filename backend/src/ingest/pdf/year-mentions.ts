/**
 * The years one line of a PDF's first pages states, and what each states: a publication (copyright,
 * 'Published:', a citation of the work), a volume or issue, a conference, a date, an academic year, a year
 * alone. Numbers that only look like years are never returned: digits inside an identifier (ISSN, ISBN, DOI,
 * URL, arXiv id, phone, standard or process numbers), the ends of a period ('from 1972 to 2018'), and the
 * dates of events that are not the publication (received, revised, accepted, submitted on, downloaded,
 * accessed, registered). Pure functions over text; `pdf-year.ts` weighs them by where the line stands.
 */

/** Month names and their usual abbreviations in en, es, pt, fr, de, it and ca. */
const MONTH_NAMES = [
  'january february march april may june july august september october november december',
  'jan feb mar apr jun jul aug sep sept oct nov dec',
  'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre ene abr ago dic',
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro fev mai set out dez',
  'janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre janv févr fevr avr juil déc',
  'januar jänner februar märz maerz april mai juni juli august september oktober november dezember mär okt',
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre gen mag giu lug ott',
  'gener febrer març abril maig juny juliol agost setembre octubre novembre desembre',
]
  .join(' ')
  .split(' ');
const MONTH = [...new Set(MONTH_NAMES)].sort((a, b) => b.length - a.length).join('|');
const MONTH_WORD = new RegExp(`^(?:${MONTH})$`, 'iu');

/** What a year on a line states. */
export type YearKind =
  /** Copyright, 'Published:', a thesis's defence, a citation of the work itself. */
  | 'statement'
  /** A volume or issue line with an explicit mark: 'Vol. 10, No. 2, 2001', '10(1), 2001', '57 (2016) 311–323'. */
  | 'volume'
  /** A journal's citation line without a volume word: '2022;56:9', 'Metabolites 2014, 4, 932', '33:e200068, 2021'. */
  | 'journal'
  | 'conference'
  /** A date with a month ('Novembro, 2005', '6. März 2023') or in figures ('22/02/2018'). */
  | 'date'
  /** The later year of an academic year ('Anno Accademico 2014/2015'). */
  | 'academic'
  /** A year with no other sign. */
  | 'plain';

export interface YearMention {
  year: number;
  kind: YearKind;
  /** A word on the line makes its date the document's own ('last updated', 'version', 'edition'). */
  cued: boolean;
  /** Where the year starts in the line. */
  index: number;
}

/** A four-digit number that can be a year; boundaries are checked apart (identifiers). */
const YEAR_DIGITS = /(?<!\p{N})(1[5-9]\d\d|20\d\d)(?!\p{N})/gu;

/** Characters that end a token: a year is judged with the token it is written in. */
const TOKEN_END = /[\s,;()[\]{}<>⟨⟩"“”'‘’«»©|]/u;

/** Words before a number that make it an identifier, not a year. */
const IDENTIFIER_WORD =
  /\b(?:e-?|p-?)?(?:issn|isbn|tel|t[eé]l[eé]fono|telefone|phone|fax|cep|zip|c\.p\.|postfach|nnt|hal id|pmid|pmcid)\.?\s*:?\s*$/iu;

/** Labels of dates that are never the publication: the history of a manuscript, a copy's stamps, a register. */
const EVENT_CUE =
  /\b(?:received|revised|re-?submitted|accepted|approved|submitted\s*(?:on|:)|recibido|revisado|aceptado|aprobado|recebido|reapresentado|aceito|aprovado|re[cç]u|r[eé]vis[eé]|accept[eé]|soumis|eingegangen|angenommen|überarbeitet|ricevuto|accettato|downloaded|uploaded|posted|accessed|retrieved|acceso|accedido|consultado|acesso|acessado|consult[eé]|abgerufen|zugegriffen|deposited|registered|registrado|registriert)\b/giu;

/** Words that state the publication when a date follows them at once. */
const PUBLISHED_CUE =
  /\b(?:published(?:\s+online)?|first published|latest published|publicado(?:\s+en\s+l[ií]nea)?|publicada|publi[eé]e?|ver[oö]ffentlicht|pubblicato|available online|first online|online publication|date of publication|date of current version|issue date|first edition|primera edici[oó]n|primeira edi[cç][aã]o|premi[eè]re [eé]dition|erste auflage|prima edizione|fecha de publicaci[oó]n|data de publica[cç][aã]o)\b/giu;
/** A thesis's defence: its date is the thesis's year wherever the sentence stands. */
const DEFENCE_CUE =
  /\b(?:soutenue(?:\s+publiquement)?|defended|date of defen[cs]e|defendida|defendido|defensa|sustentad[ao]|defesa|verteidigt|tag der (?:m[uü]ndlichen )?pr[uü]fung)\b/giu;
/** What may stand between a publication word and its date: 'on', a colon, a day, a month. */
const STATEMENT_GAP = new RegExp(
  `^[\\s:,.]*(?:(?:on|em|el|le|am|in|the|de|del|of|dia|den|:|,|\\.|\\d{1,2}(?:st|nd|rd|th|er|º)?|${MONTH})[\\s:,.]*)*$`,
  'iu',
);
/** A copyright sign or word (an OCR'd 'Copyriiht' too), then up to a holder's name before the year. */
const COPYRIGHT_CUE = /(?:©|\(c\)|\bcop[yv]r\p{L}{2,4}t\b|\bderechos reservados\b)/giu;
/** The work citing itself: 'To cite this article:', 'How to cite', 'Citation:', HAL's 'To cite this version'. */
const CITATION_CUE =
  /\b(?:to cite this (?:article|version|paper|chapter|document)|cite this (?:article|paper|chapter)|how to cite(?: this article)?|please cite|acm reference format|suggested citation|empfohlene zitierung|zitiervorschlag|zitierhinweis|citation|reference|para citar(?: este art[ií]culo)?|c[oó]mo citar(?: este art[ií]culo)?|como citar(?: este artigo)?|pour citer(?: cet article)?|citar como)\b\s*[:/]/iu;
const CONFERENCE_CUE =
  /\b(?:proceedings|conference|symposium|workshop|congress|congreso|congresso|jornadas|tagung|colloque|conf[eé]rence|simp[oó]sio|simposio|anais|actas|atti)\b/iu;
const ACADEMIC_CUE =
  /\b(?:anno accademico|a\.\s?a\.|academic year|ann[eé]e(?: universitaire| acad[eé]mique)?|curso(?: acad[eé]mico| escolar)?|a[nñ]o acad[eé]mico|ano (?:letivo|acad[eê]mico)|studienjahr|wintersemester|sommersemester|semestre)\s*:?\s*$/iu;
/** Words that make a date the document's own: its version, revision, edition. */
const DATE_CUE =
  /\b(?:updated|version|edition|edici[oó]n|versi[oó]n|vers[aã]o|edi[cç][aã]o|actualizad[oa]|atualizad[oa]|fecha|dated?|datum|stand|as of|auflage|ausgabe|abgabe\p{L}*|eingereicht|sessione|draft|borrador)\b/iu;

/** Marks of a volume or an issue, followed by its number. */
const LOCATOR = String.raw`(?:\b(?:vol(?:ume)?|v|tome|t|band|bd|jahrgang|jg|issue|no|nr|n[º°o]|n|n[úu]m(?:ero)?|heft|ausgabe|fasc(?:[ií]culo|icule)?|cuaderno|article id)\.?\s*[A-Za-z]?\d+[A-Za-z]?|\d+\s*\(\s*[\w–/-]+\s*\))`;
const CHAIN_ITEM = String.raw`(?:${LOCATOR}|\(\d+\)|e?\d+[A-Za-z]?(?:[-–]\d+)?|pp?\.\s*\d+(?:[-–]\d+)?)`;
const SEPARATORS = String.raw`[\s,.:;()/·–-]*`;
const JOINS = String.raw`[\s,.:;()/·–-]+`;
/** A volume line's date before its year: 'MARCH ', '(May ', '(Fall, ', '(Jan. - Mar., '. */
const DATE_BEFORE = String.raw`(?:\([\p{L}.,/\s–-]{0,30}|(?:${MONTH})\.?\s*(?:\d{1,2},?\s*)?)?`;
/** Text before a year that ends a volume line: 'Vol. 10, No. 2, ', 'tome 11, no 2 (', 'VOL. 51, NO. 3, MARCH '. */
const VOLUME_BEFORE = new RegExp(`${LOCATOR}(?:${JOINS}${CHAIN_ITEM})*${SEPARATORS}${DATE_BEFORE}$`, 'iu');
/** 'Volume 2016, Article ID …', 'Jahrgang 2019'. */
const VOLUME_WORD_BEFORE = /\b(?:vol(?:ume)?|band|jahrgang)\.?\s*$/iu;
/** After the year: ', Volume 87, Issue 11', ') 311–323', ') 20:331–341', ') 2: 273-284'. */
const VOLUME_AFTER =
  /^(?:[\s,.;:()|]*(?:vol(?:ume)?|v|issue|no|nr|n[º°o]|n|n[úu]m(?:ero)?|tome|band|heft|jg|jahrgang|fasc)\.?\s*\d|\)\s*\d+\s*(?:[-–:]\s*\d+|\s+\d))/iu;
/** '57 (2016) 311', '954 (2018) 012010', 'Inflammopharmacol (2012) 20:': a year in brackets inside a citation. */
const BRACKETED_BEFORE = /(?:\b\d{1,4}|\p{L}{3,})\s*\($/u;
const BRACKETED_AFTER = /^\)\s*[,:]?\s*(?:S\.|pp?\.)?\s*\d+(?:\s*[-–:]\s*\d+|\s+\d+)/u;
/** 'Nature 521, 436–444 (2015)', 'Phys. Rev. Lett. 95, 123 (2005)' at a line's end: volume, pages, (year). */
const PAGES_THEN_YEAR = /\d+\s*[,:]\s*\d+(?:\s*[-–]\s*\d+)?\s*\($/u;
/** After the year: ';56:9', ';38(2):209', ', 4, 932', ', 3:190'. */
const JOURNAL_AFTER =
  /^\s*(?:;\s*\d+\w*\s*(?:\([^)]*\))?\s*:|,\s*\d+\w*\s*(?:\([^)]*\))?\s*[,:]\s*(?:pp?\.\s*)?e?\d+)/u;
/** Before the year: '33:e200068, ', 'e200068, ', 'Hoehnea 49: e1112020, '. */
const JOURNAL_BEFORE = /(?:\d+\s*:\s*e?\d+[\w–-]*|\be\d{4,})\s*,\s*$/u;
/** A date's month before the year: 'Novembro, 2005', 'Março de 2012', '6. März 2023', 'March 28, 2015', 'Ago/'. */
const MONTH_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:${MONTH})\\.?(?:\\s*,?\\s*(?:de[l]?\\s+|del año\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s*,?\\s*)?|\\s*[/.-]\\s*)$`,
  'iu',
);
/** A date's month after the year: '2013 November 20', '2006 Dec 16'. */
const MONTH_AFTER = new RegExp(`^\\s+(?:${MONTH})\\.?\\s+\\d{1,2}\\b`, 'iu');
/** A word or dash that joins the two ends of a period: 'from 1972 to 2018', 'de 1966 a junio de 2001'. */
const PERIOD_JOIN =
  /(?:^|[\s,])(?:-|–|—|to|till|until|through|a|al|à|au|até|ao|bis|and|und|y|e|et|hasta)(?:\s|$)|^\s*[-–—/]\s*$/iu;

/** Whether the text between two years makes them the ends of one period (days and months may stand in it). */
function joinsPeriod(between: string): boolean {
  return (
    between.length <= 40 &&
    !/[;|]|\d{3,}|\.\s+\p{Lu}/u.test(between) &&
    PERIOD_JOIN.test(between) &&
    lastEnd(EVENT_CUE, between) < 0 &&
    lastEnd(PUBLISHED_CUE, between) < 0
  );
}

/** The token a year is written in (up to spaces, brackets, quotes), and where it starts. */
function tokenAround(text: string, index: number): { token: string; start: number } {
  let start = index;
  while (start > 0 && !TOKEN_END.test(text[start - 1]!)) start--;
  let end = index + 4;
  while (end < text.length && !TOKEN_END.test(text[end]!)) end++;
  // A sentence's full stop or a colon after the year is not part of it.
  const token = text.slice(start, end).replace(/[.:]+$/, '');
  return { token, start };
}

const plausible = (n: number) => n >= 1500 && n <= 2099;

/**
 * How a token holding a year at `offset` writes it: as a year or a date, as one end of a pair of years
 * ('1995–2000'), or inside an identifier (anything else: '1541-4922', '10.1590/2318-0889202133', 'J2000').
 */
function howWritten(token: string, offset: number): 'year' | 'pair' | 'identifier' {
  if (/^\d{4}$/.test(token)) return 'year';
  if (offset === 0 && /^\d{4}[-–—]$/.test(token)) return 'pair';
  // A date in figures ('22/02/2018', '2.9.2003', '2024-03-19', '2024-03'), an issue or a month over its
  // year ('No. 12/2015', 'Nr. 3/2005', '05/2015').
  if (/^(?:\d{1,2}[./-]){1,2}\d{4}$/.test(token) || /^\d{4}[./-]\d{1,2}(?:[./-]\d{1,2})?$/.test(token)) {
    return 'year';
  }
  // A month and a year run together: 'June2016', 'Ago/2026', 'Dez.2019'.
  const glued = /^(\p{L}+)\.?[/.-]?\d{4}$/u.exec(token);
  if (glued && MONTH_WORD.test(glued[1]!)) return 'year';
  // Two years: '1995–2000', '2014/2015', '2014/15'; an ISSN or a phone number has a second half no year is.
  const pair = /^(\d{4})[-–—/](\d{2}|\d{4})$/.exec(token);
  if (pair) {
    const [a, b] = [Number(pair[1]), Number(pair[2])];
    const second = pair[2]!.length === 2 ? Math.floor(a / 100) * 100 + b : b;
    if (plausible(a) && plausible(second) && second >= a && second - a <= 100) return 'pair';
  }
  return 'identifier';
}

/** The last match of a global pattern in `text`. */
function lastMatch(pattern: RegExp, text: string): RegExpExecArray | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(pattern)) last = m as RegExpExecArray;
  return last;
}

/** The end of the last match of a global pattern in `text`, or -1. */
function lastEnd(pattern: RegExp, text: string): number {
  const m = lastMatch(pattern, text);
  return m ? m.index + m[0].length : -1;
}

/**
 * Whether a publication word is a label ('Published: …', '; published 2013 October 25', 'v2 First published
 * 12 Aug 2014'), not a sentence's verb ('a report published in June 2019 found …').
 */
function isLabel(before: string, cue: RegExpExecArray): boolean {
  const lead = before.slice(0, cue.index).trim();
  const rest = before.slice(cue.index + cue[0].length);
  return /^\s*:/.test(rest) || lead.length <= 3;
}

/** Where the clause holding `index` starts: after a semicolon, a bar, a spaced slash, or a sentence's end. */
function clauseStart(text: string, index: number): number {
  return Math.max(0, lastEnd(/;|\||\s\/\s|\.\s+(?=\p{Lu})/gu, text.slice(0, index)));
}

interface Found {
  year: number;
  index: number;
  /** Part of a period or of a pair of years: which end. */
  pair?: 'first' | 'second';
  academic?: boolean;
}

/** Every year written as a year (not inside an identifier), with the pairs and periods it is part of. */
function freeYears(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(YEAR_DIGITS)) {
    const index = m.index;
    const { token, start } = tokenAround(text, index);
    const written = howWritten(token, index - start);
    if (written === 'identifier' || IDENTIFIER_WORD.test(text.slice(0, start))) continue;
    const item: Found = { year: Number(m[1]), index };
    if (written === 'pair') item.pair = index === start ? 'first' : 'second';
    found.push(item);
  }
  // A pair written '2014/15' names its later year in two digits.
  for (const m of text.matchAll(/(?<!\p{N})(1[5-9]\d\d|20\d\d)[-–/](\d{2})(?!\p{N})/gu)) {
    const first = Number(m[1]);
    const second = Math.floor(first / 100) * 100 + Number(m[2]);
    if (second === first + 1 && found.some((f) => f.index === m.index)) {
      found.push({ year: second, index: m.index + m[1]!.length + 1, pair: 'second' });
    }
  }
  found.sort((a, b) => a.index - b.index);
  // Two years joined by 'to', 'a', 'bis', 'and' after 'between', a dash: a period, not a date of the work.
  for (let i = 0; i + 1 < found.length; i++) {
    const [a, b] = [found[i]!, found[i + 1]!];
    const between = text.slice(a.index + 4, b.index);
    if (b.year >= a.year && joinsPeriod(between)) {
      a.pair ??= 'first';
      b.pair ??= 'second';
    }
  }
  for (const f of found) {
    if (f.pair && ACADEMIC_CUE.test(text.slice(0, f.pair === 'first' ? f.index : found[found.indexOf(f) - 1]!.index))) {
      f.academic = true;
    }
  }
  return found;
}

/** How the year at `index` is written, from the words before and after it on the line. */
function kindOf(text: string, f: Found, clause: number): YearKind | 'event' | undefined {
  const before = text.slice(clause, f.index);
  // An issue written onto the year ('2015/3 (Vol. 56)') is read past.
  const after = text.slice(f.index + 4).replace(/^[/.-]\d{1,2}(?!\d)/, '');
  // Volume lines are read from their last marks, which keeps the pattern's work short on long lines.
  const full = text.slice(Math.max(0, f.index - 80), f.index);
  const event = lastEnd(EVENT_CUE, before);
  const label = lastMatch(PUBLISHED_CUE, before);
  const published = label && isLabel(before, label) ? label.index + label[0].length : -1;
  const defence = lastEnd(DEFENCE_CUE, before);
  const copyright = lastEnd(COPYRIGHT_CUE, before);
  // The nearest label before the year decides: 'Received 2 May; accepted 3 June; published 4 July 2013'.
  if (event >= 0 && event > Math.max(published, copyright, defence)) return 'event';
  // A holder's name may stand between the sign and the year ('© The Author(s), under exclusive license to
  // Springer Nature Switzerland AG 2021'), and a range's first year ('© 2001–2022').
  const held = before.slice(copyright).replace(/(?<!\p{N})\d{4}\s*[-–,]\s*$/u, '');
  if (copyright >= 0 && held.length <= 100 && !/\d/.test(held)) return 'statement';
  if (f.pair && !f.academic) return undefined;
  if (f.academic) return f.pair === 'second' ? 'academic' : undefined;
  const stated = Math.max(published, defence);
  if (stated >= 0 && STATEMENT_GAP.test(before.slice(stated))) return 'statement';
  if (ACADEMIC_CUE.test(full)) return 'academic';
  if (VOLUME_WORD_BEFORE.test(full) || VOLUME_BEFORE.test(full) || VOLUME_AFTER.test(after)) return 'volume';
  if (BRACKETED_BEFORE.test(full) && BRACKETED_AFTER.test(after)) return 'volume';
  if (JOURNAL_AFTER.test(after) || JOURNAL_BEFORE.test(full)) return 'journal';
  if (PAGES_THEN_YEAR.test(full) && /^\)\s*\.?\s*$/.test(after)) return 'journal';
  if (CONFERENCE_CUE.test(before) || CONFERENCE_CUE.test(after.slice(0, 60))) return 'conference';
  if (MONTH_BEFORE.test(full) || MONTH_AFTER.test(after) || /\d[./-]$/.test(full)) return 'date';
  return 'plain';
}

/**
 * The years a line states, each with what states it. `citing` says the line continues a citation of the
 * work itself begun on a line above ('To cite this article:'), whose first year is the work's.
 */
export function yearMentions(text: string, citing = false): YearMention[] {
  const mentions: YearMention[] = [];
  const cue = CITATION_CUE.exec(text);
  let citation = citing ? 0 : cue ? cue.index + cue[0].length : -1;
  const cued = DATE_CUE.test(text);
  for (const f of freeYears(text)) {
    const kind = kindOf(text, f, clauseStart(text, f.index));
    if (kind === 'event' || kind === undefined) continue;
    if (citation >= 0 && f.index >= citation) {
      mentions.push({ year: f.year, kind: 'statement', cued, index: f.index });
      citation = -1;
      continue;
    }
    mentions.push({ year: f.year, kind, cued, index: f.index });
  }
  return mentions;
}

/** Whether a line opens a citation of the work itself, whose text may run on to the next lines. */
export function opensCitation(text: string): boolean {
  const cue = CITATION_CUE.exec(text);
  return cue !== null && !/\d{4}/.test(text.slice(cue.index));
}

/** A line's closing date: a year, after a month and a day at most. */
const COVER_DATE = new RegExp(
  `(?:(?:\\d{1,2}\\.?\\s*(?:de\\s+)?)?(?:${MONTH})\\.?\\s*(?:\\d{1,2}(?:st|nd|rd|th)?)?\\s*[,/.-]?\\s*(?:de[l]?\\s+)?)?(?:1[5-9]\\d\\d|20\\d\\d)$`,
  'iu',
);

/** Whether a line holds nothing but a year, or a place and a date: a cover's 'Belo Horizonte 2005', '2013'. */
export function isCoverDateLine(text: string): boolean {
  const t = text.trim().replace(/[.]$/, '');
  const m = COVER_DATE.exec(t);
  if (!m) return false;
  const place = t.slice(0, m.index).trim().replace(/,$/, '').trim();
  if (!place) return true;
  // A place is a few capitalised words ('Belo Horizonte', 'Madrid', 'Koblenz, im', 'Sherbrooke, Québec').
  const words = place.split(/[\s,]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return (
    words.length <= 5 &&
    words.every((w) => /^\p{Lu}[\p{L}'’.-]*$/u.test(w) || /^(?:de|do|da|del|la|le|im|am|an|en|em|upon|sur)$/u.test(w))
  );
}

/**
 * A thesis's cover, read by the roles of its lines. A cover has a known shape: the institution at the head,
 * the title, the statement of what the work is ('Tesis que para obtener el grado…', 'Dissertação
 * apresentada…', 'Thèse présentée…', 'Masterarbeit'), the author (often labelled: 'Autor:', 'por', 'vorgelegt
 * von'), the advisors and jury ('Director', 'Orientador', 'Betreuer'), the place and the date. Every line is
 * given a role; the title is the largest block no role claims, the author the labelled name, or the one name
 * no role claims. Nothing is returned for a page without a statement: it is not a thesis's cover.
 */
import { isGivenName } from '../metadata/name-words';
import { joinTitle, type LayoutLine, type LayoutPage } from './pdf-layout';
import { namesOfLine } from './printed-names';

export interface ThesisCover {
  titulo?: string;
  /** Names as printed ('Given Surname'). */
  nombres?: string[];
  /** The kind of thesis as its statement says, in the cover's language ('Tesis de grado', 'Masterarbeit'). */
  genero: string;
}

/** The start of a statement of what the work is, in es, pt, fr, en, de, it. */
const STATEMENT =
  /^(?:(?:a|an|la|le|el|une?|die|eine)\s+)?(?:tesis|tese|th[eè]se|thesis|dissertation|disserta[cç][aã]o|m[eé]moire|memoria|monograf[ií]a|tesina|tesi|trabajo\s+(?:de\s+(?:grado|fin|titulaci[oó]n|investigaci[oó]n)|fin\s+de|final\s+de)|trabalho\s+(?:de\s+conclus[aã]o|final)|projeto\s+(?:de\s+gradua|final)|proyecto\s+(?:fin|final)\s+de|relazione\s+della\s+prova\s+finale|master(?:'?s|’s)?\s+(?:thesis|dissertation|arbeit)|bachelor(?:'?s|’s)?\s+(?:thesis|arbeit)|doctoral\s+(?:thesis|dissertation)|ph\.?\s?d\.?\s+(?:thesis|dissertation)|masterarbeit|bachelorarbeit|diplomarbeit|abschlussarbeit|doktorarbeit|magisterarbeit|habilitationsschrift|submitted\s+in\s+partial|presented\s+in\s+partial|in\s+partial\s+fulfil)/iu;

/** The kind of thesis a statement names, as a reference writes it (tried in order). */
const GENRES: [RegExp, string][] = [
  [/tesis\s+doctoral|tesis\s+de\s+doctorado|grado\s+de\s+doctor/i, 'Tesis doctoral'],
  [/tesis\s+de\s+maestr[ií]a|grado\s+de\s+maestr[oa]|maestr[ií]a\s+en/i, 'Tesis de maestría'],
  [/trabajo\s+(?:de\s+)?fin(?:al)?\s+de\s+m[aá]ster|m[aá]ster\s+en|tfm/i, 'Trabajo fin de máster'],
  [/trabajo\s+(?:de\s+)?fin(?:al)?\s+de\s+grado|tfg/i, 'Trabajo fin de grado'],
  [/tesis\s+de\s+(?:grado|licenciatura)|trabajo\s+de\s+grado|t[ií]tulo\s+de\s+licenciad/i, 'Tesis de grado'],
  [/memoria\s+para\s+optar/i, 'Memoria de título'],
  [/tese\s+de\s+doutorado|grau\s+de\s+doutor|t[ií]tulo\s+de\s+doutor/i, 'Tese (Doutorado)'],
  [/disserta[cç][aã]o|grau\s+de\s+mestre|t[ií]tulo\s+de\s+mestre/i, 'Dissertação (Mestrado)'],
  [/trabalho\s+de\s+conclus[aã]o|monografia/i, 'Trabalho de conclusão de curso'],
  [/th[eè]se\s+de\s+doctorat|grade\s+de\s+docteur|doctorat/i, 'Thèse de doctorat'],
  [/m[eé]moire/i, 'Mémoire de maîtrise'],
  [/dissertation\s+zur\s+erlangung|doktorarbeit|doktorgrades/i, 'Dissertation'],
  [/masterarbeit|master-arbeit|master\s+of\s+(?:science|arts)\s*\(m\.?\s?(?:sc|a)\.?\)/i, 'Masterarbeit'],
  [/bachelorarbeit|bachelor\s+of\s+(?:science|arts)\s*\(b\.?\s?(?:sc|a)\.?\)/i, 'Bachelorarbeit'],
  [/diplomarbeit/i, 'Diplomarbeit'],
  [/tesi\s+di\s+dottorato|dottorato\s+di\s+ricerca/i, 'Tesi di dottorato'],
  [/tesi\s+di\s+laurea\s+magistrale|laurea\s+magistrale/i, 'Tesi di laurea magistrale'],
  [/tesi\s+di\s+laurea|prova\s+finale/i, 'Tesi di laurea'],
  [/doctoral|ph\.?\s?d\.?|doctor\s+of\s+philosophy/i, 'PhD thesis'],
  [/master(?:'?s|’s)?\b|m\.\s?sc\./i, 'Master’s thesis'],
  [/bachelor(?:'?s|’s)?\b/i, 'Bachelor’s thesis'],
];

/** Lines naming the institution, the faculty, the programme. */
const INSTITUTION =
  /^(?:(?:the|la|el|le|die|der|l['’])\s*)?(?:universi(?:ty|dad|dade|té|tät|tà|taet)|facult(?:y|ad|é)|faculdade|fakultät|department|departamento|département|dipartimento|departament|fachbereich|institut(?:e|o)?|istituto|escuela|escola|[ée]cole|school\s+of|college|carrera\s+de|curso\s+(?:de|académico)|corso\s+di|programa?\s+(?:de|em|en|in|of|di)|programme|studiengang|laborat\p{L}*|cent(?:er|re|ro)\s+(?:de|for|of|d['’]|di|für)|academ(?:y|ia|ie)|hochschule|m[aá]ster\s+(?:en|in|de|universitario)|maestr[ií]a\s+en|mestrado\s+em|doctorado\s+en|doutorado\s+em|licenciatura\s+en|grado\s+en|menci[oó]n|p[oó]s-gradua\p{L}*|graduate\s+(?:school|program))(?!\p{L})|(?<!\p{L})(?:universi(?:ty|dad|dade|té|tät|tà)|facult(?:y|ad|é)|instituto|institute|institut)\s+(?:de|do|da|of|d['’]|di|der|für|degli|for)(?!\p{L})|universit(?:y|ät|é|à|ad|ade)(?!\p{L})/iu;

/** A label that names the author, with the name after it or on the next line. */
const AUTHOR_LABEL =
  /^(?:autor(?:a|es|\/a)?|autores|author(?:\(s\))?|auteure?|verfasser(?:in)?|vorgelegt\s+von|eingereicht\s+von|presentad[oa]\s+por|pr[ée]sent[ée]e?\s+(?:et\s+soutenue\s+)?par|elaborad[oa]\s+por|realizad[oa]\s+por|candidat[oa]|laureand[oa]|alumn[oa]|alun[oa]|discente|estudiante|tesista|relazione\s+della\s+prova\s+finale\s+di|por|par|by|von)\b\s*:?\s*/iu;

/** A label of advisors, examiners and the jury: those names are not the author's. */
export const ADVISOR_LABEL =
  /^(?:\(?\s*(?:co-?)?(?:director(?:a|es|\/a)?|directeur|directrice|encadr(?:ant|ante|ants|antes)|tutor(?:a|es|\/a)?|cotutor(?:a)?|orientador(?:a|es)?|coorientador(?:a)?|supervisor(?:s|es)?|advisor(?:s)?|adviser(?:s)?|betreuer(?:in)?|(?:erst|zweit)?gutachter(?:in)?|pr[üu]fer(?:in)?|relatore|correlatore|rapporteur|examinat(?:eur|rice)s?|jury|membres\s+du\s+jury|comiss[aã]o|banca|tribunal|committee|profesor(?:a|\/a)?\s+gu[ií]a|profesor(?:a)?\s+patrocinante|dirigid[oa]\s+por|sob\s+a\s+orienta|under\s+the\s+supervision|unter\s+der\s+betreuung|sous\s+la\s+direction|thesis\s+supervisor|reader|examiner)s?\b)/iu;

/** The end of a statement that names its author on the next line. */
const BY_END = /(?:\s(?:di|de|da|do|by|por|par|von|of))\s*:?\s*$/iu;

/** An academic title before a name: on a cover, an advisor's or examiner's. */
const ACADEMIC_TITLE = /^(?:prof(?:a|essor|esora|\.)?|dr(?:a|\.)|m\.\s?sc\.|ph\.?\s?d\.?|ing\.|lic\.|mag\.)\s/iu;

const MONTH =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre|janeiro|fevereiro|mar[cç]o|maio|junho|julho|setembro|outubro|novembro|dezembro|janvier|f[ée]vrier|mars|avril|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre|januar|februar|m[äa]rz|mai|juni|juli|oktober|dezember|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|setembre)\b/iu;
/** A line of a date: a year, or a month, in few words ('Junio, 2024', 'Anno Accademico 2023-2024'). */
const isDateLine = (text: string) =>
  text.split(/\s+/).length <= 6 && (/\b(?:1[89]|20)\d{2}\b/.test(text) || MONTH.test(text));

type Role = 'header' | 'institution' | 'statement' | 'author' | 'advisor' | 'date' | 'place' | 'name' | 'other';

/** Reads the page as a thesis's cover, or undefined when it shows no statement of being one. */
export function readThesisCover(page: LayoutPage): ThesisCover | undefined {
  const lines = page.lines;
  if (lines.length === 0 || lines.length > 45) return undefined;
  // A statement stands apart: a word that ends the title above it ('COMO SE HACE UNA' / 'TESIS') is not one.
  const statementAt = lines.findIndex(
    (l, i) => STATEMENT.test(l.text) && !(i > 0 && sameType(lines[i - 1]!, l) && close(lines[i - 1]!, l, 1.6)),
  );
  if (statementAt < 0) return undefined;
  const roles = new Map<LayoutLine, Role>();
  const roleOf = (l: LayoutLine): Role => roles.get(l) ?? 'other';

  markStatement(lines, statementAt, roles);
  const statement = lines.filter((l) => roles.get(l) === 'statement').map((l) => l.text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (roles.has(line)) continue;
    if (INSTITUTION.test(line.text)) {
      roles.set(line, 'institution');
      // An institution's name broken over lines ('Università degli Studi di Milano' / '- Bicocca').
      const next = lines[i + 1];
      if (next && !roles.has(next) && close(line, next, 1.6) && next.text.split(/\s+/).length <= 4)
        roles.set(next, 'institution');
    }
  }
  // Everything down to the last institution line in the head of the page is its header (a group's logo).
  const headerEnd = Math.max(
    -Infinity,
    ...lines.filter((l) => roleOf(l) === 'institution' && l.top < page.height / 3).map((l) => l.top),
  );
  for (const line of lines) if (!roles.has(line) && line.top < headerEnd) roles.set(line, 'header');

  const authors = markPeople(lines, roles);
  for (const line of lines) {
    if (roles.has(line)) continue;
    // A month without a year may be a given name ('Marco' is 'março' unaccented): a name's shape decides.
    const date = isDateLine(line.text) && (/\b(?:1[89]|20)\d{2}\b/.test(line.text) || !personOf(line));
    if (date) roles.set(line, 'date');
    else if (personOf(line)) {
      // Unlabelled, a name at the foot of a cover is its place ('Belo Horizonte', 'CURITIBA').
      roles.set(line, line.top > 0.8 * page.height ? 'place' : 'name');
    } else if (
      line.top > 0.8 * page.height &&
      line.text.split(/\s+/).length <= 4 &&
      !/[a-z]{4,}\s+[a-z]{4,}/.test(line.text)
    )
      roles.set(line, 'place');
  }

  const reading: ThesisCover = { genero: genreOf(statement.join(' ')) };
  const title = titleOf(lines, roles);
  if (title.length) reading.titulo = joinTitle(title);
  const unlabelled = lines.filter((l) => roleOf(l) === 'name' && !title.includes(l));
  const names = authors.length ? authors : unlabelled.length === 1 ? (personOf(unlabelled[0]!) ?? []) : [];
  if (names.length) reading.nombres = names;
  return reading;
}

/**
 * The names of an unlabelled line that reads as a person's: words of a name, the first a known given name
 * or an initial. A title in capitals ('ESTUDIO DEL FLUJO DE AGUA') has the shape of a name but not its words.
 */
function personOf(line: LayoutLine): string[] | null {
  const names = namesOfLine(line.plain || line.text);
  const first = names?.[0]?.split(/\s+/)[0] ?? '';
  return names && (/^\p{Lu}\.$/u.test(first) || isGivenName(first)) ? names : null;
}

/** Two lines in the same type size. */
const sameType = (a: LayoutLine, b: LayoutLine) => Math.abs(a.size - b.size) <= 0.08 * Math.max(a.size, b.size);

/** Two lines one under the other, at most `spacing` times the smaller type apart. */
function close(upper: LayoutLine, lower: LayoutLine, spacing: number): boolean {
  return lower.top - upper.top <= spacing * Math.min(upper.size, lower.size);
}

/** The statement line and the lines that continue it: close under it, no larger, claimed by no label. */
function markStatement(lines: readonly LayoutLine[], at: number, roles: Map<LayoutLine, Role>): void {
  const first = lines[at]!;
  roles.set(first, 'statement');
  let last = first;
  for (const line of lines.slice(at + 1)) {
    if (!close(last, line, 3) || line.size > first.size * 1.05) break;
    if (AUTHOR_LABEL.test(line.text) || ADVISOR_LABEL.test(line.text) || isDateLine(line.text)) break;
    if (personOf(line)) break;
    roles.set(line, 'statement');
    last = line;
  }
}

/**
 * Labelled people: an author label with its name on the line or the next ones, an advisor or jury label
 * with theirs, a name with an academic title or followed by '(Orientador)'. Returns the author's names.
 */
function markPeople(lines: readonly LayoutLine[], roles: Map<LayoutLine, Role>): string[] {
  const authors: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (roles.has(line) && roles.get(line) !== 'statement') continue;
    const text = line.plain || line.text;
    // A statement that ends by naming its author ('Tesi di laurea di:', 'presentada por').
    if (roles.get(line) === 'statement') {
      const next = lines[i + 1];
      const names = next && !roles.has(next) && BY_END.test(text) && close(line, next, 2.6) ? personOf(next) : null;
      if (names) {
        roles.set(next!, 'author');
        authors.push(...names);
      }
      continue;
    }
    const advisor = ADVISOR_LABEL.test(text);
    const author = !advisor && AUTHOR_LABEL.exec(text);
    if (!advisor && !author) continue;
    const rest = author ? text.slice(author[0].length) : text.replace(ADVISOR_LABEL, '').replace(/^\s*:?\s*/, '');
    roles.set(line, advisor ? 'advisor' : 'author');
    // An author label must be a label, not a word of a sentence ('por' opening a line of the statement).
    const own = rest.trim() ? namesOfLine(rest) : null;
    if (author && rest.trim() && !own) {
      roles.delete(line);
      continue;
    }
    if (own) {
      if (author) authors.push(...own);
      continue;
    }
    // A label alone: the names under it, on the lines that follow closely, are its.
    let last = line;
    for (const next of lines.slice(i + 1)) {
      if (roles.has(next) || !close(last, next, 2.6) || AUTHOR_LABEL.test(next.text) || ADVISOR_LABEL.test(next.text))
        break;
      const names = namesOfLine(next.plain || next.text);
      if (!names) break;
      roles.set(next, advisor ? 'advisor' : 'author');
      if (author) authors.push(...names);
      last = next;
      if (author) break;
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (roles.has(line)) continue;
    const next = lines[i + 1];
    if (
      ACADEMIC_TITLE.test(line.text) ||
      (next && /^\(\s*(?:co-?)?orientador|^\(\s*(?:co-?)?director|^\(\s*supervisor|^\(\s*advisor/i.test(next.text))
    )
      roles.set(line, 'advisor');
  }
  return [...new Set(authors)];
}

/**
 * The title: the block of lines no role claims, in the largest type (then the longest). A line that reads
 * like a name ('Systems Using Parallelization') belongs to the block it continues at the block's own spacing;
 * a block of names alone is no title.
 */
function titleOf(lines: readonly LayoutLine[], roles: Map<LayoutLine, Role>): LayoutLine[] {
  const blocks: LayoutLine[][] = [];
  let block: LayoutLine[] = [];
  for (const line of lines) {
    const role = roles.get(line);
    const free = (role === undefined || role === 'name') && (line.text.match(/\p{L}/gu)?.length ?? 0) >= 3;
    const last = block[block.length - 1];
    const before = block[block.length - 2];
    const gap = last ? line.top - last.top : 0;
    const keepsSpacing = before ? gap <= 1.15 * (last!.top - before.top) : gap <= 1.6 * line.size;
    const joins = last && sameType(last, line) && close(last, line, 3) && (role === undefined || keepsSpacing);
    if (free && joins) {
      block.push(line);
      continue;
    }
    if (block.length) blocks.push(block);
    block = free ? [line] : [];
  }
  if (block.length) blocks.push(block);
  const titles = blocks.filter((b) => b.some((l) => !roles.has(l)));
  const letters = (b: LayoutLine[]) => b.reduce((n, l) => n + l.text.length, 0);
  return titles.sort((p, q) => q[0]!.size - p[0]!.size || letters(q) - letters(p))[0] ?? [];
}

/** The genre a statement names, or 'Tesis' in the words of the statement's own kind when it names no level. */
function genreOf(statement: string): string {
  for (const [pattern, genre] of GENRES) if (pattern.test(statement)) return genre;
  return /tese|disserta/i.test(statement) ? 'Tese' : /th[eè]se|m[eé]moire/i.test(statement) ? 'Thèse' : 'Tesis';
}

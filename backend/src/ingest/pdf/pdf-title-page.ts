/**
 * What a PDF's first pages show about the work: the title (the largest type near the top), the authors under
 * it, the year of publication, and identifiers (ISBN, arXiv). Pure functions over pdf.js text items, so they
 * can be tested on hand-built pages; `pdf.ts` feeds them real pages and weighs them against the file's own
 * metadata (`chooseMetadata`).
 */
import type { FoundMetadata, MetadataOrigins } from '../converter';
import { authorsFromMetadata } from '../metadata/author-names';
import { isGivenName } from '../metadata/name-words';
import type { NameOptions } from '../metadata/surname-first';
import { findIsbn } from '../metadata/identifiers/isbn';
import { cleanTitle, withoutReviewStatus } from '../metadata/clean-fields';
import { bodySize, joinTitle, type LayoutLine, type LayoutPage } from './pdf-layout';
import { findOwnArxivId, findYear, yearOfArxivId } from './pdf-year';
import { isAffiliation, namesOfLine } from './printed-names';
import { weighPropertyAuthors } from './property-authors';
import { phraseLanguage } from '../../text/language';
import { readRepositoryCover } from './pdf-repository-cover';
import { ADVISOR_LABEL, readThesisCover } from './pdf-thesis-cover';

/** What the page's layout gave; each field only when found. */
export interface TitlePageReading {
  titulo?: string;
  /** Names as printed ('Given Surname'), cleaned of marks. */
  nombres?: string[];
  anio?: number;
  isbn?: string;
  arxiv?: string;
  /** Set when the page is a thesis's cover: the kind of thesis its statement names. */
  genero?: string;
  /** The journal or series a repository's cover sheet names. */
  contenedor?: string;
}

/** Lines that are never a title: furniture of journals and preprint servers, identifiers, addresses. */
const NOT_TITLE =
  /(?:https?:\/\/|www\.|\bdoi\b|\b10\.\d{4,9}\/|arxiv:|^preprint\b|\bissn\b|\bisbn\b|@|©|\bcopyright\b|^vol(?:ume)?\.?\s*\d|\bvol\.\s*\d|\bno\.\s*\d+|\bpp\.\s*\d|^(?:received|accepted|published|available online|submitted)\b|\bjournal of\b|^(?:journal|proceedings|annals|transactions|bulletin)\b|^working papers?\b|^contents lists available|^(?:article|open access|letter|editorial)$|^page\s*\d)/i;

/**
 * The kind of article a journal prints above its title, in en, es, pt, fr, de ('Clinical Study', 'Original
 * Contributions', 'Artigo Original', 'Kurzbeiträge / Reports'): a whole line of such labels is no title.
 */
const ARTICLE_KIND = new RegExp(
  `^(?:${[
    '(?:clinical|case|research|review|original|short|brief|rapid|technical|special|invited)\\s+(?:study|studies|report|reports|article|articles|paper|papers|communications?|contributions?|notes?|investigations?)',
    'reports?|articles?|editorials?|letters?(?:\\s+to\\s+the\\s+editor)?|commentary|perspectives?|reviews?|case\\s+series',
    'art[ií]culos?(?:\\s+(?:original(?:es)?|de\\s+revisi[oó]n|especial(?:es)?))?|comunicaci[oó]n\\s+breve|nota\\s+t[eé]cnica|carta\\s+al\\s+editor|temas\\s+de\\s+actualidad|informe\\s+especial|caso\\s+cl[ií]nico|revisi[oó]n',
    'artigos?(?:\\s+(?:originais|original|de\\s+revis[aã]o|especial))?|relato\\s+de\\s+caso|comunica[cç][aã]o\\s+breve|revis[aã]o|nota\\s+pr[eé]via',
    'article\\s+(?:de\\s+recherche|original)|note\\s+de\\s+recherche|[ée]tude\\s+de\\s+cas',
    'kurzbeitr[äa]ge?|originalarbeit(?:en)?|[üu]bersichtsarbeit(?:en)?|fallbericht|forschungsbericht|aufs[äa]tze?|beitr[äa]ge?',
  ].join('|')})(?:\\s*[/|]\\s*(?:${'[\\p{L} ]{3,40}'}))?$`,
  'iu',
);

/** Headings that say the page is not a title page: contents, appendices, chapters. */
const NOT_TITLE_PAGE =
  /^(?:appendix|anhang|ap[eé]ndice|anexo|annexe|contents|table of contents|[ií]ndice|inhalt(?:sverzeichnis)?|sommaire|table des mati[eè]res|index|chapter\s+\S+|cap[ií]tulo\s+\S+|kapitel\s+\S+|chapitre\s+\S+|preface|prefacio|vorwort|pr[eé]face|introduction|introducci[oó]n|einleitung|abstract|resumen|zusammenfassung|r[eé]sum[eé]|references|bibliography|bibliograf[ií]a|literatur(?:verzeichnis)?)\b/i;

/** A title needs type at least this much larger than the body. */
const TITLE_OVER_BODY = 1.15;

/** The title block of a page: its lines, or none when the page shows no title. */
export function findTitleLines(page: LayoutPage, furniture: ReadonlySet<string> = new Set()): LayoutLine[] {
  // A sparse title page has no body: its smallest type stands in (a lone line is then no title).
  const body = page.lines.length <= 8 ? Math.min(...page.lines.map((l) => l.size)) : bodySize(page);
  const candidates = page.lines.filter(
    (l) =>
      l.top <= 0.75 * page.height &&
      (l.text.match(/\p{L}/gu)?.length ?? 0) >= 3 &&
      !NOT_TITLE.test(l.text) &&
      !ARTICLE_KIND.test(l.text) &&
      !continuesJournalName(page, l) &&
      // A running head repeated on the other pages; only in the head or foot, where such lines sit.
      !((l.top < 0.12 * page.height || l.top > 0.88 * page.height) && furniture.has(furnitureKey(l.text, l.size))) &&
      // A cell of a table: another line shares its baseline.
      !page.lines.some(
        (o) => o !== l && Math.abs(o.top - l.top) < 0.3 * l.size && Math.abs(o.size - l.size) < 0.1 * l.size,
      ),
  );
  // Largest type first; among equals, the highest on the page.
  const bySize = [...candidates].sort((p, q) => q.size - p.size || p.top - q.top);
  const tried = new Set<LayoutLine>();
  for (const first of bySize) {
    if (tried.has(first)) continue;
    if (tried.size >= 8) break;
    // Larger than the body, and not small print in any case (a table's head over its cells).
    if (first.size < TITLE_OVER_BODY * body || first.size < 0.011 * page.height) break;
    if (NOT_TITLE_PAGE.test(first.text)) return [];
    const block = [...linesAbove(page, first), ...blockFrom(page, first)];
    block.forEach((l) => tried.add(l));
    // One word in the head band, or off to the right of it, is a section tab or a logo ('flightOPS').
    if (first.top < 0.08 * page.height && (!/\s/.test(first.text) || first.x > 0.6 * page.width)) continue;
    if (isMasthead(page, block)) continue;
    return withoutTranslation(block);
  }
  return titleOverByline(page, body);
}

/**
 * A title set in capitals little or no larger than the body (an astronomy journal's 11 pt over a 10 pt body)
 * shows itself by what follows: the block in the page's upper half right over a byline, in capitals, at least
 * the byline's size and the body's.
 */
function titleOverByline(page: LayoutPage, body: number): LayoutLine[] {
  const lines = page.lines.filter((l) => l.top <= 0.5 * page.height);
  for (const [i, byline] of lines.entries()) {
    if (i === 0 || !namesOfLine(byline.plain || byline.text)) continue;
    const above = lines[i - 1]!;
    // Capitals in a line of its own: not a name ('BAIN, J MATTHEW'), not a table's cell beside others.
    const capitals = (l: LayoutLine) =>
      !/\p{Ll}/u.test(l.text) &&
      (l.text.match(/\p{Lu}/gu)?.length ?? 0) >= 8 &&
      !namesOfLine(l.text) &&
      !page.lines.some((o) => o !== l && Math.abs(o.top - l.top) < 0.3 * l.size);
    if (
      !capitals(above) ||
      above.size < byline.size * 0.98 ||
      above.size < body * 0.98 ||
      byline.top - above.top > 2.5 * above.size ||
      NOT_TITLE.test(above.text) ||
      NOT_TITLE_PAGE.test(above.text) ||
      ARTICLE_KIND.test(above.text)
    )
      return [];
    // The block's first line: capitals in the same type, closely above.
    let at = i - 1;
    while (at > 0) {
      const [upper, lower] = [lines[at - 1]!, lines[at]!];
      if (
        !capitals(upper) ||
        Math.abs(upper.size - lower.size) > 0.08 * lower.size ||
        lower.top - upper.top > 2.05 * lower.size
      )
        break;
      if (NOT_TITLE.test(upper.text) || ARTICLE_KIND.test(upper.text)) break;
      at -= 1;
    }
    return lines.slice(at, i);
  }
  return [];
}

/**
 * A subtitle: the block right under the title in smaller type that is still display type (at least 0.6 of
 * the title's and 1.3 times the body's), neither names nor furniture ('So klingt Europa' / 'Eine Bilanz des
 * österreichischen EU-Vorsitzes…'), of three words at least: a two-word line under a title is a heading.
 */
function findSubtitle(page: LayoutPage, title: readonly LayoutLine[]): LayoutLine[] {
  const last = title[title.length - 1];
  if (!last) return [];
  const next = page.lines.find((l) => l.top > last.top && !title.includes(l));
  const body = bodySize(page);
  if (
    !next ||
    next.top - last.top > 2.05 * last.size ||
    next.size >= 0.95 * last.size ||
    next.size < 0.6 * last.size ||
    next.size < 1.3 * body ||
    next.x > last.right ||
    next.right < last.x ||
    NOT_TITLE.test(next.text) ||
    ARTICLE_KIND.test(next.text) ||
    (next.plain || next.text).split(/\s+/).length < 3 ||
    isByline(next.plain || next.text)
  )
    return [];
  const subtitle = blockFrom(page, next);
  // The title again in another language is no subtitle.
  return translates(joinTitle(title), joinTitle(subtitle)) ? [] : subtitle;
}

/**
 * The title block without the translation set under it in the same size (a Portuguese article's English
 * title, a thesis's title in a second language): from the first line that changes font and starts with a
 * capital, when the lines before and the lines from it each read in a language, and not the same one.
 */
function withoutTranslation(block: readonly LayoutLine[]): LayoutLine[] {
  for (let at = 1; at < block.length; at++) {
    const line = block[at]!;
    if (!line.font || line.font === block[at - 1]!.font || !/^\p{Lu}/u.test(line.text)) continue;
    if (translates(joinTitle(block.slice(0, at)), joinTitle(block.slice(at)))) return block.slice(0, at);
  }
  return [...block];
}

/** Whether `other` reads in another language than `title`, both telling theirs by their function words. */
function translates(title: string, other: string): boolean {
  const [one, two] = [phraseLanguage(title), phraseLanguage(other)];
  return one !== undefined && two !== undefined && one !== two;
}

/**
 * The title under a section's label: a journal may set the section's one-word name ('Instantáneas',
 * 'Editorial') larger than the title of the item under it. When the block found is that one word, the
 * next block under it, close, in display type (above the body's), of four words or more and no byline, is
 * the title.
 */
function titleUnderSectionLabel(page: LayoutPage, found: readonly LayoutLine[]): LayoutLine[] | undefined {
  const label = found.length === 1 ? found[0]! : undefined;
  if (!label || /\s/.test(label.text.trim())) return undefined;
  const body = bodySize(page);
  const next = page.lines.find(
    (l) => l.top > label.top && l.size >= 1.08 * body && l.size < label.size && l.x < label.x + 0.5 * page.width,
  );
  if (!next || next.top - label.top > 6 * label.size) return undefined;
  const block = blockFrom(page, next);
  const text = joinTitle(block);
  if (text.split(/\s+/).length < 4 || NOT_TITLE.test(text) || isByline(next.plain || next.text)) return undefined;
  return block;
}

/** A line of names, or one that starts as a list of names does ('Maria de Fatima Albuquerque1, Clézio…'). */
function isByline(text: string): boolean {
  const parts = text.split(/\s*[,;]\s*/);
  return namesOfLine(text) !== null || (parts.length > 1 && namesOfLine(parts[0]!) !== null);
}

/** The journal's name run on from a line naming it ('American Journal of' / 'EPIDEMIOLOGY'): a masthead. */
function continuesJournalName(page: LayoutPage, line: LayoutLine): boolean {
  const above = page.lines.filter((l) => l.top < line.top && line.top - l.top <= 2 * line.size).pop();
  return (
    above !== undefined &&
    /\b(?:journal|revista|zeitschrift|annals|archives) of$|\b(?:revista|journal) de$/i.test(above.text)
  );
}

/** The lines of a title block: `first` and the lines of its size that follow it closely, under it. */
function blockFrom(page: LayoutPage, first: LayoutLine): LayoutLine[] {
  const block = [first];
  for (const line of page.lines) {
    const last = block[block.length - 1]!;
    if (line.top <= last.top) continue;
    // Title lines are set at most double-spaced (a thesis's or a report's cover).
    if (line.top - last.top > 2.05 * last.size) break;
    const overlaps = line.x < last.right + last.size && line.right > last.x - last.size;
    if (!overlaps) continue;
    if (
      Math.abs(line.size - first.size) > 0.08 * first.size ||
      NOT_TITLE.test(withoutReviewStatus(line.text)) ||
      ARTICLE_KIND.test(line.text)
    )
      break;
    block.push(line);
  }
  return block;
}

/**
 * The title's lines over its largest one, set in nearly its type (a first part a size smaller, 'Ein
 * demokratischer Versuch zuviel?' over 'Äthiopien ein Jahr danach'): close above it, in its column, and
 * neither names, furniture nor the kind of article.
 */
function linesAbove(page: LayoutPage, first: LayoutLine): LayoutLine[] {
  const above: LayoutLine[] = [];
  let lower = first;
  for (const line of [...page.lines].reverse()) {
    if (line.top >= lower.top) continue;
    if (lower.top - line.top > 2.05 * line.size) break;
    const overlaps = line.x < lower.right + lower.size && line.right > lower.x - lower.size;
    if (!overlaps) continue;
    if (
      Math.abs(line.size - first.size) > 0.08 * first.size ||
      (line.text.match(/\p{L}/gu)?.length ?? 0) < 3 ||
      NOT_TITLE.test(line.text) ||
      ARTICLE_KIND.test(line.text) ||
      isByline(line.plain || line.text)
    )
      break;
    above.unshift(line);
    lower = line;
  }
  return above;
}

/** A journal's name in a publisher's masthead: the line just under it gives the journal's home page. */
function isMasthead(page: LayoutPage, block: readonly LayoutLine[]): boolean {
  const last = block[block.length - 1]!;
  const next = page.lines.find((l) => l.top > last.top && !block.includes(l));
  return (
    next !== undefined &&
    next.top - last.top < 3 * last.size &&
    /journal home ?page|homepage|^(?:https?:\/\/|www\.)|contents lists available/i.test(next.text)
  );
}

/** A running head or foot compared across pages: digits (folios) and case do not count, the type size does. */
export function furnitureKey(text: string, size: number): string {
  const words = text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/[^\p{L}#]+/gu, ' ')
    .trim();
  return `${words}@${Math.round(size)}`;
}

/**
 * A credit to someone other than the author: the names after it are translators', editors', illustrators', or
 * a thesis's advisors' ('Tutorizado por', 'Orientador:', 'Supervised by').
 */
const CREDIT =
  /^(?:(?:tutorizad|dirigid|orientad|supervisionad|supervisad)[oa]s?\s+por|supervised\s+by|under\s+the\s+supervision|betreut\s+von|sous\s+la\s+direction|(?:co-?)?(?:director|directora|tutor|tutora|orientador|orientadora|supervisor|advisor|adviser|betreuer|betreuerin|directeur|directrice|relatore)(?:es|s)?\s*(?::|$)|versi[oó]n\s+(?:castellana|española|espanhola|inglesa|francesa)|traducci[oó]n|traducid[oa]\s+por|translat(?:ed|ion)\s+(?:by|from)|tradu[cç][aã]o|traduzid[oa]\s+por|tradu(?:it|ite)\s+(?:par|de)|traduction|übersetzt|übersetzung|aus\s+dem\s+\p{L}+\s+von|a\s+cura\s+di|tradott[oa]\s+da|traduzione|edited\s+by|editad[oa]\s+por|organizad[oa]\s+por|herausgegeben\s+von|hrsg\.?\s+von|pr[oó]logo\s+de|prefacio\s+de|foreword\s+by|preface\s+by|ilustraciones\s+de|illustrated\s+by)/iu;

/** Lines after which no author is listed: the abstract, keywords, the first section. */
const AUTHORS_END =
  /^(?:abstract|summary|resumen|resumo|zusammenfassung|r[eé]sum[eé]|keywords?|key words|palabras clave|schl[uü]sselw[oö]rter|mots[- ]cl[eé]s|(?:\d+\.?\s*|i\.\s*)?introduc(?:tion|ci[oó]n|ão)|einleitung|contents|table of contents|[ií]ndice)(?:$|\s*[:.—–-]|\s+(?:we|this|in|the|a|an|el|la|en|este|esta|los|las|wir|die|der|das)\b)/i;

/** Author names printed below the title block (until the abstract or the first section). */
export function findAuthorNames(page: LayoutPage, title: readonly LayoutLine[]): string[] {
  const last = title[title.length - 1];
  if (!last) return [];
  const names: string[] = [];
  let scanned = 0;
  // On a sparse page (a book's or a manual's title page) the names may stand at its foot; on an article's
  // first page they follow the title closely.
  const sparse = page.lines.length <= 15;
  let reach = sparse ? page.height : last.top + 0.3 * page.height;
  const left = Math.min(...title.map((l) => l.x));
  const right = Math.max(...title.map((l) => l.right));
  // A title and byline set in a narrow column beside the body's (never on a sparse page): lines wholly beside the title's column (a
  // mark's width aside) belong to another column, unless they continue a line under the title (the same
  // baseline and type).
  const outside = (line: LayoutLine) => line.x >= right - 2 * line.size || line.right <= left + 2 * line.size;
  const continues = (line: LayoutLine, o: LayoutLine) =>
    Math.abs(o.top - line.top) < 0.3 * line.size && Math.abs(o.size - line.size) < 0.15 * line.size;
  const beside = (line: LayoutLine) =>
    !sparse && outside(line) && !page.lines.some((o) => !outside(o) && continues(line, o));
  const below = page.lines.filter((l) => l.top > last.top && !title.includes(l) && !beside(l));
  const joined = new Set<LayoutLine>();
  // The names under a label of advisors ('Encadrant:', 'Supervisor:') are not the authors'.
  let advisors = false;
  for (const [i, line] of below.entries()) {
    if (joined.has(line)) continue;
    if (line.top > reach || AUTHORS_END.test(line.text) || CREDIT.test(line.text) || scanned++ > 30) break;
    if (ADVISOR_LABEL.test(line.text)) {
      advisors = /:\s*$/.test(line.text) || !namesOfLine(line.text.replace(ADVISOR_LABEL, '').replace(/^\s*:?/, ''));
      continue;
    }
    if (advisors) {
      advisors = false;
      if (namesOfLine(line.plain || line.text)) continue;
    }
    const run = wrappedByline(below, i, right);
    const found = (run.length > 1 && namesOfLine(run.map((l) => l.plain || l.text).join(' '))) || null;
    if (found) run.forEach((l) => joined.add(l));
    // A lone 'and' between stacked names announces the next one.
    const above = page.lines.filter((l) => l.top < line.top - 0.3 * line.size).pop();
    const announced = names.length > 0 && above !== undefined && /^(?:and|y|e|und|et|&)$/i.test(above.text.trim());
    const onLine = found ?? namesOfLine(line.plain || line.text, { announced }) ?? rowFragment(below, i, joined);
    if (onLine) {
      names.push(...onLine);
      // A byline of many names, each with its affiliation under it, runs on past the usual reach.
      reach = Math.max(reach, line.top + 0.12 * page.height);
      continue;
    }
    // A line of running text: the abstract or the body has begun (on a sparse page, a subtitle). An
    // affiliation, however long, is part of the byline: names may follow it; so may a line in the title's
    // type right under it, the title's tail ('… estimates [v2; ref status: indexed, http://…]').
    const tail = Math.abs(line.size - last.size) <= 0.08 * last.size && line.top - last.top <= 2.05 * last.size;
    if (line.text.split(/\s+/).length >= 9 && !isAffiliation(line.text) && !tail) {
      if (sparse) continue;
      break;
    }
  }
  if (names.length === 0) names.push(...bylineAbove(page, title));
  if (names.length === 0) names.push(...sideByline(page, title, beside));
  return [...new Set(names)];
}

/**
 * The names of a fragment of a byline's row and the piece after it on the same baseline, in the same type, a
 * few spaces to its right: a scan's text layer or a spaced setting parts a row ('THERESE' / 'A. KOSTEN, MINDY
 * J. D. MISERENDINO,'). Only a fragment that reads as no name by itself is joined: two names side by side
 * each read alone. The piece joined is marked in `joined`.
 */
function rowFragment(lines: readonly LayoutLine[], at: number, joined: Set<LayoutLine>): string[] | null {
  const line = lines[at]!;
  const next = lines[at + 1];
  if (
    !next ||
    Math.abs(next.top - line.top) > 0.3 * line.size ||
    Math.abs(next.size - line.size) > 0.15 * line.size ||
    next.x < line.right ||
    next.x - line.right > 3 * line.size
  )
    return null;
  const names = namesOfLine(`${line.plain || line.text} ${next.plain || next.text}`);
  if (names) joined.add(next);
  return names;
}

/**
 * A byline's line and the lines it runs on into: a line that fills the column (it ends near the title's right
 * edge) without ending the list (',', 'and') continues on the next line, in the same type, where a name may be
 * cut ('Janete Maria Rebelo' / 'Vieira, Luís Fernando…'). One line alone otherwise.
 */
function wrappedByline(lines: readonly LayoutLine[], at: number, right: number): LayoutLine[] {
  const run = [lines[at]!];
  for (let i = at + 1; i < lines.length; i++) {
    const last = run[run.length - 1]!;
    const next = lines[i]!;
    const full = last.right >= right - 3 * last.size;
    const open = !/(?:[,;•·]|\b(?:and|y|e|und|et|&))\s*$/iu.test(last.plain || last.text);
    const same = Math.abs(next.size - last.size) <= 0.05 * last.size && next.top - last.top <= 1.9 * last.size;
    // A cut name runs on in its surnames: a line opening with a whole name, a given name first ('Mike
    // Burrows, …'), starts a new one ('Duarte' alone may end 'Carla' / 'Duarte').
    const opening = (next.plain || next.text)
      .split(/\s*(?:[,;]|\band\b)\s*/)[0]!
      .trim()
      .split(/\s+/);
    const opensName = opening.length >= 2 && isGivenName(opening[0]!);
    if (!full || !open || !same || opensName) break;
    run.push(next);
  }
  return run;
}

/** A byline set just above the title (a journal's short contributions): the line right over it, in smaller type. */
function bylineAbove(page: LayoutPage, title: readonly LayoutLine[]): string[] {
  const first = title[0]!;
  const above = page.lines.filter(
    (l) => l.top < first.top && first.top - l.top <= 3 * first.size && l.size < first.size * 1.05,
  );
  const line = above[above.length - 1];
  if (!line || line.right < first.x || line.x > Math.max(...title.map((l) => l.right))) return [];
  return namesOfLine(line.plain || line.text) ?? [];
}

/**
 * Names set in a column of their own beside the title block, one or two to a line, from a little above its
 * first line to a little under its last: a byline in the margin. Every line of that column in that band must
 * be a name, or none is taken.
 */
function sideByline(page: LayoutPage, title: readonly LayoutLine[], beside: (line: LayoutLine) => boolean): string[] {
  const first = title[0]!;
  const last = title[title.length - 1]!;
  const band = page.lines.filter(
    (l) =>
      !title.includes(l) &&
      beside(l) &&
      l.top >= first.top - 2 * first.size &&
      l.top <= last.top + 2 * first.size &&
      l.size < first.size &&
      // A mark on a line of its own ('II', an affiliation's number) is no line of the byline.
      (l.text.match(/\p{L}/gu)?.length ?? 0) >= 3,
  );
  const names: string[] = [];
  for (const line of band) {
    const found = namesOfLine(line.plain || line.text);
    if (!found) return [];
    names.push(...found);
  }
  return names;
}

/**
 * Reads the first pages: the title block and names of the first page that has one (or a thesis's cover), the
 * year and the identifiers from all of them; a repository's cover sheet before them gives its fields and is
 * passed over. `others` are further pages, whose heads and feet tell running furniture.
 */
export function readTitlePages(
  pages: readonly LayoutPage[],
  options: { latestYear: number; others?: readonly LayoutPage[] },
): TitlePageReading {
  // A repository's cover sheet (JSTOR, HAL, SSOAR…) comes before the work: its fields are read as fields, and
  // the work's own pages, the title page first, follow it.
  const sheet = pages[0] && readRepositoryCover(pages[0]);
  const others = options.others ?? [];
  const work = sheet ? [...pages.slice(1), ...others.slice(0, 1)] : pages;
  const reading = readWorkPages(work, { latestYear: options.latestYear, others: sheet ? others.slice(1) : others });
  if (!sheet) return reading;
  if (sheet.titulo) reading.titulo = cleanTitle(sheet.titulo);
  if (sheet.nombres?.length) reading.nombres = sheet.nombres;
  if (sheet.anio) reading.anio = sheet.anio;
  if (sheet.fuente) reading.contenedor = sheet.fuente;
  return reading;
}

/** The work's first pages: its title page (a thesis's cover, or a title block and byline), year, identifiers. */
function readWorkPages(
  pages: readonly LayoutPage[],
  options: { latestYear: number; others: readonly LayoutPage[] },
): TitlePageReading {
  const reading: TitlePageReading = {};
  const furniture = new Set<string>();
  for (const page of options.others) {
    for (const line of page.lines) {
      if (line.top < 0.12 * page.height || line.top > 0.88 * page.height)
        furniture.add(furnitureKey(line.text, line.size));
    }
  }
  // A cover with next to no text (a picture) leaves the title page second.
  const first = pages[0] && pages[0].lines.length < 3 && pages[1] ? pages[1] : pages[0];
  const cover =
    first && (readThesisCover(first) ?? titlePageAfterCover(first, [...pages, ...options.others], furniture));
  if (cover) {
    reading.genero = cover.genero;
    if (cover.titulo) reading.titulo = cleanTitle(cover.titulo);
    if (cover.nombres) reading.nombres = cover.nombres;
  } else if (first) {
    const found = findTitleLines(first, furniture);
    const subtitle = findSubtitle(first, found);
    const title = subtitle.length ? found : (titleUnderSectionLabel(first, found) ?? found);
    const main = joinTitle(title);
    const titulo = cleanTitle(
      subtitle.length ? `${main}${/[?!:.]$/.test(main) ? '' : ':'} ${joinTitle(subtitle)}` : main,
    );
    if (titulo) {
      reading.titulo = titulo;
      const nombres = findAuthorNames(first, [...title, ...subtitle]);
      if (nombres.length) reading.nombres = nombres;
    }
  }
  const anio = findYear(pages, options.latestYear, options.others);
  if (anio) reading.anio = anio;
  const text = pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
  const isbn = findIsbn(text);
  if (isbn) reading.isbn = isbn;
  const arxiv = findOwnArxivId(pages);
  if (arxiv) reading.arxiv = arxiv;
  return reading;
}

/**
 * A thesis's title page behind its cover: a cover in the body's type all through (the institution, the
 * author, the title, the place, the year, as ABNT's 'capa' is set) shows no title block and no statement;
 * the title page that follows it within the pages read (after a blank back) does, and is read instead.
 */
function titlePageAfterCover(
  cover: LayoutPage,
  pages: readonly LayoutPage[],
  furniture: ReadonlySet<string>,
): ReturnType<typeof readThesisCover> {
  if (cover.lines.length > COVER_LINES || findTitleLines(cover, furniture).length) return undefined;
  for (const page of pages.slice(pages.indexOf(cover) + 1, COVER_REACH)) {
    if (page.lines.length === 0) continue;
    return readThesisCover(page);
  }
  return undefined;
}

/** A cover holds at most this many lines; its title page is among the first this many pages. */
const COVER_LINES = 25;
const COVER_REACH = 3;

/** Titles in info dictionaries that are the tool, the file or the template, not the work. */
const JUNK_INFO_TITLE =
  /^(?:page\s*\d|slide\s*\d|layout\s*\d|untitled|sin título|\d+$)|\b(?:pdf(?:tex|latex)?|latex|tex|ghostscript|acrobat|distiller|pscript|word|openoffice|libreoffice|indesign|quarkxpress|powerpoint|excel|writer|printer)\s*[\d.]*$/i;
/** Authors in info dictionaries that are a login, a machine or a bug in the producer. */
const JUNK_INFO_AUTHOR =
  /^(?:admin(?:istrator|istrador)?|user|usuario|owner|root|unknown|desconocido|author|autor|default|guest|hp|dell|lenovo|pc|windows user|microsoft office user|ibm|customer|client)$|array\(0x|0x[0-9a-f]{4,}|^\W*$/i;

/** A property's author that is no person: a clock or a counter ('IOP Publishing Oct 23:0:0'), an acronym ('IEEE'). */
const NOT_A_PERSON = /\d|^\p{Lu}{2,6}$/u;

/** A usable title from the info dictionary or XMP: cleaned, and not a tool, a file or a page number. */
export function usableMetadataTitle(raw: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const title = cleanTitle(raw?.replace(/[\u0000-\u001f\u007f]+/g, ' '));
  if (!title || JUNK_INFO_TITLE.test(title)) return undefined;
  // One token with a separator or digits inside ('imagemagick-lzw', 'scan0042', 'report-v2') names a file.
  if (!/\s/.test(title) && /[-_.]|\p{L}\d|\d\p{L}/u.test(title)) return undefined;
  // A file name with spaces for separators ('pdfjs tracemonkey') is a single lower-case run.
  if (/^[\p{Ll}\d\s.-]+$/u.test(title) && !/\s\p{Ll}+\s/u.test(title)) return undefined;
  return title;
}

/** Usable author names from the info dictionary or XMP, in 'Surname, Given' form. */
export function usableMetadataAuthors(
  raw: string | readonly string[] | undefined,
  options: NameOptions = {},
): string[] {
  // One word alone in a property is a login or a first name ('Hatem'), not a person's name to cite.
  return authorsFromMetadata(rawAuthors(raw), options).filter(
    (a) => !JUNK_INFO_AUTHOR.test(a) && !NOT_A_PERSON.test(a) && /[\s,]/.test(a.trim()),
  );
}

/** A property's author fields as written, without a login's or a machine's: filed later, in the document's language. */
export function rawAuthors(raw: string | readonly string[] | undefined): string[] {
  const fields = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  return fields.filter((f) => typeof f === 'string' && !JUNK_INFO_AUTHOR.test(f.trim()));
}

const PORTUGUESE_SPEAKING = /\b(?:Brazil|Brasil|Portugal)\b/u;
const SPANISH_SPEAKING =
  /\b(?:Spain|España|Mexico|México|Colombia|Argentina|Chile|Peru|Perú|Venezuela|Ecuador|Bolivia|Uruguay|Paraguay|Cuba|Guatemala|Honduras|Nicaragua|Panamá|Panama|Costa Rica|El Salvador|Universidad|Universitat)\b/u;

/**
 * The country of the affiliations of a document in neither Spanish nor Portuguese, where its first pages
 * name a Portuguese-speaking one and no Spanish-speaking one (or the reverse): whose naming convention its
 * authors' names follow. Undefined when both or neither are named, or the language already says it.
 */
export function affiliationCountry(pageText: string, idioma: string | undefined): string | undefined {
  if (idioma === 'es' || idioma === 'pt') return undefined;
  const portuguese = PORTUGUESE_SPEAKING.exec(pageText);
  const spanish = SPANISH_SPEAKING.test(pageText);
  if (portuguese && !spanish) return portuguese[0] === 'Portugal' ? 'PT' : 'BR';
  if (spanish && !portuguese) return 'ES';
  return undefined;
}

/** What the file says about itself, already cleaned, beside what its pages show. */
export interface MetadataSources {
  page: TitlePageReading;
  /** The first pages' text, to confirm a metadata value is really printed there. */
  pageText: string;
  /** The properties' author fields as written (`rawAuthors`). */
  xmp: { titulo?: string; autores: string[]; anio?: number };
  info: { titulo?: string; autores: string[] };
  creationYear?: number;
  /** The document's language, read from its text: whose naming conventions the names follow. */
  idioma?: string;
}

/**
 * Title, authors and year from every source, each with its origin. A metadata title printed on the first
 * page is the publisher's own word and wins, unless the page's title block holds it and more (a subtitle or
 * a first line the metadata dropped); otherwise the page wins over unconfirmed metadata. Authors likewise:
 * metadata names whose surnames all appear on the page, else the page's names, else the metadata. The year
 * printed on the page, else XMP's publication date, else the arXiv identifier's, else the creation date.
 */
export function chooseMetadata(sources: MetadataSources): FoundMetadata {
  const found: FoundMetadata = {};
  const origen: MetadataOrigins = {};
  const folded = foldText(sources.pageText);
  const printed = (value: string) => folded.includes(foldText(value));

  const pageTitle = sources.page.titulo;
  const metaTitles: [string | undefined, 'xmp' | 'info'][] = [
    [sources.xmp.titulo, 'xmp'],
    [sources.info.titulo, 'info'],
  ];
  // A one-word metadata title beside a longer title block is the journal's or the series' name ('Hoehnea').
  const oneWord = (t: string) => !/\s/.test(t.trim());
  const confirmed = metaTitles.find(
    ([t]) => t && printed(t) && !(oneWord(t) && pageTitle && foldText(pageTitle) !== foldText(t)),
  );
  const holdsMore = (page: string, meta: string) =>
    foldText(page).includes(foldText(meta)) && foldText(page).length > foldText(meta).length;
  if (confirmed && !(pageTitle && holdsMore(pageTitle, confirmed[0]!))) {
    [found.titulo, origen.titulo] = [confirmed[0]!, confirmed[1]];
  } else if (pageTitle) {
    [found.titulo, origen.titulo] = [pageTitle, 'primera_pagina'];
  } else {
    const any = metaTitles.find(([t]) => t);
    if (any) [found.titulo, origen.titulo] = [any[0]!, any[1]];
  }

  const naming: NameOptions = { idioma: sources.idioma, pais: affiliationCountry(sources.pageText, sources.idioma) };
  const pageAuthors = authorsFromMetadata(sources.page.nombres ?? [], naming);
  // The properties' names are filed here, where the document's language is known, as the page's are, and
  // weighed against the page (refused where it shows them incomplete, taken fuller where it prints them so).
  const printedPage = { byline: sources.page.nombres ?? [], text: sources.pageText };
  const weigh = (raw: string[]) => weighPropertyAuthors(usableMetadataAuthors(raw, naming), printedPage, naming);
  const metaAuthors: [string[], 'xmp' | 'info'][] = [
    [weigh(sources.xmp.autores), 'xmp'],
    [weigh(sources.info.autores), 'info'],
  ];
  // A property's name is confirmed by the page printing it whole ('Md. Shah Alam' is not 'Md. Shahanur Alam').
  const words = ` ${folded.replace(/(\p{L})(\d)/gu, '$1 $2')} `;
  const surnamePrinted = (author: string) => {
    const [surname = '', given = ''] = author.split(',').map((p) => foldText(p));
    if (!given) return words.includes(` ${surname} `);
    const first = given.split(' ')[0]!;
    const forms = [`${given} ${surname}`, `${first} ${surname}`, `${first[0]} ${surname}`, `${surname} ${given}`];
    return forms.some((form) => words.includes(` ${form} `));
  };
  // Properties naming fewer people than the byline printed are a submitter's or a merged field: the page wins.
  const confirmedAuthors = metaAuthors.find(
    ([a]) => a.length > 0 && a.every(surnamePrinted) && a.length >= pageAuthors.length,
  );
  const pick = confirmedAuthors ?? (pageAuthors.length ? ([pageAuthors, 'primera_pagina'] as const) : undefined);
  // Names the file's properties give and a title page does not print are a template's or a typesetter's:
  // worse than none. Without a title page (a scan, an excerpt from inside a magazine) they stand.
  const unchecked = pageTitle ? undefined : metaAuthors.find(([a]) => a.length > 0);
  const chosen = pick ?? unchecked;
  if (chosen) [found.autores, origen.autores] = [[...chosen[0]], chosen[1]];

  const arxivYear = sources.page.arxiv ? yearOfArxivId(sources.page.arxiv) : undefined;
  if (sources.page.anio) [found.anio, origen.anio] = [sources.page.anio, 'pagina'];
  else if (sources.xmp.anio) [found.anio, origen.anio] = [sources.xmp.anio, 'xmp'];
  else if (arxivYear) [found.anio, origen.anio] = [arxivYear, 'arxiv'];
  else if (sources.creationYear) [found.anio, origen.anio] = [sources.creationYear, 'fecha_creacion'];

  if (sources.page.genero) [found.tipo_obra, found.genero] = ['thesis', sources.page.genero];
  if (sources.page.contenedor) found.contenedor = sources.page.contenedor;
  if (sources.page.isbn) found.isbn = sources.page.isbn;
  if (sources.page.arxiv) found.arxiv = sources.page.arxiv;
  if (Object.keys(origen).length) found.origen = origen;
  return found;
}

/** Case, accents, punctuation and spacing folded, for 'is this printed there' comparisons (and the eval's). */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

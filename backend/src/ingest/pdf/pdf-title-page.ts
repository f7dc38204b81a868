/**
 * What a PDF's first pages show about the work: the title (the largest type near the top), the authors under
 * it, the year of publication, and identifiers (ISBN, arXiv). Pure functions over pdf.js text items, so they
 * can be tested on hand-built pages; `pdf-metadata.ts` feeds them real pages and weighs them against the file's
 * own metadata (`chooseMetadata`, pdf-metadata-choice.ts). The byline under the title is read in pdf-byline.ts.
 */
import { findIsbn } from '../metadata/identifiers/isbn';
import { cleanTitle, withoutReviewStatus } from '../metadata/clean-fields';
import { bodySize, joinTitle, type LayoutLine, type LayoutPage } from './pdf-layout';
import { findOwnArxivId, findYear } from './pdf-year';
import { namesOfLine } from './printed-names';
import { phraseLanguage } from '../../text/language';
import { readRepositoryCover } from './pdf-repository-cover';
import { readThesisCover } from './pdf-thesis-cover';
import { findAuthorNames } from './pdf-byline';

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

/**
 * The year of publication printed on a PDF's first pages, and the work's arXiv identifier and the year it
 * encodes. What each line's years state is read by `year-mentions.ts`; here they are weighed by where the
 * line stands: the title page or another, the head or foot, a cover, type larger or smaller than the body.
 */
import { bodySize, type LayoutLine, type LayoutPage } from './pdf-layout';
import { isCoverDateLine, opensCitation, yearMentions, type YearMention } from './year-mentions';

/** Why a year was taken, strongest first. */
export type YearReason =
  /** Copyright, 'Published:', a defence, the work citing itself, its volume or issue line. */
  | 'publication'
  /** A conference's name with its year. */
  | 'conference'
  /** A date in the page's head or foot. */
  | 'running-date'
  /** A cover's date or year ('Novembro, 2005', 'Belo Horizonte 2005', 'Anno Accademico 2014/2015'). */
  | 'cover'
  /** A date in larger type than the body, or in a notice block beside a copyright or a conference. */
  | 'set-date'
  /** A date the sentence makes the document's ('last updated 2 October 2018'). */
  | 'cued-date';

const WEIGHT: Record<YearReason, number> = {
  publication: 6,
  conference: 5,
  'running-date': 5,
  cover: 4,
  'set-date': 3,
  'cued-date': 2,
};

export interface YearCandidate {
  year: number;
  reason: YearReason;
  /** The line it was read from. */
  text: string;
  /** 0 for the first page. */
  page: number;
}

/** Lines this close to the page's top or bottom edge are its head and foot. */
const EDGE = 0.1;
/** A line of at most this many words is a heading, a date line or a label, not running text. */
const SHORT_LINE_WORDS = 8;
/** A page of at most this many lines is a cover, not a page of text. */
const COVER_LINES = 30;
/** A citation of the work runs on for at most this many lines under its label. */
const CITATION_LINES = 4;

/**
 * Every year the first pages state of the work, with why it was taken. Years that are parts of identifiers,
 * ends of a period, or dates of the manuscript's history and of a copy's stamps never are (`yearMentions`).
 * On the title page (the first, or the second behind a cover with next to no text) dates and a cover's year
 * count; on the others only statements of publication, conferences and dates in the head or foot. Running
 * text gives a year only when its sentence makes the date the document's: a year found only in the body is
 * weaker than none. Years after `latest` (the file's creation, or next year) are not believed.
 */
export function yearCandidates(pages: readonly LayoutPage[], latest: number): YearCandidate[] {
  const found: YearCandidate[] = [];
  const titlePage = pages[0] && pages[0].lines.length < 3 && pages[1] ? 1 : 0;
  pages.forEach((page, index) => {
    const body = bodySize(page);
    const citing = citationLines(page);
    for (const line of page.lines) {
      const edge = line.top < EDGE * page.height || line.top > (1 - EDGE) * page.height;
      for (const mention of yearMentions(line.text, citing.has(line))) {
        if (mention.year < 1500 || mention.year > latest) continue;
        const reason = reasonOf(mention, { page, line, body, edge, titlePage: index === titlePage });
        if (reason) found.push({ year: mention.year, reason, text: line.text, page: index });
      }
    }
  });
  return found;
}

/**
 * The year of publication printed on the first pages: of the strongest reason found, the latest year
 * (published after accepted, a volume's year after its copyright's), or undefined when none is printed.
 * When the first pages print none, `further` pages (the next ones) are read for a book's copyright page
 * only: a page of a few lines stating a copyright, a publication or an edition.
 */
export function findYear(
  pages: readonly LayoutPage[],
  latest: number,
  further: readonly LayoutPage[] = [],
): number | undefined {
  return strongest(yearCandidates(pages, latest)) ?? strongest(colophonYears(further, latest));
}

function strongest(candidates: readonly YearCandidate[]): number | undefined {
  let best: YearCandidate | undefined;
  for (const c of candidates) {
    const [w, b] = [WEIGHT[c.reason], best ? WEIGHT[best.reason] : -1];
    if (!best || w > b || (w === b && c.year > best.year)) best = c;
  }
  return best?.year;
}

/** Statements of publication on pages of a few lines (a book's copyright page), past the first pages. */
function colophonYears(pages: readonly LayoutPage[], latest: number): YearCandidate[] {
  const found: YearCandidate[] = [];
  pages.forEach((page, index) => {
    if (page.lines.length > COVER_LINES) return;
    for (const line of page.lines) {
      for (const mention of yearMentions(line.text)) {
        if (mention.kind !== 'statement' || mention.year < 1500 || mention.year > latest) continue;
        found.push({ year: mention.year, reason: 'publication', text: line.text, page: index });
      }
    }
  });
  return found;
}

interface Place {
  page: LayoutPage;
  line: LayoutLine;
  body: number;
  edge: boolean;
  titlePage: boolean;
}

function reasonOf(mention: YearMention, at: Place): YearReason | undefined {
  const { page, line, body, edge, titlePage } = at;
  const kind = mention.kind;
  const larger = line.size > 1.05 * body;
  const smaller = line.size < 0.95 * body;
  const cover = page.lines.length <= COVER_LINES;
  const short = line.text.split(/\s+/).length <= SHORT_LINE_WORDS;
  // A line of running text (the body's type, many words, on a page of text) speaks of events, laws and
  // other works ('Resolução nº 48/2019'), not of the document; the head and foot are the lines at the
  // page's edges that are not.
  const running = !cover && !larger && !smaller && !short;
  const furniture = edge && !running;
  // Past the title page, running text and references speak of other works: there a statement counts in
  // the head or foot, on a page of a few lines (a colophon) or set apart from the body (a copyright box),
  // and a volume line only in the head or foot.
  if (kind === 'statement') return titlePage || edge || cover || larger || smaller ? 'publication' : undefined;
  if (kind === 'volume') return (titlePage && !running) || furniture ? 'publication' : undefined;
  // A citation line without a volume word is the work's own in its running head or foot; in the body it
  // is a reference ('BMJ 2001;323:81–85').
  if (kind === 'journal') return furniture ? 'publication' : undefined;
  if (kind === 'conference') return furniture || larger || smaller ? 'conference' : undefined;
  if (kind === 'date' && furniture) return 'running-date';
  if (!titlePage) return undefined;
  if (kind === 'academic') return 'cover';
  const alone = !page.lines.some((o) => o !== line && Math.abs(o.top - line.top) < 0.5 * line.size);
  // On a cover (a page of a few lines) the date may be the smallest type there is; elsewhere small type
  // is a footnote's or a table's. A year without a month is the cover's only below the title, which may
  // hold a year of its own.
  const low = kind === 'date' || line.top > 0.5 * page.height;
  if ((kind === 'date' || kind === 'plain') && low && alone && (cover || !smaller) && isCoverDateLine(line.text)) {
    return 'cover';
  }
  if (kind !== 'date') return undefined;
  if (larger && short) return 'set-date';
  if (smaller && inNotice(page, line)) return 'set-date';
  return mention.cued ? 'cued-date' : undefined;
}

/** A notice's text names its copyright or its conference. */
const NOTICE =
  /©|\bcopyright\b|\b(?:proceedings|conference|symposium|workshop|congress|congreso|simp[oó]sio|anais|actas)\b/iu;

/**
 * Whether a line in small type belongs to a notice block (lines of its type, over one another, with gaps
 * no wider than a few lines) that names a copyright or a conference: the box of a conference paper's first
 * page ('20 a 22 de Novembro de 2006' ⏎ 'Natal, RN, Brasil' ⏎ '© Sociedade Brasileira de Computação').
 */
function inNotice(page: LayoutPage, line: LayoutLine): boolean {
  const block = new Set([line]);
  for (let grew = true; grew;) {
    grew = false;
    for (const o of page.lines) {
      if (block.has(o) || Math.abs(o.size - line.size) > 0.1 * line.size) continue;
      const near = [...block].some((b) => Math.abs(o.top - b.top) <= 4 * line.size && o.x < b.right && b.x < o.right);
      if (near) {
        block.add(o);
        grew = true;
      }
    }
  }
  return [...block].some((o) => o !== line && NOTICE.test(o.text));
}

/** Lines that continue a citation of the work opened on a line above ('To cite this article:' ⏎ the text). */
function citationLines(page: LayoutPage): Set<LayoutLine> {
  const continued = new Set<LayoutLine>();
  for (const opener of page.lines) {
    if (!opensCitation(opener.text)) continue;
    let last = opener;
    let count = 0;
    for (const line of page.lines) {
      if (line.top <= last.top || count >= CITATION_LINES) continue;
      if (line.top - last.top > 2.5 * last.size) break;
      if (line.x > opener.right || line.right < opener.x) continue;
      continued.add(line);
      last = line;
      count++;
    }
  }
  return continued;
}

/** An arXiv identifier: 'arXiv:2101.00001v2', 'arXiv:hep-th/9901001'. */
export function findArxivId(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /\barxiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?)/i.exec(text);
  return m?.[1];
}

/**
 * The work's own arXiv identifier as its first pages print it: opening a line in a page's head or foot, or a
 * line of its own ('arXiv:2001.01234v2 [cs.CL] 5 Jan 2020'). An identifier inside running text or a reference
 * ('[12] A. Author, "Title", arXiv:1912.01234, 2019') is another work's, and its year is not this one's.
 */
export function findOwnArxivId(pages: readonly LayoutPage[]): string | undefined {
  for (const page of pages) {
    for (const line of page.lines) {
      const id = findArxivId(line.text);
      if (!id || !/^\s*arxiv:/i.test(line.text)) continue;
      const edge = line.top < EDGE * page.height || line.top > (1 - EDGE) * page.height;
      const alone = /^\s*arxiv:\s*\S+(?:\s*\[[^\]]*\])?(?:\s+\d{1,2}\s+\p{L}{3,9}\.?\s+\d{4})?\s*$/iu.test(line.text);
      if (edge || alone) return id;
    }
  }
  return undefined;
}

/** The year an arXiv identifier was submitted in (its YYMM, or the old scheme's YYMMNNN). */
export function yearOfArxivId(id: string): number | undefined {
  const yy = /^(\d{2})\d{2}\./.exec(id)?.[1] ?? /\/(\d{2})\d{5}/.exec(id)?.[1];
  if (!yy) return undefined;
  const n = Number(yy);
  return n >= 91 ? 1900 + n : 2000 + n;
}

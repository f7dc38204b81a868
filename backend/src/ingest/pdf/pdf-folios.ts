import { intToRoman, romanToInt, type AnclaPagina } from '@folio/shared';

/** A line of page text with its baseline and height; y grows upwards from the page's bottom edge. */
export interface PageLine {
  text: string;
  y: number;
  height: number;
}

/** The lines nearest the top and the bottom of one page, where running heads and feet carry the folio. */
export interface PageEdges {
  top: readonly PageLine[];
  bottom: readonly PageLine[];
}

/** The printed folio of one physical page and where it came from. */
export type Folio = Pick<AnclaPagina, 'impresa' | 'romana' | 'origen' | 'confianza'>;

/** `origen` of a folio read from the page text itself. */
export const FOLIO_FROM_TEXT = 'texto';

/** Most consecutive pages without a readable folio inside one run (chapter openers, blank versos, plates). */
const MAX_GAP = 5;
/** Lines looked at on each edge of a page: the outermost one, and the one next to it. */
const LINES_PER_EDGE = 2;
/** A running head or foot has few words; a longer line is body text. */
const MAX_TOKENS = 12;
/** Roman folios beyond this are front matter of no book; larger values are words ('mix', 'mil'). */
const MAX_ROMAN_FOLIO = 300;
const SINGLE_PAGE_CONFIDENCE = 0.5;

const PAGE_WORD = /^(p|pp|pg|pág|pag|página|pagina|page|seite|s|fol|folio|f)\.?$/i;
const OF_WORD = /^(of|de|von|sur|di)$/i;
const SPLIT = /([|·•‧∙/\\])/g;
const LEADING_DECORATION = /^[\p{Pd}\p{Ps}\p{Pi}"'*_~<>|·•‧∙]+/u;
const TRAILING_DECORATION = /[\p{Pd}\p{Pe}\p{Pf}"'*_~<>|·•‧∙]+$/u;

/** A number on an edge line that may be the page's folio. */
interface Candidate {
  page: number;
  value: number;
  roman: boolean;
  /** How folio-like its place is: 1 for a number alone on the outermost line, less elsewhere. */
  weight: number;
  /** Alone on its line, or set off by a separator or a page word ('| 41', 'p. 12'). */
  strong: boolean;
  alone: boolean;
  /** Four digits from 1500 to 2100: as likely a year as a folio. */
  year: boolean;
  /** The page edge of its line, 'both' when the page has a single line. */
  edge: Edge;
}

type Edge = 'top' | 'bottom' | 'both';

/** Pages whose candidates agree on folio = physical page + offset, with no gap longer than MAX_GAP. */
interface Run {
  roman: boolean;
  offset: number;
  /** Supporting candidate by physical page index. */
  supports: Map<number, Candidate>;
  start: number;
  end: number;
  score: number;
  /** Too short to stand alone, accepted as front matter or body start next to another run (`pairRuns`). */
  attached?: boolean;
}

/**
 * Infers printed folios from running heads and feet when a PDF has no /PageLabels. Numbers (arabic, or
 * roman numerals) on the outer lines of each page are candidates; the folios are the runs of pages whose
 * candidates form one arithmetic sequence, folio = physical page + offset: a roman front-matter run may
 * precede an arabic one, and a run may skip up to MAX_GAP unnumbered pages (chapter openers, plates).
 *
 * Guards against false folios: a run needs at least 3 agreeing pages (2 in documents of 2-3 pages), so a
 * single numbered page, a year, a chapter or section number (constant across pages) or a number in body
 * text (no sequence) is not taken; lines longer than a running head are ignored. The one exception is the
 * turn from roman front matter to an arabic body starting at 1 (`pairRuns`), where each side may be
 * shorter if its numbers stand alone on the same page edge as the other's. A one-page document takes a
 * number only when it is the single folio-like number of an outer line ('| 41') and no other number stands
 * alone next to it (an axis tick of a chart is no folio), with low confidence.
 *
 * `confianza` grows with the share of pages in the run that carry their number and with the run's length
 * (0.6-0.95); pages inside a run without their own number get the predicted folio with less (0.4-0.7), and
 * so do the unnumbered pages that open a run (a title page, a first chapter page: 0.3-0.6). Pages outside
 * every run have no folio.
 */
export function inferFolios(pages: readonly PageEdges[]): Folio[] {
  const none = (): Folio => ({ impresa: null, romana: false });
  const folios = pages.map(none);
  const candidates = pages.map((edges, i) => pageCandidates(edges, i));
  if (pages.length === 1) {
    const single = singlePageFolio(candidates[0]!);
    if (single) folios[0] = single;
    return folios;
  }

  const minSupport = pages.length <= 3 ? 2 : 3;
  const runs = findRuns(candidates);
  const accepted = runs.filter((r) => r.supports.size >= minSupport && r.score >= 0.8 * minSupport);
  const chosen = chooseRuns([...accepted, ...pairRuns(runs, new Set(accepted), minSupport)]);

  chosen.forEach((run, k) => {
    const q = runQuality(run);
    const own = round(0.6 + 0.35 * q);
    const predicted = round(0.4 + 0.3 * q);
    const opening = round(0.3 + 0.3 * q);
    for (let page = run.start; page <= run.end; page++) {
      folios[page] = folio(run, page, run.supports.has(page) ? own : predicted);
    }
    const previousEnd = k > 0 ? chosen[k - 1]!.end : -1;
    for (const page of openingPages(run, previousEnd)) folios[page] = folio(run, page, opening);
  });
  return folios;
}

function folio(run: Run, page: number, confianza: number): Folio {
  const value = page + 1 + run.offset;
  return {
    impresa: run.roman ? intToRoman(value) : String(value),
    romana: run.roman,
    origen: FOLIO_FROM_TEXT,
    confianza,
  };
}

/** 0-1: the share of the run's pages that carry their number, discounted for short runs. */
function runQuality(run: Run): number {
  const support = run.supports.size;
  const agreement = support / (run.end - run.start + 1);
  return agreement * (support / (support + 1)) * (run.attached ? 0.8 : 1);
}

/**
 * Unnumbered pages just before a run that still belong to it: back to the run's folio 1 when that page is
 * near (the title page and half-title before 'iii', the chapter opener before '2'), else the one page
 * before it (an article's first page); never into the previous run, never below folio 1.
 */
function openingPages(run: Run, previousEnd: number): number[] {
  const firstFolioPage = -run.offset; // page index where the folio would be 1
  const from =
    firstFolioPage > previousEnd && run.start - firstFolioPage <= MAX_GAP
      ? firstFolioPage
      : Math.max(run.start - 1, previousEnd + 1, firstFolioPage);
  const pages: number[] = [];
  for (let page = from; page < run.start; page++) pages.push(page);
  return pages;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The outer lines of a page, each line once, with its edge and whether it is the outermost there. */
function edgeLines(edges: PageEdges): { line: PageLine; outermost: boolean; edge: Edge }[] {
  const seen = new Set<string>();
  const lines = [...edges.top, ...edges.bottom]
    .filter((l) => {
      const key = `${l.y}\u0000${l.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.y - a.y);
  const picked = new Map<PageLine, { outermost: boolean; edge: Edge }>();
  lines.slice(0, LINES_PER_EDGE).forEach((l, i) => picked.set(l, { outermost: i === 0, edge: 'top' }));
  lines
    .slice(-LINES_PER_EDGE)
    .reverse()
    .forEach((l, i) => {
      const top = picked.get(l);
      if (!top) picked.set(l, { outermost: i === 0, edge: 'bottom' });
      // The one line of a page is both its head and its foot.
      else if (top.outermost && i === 0) picked.set(l, { outermost: true, edge: 'both' });
      else if (i === 0) picked.set(l, { outermost: true, edge: 'bottom' });
      else if (!top.outermost) picked.set(l, { outermost: false, edge: 'both' });
    });
  return [...picked].map(([line, place]) => ({ line, ...place }));
}

/** The folio candidates of one page, one per distinct number (the most folio-like place wins). */
function pageCandidates(edges: PageEdges, page: number): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const { line, outermost, edge } of edgeLines(edges)) {
    for (const c of lineCandidates(line.text, outermost, edge, page)) {
      const key = `${c.roman ? 'r' : 'a'}${c.value}`;
      const known = best.get(key);
      if (!known || c.weight > known.weight) best.set(key, c);
    }
  }
  return [...best.values()];
}

function lineCandidates(text: string, outermost: boolean, edge: Edge, page: number): Candidate[] {
  const tokens = text
    .replace(SPLIT, ' $1 ')
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => raw.replace(LEADING_DECORATION, '').replace(TRAILING_DECORATION, ''));
  const words = tokens.filter(Boolean);
  if (words.length === 0 || words.length > MAX_TOKENS) return [];
  const out: Candidate[] = [];
  let k = -1; // index among words
  tokens.forEach((token, i) => {
    if (!token) return;
    k += 1;
    const number = readNumber(token);
    if (!number) return;
    const others = words.filter((_, j) => j !== k);
    const alone = others.length <= 3 && others.every((w) => PAGE_WORD.test(w) || OF_WORD.test(w) || /^\d+$/.test(w));
    const setOff = tokens[i - 1] === '' || tokens[i + 1] === '' || PAGE_WORD.test(words[k - 1] ?? '');
    const atEnd = k === 0 || k === words.length - 1;
    if (!alone && !setOff && !atEnd) return;
    // A lone letter is a roman numeral only standing alone ('I think…', 'C. Results' are words).
    if (number.roman && token.length === 1 && !alone) return;
    // A year in a running head is the same on every page, so it never makes a run; it only misleads alone.
    const year = !number.roman && token.length === 4 && number.value >= 1500 && number.value <= 2100;
    const weight = (alone ? 1 : 0.8) * (outermost ? 1 : 0.6);
    out.push({ page, ...number, weight, strong: alone || setOff, alone, year, edge });
  });
  return out;
}

function readNumber(token: string): { value: number; roman: boolean } | null {
  if (/^[1-9]\d{0,3}$/.test(token)) return { value: Number(token), roman: false };
  if (!/^([ivxlcdm]+|[IVXLCDM]+)$/.test(token)) return null;
  const value = romanToInt(token);
  return value !== null && value <= MAX_ROMAN_FOLIO ? { value, roman: true } : null;
}

/** Every maximal run of candidates sharing kind and offset, split where more than MAX_GAP pages lack one. */
function findRuns(candidates: readonly Candidate[][]): Run[] {
  const groups = new Map<string, Candidate[]>();
  for (const list of candidates) {
    for (const c of list) {
      const key = `${c.roman ? 'r' : 'a'}${c.value - (c.page + 1)}`;
      const group = groups.get(key);
      if (group) group.push(c);
      else groups.set(key, [c]);
    }
  }
  const runs: Run[] = [];
  for (const group of groups.values()) {
    let run: Run | undefined;
    for (const c of group) {
      if (!run || c.page - run.end - 1 > MAX_GAP) {
        run = {
          roman: c.roman,
          offset: c.value - (c.page + 1),
          supports: new Map(),
          start: c.page,
          end: c.page,
          score: 0,
        };
        runs.push(run);
      }
      run.supports.set(c.page, c);
      run.end = c.page;
      run.score += c.weight;
    }
  }
  return runs;
}

/** The set of non-overlapping runs with the most evidence (weighted interval scheduling). */
function chooseRuns(runs: readonly Run[]): Run[] {
  const sorted = [...runs].sort((a, b) => a.end - b.end || a.start - b.start);
  const value = (r: Run) => r.score - 0.25 * (r.end - r.start + 1 - r.supports.size);
  const best: number[] = [0];
  const take: boolean[] = [];
  const previous: number[] = [];
  sorted.forEach((run, j) => {
    // The last run ending before this one starts (ends are sorted).
    let lo = 0;
    let hi = j;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.end < run.start) lo = mid + 1;
      else hi = mid;
    }
    previous[j] = lo; // count of runs usable before this one
    const withIt = value(run) + best[lo]!;
    take[j] = withIt > best[j]!;
    best[j + 1] = Math.max(withIt, best[j]!);
  });
  const chosen: Run[] = [];
  for (let j = sorted.length - 1; j >= 0;) {
    if (take[j]) {
      chosen.push(sorted[j]!);
      j = previous[j]! - 1;
    } else {
      j -= 1;
    }
  }
  return chosen.reverse();
}

/**
 * Short runs accepted at the turn from roman front matter to an arabic body that starts at 1 ('iii' then
 * '1', '2' …): an arabic run whose folio 1 falls after the roman run's last page, no more than MAX_GAP
 * pages on. Together they need the usual support; a side too short alone must have every number alone on
 * the outermost line of the same page edge as the other side.
 */
function pairRuns(runs: readonly Run[], accepted: ReadonlySet<Run>, minSupport: number): Run[] {
  const clean = (run: Run, edge: Edge) =>
    [...run.supports.values()].every(
      (c) => c.alone && c.weight >= 1 && (c.edge === edge || c.edge === 'both' || edge === 'both'),
    );
  const byFirstFolio = new Map<number, Run[]>();
  for (const run of runs) {
    if (run.roman) continue;
    const list = byFirstFolio.get(-run.offset);
    if (list) list.push(run);
    else byFirstFolio.set(-run.offset, [run]);
  }
  const paired = new Set<Run>();
  for (const front of runs) {
    if (!front.roman) continue;
    for (let first = front.end + 1; first <= front.end + 1 + MAX_GAP; first++) {
      for (const body of byFirstFolio.get(first) ?? []) {
        if (body.start - front.end - 1 > MAX_GAP) continue;
        if (front.supports.size + body.supports.size < minSupport) continue;
        const short = [front, body].filter((r) => !accepted.has(r));
        if (short.length === 0) continue;
        if (!short.every((r) => clean(r, mainEdge(r === front ? body : front)))) continue;
        for (const r of short) paired.add(r);
      }
    }
  }
  return [...paired].map((r) => ({ ...r, attached: true }));
}

/** The edge most of a run's numbers are on. */
function mainEdge(run: Run): Edge {
  let top = 0;
  let bottom = 0;
  for (const c of run.supports.values()) {
    if (c.edge !== 'bottom') top += 1;
    if (c.edge !== 'top') bottom += 1;
  }
  return top === bottom ? 'both' : top > bottom ? 'top' : 'bottom';
}

/**
 * One page alone: a single folio-like arabic number on an outer line, not a year, and not one of a stack of
 * numbers standing alone on the lines of its edge (a chart's axis ticks, a table's column of figures).
 */
function singlePageFolio(candidates: readonly Candidate[]): Folio | null {
  const folios = candidates.filter((c) => c.strong && !c.roman && !c.year && c.weight >= 0.8);
  if (folios.length !== 1) return null;
  const only = folios[0]!;
  const near = (c: Candidate) => c.edge === only.edge || c.edge === 'both' || only.edge === 'both';
  if (candidates.some((c) => c !== only && c.alone && near(c))) return null;
  return {
    impresa: String(folios[0]!.value),
    romana: false,
    origen: FOLIO_FROM_TEXT,
    confianza: SINGLE_PAGE_CONFIDENCE,
  };
}

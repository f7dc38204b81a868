/**
 * The year of publication printed on a PDF's first pages, and the year an arXiv identifier encodes.
 */
import { bodySize, type LayoutPage } from './pdf-layout';

const MONTHS =
  'jan(?:uary|uar)?|feb(?:ruary|ruar)?|m[aä]r(?:ch|z)?|apr(?:il)?|may|mai|jun[ie]?|jul[iy]?|aug(?:ust)?|sep(?:t(?:ember)?)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cz](?:ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?ptiembre|octubre|noviembre|diciembre|janvier|f[eé]vrier|mars|avril|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[eé]cembre|janeiro|fevereiro|mar[cç]o|maio|junho|julho|setembro|outubro|dezembro|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre';
const YEAR = '((?:1[5-9]|20)\\d{2})';
const DATE = new RegExp(
  `\\b(?:(?:${MONTHS})\\.?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?${YEAR}|\\d{1,2}\\.?\\s*(?:de\\s+)?(?:${MONTHS})\\.?,?\\s+(?:de\\s+)?${YEAR}|${YEAR}-[01]\\d-[0-3]\\d)\\b`,
  'giu',
);
/** Words that make a date the document's own: its version, revision, edition. */
const DATE_CUE =
  /\b(?:updated|revised|revision|version|edition|edici[oó]n|versi[oó]n|actualizad[oa]|fecha|dated?|stand|as of|auflage|ausgabe|draft|borrador)\b/i;
/** Patterns that state the publication itself: copyright, publication dates, the volume line, a citation of the work. */
const STRONG: RegExp[] = [
  // A range ('© 2001–2022') states the latest edition at its end.
  new RegExp(`(?:©|\\(c\\)|copyright)\\D{0,40}?(?:(?:1[5-9]|20)\\d{2}\\s*[-–,]\\s*)*${YEAR}`, 'giu'),
  new RegExp(
    `\\b(?:published|publicado|publi[eé]|ver[oö]ffentlicht|date of publication|accepted|aceptado|aceito|angenommen|accept[eé]|available online|first online|online publication)\\b[^\\n]{0,40}?${YEAR}`,
    'giu',
  ),
  new RegExp(`\\b(?:vol(?:ume)?|tome|band|bd|año|jahrgang)\\.?\\s*\\d+[^\\n]{0,30}?\\(${YEAR}\\)`, 'giu'),
  new RegExp(
    `\\b(?:reference|citation|cite this(?: article)?|how to cite|para citar|c[oó]mo citar|zitiervorschlag)\\b[^\\n]{0,100}?\\(${YEAR}\\)`,
    'giu',
  ),
  new RegExp(`\\b${YEAR}\\s*,\\s*(?:vol\\.?\\s*)?\\d+\\s*\\(\\d+\\)`, 'giu'),
  // 'Environ Earth Sci (2019) 78:345'
  new RegExp(`\\(${YEAR}\\)\\s*\\d+\\s*:\\s*\\d+`, 'giu'),
  // 'Journal of Hydrology 512 (2014) 45–60'
  new RegExp(`\\b\\d{1,4}\\s*\\(${YEAR}\\)\\s*\\d+\\s*[-–]\\s*\\d+`, 'giu'),
  new RegExp(
    `\\b(?:proceedings|conference|symposium|workshop|congress|congreso|jornadas|tagung)\\b[^\\n]{0,60}?\\b${YEAR}\\b`,
    'giu',
  ),
];

/**
 * The year of publication printed on the first pages: a statement of publication (copyright, 'Published:',
 * the volume line, a citation of the work itself) before a date in the page's head or foot, before a date
 * anywhere else; the latest year among the strongest (published after accepted after received). Years after
 * `latest` (the file's creation, or next year) are not believed.
 */
export function findYear(pages: readonly LayoutPage[], latest: number): number | undefined {
  let best: { weight: number; year: number } | undefined;
  const consider = (year: number, weight: number) => {
    if (year < 1500 || year > latest) return;
    if (!best || weight > best.weight || (weight === best.weight && year > best.year)) best = { weight, year };
  };
  pages.forEach((page, index) => {
    const body = bodySize(page);
    for (const line of page.lines) {
      const text = line.text;
      if (/arxiv:/i.test(text)) continue;
      for (const pattern of STRONG) {
        for (const m of text.matchAll(pattern)) consider(Number(m[1]), 5);
      }
      const edge = line.top < 0.1 * page.height || line.top > 0.9 * page.height;
      // Past the first page's head and foot only statements count: later pages are body text.
      if (index > 0 && !edge) continue;
      const set = Math.abs(line.size - body) > 0.05 * body;
      const cue = DATE_CUE.test(text);
      for (const m of text.matchAll(DATE)) {
        const year = Number(m[1] ?? m[2] ?? m[3]);
        // A date in running text is the work's only when the sentence says so ('last updated 2 October 2018').
        const weight = edge ? 4 : set ? 3 : cue ? 2 : text.length < 70 ? 1 : 0;
        if (weight > 0) consider(year, weight);
      }
    }
  });
  return best?.year;
}

/** An arXiv identifier: 'arXiv:2101.00001v2', 'arXiv:hep-th/9901001'. */
export function findArxivId(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /\barxiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?)/i.exec(text);
  return m?.[1];
}

/** The year an arXiv identifier was submitted in (its YYMM, or the old scheme's YYMMNNN). */
export function yearOfArxivId(id: string): number | undefined {
  const yy = /^(\d{2})\d{2}\./.exec(id)?.[1] ?? /\/(\d{2})\d{5}/.exec(id)?.[1];
  if (!yy) return undefined;
  const n = Number(yy);
  return n >= 91 ? 1900 + n : 2000 + n;
}

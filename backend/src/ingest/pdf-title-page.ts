/**
 * What a PDF's first pages show about the work: the title (the largest type near the top), the authors under
 * it, the year of publication, and identifiers (ISBN, arXiv). Pure functions over pdf.js text items, so they
 * can be tested on hand-built pages; `pdf.ts` feeds them real pages and weighs them against the file's own
 * metadata (`chooseMetadata`).
 */
import type { FoundMetadata, MetadataOrigins } from './converter';
import { authorsFromMetadata } from './author-names';
import { findIsbn } from './identifiers/isbn';
import { cleanTitle } from './metadata';
import { composeAccentItems, composeAccents } from './pdf-accents';

/** The parts of a pdf.js text item read here. */
export interface TitleItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName?: string;
}

/** A run of text on one baseline, in display space (top grows downwards from the page's top edge). */
export interface LayoutLine {
  text: string;
  /** The text without small raised items (footnote marks, affiliation numbers). */
  plain: string;
  /** Type size of the line's letters (the largest item holding two letters or more). */
  size: number;
  x: number;
  right: number;
  /** Baseline, from the page's top edge. */
  top: number;
}

export interface LayoutPage {
  lines: LayoutLine[];
  width: number;
  height: number;
}

/** What the page's layout gave; each field only when found. */
export interface TitlePageReading {
  titulo?: string;
  /** Names as printed ('Given Surname'), cleaned of marks. */
  nombres?: string[];
  anio?: number;
  isbn?: string;
  arxiv?: string;
}

/** A horizontal gap this many times the type size splits a baseline into separate lines (columns, a foot). */
const COLUMN_GAP = 2.5;

/**
 * Lines of a page from pdf.js items: items sharing a baseline are joined (a space where there is a visible
 * gap), a wide gap starts a new line, and items far smaller than their line and raised above it are marks.
 * `viewport` is pdf.js's viewport transform at scale 1 ([1, 0, 0, -1, 0, height] for an unrotated page).
 */
export function layoutFromItems(
  items: readonly unknown[],
  viewport: { transform: number[]; width: number; height: number },
): LayoutPage {
  const [va = 1, vb = 0, vc = 0, vd = -1, ve = 0, vf = 0] = viewport.transform;
  interface Placed {
    str: string;
    x: number;
    top: number;
    size: number;
    width: number;
  }
  const placed: Placed[] = [];
  for (const raw of composeAccentItems(items.filter(isItem))) {
    // eslint-disable-next-line no-control-regex
    const str = raw.str.replace(/[\u0000-\u001f\u007f]/g, '');
    if (!str.trim()) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = raw.transform;
    const ma = va * a + vc * b;
    const mb = vb * a + vd * b;
    const mc = va * c + vc * d;
    const md = vb * c + vd * d;
    // Only text running left to right, upright on the displayed page.
    if (!(Math.abs(mb) < 1e-6 && Math.abs(mc) < 1e-6 && ma > 0 && md < 0)) continue;
    const size = raw.height || Math.abs(md) || 1;
    placed.push({ str, x: va * e + vc * f + ve, top: vb * e + vd * f + vf, size, width: raw.width });
  }
  placed.sort((p, q) => p.top - q.top || p.x - q.x);

  // Group by baseline: an item joins a row when its baseline is within half the larger size.
  const rows: Placed[][] = [];
  for (const item of placed) {
    const row = rows.find((r) => {
      const base = r[0]!;
      return Math.abs(base.top - item.top) <= 0.5 * Math.max(base.size, item.size);
    });
    if (row) row.push(item);
    else rows.push([item]);
  }

  const lines: LayoutLine[] = [];
  for (const row of rows) {
    row.sort((p, q) => p.x - q.x);
    const lettered = row.filter((i) => (i.str.match(/\p{L}/gu)?.length ?? 0) >= 2);
    const rowSize = Math.max(...(lettered.length ? lettered : row).map((i) => i.size));
    let segment: Placed[] = [];
    const flush = () => {
      if (segment.length) lines.push(lineOf(segment, rowSize));
      segment = [];
    };
    for (const item of row) {
      const last = segment[segment.length - 1];
      if (last && item.x - (last.x + last.width) > COLUMN_GAP * Math.max(rowSize, 1)) flush();
      segment.push(item);
    }
    flush();
  }
  lines.sort((p, q) => p.top - q.top || p.x - q.x);
  return { lines, width: viewport.width, height: viewport.height };

  function lineOf(segment: Placed[], rowSize: number): LayoutLine {
    let text = '';
    let plain = '';
    let end = -Infinity;
    const lettered = segment.filter((i) => (i.str.match(/\p{L}/gu)?.length ?? 0) >= 2);
    const size = Math.max(...(lettered.length ? lettered : segment).map((i) => i.size));
    const baseline = (lettered.length ? lettered : segment)[0]!.top;
    for (const item of segment) {
      const gap = item.x - end;
      const space = text && !/\s$/.test(text) && !/^\s/.test(item.str) && (gap > 0.15 * item.size || gap < -item.size);
      // A mark: much smaller than the line and raised off its baseline.
      const mark = item.size < 0.8 * rowSize && baseline - item.top > 0.15 * rowSize;
      text += (space ? ' ' : '') + item.str;
      if (!mark) plain += (space ? ' ' : '') + item.str;
      else plain += ' ';
      end = item.x + item.width;
    }
    const tidy = (s: string) => composeAccents(s.replace(/\s+/g, ' ').trim());
    const first = segment[0]!;
    return { text: tidy(text), plain: tidy(plain), size, x: first.x, right: end, top: baseline };
  }
}

function isItem(item: unknown): item is TitleItem {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as TitleItem).str === 'string' &&
    Array.isArray((item as TitleItem).transform)
  );
}

/** The size most of the page's letters are set in: its body type. */
export function bodySize(page: LayoutPage): number {
  const weight = new Map<number, number>();
  for (const line of page.lines) {
    const key = Math.round(line.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) [best, bestWeight] = [size, w];
  }
  return best;
}

/** Lines that are never a title: furniture of journals and preprint servers, identifiers, addresses. */
const NOT_TITLE =
  /(?:https?:\/\/|www\.|\bdoi\b|\b10\.\d{4,9}\/|arxiv:|^preprint\b|\bissn\b|\bisbn\b|@|©|\bcopyright\b|^vol(?:ume)?\.?\s*\d|\bvol\.\s*\d|\bno\.\s*\d+|\bpp\.\s*\d|^(?:received|accepted|published|available online|submitted)\b|\bjournal of\b|^(?:journal|proceedings|annals|transactions|bulletin)\b|^working papers?\b|^contents lists available|^(?:research|original|review)\s+(?:article|paper)$|^(?:article|open access|letter|editorial)$|^page\s*\d)/i;

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
    if (first.size < TITLE_OVER_BODY * body || first.size < 0.011 * page.height) return [];
    if (NOT_TITLE_PAGE.test(first.text)) return [];
    const block = blockFrom(page, first);
    block.forEach((l) => tried.add(l));
    // One word in the head band, or off to the right of it, is a section tab or a logo ('flightOPS').
    if (first.top < 0.08 * page.height && (!/\s/.test(first.text) || first.x > 0.6 * page.width)) continue;
    if (isMasthead(page, block)) continue;
    return block;
  }
  return [];
}

/** The lines of a title block: `first` and the lines of its size that follow it closely, under it. */
function blockFrom(page: LayoutPage, first: LayoutLine): LayoutLine[] {
  const block = [first];
  for (const line of page.lines) {
    const last = block[block.length - 1]!;
    if (line.top <= last.top) continue;
    if (line.top - last.top > 1.9 * last.size) break;
    const overlaps = line.x < last.right + last.size && line.right > last.x - last.size;
    if (!overlaps) continue;
    if (Math.abs(line.size - first.size) > 0.08 * first.size || NOT_TITLE.test(line.text)) break;
    block.push(line);
  }
  return block;
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

/** Lines titled lines joined: a word broken by a hyphen at a line's end is mended. */
export function joinTitle(lines: readonly LayoutLine[]): string {
  let title = '';
  for (const line of lines) {
    const text = line.plain || line.text;
    if (!title) title = text;
    else if (/\p{Ll}-$/u.test(title) && /^\p{Ll}/u.test(text)) title = title.slice(0, -1) + text;
    else title += ' ' + text;
  }
  return title
    .replace(/\s+([,.:;!?])/g, '$1')
    .replace(/[\s*∗†‡§¶]+$/u, '')
    .trim();
}

/** Lines after which no author is listed: the abstract, keywords, the first section. */
const AUTHORS_END =
  /^(?:abstract|summary|resumen|resumo|zusammenfassung|r[eé]sum[eé]|keywords?|key words|palabras clave|schl[uü]sselw[oö]rter|mots[- ]cl[eé]s|(?:\d+\.?\s*|i\.\s*)?introduc(?:tion|ci[oó]n|ão)|einleitung|contents|table of contents|[ií]ndice)(?:$|\s*[:.—–-]|\s+(?:we|this|in|the|a|an|el|la|en|este|esta|los|las|wir|die|der|das)\b)/i;

/** Words that make a line an affiliation or an address, not a name: stems of institutions… */
const AFFILIATION_STEM =
  /(?<!\p{L})(?:univ|institu|facult|depart|laborat|academ|ministr|associat|fundaci|foundation|societ|polytechn|polit[eé]cn|hochschul|escola|[eé]cole)\p{L}*/iu;
/** …and whole words: kinds of body, companies, countries, parts of an address. */
const AFFILIATION_WORD =
  /(?<!\p{L})(?:college|school|escuela|dept|lab|labs|center|centre|centro|hospital|clinic|gmbh|inc|ltd|llc|corp|corporation|company|group|grupo|agency|council|research|press|google|microsoft|facebook|meta|amazon|ibm|intel|apple|adobe|mozilla|deepmind|openai|nvidia|usa|u\.s\.a|uk|germany|spain|españa|france|china|japan|canada|italy|brazil|brasil|mexico|méxico|colombia|argentina|chile|peru|perú|road|street|avenue|calle|avenida|email|e-mail|correo|tel|phone|fax|corresponding)(?!\p{L})/iu;

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
  /^(?:\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?[\p{Ll}'’]+)*|\p{Lu}['’]\p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+\p{Lu}\p{Ll}+|\p{Lu}\.(?:\s?-?\p{Lu}\.)*|\p{Lu}{2,}(?:-\p{Lu}{2,})?)$/u;

/**
 * The names on an author line ('Ana Pérez1, John Smith* and Jane Doe†'), or null when the line is not one:
 * every part split at commas, semicolons, 'and', '&' must look like a personal name of two to five words.
 */
export function namesOfLine(raw: string): string[] | null {
  const line = raw
    .replace(/^(?:by|por)\s+/i, '')
    .replace(/\([^)]*(?:@|https?:|www\.)[^)]*\)?/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/[*†‡§¶⁎∗✉#♯⊥⋆★☆☯$+⁺⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, ' ')
    .replace(/(\p{L})\d+(?:\s*[,–-]\s*\d+)*(?=[\s,;]|$)/gu, '$1')
    .replace(/\s+\d+(?:\s*,\s*\d+)*(?=\s*(?:[,;]|$|\s(?:and|&)\s))/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[,;]$/, '');
  if (!line || /\d/.test(line) || AFFILIATION_STEM.test(line) || AFFILIATION_WORD.test(line)) return null;
  const parts = line
    .split(/\s*[,;·]\s*|\s+(?:and|&|und|et|y|e)\s+/i)
    .map((p) => p.trim().replace(/^(?:and|&|und|et|y)\s+/i, ''))
    .filter((p) => p && !/^(?:and|&|und|et|y)$/i.test(p) && !GRADE.test(p));
  if (parts.length === 0) return null;
  const names: string[] = [];
  for (const part of parts) {
    const words = part.split(/\s+/);
    if (words.length < 2 || words.length > 5) return null;
    const capitalised = words.filter((w) => NAME_WORD.test(w));
    if (capitalised.length + words.filter((w) => PARTICLE.test(w)).length !== words.length) return null;
    if (capitalised.filter((w) => !/^\p{Lu}\.$/u.test(w)).length < 1 || capitalised.length < 2) return null;
    if (words.some((w) => NOT_NAME.test(w) || NOT_NAME_ENDING.test(w))) return null;
    names.push(words.map(titleCaseWord).join(' '));
  }
  return names;
}

/** 'PÉREZ' → 'Pérez'; mixed-case words and initials are left alone. */
function titleCaseWord(word: string): string {
  if (!/^\p{Lu}{2,}(?:-\p{Lu}{2,})?$/u.test(word)) return word;
  return word.toLowerCase().replace(/(^|-)(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Author names printed below the title block (until the abstract or the first section). */
export function findAuthorNames(page: LayoutPage, title: readonly LayoutLine[]): string[] {
  const last = title[title.length - 1];
  if (!last) return [];
  const names: string[] = [];
  let scanned = 0;
  // On a sparse page (a book's or a manual's title page) the names may stand at its foot; on an article's
  // first page they follow the title closely.
  const sparse = page.lines.length <= 15;
  const reach = sparse ? page.height : last.top + 0.3 * page.height;
  for (const line of page.lines) {
    if (line.top <= last.top || title.includes(line)) continue;
    if (line.top > reach || AUTHORS_END.test(line.text) || scanned++ > 30) break;
    // A line of running text: the abstract or the body has begun (on a sparse page, a subtitle).
    if (line.text.split(/\s+/).length >= 9) {
      if (sparse) continue;
      break;
    }
    const found = namesOfLine(line.plain || line.text);
    if (found) names.push(...found);
  }
  return [...new Set(names)];
}

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

/**
 * Reads the first pages: the title block and names of the first page that has one, the year and the
 * identifiers from all of them. `others` are further pages, whose heads and feet tell running furniture.
 */
export function readTitlePages(
  pages: readonly LayoutPage[],
  options: { latestYear: number; others?: readonly LayoutPage[] },
): TitlePageReading {
  const reading: TitlePageReading = {};
  const furniture = new Set<string>();
  for (const page of options.others ?? []) {
    for (const line of page.lines) {
      if (line.top < 0.12 * page.height || line.top > 0.88 * page.height)
        furniture.add(furnitureKey(line.text, line.size));
    }
  }
  // A cover with next to no text (a picture) leaves the title page second.
  const first = pages[0] && pages[0].lines.length < 3 && pages[1] ? pages[1] : pages[0];
  if (first) {
    const title = findTitleLines(first, furniture);
    const titulo = cleanTitle(joinTitle(title));
    if (titulo) {
      reading.titulo = titulo;
      const nombres = findAuthorNames(first, title);
      if (nombres.length) reading.nombres = nombres;
    }
  }
  const anio = findYear(pages, options.latestYear);
  if (anio) reading.anio = anio;
  const text = pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
  const isbn = findIsbn(text);
  if (isbn) reading.isbn = isbn;
  const arxiv = findArxivId(text);
  if (arxiv) reading.arxiv = arxiv;
  return reading;
}

/** Titles in info dictionaries that are the tool, the file or the template, not the work. */
const JUNK_INFO_TITLE =
  /^(?:page\s*\d|slide\s*\d|layout\s*\d|untitled|sin título|\d+$)|\b(?:pdf(?:tex|latex)?|latex|tex|ghostscript|acrobat|distiller|pscript|word|openoffice|libreoffice|indesign|quarkxpress|powerpoint|excel|writer|printer)\s*[\d.]*$/i;
/** Authors in info dictionaries that are a login, a machine or a bug in the producer. */
const JUNK_INFO_AUTHOR =
  /^(?:admin(?:istrator|istrador)?|user|usuario|owner|root|unknown|desconocido|author|autor|default|guest|hp|dell|lenovo|pc|windows user|microsoft office user|ibm|customer|client)$|array\(0x|0x[0-9a-f]{4,}|^\W*$/i;

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
export function usableMetadataAuthors(raw: string | readonly string[] | undefined): string[] {
  const fields = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  return authorsFromMetadata(fields.filter((f) => typeof f === 'string' && !JUNK_INFO_AUTHOR.test(f.trim()))).filter(
    (a) => !JUNK_INFO_AUTHOR.test(a),
  );
}

/** What the file says about itself, already cleaned, beside what its pages show. */
export interface MetadataSources {
  page: TitlePageReading;
  /** The first pages' text, to confirm a metadata value is really printed there. */
  pageText: string;
  xmp: { titulo?: string; autores: string[]; anio?: number };
  info: { titulo?: string; autores: string[] };
  creationYear?: number;
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
  const confirmed = metaTitles.find(([t]) => t && printed(t));
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

  const pageAuthors = authorsFromMetadata(sources.page.nombres ?? []);
  const metaAuthors: [string[], 'xmp' | 'info'][] = [
    [sources.xmp.autores, 'xmp'],
    [sources.info.autores, 'info'],
  ];
  const surnamePrinted = (author: string) => printed(author.split(',')[0]!);
  const confirmedAuthors = metaAuthors.find(([a]) => a.length > 0 && a.every(surnamePrinted));
  const pick = confirmedAuthors ?? (pageAuthors.length ? ([pageAuthors, 'primera_pagina'] as const) : undefined);
  const chosen = pick ?? metaAuthors.find(([a]) => a.length > 0);
  if (chosen) [found.autores, origen.autores] = [[...chosen[0]], chosen[1]];

  const arxivYear = sources.page.arxiv ? yearOfArxivId(sources.page.arxiv) : undefined;
  if (sources.page.anio) [found.anio, origen.anio] = [sources.page.anio, 'pagina'];
  else if (sources.xmp.anio) [found.anio, origen.anio] = [sources.xmp.anio, 'xmp'];
  else if (arxivYear) [found.anio, origen.anio] = [arxivYear, 'arxiv'];
  else if (sources.creationYear) [found.anio, origen.anio] = [sources.creationYear, 'fecha_creacion'];

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

import type { CSL } from '@citation-js/core';
import { bibtexOf } from './bibtex';
import { foldText } from '../../text/fold';

/** The reference formats a library or a document can be exported in. */
export type ExportFormat = 'bibtex' | 'ris' | 'csljson';

export const EXPORT_FORMATS: Record<ExportFormat, { contentType: string; extension: string }> = {
  bibtex: { contentType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { contentType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  csljson: { contentType: 'application/vnd.citationstyles.csl+json; charset=utf-8', extension: 'json' },
};

/**
 * The items as one file in `format`. CSL-JSON is the items themselves; BibTeX is citation-js's
 * (@citation-js/plugin-bibtex, through `bibtexOf`); RIS is written here (`risOf`), as citation-js's RIS
 * plugin does not install beside @citation-js/core 0.9.
 */
export function formatReferences(items: CSL[], format: ExportFormat): string {
  if (format === 'csljson') return `${JSON.stringify(items, null, 2)}\n`;
  if (format === 'ris') return items.map(risOf).join('\n');
  return bibtexOf(withCitationKeys(items));
}

/**
 * The most letters of a surname or a title's word in a key: citation-js does not recognise a file as BibTeX
 * when a key is longer than 100 characters.
 */
const KEY_PART = 30;

/**
 * BibTeX keys a reader can type: first author's surname, year, first long word of the title, in ASCII
 * ('PerezCanul2021Nitratos'), with 'b', 'c'… after a key the file already has.
 */
function withCitationKeys(items: CSL[]): CSL[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const first = item.author?.[0] as { family?: string; literal?: string } | undefined;
    const ascii = (s: string | undefined) =>
      foldText(s ?? '')
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('')
        .slice(0, KEY_PART);
    const word = (item.title ?? '').split(/\s+/).find((w) => ascii(w).length > 3) ?? item.title?.split(/\s+/)[0];
    const year = item.issued?.['date-parts']?.[0]?.[0];
    const base = `${ascii(first?.family ?? first?.literal) || 'Anonimo'}${year ?? 'sf'}${ascii(word)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const key = n === 0 ? base : `${base}${String.fromCharCode(97 + Math.min(n, 25))}${n > 25 ? n : ''}`;
    return { ...item, 'citation-key': key } as CSL;
  });
}

/** RIS reference types of the CSL types Folio produces; GEN for the rest. */
const RIS_TYPE: Record<string, string> = {
  'article-journal': 'JOUR',
  'article-magazine': 'MGZN',
  'article-newspaper': 'NEWS',
  book: 'BOOK',
  chapter: 'CHAP',
  'paper-conference': 'CPAPER',
  thesis: 'THES',
  report: 'RPRT',
  webpage: 'ELEC',
  'post-weblog': 'BLOG',
  'entry-encyclopedia': 'ENCYC',
  dataset: 'DATA',
  software: 'COMP',
  motion_picture: 'VIDEO',
  song: 'SOUND',
  broadcast: 'SOUND',
  manuscript: 'MANSCPT',
  graphic: 'ART',
};

/** One RIS record (tags as in the RIS specification, one author per AU line, pages split into SP and EP). */
export function risOf(item: CSL): string {
  const lines: [string, string | number | undefined][] = [['TY', RIS_TYPE[item.type] ?? 'GEN']];
  lines.push(['ID', String(item.id)]);
  lines.push(['TI', item.title]);
  for (const a of item.author ?? []) {
    const name = a as { family?: string; given?: string; literal?: string };
    lines.push(['AU', name.literal ?? [name.family, name.given].filter(Boolean).join(', ')]);
  }
  // A chapter's book editors are its secondary authors (A2), as the RIS specification has them for CHAP.
  for (const e of item.editor ?? []) {
    const name = e as { family?: string; given?: string; literal?: string };
    lines.push(['A2', name.literal ?? [name.family, name.given].filter(Boolean).join(', ')]);
  }
  lines.push(['PY', item.issued?.['date-parts']?.[0]?.[0]]);
  lines.push(['T2', item['container-title']]);
  lines.push(['VL', item.volume]);
  lines.push(['IS', item.issue]);
  const [start, end] = String(item.page ?? '').split(/\s*[-–]+\s*/);
  lines.push(['SP', start || undefined], ['EP', end || undefined]);
  lines.push(['ET', item.edition]);
  lines.push(['PB', item.publisher]);
  lines.push(['CY', item['publisher-place']]);
  lines.push(['M3', item.genre]);
  lines.push(['SN', item.ISBN]);
  lines.push(['DO', item.DOI]);
  lines.push(['UR', item.URL]);
  const accessed = item.accessed?.['date-parts']?.[0];
  lines.push(['Y2', accessed?.map((n) => String(n).padStart(2, '0')).join('/')]);
  lines.push(['LA', item.language]);
  return (
    lines
      .filter((l): l is [string, string | number] => l[1] !== undefined && l[1] !== '')
      .map(([tag, value]) => `${tag}  - ${String(value).replace(/\s*\n\s*/g, ' ')}`)
      .join('\n') + '\nER  - \n'
  );
}

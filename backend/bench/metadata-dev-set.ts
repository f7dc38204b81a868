/**
 * The outside material's `metadata-dev/` set scored as its own `score.mjs` scores a running Folio: 89 real PDFs
 * (articles, theses, books, reports in es, pt, en, fr, de, it) with the title, authors, year and DOI each one
 * prints (`gold.json`). Here each file goes through the real converter, with no look-up and no metadata given,
 * so the figures are what Folio reads from the file itself.
 */
import { readFile, stat } from 'node:fs/promises';
import { convertPdf } from '../src/ingest/pdf/pdf';
import type { FoundMetadata } from '../src/ingest/converter';
import { fixturePath } from '../src/testing/fixtures';

export interface GoldEntry {
  file: string;
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  lang: string;
  kind: string;
}

export type DevField = 'title' | 'authors' | 'year' | 'doi';
export const DEV_FIELDS: DevField[] = ['title', 'authors', 'year', 'doi'];

/** score.mjs's folding: NFKD, marks dropped, lower case, every run of non-letters/digits one space. */
export const foldGold = (value: unknown) =>
  String(value ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export interface DevResult {
  entry: GoldEntry;
  found: FoundMetadata;
  /** Per field: right, wrong, or null when not scored (DOI of a document printing none). */
  ok: Record<DevField, boolean | null>;
  /** A DOI found for a document that prints none of its own. */
  doiExtra: boolean;
}

export function judge(entry: GoldEntry, found: FoundMetadata): DevResult {
  const authors = found.autores ?? [];
  const ok: DevResult['ok'] = {
    title: foldGold(found.titulo) === foldGold(entry.title),
    authors:
      authors.length === entry.authors.length && authors.every((a, i) => foldGold(a) === foldGold(entry.authors[i])),
    year: (found.anio ?? null) === entry.year,
    doi: entry.doi ? (found.doi ?? '').toLowerCase().includes(entry.doi.toLowerCase()) : null,
  };
  return { entry, found, ok, doiExtra: !entry.doi && Boolean(found.doi) };
}

export async function readGold(): Promise<GoldEntry[]> {
  return JSON.parse(await readFile(fixturePath('metadata-dev/gold.json'), 'utf8')) as GoldEntry[];
}

export async function readDevMetadata(entry: GoldEntry): Promise<FoundMetadata> {
  const file = fixturePath(`metadata-dev/${entry.file}`);
  const { size } = await stat(file);
  const { metadatos } = await convertPdf({ path: file, size }, { progress: async () => {} });
  return metadatos;
}

export interface Rates {
  n: number;
  hits: Record<DevField, number>;
  scored: Record<DevField, number>;
  /** Documents where authors were named, and of those, the right list. */
  named: number;
  namedRight: number;
  doiExtra: number;
}

export function rates(results: readonly DevResult[]): Rates {
  const out: Rates = {
    n: results.length,
    hits: { title: 0, authors: 0, year: 0, doi: 0 },
    scored: { title: 0, authors: 0, year: 0, doi: 0 },
    named: 0,
    namedRight: 0,
    doiExtra: 0,
  };
  for (const r of results) {
    for (const f of DEV_FIELDS) {
      if (r.ok[f] === null) continue;
      out.scored[f] += 1;
      if (r.ok[f]) out.hits[f] += 1;
    }
    if ((r.found.autores ?? []).length) {
      out.named += 1;
      if (r.ok.authors) out.namedRight += 1;
    }
    if (r.doiExtra) out.doiExtra += 1;
  }
  return out;
}

export const rate = (hit: number, n: number) => (n ? hit / n : 0);

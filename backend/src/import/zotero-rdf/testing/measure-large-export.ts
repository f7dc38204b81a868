/**
 * How long a large Zotero RDF export takes to read, and how much memory: writes a synthetic export of N items
 * (default 5,000: journal articles with three authors, tags, a note and a PDF each, in 50 nested collections,
 * one in ten with its file missing), then reads it with readZoteroRdf in a fresh process and reports the time,
 * the peak resident memory of that process, and that of a process that only loads the reader.
 *
 *   npx tsx backend/src/import/zotero-rdf/testing/measure-large-export.ts [N]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readZoteroRdf } from '../read-zotero-rdf';
import { writeZoteroRdfExport, type ExportCollection, type ExportItem } from './zotero-rdf-export';

const self = fileURLToPath(import.meta.url);

async function measureRead(dir: string): Promise<void> {
  const started = performance.now();
  const reading = dir === '--load-only' ? undefined : await readZoteroRdf(dir);
  const ms = performance.now() - started;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  process.stdout.write(
    JSON.stringify({
      ms: Math.round(ms),
      peakMb: Math.round(peakMb),
      heapMb: Math.round(heapMb),
      items: reading?.items.length ?? 0,
      files: reading?.items.reduce((n, i) => n + i.files.length, 0) ?? 0,
      missing: reading?.items.reduce((n, i) => n + i.files.filter((f) => !f.exists).length, 0) ?? 0,
      skipped: reading?.skipped.length ?? 0,
    }),
  );
}

function syntheticLibrary(n: number): { items: ExportItem[]; collections: ExportCollection[] } {
  const items: ExportItem[] = [];
  for (let i = 0; i < n; i++) {
    const id = 10 * (i + 1);
    items.push({
      id,
      itemType: 'journalArticle',
      fields: {
        title: `Artículo ${i}: sobre la lectura lenta y la memoria de los textos`,
        publicationTitle: `Revista ${i % 200}`,
        volume: String(1 + (i % 40)),
        issue: String(1 + (i % 4)),
        pages: `${i % 300}-${(i % 300) + 20}`,
        date: `${1950 + (i % 75)}-0${1 + (i % 9)}-1${i % 10}`,
        DOI: `10.1234/lectura.${i}`,
        ISSN: `0034-${String(8000 + (i % 200)).padStart(4, '0')}`,
        url: `https://example.org/articulo/${i}`,
        language: i % 2 ? 'es' : 'en',
        abstractNote: 'Un estudio de la lectura. '.repeat(20),
      },
      creators: [
        { creatorType: 'author', lastName: `Pérez ${i}`, firstName: 'Ana María' },
        { creatorType: 'author', lastName: '王', firstName: `小波${i}` },
        { creatorType: 'editor', lastName: 'Арсеньев', firstName: 'Владимир' },
      ],
      tags: [`tema ${i % 30}`, { tag: `auto ${i % 7}`, type: 1 }],
      notes: [{ id: id + 1, html: `<p>Nota ${i}: <b>leer</b> otra vez.</p>` }],
      attachments: [
        {
          id: id + 2,
          linkMode: 1,
          title: 'Full Text PDF',
          contentType: 'application/pdf',
          fileName: `Pérez - ${i} - Artículo.pdf`,
          fileMissing: i % 10 === 9,
        },
      ],
    });
  }
  const collections: ExportCollection[] = Array.from({ length: 10 }, (_, c) => ({
    id: 1000000 + c,
    name: `Tema ${c}`,
    children: Array.from({ length: 4 }, (_, s) => ({
      id: 1000000 + 10 * (c + 1) + s,
      name: `Subtema ${c}.${s}`,
      children: items.filter((_, i) => i % 40 === c * 4 + s).map((it) => it.id),
    })),
  }));
  return { items, collections };
}

async function main(): Promise<void> {
  if (process.argv[2] === '--read') return measureRead(process.argv[3]!);
  const n = Number(process.argv[2] ?? 5000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-rdf-large-'));
  try {
    const { items, collections } = syntheticLibrary(n);
    const { rdfFile } = writeZoteroRdfExport(dir, items, collections, { pathElement: 'rdf:resource' });
    const mb = fs.statSync(rdfFile).size / 2 ** 20;
    const run = (arg: string) =>
      JSON.parse(
        execFileSync(process.execPath, [...process.execArgv, self, '--read', arg], { encoding: 'utf8' }),
      ) as Record<string, number>;
    const baseline = run('--load-only');
    const read = run(dir);
    console.log(`${n} items, ${mb.toFixed(1)} MB of RDF`);
    console.log(`reader loaded only: peak RSS ${baseline.peakMb} MB`);
    console.log(
      `read: ${read.ms} ms, peak RSS ${read.peakMb} MB (heap after ${read.heapMb} MB); ` +
        `${read.items} items, ${read.files} files (${read.missing} missing), ${read.skipped} skipped`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();

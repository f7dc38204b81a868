/**
 * Importing a Zotero library: `npm run bench:import` (issue 34). A library of `--items N` (220 by default)
 * journal articles (`--with-files N`: the first N with a file, the rest references only), each with its own 4-page PDF of a SciFact abstract, two authors, a DOI, a tag, in nested
 * collections, is built with Zotero's own schema (the zotero/zotero snapshot, FOLIO_ZOTERO_REPO) and
 * imported by `folio import zotero` (compiled, as `npm run folio` runs it) on a fresh store, which reads the
 * files before it ends; then again, which must add nothing. The reference, in the same run: the same PDFs
 * uploaded one by one to a `folio serve` on another fresh store and read there. Peaks are the RSS of the
 * process and the processes it started (the reader, the store's creation), sampled every 200 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSamplePdf } from '../../test/fixtures/sample-pdf';
import { API_KEY, freePort, serveEnv, spawnFolio, startServe } from '../../test/support/folio-process';
import { LINK_MODE } from '../src/import/zotero/attachment-path';
import { ZoteroTestLibrary } from '../src/import/zotero/testing/zotero-database';
import { zoteroRepo, zoteroSchemaSql } from '../src/import/zotero/testing/zotero-schema-files';
import { createTestStore, REPO_ROOT } from '../src/testing/harness';
import { descendantsKb, rssKb } from './process-memory';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ITEMS = Number(arg('items') ?? 220);
/** Items that have a PDF: the first N (all by default); the rest are references only. */
const WITH_FILES = Math.min(ITEMS, Number(arg('with-files') ?? ITEMS));
const CORPUS = path.join(REPO_ROOT, '..', 'shared', 'fixtures', 'scifact', 'corpus.jsonl');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Latin-1 only: the sample PDFs are written in WinAnsi. */
const latin1 = (s: string) => s.replace(/[^\x20-\xff]/g, '');

/** The library, and the PDFs it holds (for the reference uploads). */
function buildLibrary(root: string): string[] {
  const lines = fs.readFileSync(CORPUS, 'utf8').split('\n').filter(Boolean).slice(0, ITEMS);
  const z = new ZoteroTestLibrary(path.join(root, 'Zotero'), zoteroSchemaSql());
  const top = z.addCollection('Tesis');
  const collections = [
    z.addCollection('Capítulo 1', top),
    z.addCollection('Capítulo 2', top),
    z.addCollection('Lecturas'),
  ];
  const files: string[] = [];
  lines.forEach((line, i) => {
    const doc = JSON.parse(line) as { doc_id: number; title: string; abstract: string[] };
    const words = latin1(doc.abstract.join(' ')).split(' ');
    const pages = Array.from({ length: 4 }, (_, p) =>
      Array.from({ length: 30 }, (_, l) => {
        const from = ((p * 30 + l) * 10) % Math.max(1, words.length - 10);
        return words.slice(from, from + 10).join(' ');
      }),
    );
    const year = 1990 + (i % 30);
    const item = z.addItem(
      'journalArticle',
      {
        title: doc.title,
        date: `${year}-01-01 ${year}`,
        publicationTitle: 'SciFact',
        DOI: `10.5555/scifact.${doc.doc_id}`,
      },
      [
        { last: `Autor${i}`, first: 'Ana' },
        { last: 'Pérez García', first: 'Luis' },
      ],
    );
    z.collect(collections[i % 3]!, item.id);
    z.tag(item.id, 'scifact');
    if (i >= WITH_FILES) return;
    const pdf = buildSamplePdf({ title: latin1(doc.title), pages });
    const name = `doc-${doc.doc_id}.pdf`;
    const attachment = z.addAttachment(
      { parentID: item.id, linkMode: LINK_MODE.importedFile, path: `storage:${name}`, contentType: 'application/pdf' },
      pdf,
    );
    files.push(path.join(root, 'Zotero', 'storage', attachment.key, name));
  });
  z.close();
  return files;
}

/** Samples the RSS of `pid` and its descendants every 200 ms; the peak in MB. */
function sampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid) + descendantsKb(pid));
    } catch {
      /* exited */
    }
  }, 200);
  return () => (clearInterval(timer), peak / 1024);
}

async function importOnce(env: NodeJS.ProcessEnv, dataDir: string) {
  const started = performance.now();
  const proc = spawnFolio(['import', 'zotero', dataDir, '--user', 'bench@example.org'], env);
  const peak = sampler(proc.child.pid!);
  await proc.closed;
  const seconds = (performance.now() - started) / 1000;
  if (proc.child.exitCode !== 0) throw new Error(`import failed: ${proc.stderr()}`);
  const summary = /Nuevos: .*/.exec(proc.stdout())?.[0] ?? proc.stdout();
  return { seconds, peak: peak(), summary };
}

async function main() {
  if (!zoteroRepo.present || !fs.existsSync(CORPUS)) {
    console.log(`Skipped: needs ${zoteroRepo.title('the zotero/zotero snapshot')} and ${CORPUS}.`);
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-import-'));
  const storeA = await createTestStore();
  const storeB = await createTestStore();
  try {
    const files = buildLibrary(root);
    const env = serveEnv(storeA, await freePort());
    const first = await importOnce(env, path.join(root, 'Zotero'));
    const second = await importOnce(env, path.join(root, 'Zotero'));

    // The reference: the same files uploaded to a served Folio and read there.
    const port = await freePort();
    const served = await startServe(serveEnv(storeB, port, { FOLIO_RATE_LIMIT: '0' }), port);
    let reference: { seconds: number; peak: number; read: number };
    try {
      const key = API_KEY.exec(served.stdout())![0];
      const headers = { Authorization: `Bearer ${key}` };
      const base = `http://127.0.0.1:${port}/api/v1`;
      const started = performance.now();
      const peak = sampler(served.child.pid!);
      const ids: string[] = [];
      for (const f of files) {
        const res = await fetch(`${base}/documentos?nombre=${path.basename(f)}&esperar=0`, {
          method: 'POST',
          body: fs.readFileSync(f),
          headers,
        });
        ids.push(((await res.json()) as { id: string }).id);
      }
      let read = 0;
      for (const id of ids) {
        for (;;) {
          const doc = (await (await fetch(`${base}/documentos/${id}`, { headers })).json()) as { estado: string };
          if (doc.estado === 'listo' || doc.estado === 'error') {
            if (doc.estado === 'listo') read++;
            break;
          }
          await sleep(250);
        }
      }
      reference = { seconds: (performance.now() - started) / 1000, peak: peak(), read };
    } finally {
      await served.stop();
    }

    console.log(
      `## Importing a Zotero library of ${ITEMS} items, ${files.length} of them with their own PDF (fresh store)\n`,
    );
    console.log('| run | wall time | peak RSS (process and children) | outcome |');
    console.log('|---|---:|---:|---|');
    console.log(
      `| \`folio import zotero\`, first run (imports and reads) | ${first.seconds.toFixed(1)} s | ${first.peak.toFixed(0)} MB | ${first.summary} |`,
    );
    console.log(
      `| \`folio import zotero\`, second run | ${second.seconds.toFixed(1)} s | ${second.peak.toFixed(0)} MB | ${second.summary} |`,
    );
    console.log(
      `| reference: the same PDFs uploaded to \`folio serve\` and read | ${reference.seconds.toFixed(1)} s | ${reference.peak.toFixed(0)} MB | ${reference.read} of ${files.length} read |`,
    );
  } finally {
    await storeA.drop();
    await storeB.drop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();

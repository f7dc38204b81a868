import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitSnapshot, type GitSnapshot } from '../../ingest/testing/git-snapshot';
import type { LibraryReading } from '../imported-item';
import { ImportSourceError } from '../import-source-error';
import { readBibliographyFile } from './read-bibliography-file';
import { exportText } from './text-encoding';

// Exports other people made: JabRef's and Better BibTeX's own test libraries, read from git snapshots.
const jabref = gitSnapshot('JabRef/jabref', 'FOLIO_JABREF_REPO');
const bbt = gitSnapshot('retorquere/zotero-better-bibtex', 'FOLIO_BBT_REPO');

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-bib-real-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Tally {
  files: number;
  absent: number;
  items: number;
  skipped: number;
  errors: number;
  withFiles: number;
  collections: number;
}

/** BibTeX entry heads at a line's start (`@article{`, and a broken `@Article,`), macros and comments left out. */
const ENTRY_HEAD = /^\s*@\s*(?!string\b|preamble\b|comment\b)[a-z_][\w:+-]*\s*[{(,]/gim;

/**
 * Reads each of `paths` from `snapshot` as an export; a file git holds only as a pointer counts as absent.
 * In a BibTeX file, every entry is an item or skipped: as many as the file has entry heads.
 */
async function readAll(snapshot: GitSnapshot, paths: string[]): Promise<Tally> {
  const tally: Tally = { files: 0, absent: 0, items: 0, skipped: 0, errors: 0, withFiles: 0, collections: 0 };
  for (const [i, p] of paths.entries()) {
    let bytes: Buffer;
    try {
      bytes = snapshot.file(p);
    } catch {
      tally.absent++; // the snapshot leaves its largest files out
      continue;
    }
    const file = path.join(dir, `${i}${path.extname(p).replace(/"$/, '')}`);
    await writeFile(file, bytes);
    tally.files++;
    let reading: LibraryReading;
    try {
      reading = await readBibliographyFile(file);
    } catch (error) {
      expect(error, p).toBeInstanceOf(ImportSourceError);
      expect((error as ImportSourceError).mensaje, p).toMatch(/no es|no CSL-JSON|vacío/);
      tally.errors++;
      continue;
    }
    for (const item of reading.items) {
      expect(item.key, p).toBeTypeOf('string');
      expect(item.record.type, p).toBeTruthy();
      for (const f of item.files) expect(path.isAbsolute(f.path) || /^[A-Za-z]:\\/.test(f.path), p).toBe(true);
    }
    for (const s of reading.skipped) expect(s.motivo, p).toMatch(/\S/);
    if (reading.origen.startsWith('Bib')) {
      const heads = exportText(bytes).match(ENTRY_HEAD)?.length ?? 0;
      expect(reading.items.length + reading.skipped.length, p).toBe(heads);
    }
    tally.items += reading.items.length;
    tally.skipped += reading.skipped.length;
    tally.withFiles += reading.items.filter((i) => i.files.length).length;
    tally.collections += reading.items.filter((i) => i.collections.length).length;
  }
  return tally;
}

const ext =
  (...exts: string[]) =>
  (p: string) =>
    exts.some((e) => p.toLowerCase().replace(/"$/, '').endsWith(e));

describe('bibliography exports of real libraries', () => {
  it.skipIf(!jabref.present)(
    jabref.title('reads every .bib and .ris of JabRef: items, or skipped with why, or ImportSourceError'),
    async () => {
      const paths = jabref.paths();
      const bib = await readAll(jabref, paths.filter(ext('.bib')));
      const ris = await readAll(jabref, paths.filter(ext('.ris')));
      console.log('JabRef .bib', bib, 'JabRef .ris', ris);
      expect(bib.items).toBeGreaterThan(500);
      expect(bib.withFiles).toBeGreaterThan(20);
      expect(bib.collections).toBeGreaterThan(0);
      expect(ris.items).toBeGreaterThan(10);
    },
    600_000,
  );

  it.skipIf(!bbt.present)(
    bbt.title('reads every .bib, .biblatex, .bibtex and .csl.json of Better BibTeX the same way'),
    async () => {
      const paths = bbt.paths().filter((p) => p.startsWith('test/fixtures/'));
      const bib = await readAll(bbt, paths.filter(ext('.bib', '.biblatex', '.bibtex')));
      const csl = await readAll(bbt, paths.filter(ext('.csl.json')));
      // Better BibTeX's test libraries are Zotero's JSON, no CSL-JSON: each must be told apart, not misread.
      const zoteroJson = await readAll(
        bbt,
        paths.filter((p) => p.startsWith('test/fixtures/import/') && ext('.json')(p)),
      );
      console.log('Better BibTeX .bib/.biblatex/.bibtex', bib, 'CSL-JSON', csl, 'Zotero JSON', zoteroJson);
      expect(bib.items).toBeGreaterThan(500);
      expect(bib.withFiles).toBeGreaterThan(20);
      expect(csl.items).toBeGreaterThan(20);
      expect(zoteroJson.items).toBe(0);
    },
    600_000,
  );
});

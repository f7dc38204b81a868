import fs from 'node:fs/promises';
import path from 'node:path';
import type { LibraryReading } from './imported-item';
import { ImportSourceError } from './import-source-error';

/** Which reader took an upload: a Zotero RDF export, or a bibliography file (BibTeX/BibLaTeX, RIS, CSL-JSON). */
export type ExportReader = 'zotero-rdf' | 'bibliografia';

/** What `readExportFolder` found and read. */
export interface ExportReading {
  reader: ExportReader;
  /** The file the reading began from, relative to the folder ('Exported Items.rdf', 'refs/biblioteca.bib'). */
  file: string;
  reading: LibraryReading;
}

/** Extensions of a bibliography export, in the order one is preferred when a folder holds several. */
const BIBLIOGRAPHY = ['.bib', '.bibtex', '.biblatex', '.ris', '.json', '.csljson'];

/** Reads a Zotero RDF export; an upload's absolute links and links out of it are not followed. */
async function readZoteroRdfExport(rdfFile: string): Promise<LibraryReading> {
  const { readZoteroRdf } = await import('./zotero-rdf/read-zotero-rdf');
  return readZoteroRdf(rdfFile);
}

/** Every file under `dir`, relative, breadth first (a file nearer the top first), macOS's metadata left out. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  let level = [''];
  while (level.length) {
    const next: string[] = [];
    for (const rel of level) {
      const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (e.name === '__MACOSX' || e.name.startsWith('._')) continue;
        const child = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) next.push(child);
        else if (e.isFile()) out.push(child);
      }
    }
    level = next;
  }
  return out;
}

/**
 * Reads a library exported from elsewhere: one export file (see `readExportFile`), or a folder it was
 * unpacked in. A folder with a `.rdf` is a Zotero RDF
 * export (read with its files); otherwise the bibliography file nearest the top (.bib, then .ris, then .json)
 * is read with `readBibliographyFile`, its relative file paths resolved against `filesDir` when given (the
 * unpacked zip of its files), else against its own folder. A folder with neither is not a library:
 * `ImportSourceError`.
 */
export async function readExportFolder(folder: string, opts: { filesDir?: string } = {}): Promise<ExportReading> {
  if ((await fs.stat(folder)).isFile()) return readExportFile(folder, opts);
  const files = await filesUnder(folder);
  const rdf = files.find((f) => path.extname(f).toLowerCase() === '.rdf');
  if (rdf) {
    return { reader: 'zotero-rdf', file: rdf, reading: await readZoteroRdfExport(path.join(folder, rdf)) };
  }
  const bibliography = files
    .filter((f) => BIBLIOGRAPHY.includes(path.extname(f).toLowerCase()))
    .sort((a, b) => rankOf(a) - rankOf(b))[0];
  if (!bibliography) {
    throw new ImportSourceError(
      'no_es_la_fuente',
      'No es una biblioteca: no contiene una exportación Zotero RDF (.rdf) ni un archivo BibTeX (.bib), RIS (.ris) ' +
        'o CSL-JSON (.json).',
      'No Zotero RDF, BibTeX, RIS or CSL-JSON file in the upload',
    );
  }
  const { readBibliographyFile } = await import('./bibliography/read-bibliography-file');
  const reading = await readBibliographyFile(path.join(folder, bibliography), { filesDir: opts.filesDir });
  return { reader: 'bibliografia', file: bibliography, reading };
}

/**
 * Reads one export file: a `.rdf` as Zotero RDF, anything else as a bibliography whatever its extension
 * (`readBibliographyFile` tells BibTeX, RIS and CSL-JSON from the content, and says when it is none of them).
 */
async function readExportFile(file: string, opts: { filesDir?: string }): Promise<ExportReading> {
  const name = path.basename(file);
  if (path.extname(file).toLowerCase() === '.rdf') {
    return { reader: 'zotero-rdf', file: name, reading: await readZoteroRdfExport(file) };
  }
  const { readBibliographyFile } = await import('./bibliography/read-bibliography-file');
  return { reader: 'bibliografia', file: name, reading: await readBibliographyFile(file, { filesDir: opts.filesDir }) };
}

/** A bibliography near the top first, then by kind (.bib before .ris before .json). */
const rankOf = (f: string) => f.split('/').length * 100 + BIBLIOGRAPHY.indexOf(path.extname(f).toLowerCase());

/**
 * The reading with every file it names outside `root` (the upload's folder) marked missing: an export sent
 * to a server may name any path (`file = {/etc/passwd}`, `../../`), and only what the user uploaded is theirs
 * to import. Paths are compared after resolving links.
 */
export async function confineToFolder(reading: LibraryReading, root: string): Promise<LibraryReading> {
  const real = await fs.realpath(root);
  const inside = async (file: string) => {
    let resolved: string;
    try {
      resolved = await fs.realpath(file);
    } catch {
      resolved = path.resolve(file);
    }
    const rel = path.relative(real, resolved);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  };
  const items = [];
  for (const item of reading.items) {
    const files = [];
    for (const f of item.files) files.push(f.exists && !(await inside(f.path)) ? { ...f, exists: false } : f);
    items.push({ ...item, files });
  }
  return { ...reading, items };
}

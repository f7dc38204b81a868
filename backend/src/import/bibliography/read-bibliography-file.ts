import fs from 'node:fs/promises';
import path from 'node:path';
import type { LibraryReading } from '../imported-item';
import { ImportSourceError } from '../import-source-error';
import { readBibtex } from './read-bibtex';
import { exportText } from './text-encoding';
import { readCslJson } from './read-csl-json';
import { readRis } from './read-ris';

/** Options of `readBibliographyFile`. */
export interface BibliographyOptions {
  /** The folder relative file paths are in; the export's own folder when not given. */
  filesDir?: string;
}

/** A BibTeX entry's head: `@article{key,` or `@book(key,`. */
const BIBTEX_ENTRY = /@\s*[A-Za-z_][\w:+-]*\s*[{(]/;
/** A RIS record's first tag. */
const RIS_RECORD = /^TY {2}- ?/m;

/** CSL-JSON's list of items, or `undefined` when `text` is no JSON; a JSON that is not CSL-JSON throws. */
function cslList(text: string, name: string): unknown[] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A single item, as citation-js and some web pages give one reference.
  const list = Array.isArray(data) ? data : [data];
  const csl = list.length > 0 && list.every((i) => i && typeof i === 'object' && 'type' in i);
  if (csl) return list;
  throw new ImportSourceError(
    'no_es_la_fuente',
    `${name} es un JSON, pero no CSL-JSON (una lista de referencias con id y type).`,
    `${name} is JSON but not CSL-JSON (a list of items with id and type)`,
  );
}

/**
 * The items of a bibliography export — BibTeX/BibLaTeX (JabRef, Better BibTeX, Zotero, Mendeley,
 * Paperpile), RIS or CSL-JSON — read by citation-js, with the files each names: relative paths against
 * `filesDir` or the export's folder, each checked on disk. The format is told from the content, whatever
 * the file's extension; a file of none of the three throws `ImportSourceError`.
 */
export async function readBibliographyFile(file: string, opts: BibliographyOptions = {}): Promise<LibraryReading> {
  const name = path.basename(file);
  const text = exportText(await fs.readFile(file));
  if (!text.trim()) throw new ImportSourceError('no_es_la_fuente', `${name} está vacío.`, `${name} is empty`);
  const base = {
    exportDir: path.dirname(path.resolve(file)),
    ...(opts.filesDir && { filesDir: path.resolve(opts.filesDir) }),
  };
  if (/^\s*[[{]/.test(text)) {
    const list = cslList(text, name);
    if (list) return readCslJson(list);
  }
  if (RIS_RECORD.test(text)) return readRis(text, base);
  if (BIBTEX_ENTRY.test(text)) return readBibtex(text, base);
  throw new ImportSourceError(
    'no_es_la_fuente',
    `${name} no es una exportación BibTeX/BibLaTeX, RIS ni CSL-JSON.`,
    `${name} is not a BibTeX/BibLaTeX, RIS or CSL-JSON export`,
  );
}

import fs from 'node:fs';
import path from 'node:path';
import { ImportSourceError } from '../import-source-error';

/** Folders of an unzipped export that never hold its .rdf: its files, and what macOS's zip adds. */
const NOT_THE_EXPORT = new Set(['files', '__MACOSX']);

function rdfFilesIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.rdf$/i.test(e.name) && !e.name.startsWith('._'))
    .map((e) => path.join(dir, e.name));
}

/** The export's .rdf: `target` itself, the one .rdf in the folder, or in the one folder it holds. */
export function findExportFile(target: string): string {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) {
    throw new ImportSourceError(
      'no_existe',
      `No existe ${target}. Indique el archivo .rdf de una exportación «Zotero RDF» o la carpeta que lo contiene.`,
      `No such file or directory: ${target}`,
    );
  }
  if (stat.isFile()) return target;
  let found = rdfFilesIn(target);
  if (found.length === 0) {
    // A zip of the export's folder unzips to a folder holding that folder.
    const inner = fs
      .readdirSync(target, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !NOT_THE_EXPORT.has(e.name) && !e.name.startsWith('.'));
    if (inner.length === 1) found = rdfFilesIn(path.join(target, inner[0]!.name));
  }
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new ImportSourceError(
      'sin_base_de_datos',
      `La carpeta ${target} no contiene ningún archivo .rdf: no parece una exportación «Zotero RDF» (en Zotero: Archivo → Exportar biblioteca… → formato Zotero RDF, con «Exportar archivos»).`,
      `No .rdf file in ${target}`,
    );
  }
  const names = found.map((f) => path.basename(f)).join(', ');
  throw new ImportSourceError(
    'no_es_la_fuente',
    `La carpeta ${target} contiene varios archivos .rdf (${names}): indique cuál importar.`,
    `Several .rdf files in ${target}: ${names}`,
  );
}

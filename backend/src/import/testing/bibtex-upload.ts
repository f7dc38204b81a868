import fs from 'node:fs';
import path from 'node:path';
import { writeZip } from '../../formats/write-zip';
import { fixturePath } from '../../testing/fixtures';

/** The outside material's real PDFs (pdf.js's and py-pdf's test files), a library's files in import tests. */
export const IMPORT_PDFS = fixturePath('pdfs');

/** The PDFs a test library names, by file name, with the titles their entries give them. */
export const LIBRARY_PDFS = [
  { file: 'labelled_pages.pdf', key: 'etiquetas2019', title: 'Páginas con etiquetas' },
  { file: 'pdflatex-4-pages.pdf', key: 'cuatro2020', title: 'Cuatro páginas de pdfLaTeX' },
  { file: 'rotation.pdf', key: 'rotacion2021', title: 'Rotación de páginas' },
] as const;

/**
 * A BibTeX export as JabRef writes it: three entries with their PDFs (`file = {:name.pdf:PDF}`), one whose
 * file is missing, one naming a file outside the upload (`/etc/hostname`), one with no file, and LaTeX accents.
 */
export function bibtexLibrary(): string {
  const entries = LIBRARY_PDFS.map(
    (p, i) => `@article{${p.key},
  author = {Garc{\\'\\i}a, Ana and Nu{\\~n}ez, Luis},
  title = {${p.title.replace('á', "{\\'a}").replace('ó', "{\\'o}")}},
  journal = {Revista de Pruebas},
  year = {${2019 + i}},
  file = {:${p.file}:PDF}
}`,
  );
  return [
    ...entries,
    `@book{faltante2018,
  author = {Pérez, Rosa},
  title = {Un libro cuyo archivo falta},
  year = {2018},
  file = {:no-esta.pdf:PDF}
}`,
    `@misc{fuera2017,
  author = {Ajeno, Juan},
  title = {Un archivo fuera de la subida},
  year = {2017},
  file = {:/etc/hostname:PDF}
}`,
    `@misc{sinarchivo2016,
  author = {Vacío, Eva},
  title = {Una referencia sin archivo},
  year = {2016}
}`,
  ].join('\n\n');
}

/** A zip of the library's PDFs (`archivos`), read from the shared fixtures. */
export function pdfsZip(): Uint8Array {
  return writeZip(LIBRARY_PDFS.map((p) => ({ name: p.file, data: fs.readFileSync(path.join(IMPORT_PDFS, p.file)) })));
}

/** One zip holding the export and, in a folder beside it, its files (`biblioteca.bib`, `files/…`). */
export function libraryZip(): Uint8Array {
  const bib = bibtexLibrary().replaceAll('{:', '{:files/');
  return writeZip([
    { name: 'biblioteca/biblioteca.bib', data: Buffer.from(bib) },
    ...LIBRARY_PDFS.map((p) => ({
      name: `biblioteca/files/${p.file}`,
      data: fs.readFileSync(path.join(IMPORT_PDFS, p.file)),
    })),
  ]);
}

/** A multipart body of an import: `archivo`, optionally `archivos`, and text fields. */
export function importForm(
  archivo: { name: string; data: Uint8Array | string },
  archivos?: { name: string; data: Uint8Array | string },
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const blob = (data: Uint8Array | string) => new Blob([typeof data === 'string' ? data : Buffer.from(data)]);
  form.append('archivo', blob(archivo.data), archivo.name);
  if (archivos) form.append('archivos', blob(archivos.data), archivos.name);
  return form;
}

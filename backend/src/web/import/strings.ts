import type { Strings } from '../i18n';
import { fillPlaceholders } from '../i18n';

const es = {
  title: 'Importar',
  intro:
    'Trae tu biblioteca de Zotero, JabRef, Mendeley o Paperpile con sus archivos. Cada referencia con su PDF (o EPUB, o documento) entra en tu biblioteca con los datos que ya corregiste allí: título, autores, año, revista… Folio no los cambia al leer el archivo.',
  how_title: 'Qué subir',
  how_zotero_title: 'Desde Zotero',
  how_zotero:
    'Archivo → Exportar biblioteca…, formato «Zotero RDF» con «Exportar archivos» marcado. Zotero crea una carpeta con un .rdf y los archivos: comprímela en un .zip y súbela aquí.',
  how_bib_title: 'Desde otro gestor (o desde Zotero en BibTeX)',
  how_bib:
    'Un archivo BibTeX o BibLaTeX (.bib), RIS (.ris) o CSL-JSON (.json), y un .zip con los archivos que nombra (o un solo .zip con el archivo y sus archivos dentro).',
  how_again:
    'Puedes volver a importar la misma biblioteca cuando quieras: solo se añade lo nuevo, nada se duplica y no se tocan las correcciones que hiciste en Folio.',
  archivo_label: 'La exportación',
  archivo_hint: 'Un .zip de Zotero RDF, un .bib, .ris o .json, o un .zip que contenga uno con sus archivos.',
  archivos_label: 'Los archivos (opcional)',
  archivos_hint: 'Un .zip con los PDF y demás archivos que nombra el .bib, .ris o .json.',
  origen_label: 'Nombre de la biblioteca (opcional)',
  origen_hint:
    'Por defecto, el nombre del archivo. Importar otra vez con el mismo nombre solo añade lo nuevo; usa otro nombre para otra biblioteca.',
  limit: 'Hasta {size} en total (los dos archivos juntos).',
  submit: 'Importar',
  recent: 'Importaciones anteriores',
  recent_item: '{archivo} · {fecha}',
  estado_en_cola: 'en cola',
  estado_procesando: 'en curso',
  estado_listo: 'terminada',
  estado_error: 'con error',
  working_title: 'Importando…',
  working_queued: 'La importación de «{archivo}» está en cola.',
  working_reading: 'Leyendo la exportación «{archivo}»…',
  working_progress: '{hechos} de {total} elementos',
  working_note:
    'Puedes cerrar esta página: la importación sigue. Sin JavaScript, la página se actualiza sola cada pocos segundos.',
  refresh: 'Actualizar ahora',
  done_so_far: 'Hechos hasta ahora',
  report_title: 'Importación terminada',
  report_intro: '«{archivo}» ({origen}), en {segundos} s.',
  report_reading:
    'Los archivos nuevos se leen ahora en segundo plano: cada documento se puede buscar en cuanto está listo.',
  count_nuevo: 'Nuevos',
  count_ya_estaba: 'Ya estaban en tu biblioteca',
  count_referencia: 'Solo referencia',
  count_archivo_nuevo: 'Referencias con su archivo ahora',
  count_sin_cambios: 'Importados antes',
  count_omitido: 'No importados',
  item_nuevo: 'Nuevo',
  item_ya_estaba: 'Ya estaba',
  item_referencia: 'Solo referencia',
  item_archivo_nuevo: 'Ahora con su archivo',
  item_sin_cambios: 'Importado antes',
  item_omitido: 'No importado',
  new_docs: 'Documentos nuevos',
  existing_docs: 'Ya estaban (tomaron los datos que les faltaban)',
  unchanged_docs: 'Importados antes (sin cambios)',
  reference_docs: 'Solo referencia (sin archivo: se pueden citar y exportar, no leer ni buscar en su texto)',
  file_now_docs: 'Referencias que ahora tienen su archivo (se leen en el mismo documento)',
  collections: 'Colecciones',
  skipped: 'No importados, y por qué',
  missing: 'Archivos que faltan',
  missing_hint: 'La exportación los nombra, pero no estaban en lo que subiste.',
  left_out: 'Lo que Folio aún no guarda',
  left_otros_adjuntos: '{n} adjuntos más de un mismo elemento (se lee el mejor: PDF, luego EPUB…)',
  left_notas: '{n} notas',
  left_otras_colecciones: '{n} pertenencias a una segunda colección (cada documento va a la primera)',
  nothing_left_out: 'Nada de lo que se importó esta vez quedó fuera.',
  open: 'Abrir',
  to_library: 'Ver la biblioteca',
  again: 'Importar otra biblioteca',
  more: '… y {n} más en la biblioteca.',
  error_title: 'No se pudo importar',
  job_failed: 'La importación de «{archivo}» terminó con error: {error}',
  not_found: 'Esta importación no existe o no es tuya.',
  failed: 'No se pudo importar: {reason}',
  missing_file: 'Elige la exportación de tu biblioteca.',
} as const;

export type ImportStringKey = keyof typeof es;

const en: Record<ImportStringKey, string> = {
  title: 'Import',
  intro:
    'Bring your library from Zotero, JabRef, Mendeley or Paperpile with its files. Each reference with its PDF (or EPUB, or document) joins your library with the details you already corrected there: title, authors, year, journal… Folio does not change them when it reads the file.',
  how_title: 'What to upload',
  how_zotero_title: 'From Zotero',
  how_zotero:
    'File → Export Library…, format “Zotero RDF” with “Export Files” ticked. Zotero makes a folder with an .rdf and the files: zip it and upload it here.',
  how_bib_title: 'From another manager (or from Zotero as BibTeX)',
  how_bib:
    'A BibTeX or BibLaTeX (.bib), RIS (.ris) or CSL-JSON (.json) file, and a .zip of the files it names (or one .zip with the file and its files inside).',
  how_again:
    'You can import the same library again whenever you like: only what is new is added, nothing is duplicated and the corrections you made in Folio are kept.',
  archivo_label: 'The export',
  archivo_hint: 'A Zotero RDF .zip, a .bib, .ris or .json, or a .zip holding one with its files.',
  archivos_label: 'The files (optional)',
  archivos_hint: 'A .zip of the PDFs and other files the .bib, .ris or .json names.',
  origen_label: 'Name of the library (optional)',
  origen_hint:
    'The file’s name by default. Importing again under the same name adds only what is new; use another name for another library.',
  limit: 'Up to {size} in all (both files together).',
  submit: 'Import',
  recent: 'Earlier imports',
  recent_item: '{archivo} · {fecha}',
  estado_en_cola: 'queued',
  estado_procesando: 'running',
  estado_listo: 'done',
  estado_error: 'failed',
  working_title: 'Importing…',
  working_queued: 'The import of “{archivo}” is queued.',
  working_reading: 'Reading the export “{archivo}”…',
  working_progress: '{hechos} of {total} items',
  working_note:
    'You may close this page: the import goes on. Without JavaScript, the page refreshes itself every few seconds.',
  refresh: 'Refresh now',
  done_so_far: 'Done so far',
  report_title: 'Import finished',
  report_intro: '“{archivo}” ({origen}), in {segundos} s.',
  report_reading:
    'The new files are being read in the background now: each document can be searched as soon as it is ready.',
  count_nuevo: 'New',
  count_ya_estaba: 'Already in your library',
  count_referencia: 'Reference only',
  count_archivo_nuevo: 'References with their file now',
  count_sin_cambios: 'Imported before',
  count_omitido: 'Not imported',
  item_nuevo: 'New',
  item_ya_estaba: 'Already there',
  item_referencia: 'Reference only',
  item_archivo_nuevo: 'Now with its file',
  item_sin_cambios: 'Imported before',
  item_omitido: 'Not imported',
  new_docs: 'New documents',
  existing_docs: 'Already there (they took the details they lacked)',
  unchanged_docs: 'Imported before (unchanged)',
  reference_docs: 'Reference only (no file: they can be cited and exported, not read or searched)',
  file_now_docs: 'References that now have their file (read into the same document)',
  collections: 'Collections',
  skipped: 'Not imported, and why',
  missing: 'Missing files',
  missing_hint: 'The export names them, but they were not in what you uploaded.',
  left_out: 'What Folio does not keep yet',
  left_otros_adjuntos: '{n} further attachments of one item (the best is read: PDF, then EPUB…)',
  left_notas: '{n} notes',
  left_otras_colecciones: '{n} memberships of a second collection (each document goes to its first)',
  nothing_left_out: 'Nothing of what was imported this time was left out.',
  open: 'Open',
  to_library: 'See the library',
  again: 'Import another library',
  more: '… and {n} more in the library.',
  error_title: 'Could not import',
  job_failed: 'The import of “{archivo}” ended with an error: {error}',
  not_found: 'This import does not exist or is not yours.',
  failed: 'Could not import: {reason}',
  missing_file: 'Choose your library’s export.',
};

const TABLES = { es, en } as const;

/** The Import page's strings in the page's language. */
export function importStrings(s: Strings) {
  const table: Record<ImportStringKey, string> = TABLES[s.lang];
  return (key: ImportStringKey, vars: Record<string, string | number> = {}) => fillPlaceholders(table[key], vars);
}

export type ImportT = ReturnType<typeof importStrings>;

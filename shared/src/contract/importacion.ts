import { z } from 'zod';
import { Estado } from './documento';
import { Esperar } from './requests';

/*
 * Importing a library (POST /importaciones, GET /importaciones/{id}): an extension of the contract. A Zotero RDF
 * export or a BibTeX/BibLaTeX, RIS or CSL-JSON file with its files becomes documents of the caller's library,
 * in a job polled like a cite job.
 */

/** What happened to one item of the imported library. */
export const RESULTADOS_IMPORTACION = [
  'nuevo',
  'ya_estaba',
  'referencia',
  'archivo_nuevo',
  'sin_cambios',
  'omitido',
] as const;
export type ResultadoImportacion = (typeof RESULTADOS_IMPORTACION)[number];

export const ElementoImportado = z
  .object({
    clave: z.string().describe("The item's own key in its source (Zotero item key, BibTeX citation key, RIS ID)."),
    titulo: z.string(),
    resultado: z
      .enum(RESULTADOS_IMPORTACION)
      .describe(
        'nuevo: its file became a new document, read by the queue. ya_estaba: its file was already in the library; ' +
          'that document took the fields its user had left empty. referencia: it has no file in the upload; a new ' +
          'document with its reference only (`solo_referencia`), cite-able and exported, with no text. archivo_nuevo: ' +
          'imported before as a reference only, its file is here now and is read into that same document. sin_cambios: imported by an earlier import of the ' +
          'same library; left as it is. omitido: not imported, `motivo` says why.',
      ),
    documento: z.string().optional().describe('The document it became or was.'),
    enlace: z.url().optional().describe('That document in the web app.'),
    motivo: z.string().optional().describe('Why it was left out, in Spanish.'),
  })
  .meta({ id: 'ElementoImportado' });
export type ElementoImportado = z.infer<typeof ElementoImportado>;

export const InformeImportacion = z
  .object({
    origen: z.string().describe("What the reader could tell of the source: 'Zotero RDF', 'BibLaTeX (JabRef 5)'."),
    resumen: z
      .object({
        nuevo: z.int(),
        ya_estaba: z.int(),
        referencia: z.int(),
        archivo_nuevo: z.int(),
        sin_cambios: z.int(),
        omitido: z.int(),
      })
      .describe('Items by outcome.'),
    archivos_que_faltan: z
      .array(z.object({ clave: z.string(), ruta: z.string() }))
      .describe('Files items name that were not in the upload (path as the export names it).'),
    dejado_fuera: z
      .object({
        otros_adjuntos: z.int().describe('Attachments of an item besides the one read.'),
        notas: z.int(),
        otras_colecciones: z.int().describe('Collections of an item besides its first.'),
      })
      .describe('What Folio does not keep yet, counted.'),
    segundos: z.number().describe('How long the import took (not the reading of the files, which goes on).'),
  })
  .meta({ id: 'InformeImportacion' });
export type InformeImportacion = z.infer<typeof InformeImportacion>;

export const Importacion = z
  .object({
    id: z.string(),
    estado: Estado,
    archivo: z.string().describe('The uploaded file’s name.'),
    origen: z
      .string()
      .describe('The name the imported library goes by: importing again under it adds only what is new.'),
    progreso: z
      .object({ hechos: z.int(), total: z.int().optional() })
      .describe('Items done of the total (known once the export is read).'),
    elementos: z.array(ElementoImportado).describe('Each item done so far, in the order of the export.'),
    informe: InformeImportacion.optional().describe('When listo.'),
    error: z.string().optional().describe('When error: why, in Spanish (e.g. the upload is not a library).'),
    creado: z.iso.datetime(),
    progreso_url: z.url().optional().describe('While working: where to poll.'),
  })
  .meta({ id: 'Importacion' });
export type Importacion = z.infer<typeof Importacion>;

/** Multipart body of POST /importaciones. */
export const ImportarMultipart = z
  .object({
    archivo: z.any().meta({
      type: 'string',
      format: 'binary',
      description:
        'A Zotero RDF export as a .zip (File → Export Library → Zotero RDF with Export Files, the folder zipped); ' +
        'or a BibTeX/BibLaTeX (.bib), RIS (.ris) or CSL-JSON (.json) file; or a .zip holding such a file with its files.',
    }),
    archivos: z
      .any()
      .meta({ type: 'string', format: 'binary', description: 'A .zip of the files a bibliography file names.' })
      .optional(),
    origen: z
      .string()
      .max(200)
      .optional()
      .describe(
        'The name of the library imported; default the file’s name without its extension (and without a ' +
          'browser’s " (1)"). Importing again under the same name adds only what is new.',
      ),
  })
  .meta({ id: 'ImportarMultipart' });

export const ImportarQuery = z.object({
  esperar: Esperar.optional().describe(
    'Seconds to wait for the import to end (0-600, default 0: 202 at once with `progreso_url`).',
  ),
});

export const ImportacionQuery = z.object({
  esperar: Esperar.optional().describe('Seconds to long-poll for the end (0-600, default 0).'),
});

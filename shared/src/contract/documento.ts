import { z } from 'zod';

export const TIPOS_DOCUMENTO = [
  'pdf',
  'pdf_escaneado',
  'epub',
  'documento',
  'presentacion',
  'hoja',
  'audio',
  'video',
  'imagen',
  'web',
] as const;
export const TipoDocumento = z.enum(TIPOS_DOCUMENTO).meta({ id: 'TipoDocumento' });
export type TipoDocumento = z.infer<typeof TipoDocumento>;

export const ESTADOS = ['en_cola', 'procesando', 'listo', 'error'] as const;
export const Estado = z.enum(ESTADOS).meta({ id: 'Estado' });
export type Estado = z.infer<typeof Estado>;

/**
 * Kinds of work a user can say a document is (`tipo_obra`), named as in CSL; `video` and `podcast` are
 * friendlier names for CSL's `motion_picture` and `song` (how Zotero exports them too).
 */
export const TIPOS_OBRA = [
  'article-journal',
  'article-magazine',
  'article-newspaper',
  'book',
  'chapter',
  'paper-conference',
  'thesis',
  'report',
  'webpage',
  'post-weblog',
  'entry-encyclopedia',
  'dataset',
  'software',
  'video',
  'podcast',
  'speech',
  'manuscript',
  'document',
] as const;
export const TipoObra = z.enum(TIPOS_OBRA).meta({ id: 'TipoObra' });
export type TipoObra = z.infer<typeof TipoObra>;

/**
 * The bibliographic fields of a document beyond title, authors and year (an extension of the contract):
 * what a reference needs for a journal article, a chapter or a book. Each is present only when known.
 */
export const DetallesBibliograficos = z
  .object({
    tipo_obra: TipoObra.optional().describe('Kind of work, mapped to a CSL item type.'),
    contenedor: z.string().optional().describe('Journal, book (of a chapter) or site the work appeared in.'),
    volumen: z.string().optional(),
    numero: z.string().optional().describe('Issue number.'),
    paginas: z.string().optional().describe("Page range, e.g. '45-67'."),
    editorial: z.string().optional().describe('Publisher.'),
    lugar: z.string().optional().describe('Place of publication.'),
    edicion: z.string().optional().describe('Edition.'),
    doi: z.string().optional().describe("DOI, e.g. '10.1234/abc'."),
    isbn: z.string().optional(),
    url: z.string().optional().describe('Address to cite (the origin `url` stays where the document was read from).'),
  })
  .meta({ id: 'DetallesBibliograficos' });
export type DetallesBibliograficos = z.infer<typeof DetallesBibliograficos>;

export const Documento = z
  .object({
    id: z.string().describe('Short, stable identifier.'),
    titulo: z.string(),
    autores: z.array(z.string()).describe("Each item 'Surname, Given name'. In lists only surnames are returned."),
    anio: z.int().optional(),
    tipo: TipoDocumento,
    estado: Estado,
    progreso: z.number().min(0).max(1).optional(),
    fase: z.string().optional(),
    unidades: z.int().min(0).describe('Pages, slides or segments.'),
    duracion: z.number().optional().describe('Seconds; audio and video only.'),
    idioma: z.string().optional(),
    url: z.string().optional().describe('Origin, when the document entered by URL.'),
    biblioteca: z.string().optional().describe('Named collection inside the library the document belongs to.'),
    referencia: z.string().optional().describe('Bibliographic reference in APA, present when ready.'),
    detalles_bibliograficos: DetallesBibliograficos.optional().describe(
      'Extension of the contract: the CSL fields known beyond title, authors and year (set with PATCH).',
    ),
    duplicado: z.boolean().optional(),
    error: z.string().optional(),
    creado: z.iso.datetime(),
    enlace: z.url(),
    texto_url: z.url(),
    progreso_url: z.url().optional(),
  })
  .meta({ id: 'Documento' });
export type Documento = z.infer<typeof Documento>;

export const ListaDocumentos = z
  .object({
    documentos: z.array(Documento),
    total: z.int().min(0),
    siguiente: z.string().optional().describe('Cursor of the next page.'),
  })
  .meta({ id: 'ListaDocumentos' });
export type ListaDocumentos = z.infer<typeof ListaDocumentos>;

export const DocumentoBreve = z
  .object({
    id: z.string(),
    titulo: z.string(),
    autores: z.array(z.string()),
    anio: z.int().optional(),
  })
  .meta({ id: 'DocumentoBreve' });
export type DocumentoBreve = z.infer<typeof DocumentoBreve>;

export const ResultadoBorrado = z
  .object({ ok: z.boolean(), id: z.string(), borrado: z.boolean() })
  .meta({ id: 'ResultadoBorrado' });
export type ResultadoBorrado = z.infer<typeof ResultadoBorrado>;

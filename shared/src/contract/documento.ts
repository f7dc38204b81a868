import { z } from 'zod';
import { extension } from './extension';

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
 * Kinds of work a user can say a document is (`tipo_obra`), named as in CSL; `video` is CSL's
 * `motion_picture` (medium 'Video') and `podcast` an episode, CSL's `broadcast` with the genre 'Episodio de
 * pódcast de audio' (APA's '[Audio podcast episode]'; CSL has no podcast type).
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
    contenedor: z
      .string()
      .optional()
      .describe('Journal, book (of a chapter), site, or platform or channel (of a video) the work appeared in.'),
    editores: z.array(z.string()).optional().describe("Editors (of the book a chapter is in), each 'Surname, Given'."),
    genero: z
      .string()
      .optional()
      .describe("Kind within the type, as the reference writes it: 'Tesis doctoral', 'Informe técnico'…"),
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

/**
 * Where the value in force of a document's field came from (an extension of the contract), most trusted
 * first: the user (upload or correction), the user's own library brought from Zotero (`zotero`) or from a
 * BibTeX, RIS or CSL-JSON export (`bibliografia`), a registry's record of its DOI or ISBN, the page or feed it was
 * read from, a PDF's XMP packet, its first page's layout (`primera_pagina`; `pagina`: a year or DOI printed in
 * the text), an arXiv identifier (the year it encodes), the text itself (its language), other files'
 * properties (EPUB, Office, media tags), a PDF's info dictionary, the file's creation date, the file name
 * or the URL.
 */
export const ORIGENES_METADATO = [
  'usuario',
  'zotero',
  'bibliografia',
  'registro',
  'pagina_web',
  'arxiv',
  'xmp',
  'primera_pagina',
  'pagina',
  'texto',
  'propiedades',
  'info',
  'fecha_creacion',
  'nombre_archivo',
  'url',
] as const;
export const OrigenMetadato = z.enum(ORIGENES_METADATO).meta({ id: 'OrigenMetadato' });
export type OrigenMetadato = z.infer<typeof OrigenMetadato>;

/**
 * The confidence (0–1) of each origin: a fixed table, the same for every field, ranked by how often each
 * source is right. The user is taken at their word, and so is the library they curated elsewhere; a registry's record is the publisher's own (it still
 * has typos and odd author forms); a page's or feed's tags are the publisher's too but loosely kept; an
 * arXiv id fixes the year of submission; XMP is usually written by the publisher's tools, the first page's
 * layout is read by heuristics (title and authors), a year or DOI printed in the text may be a cited one;
 * the language told by the text is reliable on long texts; other files' properties are often the template's;
 * the PDF info dictionary is often the software's; a file's creation date is not the year of the work; file
 * names and URLs are only a stand-in for a title.
 */
export const CONFIANZA_ORIGEN: Record<OrigenMetadato, number> = {
  usuario: 1,
  zotero: 1,
  bibliografia: 1,
  registro: 0.95,
  pagina_web: 0.85,
  arxiv: 0.85,
  xmp: 0.8,
  primera_pagina: 0.75,
  pagina: 0.7,
  texto: 0.7,
  propiedades: 0.6,
  info: 0.5,
  fecha_creacion: 0.3,
  nombre_archivo: 0.2,
  url: 0.1,
};

/** The fields whose origin a document records. */
export const CAMPOS_CON_ORIGEN = ['titulo', 'autores', 'anio', 'idioma', 'doi'] as const;
export type CampoConOrigen = (typeof CAMPOS_CON_ORIGEN)[number];

export const ProcedenciaCampo = z
  .object({
    origen: OrigenMetadato,
    confianza: z.number().min(0).max(1).describe('Confidence of the origin (CONFIANZA_ORIGEN).'),
  })
  .meta({ id: 'ProcedenciaCampo' });
export type ProcedenciaCampo = z.infer<typeof ProcedenciaCampo>;

/** Per field, where its value in force came from and how far to trust it; a field without a value has none. */
export const OrigenMetadatos = z
  .object({
    titulo: ProcedenciaCampo.optional(),
    autores: ProcedenciaCampo.optional(),
    anio: ProcedenciaCampo.optional(),
    idioma: ProcedenciaCampo.optional(),
    doi: ProcedenciaCampo.optional(),
    tipo_obra: ProcedenciaCampo.optional().describe(
      'The kind of work (`detalles_bibliograficos.tipo_obra`): given, registered, or told by the file (a thesis cover, a DOI, a journal).',
    ),
  })
  .meta({ id: 'OrigenMetadatos' });
export type OrigenMetadatos = z.infer<typeof OrigenMetadatos>;

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
    biblioteca: extension(z.string().optional(), 'Named collection inside the library the document belongs to.'),
    referencia: z.string().optional().describe('Bibliographic reference in APA, present when ready.'),
    detalles_bibliograficos: extension(
      DetallesBibliograficos.optional(),
      'The CSL fields known beyond title, authors and year (set with PATCH).',
    ),
    origen_metadatos: extension(
      OrigenMetadatos.optional(),
      'Where titulo, autores, anio, idioma, doi and tipo_obra came from (usuario, registro, ' +
        'pagina_web, xmp, primera_pagina, propiedades, info, fecha_creacion, nombre_archivo…), each with the ' +
        "fixed confidence of its origin (usuario 1 … nombre_archivo 0.2). 'usuario' 1 means set by the user.",
    ),
    duplicado: z.boolean().optional(),
    error: z.string().optional(),
    aviso: extension(
      z.string().optional(),
      'Present on a ready document that lacks something a reader would expect, saying what: nothing ' +
        'searchable was found in it (pages that are images, with OCR off or finding no words), or pages ' +
        'whose text layer is garbled (fonts that map to the wrong characters) were left out of search.',
    ),
    etiquetas: extension(
      z.array(z.string()).optional(),
      'Tags of the document, in the order first given: those its item had in the library it was imported from ' +
        '(Zotero, BibTeX `keywords`), and as the user edits them. Absent when it has none. `GET /documentos` ' +
        'filters by one with `etiqueta`.',
    ),
    solo_referencia: extension(
      z.boolean().optional(),
      'True for a reference without a file (an item of a library imported from Zotero or a bibliography that ' +
        'brought none): `listo` from the start with `unidades` 0, cite-able and exported with the library, with ' +
        'no text (`texto_url` answers 409 conflicto) and no passages (search, ask, cite and verify never find it). ' +
        '`tipo` is `documento`; the kind of work is `detalles_bibliograficos.tipo_obra`. An import that later ' +
        'finds its file reads it into this same document, and the field is then absent.',
    ),
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

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

import { z } from 'zod';
import { ESTADOS, TIPOS_DOCUMENTO } from './documento';

/** Integer query parameter within bounds (query strings arrive as text). */
const entero = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const Formato = z
  .enum(['json', 'markdown'])
  .describe('markdown returns text/markdown (same as Accept: text/markdown).');
export const Esperar = entero(0, 600).describe('Seconds to wait for completion (0-600). 0 answers at once with 202.');

/** Query of POST /documentos. */
export const SubirQuery = z.object({
  nombre: z.string().max(255).optional().describe('File name of a raw-body upload.'),
  titulo: z.string().max(1000).optional(),
  autores: z.string().max(2000).optional().describe("'Surname, Given; Surname, Given'."),
  anio: entero(-3000, 3000).optional(),
  biblioteca: z
    .string()
    .max(200)
    .optional()
    .describe('Named collection inside your library to file the document under (created on first use).'),
  url: z
    .url()
    .max(4000)
    .optional()
    .describe('Origin URL of a captured file (e.g. a PDF or page saved by the extension).'),
  esperar: Esperar.optional().describe('Seconds to wait for completion (0-600, default 60).'),
  formato: Formato.optional(),
});

/** JSON body of POST /documentos: a URL to fetch and read. */
export const SubirUrl = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(4000),
    titulo: z.string().max(1000).optional(),
    autores: z.array(z.string().max(300)).max(100).optional(),
    anio: z.int().min(-3000).max(3000).optional(),
    tipo: z.enum(TIPOS_DOCUMENTO).optional(),
    modo: z.enum(['rapido', 'economico']).optional(),
    biblioteca: z.string().max(200).optional(),
  })
  .meta({ id: 'SubirUrl' });
export type SubirUrl = z.infer<typeof SubirUrl>;

/** Multipart body of POST /documentos. */
export const SubirMultipart = z
  .object({
    archivo: z.any().meta({ type: 'string', format: 'binary' }),
    titulo: z.string().optional(),
    autores: z.string().optional(),
    anio: z.int().optional(),
    biblioteca: z.string().optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'SubirMultipart' });

export const ListarQuery = z.object({
  q: z.string().max(500).optional().describe('Matches title or author (accent- and case-insensitive).'),
  estado: z.enum(ESTADOS).optional(),
  biblioteca: z.string().max(200).optional(),
  limite: entero(1, 200).optional().describe('Default 50, maximum 200.'),
  cursor: z.string().max(500).optional().describe('The `siguiente` of a previous page.'),
  formato: Formato.optional(),
});

export const IdParam = z.object({ id: z.string().min(1).max(100) });

export const DocumentoQuery = z.object({
  esperar: Esperar.optional().describe('Seconds to long-poll for completion (0-600, default 0).'),
  formato: Formato.optional(),
});

export const BorrarQuery = z.object({});

export const TextoQuery = z.object({
  desde: z
    .string()
    .max(50)
    .optional()
    .describe("Printed folio ('45', 'xii'), physical position ('[3]'), or for audio/video h:mm:ss, m:ss or seconds."),
  hasta: z.string().max(50).optional().describe('End, same forms as desde.'),
  limite: entero(1, 100).optional().describe('Default 20, maximum 100; used when hasta is absent.'),
  formato: Formato.optional(),
});

export const BuscarQuery = z.object({
  q: z.string().min(1).max(2000),
  k: entero(1, 50).optional().describe('Default 10, maximum 50.'),
  documento: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Repeatable or comma-separated.'),
  biblioteca: z.string().max(200).optional().describe('Restrict to one named collection of your library.'),
  formato: Formato.optional(),
});

export const BuscarBody = z
  .object({
    q: z.string().min(1).max(2000),
    k: z.int().min(1).max(50).optional(),
    documentos: z.array(z.string()).max(200).optional(),
    biblioteca: z.string().max(200).optional(),
    formato: Formato.optional(),
  })
  .meta({ id: 'BuscarPeticion' });

export const PreguntarBody = z
  .object({
    pregunta: z.string().min(1).max(4000),
    k: z.int().min(1).max(12).optional(),
    documentos: z.array(z.string()).max(200).optional(),
    biblioteca: z.string().max(200).optional(),
    stream: z.boolean().optional(),
  })
  .meta({ id: 'PreguntarPeticion' });

export const CitarBody = z
  .object({
    texto: z.string().min(1).max(200_000),
    estilo: z.string().max(200).optional(),
    idioma: z.string().max(20).optional(),
    umbral: z.number().min(0).max(1).optional(),
    documentos: z.array(z.string()).max(200).optional(),
    biblioteca: z.string().max(200).optional(),
  })
  .meta({ id: 'CitarPeticion' });

export const CitarQuery = z.object({
  estilo: z
    .string()
    .max(200)
    .optional()
    .describe('CSL style id for a .docx body (a JSON body says it in `estilo`); default apa.'),
  idioma: z.string().max(20).optional().describe('CSL locale for a .docx body; default es-ES.'),
  umbral: z.coerce.number().min(0).max(1).optional().describe('Minimum backing for a .docx body; default 0.7.'),
  documento: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('For a .docx body: cite only these documents; repeatable or comma-separated.'),
  biblioteca: z.string().max(200).optional().describe('For a .docx body: cite only this named collection.'),
  esperar: Esperar.optional().describe('Default 120.'),
  formato: z
    .enum(['json', 'markdown', 'docx'])
    .optional()
    .describe('docx (or Accept of the .docx type) returns the cited .docx; only for a .docx body.'),
});

export const CitadoQuery = z.object({
  esperar: Esperar.optional().describe('Seconds to long-poll for completion (0-600, default 0).'),
  formato: z
    .enum(['json', 'markdown', 'docx'])
    .optional()
    .describe('docx (or Accept of the .docx type) returns the cited .docx of a .docx request.'),
});

export const VerificarBody = z
  .object({
    afirmacion: z.string().min(1).max(4000),
    anio: z.int().min(-3000).max(3000).optional(),
    k: z.int().min(1).max(50).optional(),
    documentos: z.array(z.string()).max(200).optional(),
    biblioteca: z.string().max(200).optional(),
  })
  .meta({ id: 'VerificarPeticion' });

export const FormatoQuery = z.object({ formato: Formato.optional() });

export const SCOPES = ['lectura', 'escritura', 'mcp'] as const;
export type Scope = (typeof SCOPES)[number];

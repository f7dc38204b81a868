import { z } from 'zod';
import { ESTADOS, TIPOS_DOCUMENTO, TipoObra } from './documento';
import { parseYearRange } from '../format/year-range';
import { extension } from './extension';

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
  biblioteca: extension(
    z.string().max(200).optional(),
    'Named collection inside your library to file the document under (created on first use).',
  ),
  url: extension(
    z.url().max(4000).optional(),
    'Origin URL of a captured file (e.g. a PDF or page saved by the extension).',
  ),
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
    biblioteca: extension(z.string().max(200).optional(), 'Named collection to file the document under.'),
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
    biblioteca: extension(z.string().optional(), 'Named collection to file the document under.'),
    url: extension(z.string().optional(), 'Origin URL of a captured file.'),
  })
  .meta({ id: 'SubirMultipart' });

/**
 * Formats a document or the library can be read in: JSON, Markdown, or exported as references for a
 * reference manager (BibTeX, RIS, CSL-JSON).
 */
export const FormatoExportable = z
  .enum(['json', 'markdown', 'bibtex', 'ris', 'csljson'])
  .describe(
    'markdown returns text/markdown (same as Accept: text/markdown); bibtex, ris and csljson (an extension of the ' +
      'contract) export the references (as a file download).',
  );
export type FormatoExportable = z.infer<typeof FormatoExportable>;

export const ListarQuery = z.object({
  q: z.string().max(500).optional().describe('Matches title or author (accent- and case-insensitive).'),
  estado: z.enum(ESTADOS).optional(),
  biblioteca: extension(z.string().max(200).optional(), 'Only the documents of this named collection.'),
  tipo: extension(z.enum(TIPOS_DOCUMENTO).optional(), 'Only the documents of this type.'),
  etiqueta: extension(
    z.string().max(200).optional(),
    'Only the documents with this tag (`etiquetas`), written as the document has it (case matters).',
  ),
  orden: extension(
    z.enum(['anadido', 'titulo', 'autor', 'anio']).optional(),
    'The order of the list: anadido (default, newest first), titulo (A to Z), autor (by the first author, ' +
      'A to Z, documents without authors last) or anio (newest year first, undated last). Equal keys keep ' +
      'the order they were added in, so the order is the same at every request. A cursor belongs to its order.',
  ),
  limite: entero(1, 200).optional().describe('Default 50, maximum 200.'),
  cursor: z.string().max(4000).optional().describe('The `siguiente` of a previous page (of the same `orden`).'),
  formato: FormatoExportable.optional().describe(
    'markdown: this page as text/markdown. bibtex, ris, csljson (an extension of the contract): every matching ' +
      'document (all pages, honouring ' +
      '`q`, `estado`, `biblioteca` and `etiqueta`; `limite` and `cursor` are ignored) as one file of references.',
  ),
});

export const IdParam = z.object({ id: z.string().min(1).max(100) });

export const DocumentoQuery = z.object({
  esperar: Esperar.optional().describe('Seconds to long-poll for completion (0-600, default 0).'),
  formato: FormatoExportable.optional(),
});

/** A year as the contract takes it. */
const Anio = z.int().min(-3000).max(3000);

/** A check with its message in both languages (`params.es` is read by the server's error builder). */
const check = (ok: (v: string) => boolean, message: string, es: string) => ({ ok, opts: { message, params: { es } } });

const DOI = check(
  (v) => /^10\.\d{4,9}\/\S+$/.test(v),
  "must be a DOI such as '10.1234/abc' (without https://doi.org/)",
  "debe ser un DOI como '10.1234/abc' (sin https://doi.org/)",
);
const LANGUAGE = check(
  (v) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(v),
  "must be a language tag such as 'es' or 'en-GB'",
  "debe ser un código de idioma como 'es' o 'en-GB'",
);
const ISBN = check(isIsbn, 'must be a valid ISBN-10 or ISBN-13', 'debe ser un ISBN-10 o ISBN-13 válido');
const AUTHOR = check(
  (v) => !v.includes(';'),
  "must be one author, 'Surname, Given' (one item per author)",
  "debe ser un solo autor, 'Apellidos, Nombre' (un elemento por autor)",
);

/** True for an ISBN-10 or ISBN-13 (hyphens and spaces allowed) whose check digit is right. */
export function isIsbn(value: string): boolean {
  const s = value.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(s)) {
    const sum = [...s].reduce((acc, ch, i) => acc + (ch === 'X' ? 10 : Number(ch)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (/^97[89]\d{10}$/.test(s)) {
    const sum = [...s].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 ? 3 : 1), 0);
    return sum % 10 === 0;
  }
  return false;
}

/** A short bibliographic text field: trimmed, not empty, or null to clear it. */
const campo = (max: number) => z.string().trim().min(1).max(max).nullable().optional();

/**
 * Body of `PATCH /documentos/{id}`: the user's corrections. Every field is optional, at least one is
 * required, unknown fields are refused; `null` clears a field (not `titulo` nor `autores`: an empty list
 * clears the authors). The values are the user's and win over whatever a (re-)reading finds.
 */
export const CorregirDocumento = z
  .strictObject({
    titulo: z.string().trim().min(1).max(1000).optional(),
    autores: z
      .array(z.string().trim().min(1).max(300).refine(AUTHOR.ok, AUTHOR.opts))
      .max(100)
      .optional()
      .describe("Each item 'Surname, Given' (an organisation without a comma); [] clears them."),
    anio: Anio.nullable().optional().describe('Year of publication; null clears it.'),
    tipo_obra: TipoObra.nullable().optional(),
    contenedor: campo(1000).describe('Journal, book (of a chapter), site, or platform or channel (of a video).'),
    editores: z
      .array(z.string().trim().min(1).max(300).refine(AUTHOR.ok, AUTHOR.opts))
      .max(100)
      .nullable()
      .optional()
      .describe("Editors of the book a chapter is in, each 'Surname, Given'; null or [] clears them."),
    genero: campo(200).describe("Kind within the type: 'Tesis doctoral', 'Trabajo fin de máster', 'Informe técnico'…"),
    volumen: campo(50),
    numero: campo(50).describe('Issue number.'),
    paginas: campo(50).describe("Page range, e.g. '45-67'."),
    editorial: campo(500).describe('Publisher.'),
    lugar: campo(200).describe('Place of publication.'),
    edicion: campo(50),
    doi: z.string().trim().max(300).refine(DOI.ok, DOI.opts).nullable().optional().describe("e.g. '10.1234/abc'."),
    isbn: z.string().trim().max(30).refine(ISBN.ok, ISBN.opts).nullable().optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(4000)
      .nullable()
      .optional()
      .describe('Address to cite; the origin the document was read from is kept.'),
    idioma: z
      .string()
      .trim()
      .max(35)
      .refine(LANGUAGE.ok, LANGUAGE.opts)
      .nullable()
      .optional()
      .describe("Language, BCP 47 ('es', 'en-GB')."),
    etiquetas: extension(
      z.array(z.string().trim().min(1).max(200)).max(200).optional(),
      'The tags, as a whole list that replaces the one before ([] clears them); repeats are kept once.',
    ),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'give at least one field to correct',
    params: { es: 'debe traer al menos un campo que corregir' },
  })
  .meta({ id: 'CorregirDocumento' });
export type CorregirDocumento = z.infer<typeof CorregirDocumento>;

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

/** A year or a range of years of the documents searched ('2021', '2015-2020'). */
const AnioRango = z
  .string()
  .max(20)
  .refine((v) => parseYearRange(v) !== undefined, 'A year (2021) or a range of years (2015-2020).');
const ANIO_RANGO_NOTE =
  'Only passages of documents dated in this year or range of years, inclusive (2021, 2015-2020); ' +
  'documents without a year are left out.';

export const BuscarQuery = z.object({
  q: z.string().min(1).max(2000),
  k: entero(1, 50).optional().describe('Default 10, maximum 50.'),
  documento: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Repeatable or comma-separated.'),
  biblioteca: z.string().max(200).optional().describe('Restrict to one named collection of your library.'),
  tipo: extension(
    z.union([z.enum(TIPOS_DOCUMENTO), z.array(z.enum(TIPOS_DOCUMENTO)).max(20)]).optional(),
    'Only passages of documents of this type; repeatable.',
  ),
  anio: extension(AnioRango.optional(), ANIO_RANGO_NOTE),
  formato: Formato.optional(),
});

export const BuscarBody = z
  .object({
    q: z.string().min(1).max(2000),
    k: z.int().min(1).max(50).optional(),
    documentos: z.array(z.string()).max(200).optional(),
    biblioteca: z.string().max(200).optional(),
    tipos: extension(z.array(z.enum(TIPOS_DOCUMENTO)).max(20).optional(), 'Only passages of documents of these types.'),
    anio: extension(AnioRango.optional(), ANIO_RANGO_NOTE),
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
  idioma: extension(z.string().max(20).optional(), 'CSL locale for a .docx body; default es-ES.'),
  umbral: extension(z.coerce.number().min(0).max(1).optional(), 'Minimum backing for a .docx body; default 0.7.'),
  documento: extension(
    z.union([z.string(), z.array(z.string())]).optional(),
    'For a .docx body: cite only these documents; repeatable or comma-separated.',
  ),
  biblioteca: extension(z.string().max(200).optional(), 'For a .docx body: cite only this named collection.'),
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
    anio: z
      .int()
      .min(-3000)
      .max(3000)
      .optional()
      .describe(
        'Year of the text making the claim: passages of sources dated later are not weighed; they are listed ' +
          'last as IMPOSIBLE_TEMPORAL with respaldo 0.',
      ),
    k: z.int().min(1).max(50).optional().describe('Passages weighed; default 10, maximum 50.'),
    documentos: z.array(z.string()).max(200).optional(),
    biblioteca: extension(z.string().max(200).optional(), 'Weigh only passages of this named collection.'),
  })
  .meta({ id: 'VerificarPeticion' });

export const FormatoQuery = z.object({ formato: Formato.optional() });

export const SCOPES = ['lectura', 'escritura', 'mcp'] as const;
export type Scope = (typeof SCOPES)[number];

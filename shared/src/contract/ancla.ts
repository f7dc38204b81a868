import { z } from 'zod';
import { extension } from './extension';

/** Physical page of a paginated file, with its printed folio when known. */
export const AnclaPagina = z
  .object({
    tipo: z.literal('pagina'),
    fisica: z.int().min(1).describe('Physical page, from 1.'),
    impresa: z.string().nullable().optional().describe('Printed folio (arabic or roman), null when the page has none.'),
    romana: z.boolean().optional(),
    origen: z.string().optional().describe("Where the printed folio came from, e.g. 'etiqueta' (PDF page labels)."),
    confianza: z.number().min(0).max(1).optional(),
  })
  .meta({ id: 'AnclaPagina' });

/** A second range of audio or video. */
export const AnclaTiempo = z
  .object({
    tipo: z.literal('tiempo'),
    t0: z.number().min(0),
    t1: z.number().min(0),
    hablante: z.string().optional(),
  })
  .meta({ id: 'AnclaTiempo' });

/** A paragraph inside a section of a structured text (EPUB, DOCX, Markdown, HTML file). */
export const AnclaSeccion = z
  .object({
    tipo: z.literal('seccion'),
    ruta: z.array(z.string()).describe('Heading path, outermost first.'),
    parrafo: z.int().min(1).describe('Paragraph number within the section, from 1.'),
    parrafoHasta: extension(
      z.int().min(2).optional(),
      'Last paragraph of a passage that runs over several paragraphs of the section (a list with its lead-in, ' +
        "a table's header and row); absent for one paragraph. The locator then reads 'párrs. 3-5'.",
    ),
    impresa: z.string().nullable().optional(),
  })
  .meta({ id: 'AnclaSeccion' });

export const AnclaDiapositiva = z
  .object({ tipo: z.literal('diapositiva'), n: z.int().min(1) })
  .meta({ id: 'AnclaDiapositiva' });

export const AnclaHoja = z
  .object({
    tipo: z.literal('hoja'),
    hoja: z.string().optional(),
    filaDesde: z.int().min(1).optional(),
    filaHasta: z.int().min(1).optional(),
  })
  .meta({ id: 'AnclaHoja' });

export const AnclaWeb = z
  .object({
    tipo: z.literal('web'),
    url: z.string().optional(),
    ruta: z.array(z.string()).optional(),
    parrafo: z.int().min(1).optional(),
    parrafoHasta: extension(
      z.int().min(2).optional(),
      'Last paragraph of a passage that runs over several paragraphs of the section; absent for one paragraph.',
    ),
    consultada: z.string().optional().describe('Date of capture (YYYY-MM-DD).'),
  })
  .meta({ id: 'AnclaWeb' });

export const AnclaImagen = z
  .object({ tipo: z.literal('imagen') })
  .describe(
    "The text read from a whole image (OCR). Its `localizador` is 'imagen' ('image' in English citations); " +
      '`enlace` opens the image with its text.',
  )
  .meta({ id: 'AnclaImagen' });

/** Where a passage came from; discriminated by `tipo`. */
export const Ancla = z
  .discriminatedUnion('tipo', [
    AnclaPagina,
    AnclaTiempo,
    AnclaSeccion,
    AnclaDiapositiva,
    AnclaHoja,
    AnclaWeb,
    AnclaImagen,
  ])
  .meta({ id: 'Ancla' });

export type AnclaPagina = z.infer<typeof AnclaPagina>;
export type AnclaTiempo = z.infer<typeof AnclaTiempo>;
export type AnclaSeccion = z.infer<typeof AnclaSeccion>;
export type AnclaDiapositiva = z.infer<typeof AnclaDiapositiva>;
export type AnclaHoja = z.infer<typeof AnclaHoja>;
export type AnclaWeb = z.infer<typeof AnclaWeb>;
export type AnclaImagen = z.infer<typeof AnclaImagen>;
export type Ancla = z.infer<typeof Ancla>;

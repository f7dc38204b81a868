import { z } from 'zod';
import { extension } from './extension';
import { Ancla } from './ancla';
import { DocumentoBreve } from './documento';

export const Pasaje = z
  .object({
    id: z.string().describe("The document id, ':', then the position within it."),
    documento: DocumentoBreve,
    texto: z.string().describe('Literal stored text.'),
    cita: z.string().describe("Short citation ready to paste, '(Author, year, locator)'."),
    localizador: z.string(),
    ancla: Ancla,
    enlace: z.url(),
    puntuacion: z.number().min(0).max(1).optional(),
    visual: extension(
      z.literal(true).optional(),
      'Present when the text was read from an image: OCR of a picture or of a scanned page.',
    ),
  })
  .meta({ id: 'Pasaje' });
export type Pasaje = z.infer<typeof Pasaje>;

export const Busqueda = z
  .object({ consulta: z.string(), pasajes: z.array(Pasaje), ms: z.int().optional() })
  .meta({ id: 'Busqueda' });
export type Busqueda = z.infer<typeof Busqueda>;

export const Fuente = Pasaje.extend({ n: z.int().min(1) }).meta({ id: 'Fuente' });
export type Fuente = z.infer<typeof Fuente>;

export const CONFIANZAS = ['alta', 'media', 'baja'] as const;
export const Respuesta = z
  .object({
    pregunta: z.string(),
    respuesta: z.string().describe('Markdown with footnotes [^n]; the definitions are at the end.'),
    fuentes: z.array(Fuente),
    confianza: z.enum(CONFIANZAS),
    ms: z.int().optional(),
  })
  .meta({ id: 'Respuesta' });
export type Respuesta = z.infer<typeof Respuesta>;

export const RELACIONES = [
  'APOYO_DIRECTO',
  'CONTRADICCION',
  'CONTEXTO',
  'APLICACION_DE_MARCO',
  'IMPOSIBLE_TEMPORAL',
] as const;
export const PasajeVerificado = Pasaje.extend({
  relacion: z.string().describe(`Open-ended; named values: ${RELACIONES.join(', ')}.`),
  respaldo: z.number().min(0).max(1),
}).meta({ id: 'PasajeVerificado' });

export const VEREDICTOS = ['respaldada', 'parcial', 'sin_respaldo', 'contradicha'] as const;

/**
 * Which judge weighed the passages: `lexico` (words, stems and checks, no model: it cannot recognise a
 * paraphrase) or `nli` (the NLI model, which judges paraphrase).
 */
export const JUECES = ['lexico', 'nli'] as const;
export type Juez = (typeof JUECES)[number];

const juez = extension(
  z.enum(JUECES).optional(),
  'Which judge weighed the passages: lexico (words and checks, no model; it cannot recognise a paraphrase) or ' +
    'nli (the NLI model). The header X-Folio-Respaldo names it in full.',
);

export const Verificacion = z
  .object({
    afirmacion: z.string(),
    veredicto: z.enum(VEREDICTOS),
    respaldada: z.boolean(),
    probabilidad: z.number().min(0).max(1),
    pasajes: z.array(PasajeVerificado),
    ms: z.int().optional(),
    juez,
    nota: extension(
      z.string().optional(),
      'Present when the lexical judge found no backing (sin_respaldo or parcial) but weighed some passage not ' +
        'contradicting the claim: in Spanish, that no passage states the claim in the same words (whether one ' +
        'does in others, this judge cannot tell), the closest passage with its cita, and that the NLI model ' +
        'judges paraphrase. Tell the user this rather than that nothing backs the claim.',
    ),
    cercano: extension(
      z.string().optional(),
      'With `nota`: the `id` of the closest passage in `pasajes` (the one not contradicting the claim that backs ' +
        'it most).',
    ),
  })
  .meta({ id: 'Verificacion' });
export type Verificacion = z.infer<typeof Verificacion>;

export const Cita = z
  .object({
    afirmacion: z.string(),
    cita: z.string().describe('The citation in the requested style, as inserted.'),
    localizador: z.string(),
    documento: z.string().describe('Id of the cited document.'),
    fragmento: z.string().describe("Id of the backing passage ('<document id>:<position>', as Pasaje.id)."),
    pasaje: z.string().describe('Literal stored text of the backing passage.'),
    respaldo: z.number().min(0).max(1),
    enlace: z.url().optional(),
  })
  .meta({ id: 'Cita' });
export type Cita = z.infer<typeof Cita>;

export const Citado = z
  .object({
    id: z.string(),
    estado: z.enum(['en_cola', 'procesando', 'listo', 'error']),
    texto: z.string().optional(),
    citas: z.array(Cita).optional(),
    bibliografia: z.array(z.string()).optional(),
    estilo: z.string(),
    progreso_url: z.url().optional(),
    error: z.string().optional(),
    juez,
    nota: extension(
      z.string().optional(),
      'Present when the lexical judge left some claim uncited although a passage was close to it: in Spanish, ' +
        'that no passage states those claims in the same words (whether one does in others, this judge cannot ' +
        'tell) and that the ' +
        'NLI model judges paraphrase. Tell the user this rather than that nothing backs them.',
    ),
  })
  .meta({ id: 'Citado' });
export type Citado = z.infer<typeof Citado>;

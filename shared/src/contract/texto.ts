import { z } from 'zod';
import { DocumentoBreve, TipoDocumento } from './documento';

export const UnidadTexto = z
  .object({
    posicion: z.int().min(1).describe('Physical position, from 1.'),
    localizador: z.string(),
    cita: z.string(),
    enlace: z.url(),
    texto: z.string(),
    t0: z.number().optional(),
    t1: z.number().optional(),
  })
  .meta({ id: 'UnidadTexto' });
export type UnidadTexto = z.infer<typeof UnidadTexto>;

export const Texto = z
  .object({
    documento: DocumentoBreve.extend({ tipo: TipoDocumento }),
    unidades: z.array(UnidadTexto),
    siguiente: z
      .string()
      .optional()
      .describe("If more remain, pass it as `desde`: a bracketed physical position such as '[21]'."),
  })
  .meta({ id: 'Texto' });
export type Texto = z.infer<typeof Texto>;

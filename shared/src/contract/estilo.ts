import { z } from 'zod';

/** A CSL citation style the cite operation can format with. */
export const Estilo = z
  .object({
    id: z.string().describe('What to pass as `estilo`.'),
    titulo: z.string(),
    clase: z.enum(['in-text', 'note']).describe('in-text: citations in the text; note: footnotes.'),
    propio: z.boolean().describe('Registered by you (POST /estilos) rather than bundled.'),
    alias: z.array(z.string()).optional().describe('Other names that select it (e.g. mla, chicago-notes).'),
  })
  .meta({ id: 'Estilo' });
export type Estilo = z.infer<typeof Estilo>;

export const ListaEstilos = z
  .object({
    estilos: z.array(Estilo),
    idiomas: z.array(z.string()).describe('CSL locales accepted as `idioma`.'),
  })
  .meta({ id: 'ListaEstilos' });
export type ListaEstilos = z.infer<typeof ListaEstilos>;

export const EstiloIdParam = z.object({ id: z.string().min(1).max(200) });

import { Ancla, DocumentoBreve, TipoDocumento, textMarkdown } from '@folio/shared';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { openPage, type OpenedPage } from '../../services/documents/open-page';
import { CITING_RULES } from '../rules';
import { guarded, toolResult, type ToolContext } from '../tool-result';

const DESCRIPTION =
  'Returns the text of one unit of a document in the user’s Folio library — a PDF page, a section, a slide, a ' +
  "stretch of audio or video — by its locator: a printed folio as printed on the page ('45', 'xii', or 'p. xii' " +
  "as `localizador` gives it), a physical position in square brackets ('[21]': the 21st unit counting from the " +
  "first, whatever is printed on it), or for audio and video a time ('1:02:03', '4:05', or seconds). Use the " +
  '`documento.id` of a search passage. The result has the unit’s literal `texto`, its `cita`, `localizador`, ' +
  '`enlace` and `ancla`, and `anterior`/`siguiente` (bracketed positions) to turn the page. ' +
  CITING_RULES;

const input = {
  documento: z.string().min(1).max(100).describe('Id of the document (`documento.id` of a passage).'),
  localizador: z
    .string()
    .min(1)
    .max(50)
    .describe(
      "Printed folio ('45', 'xii', 'p. 45'), physical position ('[21]'), or a time ('1:02:03', '4:05', '245').",
    ),
};

/** The unit opened: the Pasaje's fields for one unit of a document (its address is `documento.id` + `posicion`). */
export const PaginaAbierta = z.object({
  documento: DocumentoBreve.extend({ tipo: TipoDocumento }),
  posicion: z.int().min(1).describe("Physical position, from 1: '[posicion]' opens this unit again."),
  texto: z.string().describe('Literal stored text.'),
  cita: z.string().describe("Short citation ready to paste, '(Author, year, locator)'."),
  localizador: z.string(),
  ancla: Ancla,
  enlace: z.url(),
  t0: z.number().optional(),
  t1: z.number().optional(),
  anterior: z.string().optional().describe("The unit before, e.g. '[20]'."),
  siguiente: z.string().optional().describe("The unit after, e.g. '[22]'."),
});

function pageMarkdown(page: OpenedPage): string {
  const { documento, posicion, localizador, cita, enlace, texto, t0, t1 } = page;
  const body = textMarkdown({ documento, unidades: [{ posicion, localizador, cita, enlace, texto, t0, t1 }] });
  const turn = [
    page.anterior && `anterior \`${page.anterior}\``,
    page.siguiente && `siguiente \`${page.siguiente}\``,
  ].filter(Boolean);
  return turn.length ? `${body}\nPara pasar de página, pide open_page con localizador ${turn.join(' o ')}.\n` : body;
}

/** `open_page`: one unit of the caller's document by printed folio, `[n]` or time. */
export function registerOpenPageTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'open_page',
    {
      title: 'Abrir una página',
      description: DESCRIPTION,
      inputSchema: input,
      outputSchema: PaginaAbierta,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ documento, localizador }) =>
      guarded(ctx, 'open_page', async () => {
        const page = await openPage(ctx.deps, ctx.userId, documento, localizador);
        return toolResult(page, pageMarkdown(page));
      }),
  );
}

import { BuscarBody, Busqueda, searchMarkdown } from '@folio/shared';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { searchLibrary } from '../../services/search';
import { CITING_RULES, NOTHING_FOUND } from '../rules';
import { guarded, toolResult, type ToolContext } from '../tool-result';

const DESCRIPTION =
  'Searches the user’s Folio library — their own documents only — and returns passages, best first. Each passage ' +
  'has `texto` (its literal text), `cita` (a citation ready to paste, "(Author, year, locator)"), `localizador` ' +
  "('p. 45', 'pp. xii-xiv', '1:02:03', 'diap. 4', 'filas 2-6', 'imagen'), `enlace` (the reader opened at that page or second), `ancla` " +
  '(the stored anchor) and `documento`. A phrase in double quotes must appear literally. ' +
  `${CITING_RULES} When \`pasajes\` is empty, tell the user nothing was found in their library. Before asserting ` +
  'that the sources support a claim, call verify_claim. To read a whole page around a passage, call open_page ' +
  'with its `documento.id` and `localizador`.';

/** The search input: POST /buscar's body without `formato` (the tool always answers both forms). */
const input = {
  q: BuscarBody.shape.q.describe('What to look for: words, a question, or a "literal phrase".'),
  k: BuscarBody.shape.k.describe('How many passages (default 10, at most 50).'),
  documentos: BuscarBody.shape.documentos.describe('Only these documents (ids from `documento.id`).'),
  biblioteca: BuscarBody.shape.biblioteca.describe('Only this named collection of the library.'),
};

/** `search`: hybrid search over the caller's passages, as `POST /buscar` answers it. */
export function registerSearchTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search',
    {
      title: 'Buscar en la biblioteca',
      description: DESCRIPTION,
      inputSchema: input,
      // The contract's schema, re-rooted: a root `$ref` (its OpenAPI id) is not the object MCP requires.
      outputSchema: z.object(Busqueda.shape),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(ctx, 'search', async () => {
        const {
          motores: _engines,
          contextos: _whole,
          narrowedTo: _narrow,
          ...busqueda
        } = await searchLibrary(ctx.deps, ctx.userId, args);
        const text = searchMarkdown(busqueda);
        return toolResult(busqueda, busqueda.pasajes.length ? text : `${text}\n${NOTHING_FOUND}\n`);
      }),
  );
}

import { Citado, CitarBody, citeMarkdown } from '@folio/shared';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { CiteJobRow } from '../../db/cite-jobs.repo';
import { invalidField } from '../../errors';
import { presentCite } from '../../services/presenters/present-cite';
import { CITE_DEFAULTS, submitCite } from '../../services/cite/submit-cite';
import { waitForCite } from '../../services/cite/wait-for-cite';
import { NOTHING_FOUND } from '../rules';
import { guarded, toolResult, type ToolContext } from '../tool-result';

/**
 * How long one call waits for the job: under the 60 s an MCP client waits for a request by default (the
 * SDK's), so a slow job answers with its state and `id` instead of the client giving up on the call.
 */
export const CITE_WAIT_SECONDS = 50;
/** Between two progress notifications while waiting. */
const PROGRESS_EVERY_SECONDS = 5;

const DESCRIPTION =
  'Inserts citations into the user’s own text from their Folio library: the text is split into claims, each is ' +
  'searched in the library and judged, and a citation is inserted only after a claim a passage backs (`respaldo` ≥ ' +
  '`umbral`, 0.7 by default); every other character stays as it was. Returns `texto` with the citations, `citas` ' +
  '(for each: the claim, the citation as inserted, `localizador`, the backing passage’s literal text `pasaje`, its ' +
  'id `fragmento`, `documento`, `enlace`, `respaldo`) and `bibliografia`. Give the user the text as returned; do not ' +
  'add citations the tool did not insert, and copy `cita` and `localizador` verbatim. A claim left without a ' +
  'citation has no backing the judge could confirm: say so rather than citing from memory. When `nota` is present ' +
  '(the lexical judge, no model), say what it says: no passage states those claims in the same words, whether ' +
  'one does in other words this judge cannot tell, and the NLI model judges paraphrase. Citing is slow (often ' +
  '20-90 s): ' +
  'when `estado` is still en_cola or procesando, call cite again with `trabajo` set to the returned `id`.';

const input = {
  texto: CitarBody.shape.texto
    .optional()
    .describe('The text to cite (Markdown or plain). Omit it only to resume a job with `trabajo`.'),
  estilo: CitarBody.shape.estilo.describe('Any CSL style id (default apa), e.g. chicago-author-date, vancouver.'),
  idioma: CitarBody.shape.idioma.describe('CSL locale of the citations (default es-ES), e.g. en-US.'),
  umbral: CitarBody.shape.umbral.describe('Minimum backing for a citation, 0-1 (default 0.7).'),
  documentos: CitarBody.shape.documentos.describe('Cite only these documents (ids from `documento.id`).'),
  biblioteca: CitarBody.shape.biblioteca.describe('Cite only this named collection of the library.'),
  trabajo: z.string().min(1).max(100).optional().describe('The `id` of a cite job still working: its result.'),
};

/** Waits for the job up to {@link CITE_WAIT_SECONDS}, reporting its progress when the client asked for it. */
async function settle(
  ctx: ToolContext,
  id: string,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): Promise<CiteJobRow> {
  const deadline = Date.now() + CITE_WAIT_SECONDS * 1000;
  const progressToken = extra._meta?.progressToken;
  for (;;) {
    const slice = Math.min(PROGRESS_EVERY_SECONDS, Math.max(0, (deadline - Date.now()) / 1000));
    const row = await waitForCite(ctx.deps, ctx.userId, id, slice, extra.signal);
    const done = row.estado === 'listo' || row.estado === 'error';
    if (done || Date.now() >= deadline || extra.signal.aborted) return row;
    if (progressToken !== undefined) {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: row.progreso ?? 0, total: 1, message: `Citando (${row.estado})…` },
      });
    }
  }
}

function citeAnswer(ctx: ToolContext, row: CiteJobRow): CallToolResult {
  const citado = presentCite(row, ctx.deps.config.publicUrl);
  let text = citeMarkdown(citado, { bibliografia: row.resultado?.bibliografiaMarkdown });
  if (row.estado === 'en_cola' || row.estado === 'procesando') {
    text += `\nStill working: call cite again with \`trabajo\`: "${row.id}" for the result.\n`;
  } else if (row.estado === 'listo' && !citado.citas?.length) {
    text += `\n${NOTHING_FOUND}\n`;
  }
  return { ...toolResult(citado, text), ...(row.estado === 'error' && { isError: true }) };
}

/** `cite`: the cite job of `POST /citar` over the caller's library, waited for within one call. */
export function registerCiteTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'cite',
    {
      title: 'Citar un texto',
      description: DESCRIPTION,
      inputSchema: input,
      // The contract's schema, re-rooted: a root `$ref` (its OpenAPI id) is not the object MCP requires.
      outputSchema: z.object(Citado.shape),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    (args, extra) =>
      guarded(ctx, 'cite', async () => {
        let id = args.trabajo;
        if (!id) {
          if (!args.texto) {
            throw invalidField(
              'texto',
              'Falta `texto` (el texto que citar) o `trabajo` (un trabajo en curso).',
              'Give `texto` (the text to cite) or `trabajo` (a job in progress).',
            );
          }
          const opciones = {
            estilo: args.estilo ?? CITE_DEFAULTS.estilo,
            idioma: args.idioma ?? CITE_DEFAULTS.idioma,
            umbral: args.umbral ?? CITE_DEFAULTS.umbral,
            documentos: args.documentos,
            biblioteca: args.biblioteca,
          };
          const { row } = await submitCite(ctx.deps, ctx.userId, { entrada: 'texto', texto: args.texto }, opciones);
          id = row.id;
        }
        return citeAnswer(ctx, await settle(ctx, id, extra));
      }),
  );
}

import { Verificacion, VerificarBody, verificationMarkdown } from '@folio/shared';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { verifyClaim } from '../../services/verify';
import { CITING_RULES, NOTHING_FOUND } from '../rules';
import { guarded, toolResult, type ToolContext } from '../tool-result';

const DESCRIPTION =
  'Checks whether the user’s Folio library supports a claim, before you assert that it does. Returns `veredicto` ' +
  '(respaldada: a passage backs it; parcial: some of its clauses are backed; contradicha: a passage contradicts it; ' +
  'sin_respaldo: no passage backs it as far as the judge can tell), `probabilidad` (the probability, 0-1, that ' +
  'the claim is backed) and the passages weighed, each a search passage plus `relacion` (APOYO_DIRECTO, CONTRADICCION, CONTEXTO, ' +
  'APLICACION_DE_MARCO, IMPOSIBLE_TEMPORAL) and `respaldo` (0-1; 0.7 counts as backing). Say the claim is ' +
  'supported by the user’s sources only when `veredicto` is respaldada, and cite the backing passages; report a ' +
  'contradiction or a lack of support as such. When `juez` is lexico (no model installed) and `nota` is present, ' +
  'the judge compared words only: tell the user that no passage states the claim in the same words, show the ' +
  'closest passage (`cercano`) with its `cita`, and that the NLI model judges paraphrase; do not say that ' +
  'nothing in the library backs the claim. ' +
  `${CITING_RULES} When \`pasajes\` is empty, say the library has nothing on the claim.`;

const input = {
  afirmacion: VerificarBody.shape.afirmacion.describe('The claim to check, as one sentence or a few.'),
  anio: VerificarBody.shape.anio.describe(
    'Year of the text making the claim: sources dated later cannot back it (IMPOSIBLE_TEMPORAL).',
  ),
  k: VerificarBody.shape.k.describe('How many passages to weigh (default 10, at most 50).'),
  documentos: VerificarBody.shape.documentos.describe('Only these documents (ids from `documento.id`).'),
  biblioteca: VerificarBody.shape.biblioteca.describe('Only this named collection of the library.'),
};

/** `verify_claim`: the support verdict of `POST /verificar` over the caller's library. */
export function registerVerifyClaimTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'verify_claim',
    {
      title: 'Verificar una afirmación',
      description: DESCRIPTION,
      inputSchema: input,
      // The contract's schema, re-rooted: a root `$ref` (its OpenAPI id) is not the object MCP requires.
      outputSchema: z.object(Verificacion.shape),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(ctx, 'verify_claim', async () => {
        const verificacion = await verifyClaim(ctx.deps, ctx.userId, args, extra.signal);
        const text = verificationMarkdown(verificacion);
        return toolResult(verificacion, verificacion.pasajes.length ? text : `${text}\n${NOTHING_FOUND}\n`);
      }),
  );
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import { FormatoQuery, Verificacion, VerificarBody, verificationMarkdown } from '@folio/shared';
import { DEFAULT_VERIFY_K, verifyClaim } from '../../services/verify';
import { STRONG_CONTRADICTION, SUPPORT_THRESHOLD } from '../../support/bar';
import type { AppEnv } from '../env';
import { jsonOrMarkdown, operation, type OperationContext } from '../operation';
import { respond } from '../respond';

const DESCRIPTION =
  `Searches the caller's library for the claim (\`k\` passages, default ${DEFAULT_VERIFY_K}; \`documentos\`, ` +
  '`biblioteca` restrict it) and judges each passage: `respaldo` (0-1, calibrated so that ' +
  `${SUPPORT_THRESHOLD} means backed) and \`relacion\`: APOYO_DIRECTO, CONTRADICCION, CONTEXTO, ` +
  'APLICACION_DE_MARCO (a general rule the claim applies), or IMPOSIBLE_TEMPORAL. With `anio` (the year of ' +
  'the text making the claim) the passages of sources dated later are discarded from the judgement: they are ' +
  'not weighed and never count for `veredicto` or `probabilidad`, but they are listed last, as IMPOSIBLE_TEMPORAL ' +
  'with `respaldo` 0, so that the caller sees which sources were set aside and why. Support comes from an NLI model when one is installed, else from a ' +
  'lexical-semantic scorer, always checked for figures, units, years, negation and names. `veredicto`: ' +
  `respaldada (a passage backs the claim, respaldo ≥ ${SUPPORT_THRESHOLD}, or each of its clauses is backed), ` +
  `contradicha (a contradiction ≥ ${STRONG_CONTRADICTION} stronger than any backing), parcial (some clauses ` +
  'backed), sin_respaldo. `probabilidad` is the probability that the claim is backed, calibrated from the ' +
  "verdict's support on labelled claims (0.7: backed about seven times in ten); the header `X-Folio-Respaldo` " +
  'names the scorer and `juez` says which kind answered. The lexical judge compares words: its sin_respaldo or ' +
  'parcial means no passage states the claim in the same words, not that none says it in others, so the answer ' +
  'then carries `nota` (in Spanish: the closest passage, and that the NLI model judges paraphrase) and ' +
  "`cercano` (that passage's id).";

export function verifyRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/verificar',
      operationId: 'verificar',
      summary: 'Check a claim against the library',
      description: DESCRIPTION,
      tags: ['Búsqueda'],
      scope: 'lectura',
      query: FormatoQuery,
      body: VerificarBody,
      responses: { 200: jsonOrMarkdown('The verdict with the passages weighed.', Verificacion) },
      errors: [400],
    },
    async (c, { query, body }) => {
      const { deps, principal } = c.var;
      const result = await verifyClaim(deps, principal.userId, body, c.req.raw.signal);
      // Header values are Latin-1: the scorer's name may not be, so it is reduced to ASCII.
      c.header('X-Folio-Respaldo', deps.engines.support.name.normalize('NFD').replace(/[^\x20-\x7e]/g, ''));
      return respond(c, 200, result, verificationMarkdown, query.formato);
    },
  );
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import { answerMarkdown, EventoPreguntar, FormatoQuery, PreguntarBody, Respuesta } from '@folio/shared';
import { z } from 'zod';
import { ask, DEFAULT_K } from '../../services/ask';
import { CONFIANZA_ALTA_COBERTURA, CONFIANZA_BAJA_COBERTURA, RESPALDO_NOTA } from '../../support/bar';
import type { AppEnv } from '../env';
import { operation, type OperationContext } from '../operation';
import { respond } from '../respond';
import { streamAnswer } from '../stream-answer';

const DESCRIPTION =
  `Retrieves the \`k\` best passages of your library (default ${DEFAULT_K}, at most 12) with the search of ` +
  '`/buscar`, gives them to the writer numbered 1..k (a language model when the server has one, otherwise an ' +
  'extractive writer that answers with literal sentences of the passages; `GET /health` says which), and ' +
  'checks every footnote: a footnote stands only when its passage backs its sentence with support ≥ ' +
  `${RESPALDO_NOTA} and does not contradict it; a footnote to a passage the writer was not given falls; a ` +
  'sentence whose footnotes all fell is left out, and so is a sentence without footnotes that no passage backs. ' +
  'Standing footnotes are renumbered 1..n in order of first citation and `fuentes` holds exactly those passages ' +
  'with `n`, their `texto` literal and `cita`, `localizador`, `enlace` from the stored anchor; the definitions ' +
  `close \`respuesta\`. \`confianza\`: \`alta\` when every sentence the writer wrote stood, each about what the ` +
  'question names (its places, people, years and figures, not only its theme), and the answer holds ' +
  `≥ ${CONFIANZA_ALTA_COBERTURA} of the question's terms; \`baja\` when nothing stood (the ` +
  `answer then says plainly that nothing was found) or it holds < ${CONFIANZA_BAJA_COBERTURA} of them; ` +
  '`media` otherwise. With `stream: true` or `Accept: text/event-stream` (unless `stream: false`) the answer ' +
  'comes as server-sent events, each `event: <name>` and one `data: <JSON>` line: `pasajes` first, `texto` ' +
  'deltas of checked sentences (joined they are `respuesta`), `fuente` right after the `texto` that first cites ' +
  'it, `fin` with the whole Respuesta; on failure `error` with the error body instead of `fin`. A writer that ' +
  'fails after its retries answers 502 `proveedor_fallo`.';

/** True when the caller asked for server-sent events: `stream` in the body wins over `Accept`. */
function wantsStream(stream: boolean | undefined, accept: string | undefined): boolean {
  return stream ?? /\btext\/event-stream\b/i.test(accept ?? '');
}

export function askRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/preguntar',
      operationId: 'preguntar',
      summary: 'Answer a question with verified footnotes',
      description: DESCRIPTION,
      tags: ['Búsqueda'],
      scope: 'lectura',
      query: FormatoQuery,
      body: PreguntarBody,
      responses: {
        200: {
          description: 'The answer: JSON, Markdown, or server-sent events (`stream: true`).',
          content: {
            'application/json': { schema: Respuesta },
            'text/markdown': {
              schema: z.string().meta({
                description:
                  'The answer with its footnote definitions, then `## Fuentes (confianza: <confianza>)` and the ' +
                  'sources, numbered by footnote, each with its literal text quoted and `cita — [localizador](enlace)`.',
              }),
            },
            'text/event-stream': { schema: EventoPreguntar },
          },
        },
      },
      errors: [400, 502],
    },
    async (c, { query, body }) => {
      const deps = c.var.deps;
      const userId = c.var.principal.userId;
      const req = { pregunta: body.pregunta, k: body.k, documentos: body.documentos, biblioteca: body.biblioteca };
      if (!wantsStream(body.stream, c.req.header('accept'))) {
        const respuesta = await ask(deps, userId, req, c.req.raw.signal);
        return respond(c, 200, respuesta, answerMarkdown, query.formato);
      }
      return streamAnswer(c, userId, req, 'POST /preguntar (stream)');
    },
  );
}

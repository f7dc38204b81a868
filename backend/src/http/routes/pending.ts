import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  Citado,
  CitadoQuery,
  CitarBody,
  CitarQuery,
  FormatoQuery,
  IdParam,
  PreguntarBody,
  Respuesta,
  Verificacion,
  VerificarBody,
} from '@folio/shared';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { AppEnv } from '../env';
import { jsonOrMarkdown, operation, type OperationContext } from '../operation';

/** Operations of the contract that a later part of the backend implements; until then: no_disponible. */
function notYet(what: string, whatEn: string): never {
  throw new AppError('no_disponible', {
    mensaje: `${what} aún no está disponible en este servidor.`,
    message: `${whatEn} is not available on this server yet.`,
  });
}

export function pendingRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  const search = { tags: ['Búsqueda'], scope: 'lectura' as const, errors: [400, 501] };
  operation(
    app,
    ctx,
    {
      ...search,
      method: 'post',
      path: '/preguntar',
      operationId: 'preguntar',
      summary: 'Answer a question with verified footnotes',
      query: FormatoQuery,
      body: PreguntarBody,
      responses: {
        200: {
          description: 'The answer (JSON, Markdown, or server-sent events with `stream: true`).',
          content: {
            'application/json': { schema: Respuesta },
            'text/markdown': { schema: z.string() },
            'text/event-stream': { schema: z.string() },
          },
        },
      },
    },
    async () => notYet('Preguntar', 'Ask'),
  );
  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/citar',
      operationId: 'citar',
      summary: 'Insert verified citations into a text',
      tags: ['Citas'],
      scope: 'escritura',
      query: CitarQuery,
      body: CitarBody,
      responses: {
        200: jsonOrMarkdown('The cited text and bibliography.', Citado),
        202: jsonOrMarkdown('Still working; poll `progreso_url`.', Citado),
      },
      errors: [400, 402, 501],
    },
    async () => notYet('Citar', 'Cite'),
  );
  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/citar/{id}',
      operationId: 'citado',
      summary: 'State or result of a cite job',
      tags: ['Citas'],
      scope: 'escritura',
      params: IdParam,
      query: CitadoQuery,
      responses: {
        200: jsonOrMarkdown('Finished.', Citado),
        202: jsonOrMarkdown('Still working.', Citado),
      },
      errors: [400, 404, 501],
    },
    async () => notYet('Citar', 'Cite'),
  );
  operation(
    app,
    ctx,
    {
      ...search,
      method: 'post',
      path: '/verificar',
      operationId: 'verificar',
      summary: 'Check a claim against the library',
      query: FormatoQuery,
      body: VerificarBody,
      responses: { 200: jsonOrMarkdown('The verdict with the passages weighed.', Verificacion) },
    },
    async () => notYet('Verificar', 'Verify'),
  );
}

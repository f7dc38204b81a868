import type { OpenAPIHono } from '@hono/zod-openapi';
import { Estilo, EstiloIdParam, ListaEstilos, ResultadoBorrado } from '@folio/shared';
import { z } from 'zod';
import { AppError } from '../../errors';
import { deleteStyle } from '../../services/styles/delete-style';
import { listStyles } from '../../services/styles/list-styles';
import { MAX_STYLE_BYTES, registerStyle } from '../../services/styles/register-style';
import type { AppEnv } from '../env';
import { operation, type OperationContext } from '../operation';
import { readLimited } from '../read-body';

const TAG = ['Citas'];

export function styleRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  operation(
    app,
    ctx,
    {
      method: 'get',
      path: '/estilos',
      operationId: 'estilos',
      summary: 'Citation styles and locales available to cite with',
      description:
        'The bundled CSL styles (APA, MLA, Chicago author-date and notes, IEEE, Vancouver, Harvard, ISO 690) with ' +
        'their aliases, then the styles you registered; and the CSL locales accepted as `idioma`.',
      tags: TAG,
      scope: 'lectura',
      extension: true,
      responses: {
        200: { description: 'Styles and locales.', content: { 'application/json': { schema: ListaEstilos } } },
      },
      errors: [],
    },
    async (c) => c.json(await listStyles(c.var.deps, c.var.principal.userId), 200),
  );

  operation(
    app,
    ctx,
    {
      method: 'post',
      path: '/estilos',
      operationId: 'registrarEstilo',
      summary: 'Register a CSL style of your own',
      description:
        'The body is a CSL 1.0 style file (as found in the CSL styles repository), up to 1 MB. Its id is the last ' +
        'segment of its `<info><id>`; pass that id as `estilo` to POST /citar. A dependent style (one with an ' +
        '`independent-parent` link) needs its parent bundled or registered. Registering the same id again ' +
        'replaces it (200); a new one answers 201. Bundled ids are taken (409).',
      tags: TAG,
      scope: 'escritura',
      extension: true,
      rawBody: {
        required: true,
        content: {
          'application/vnd.citationstyles.style+xml': { schema: z.string() },
          'application/xml': { schema: z.string() },
        },
      },
      responses: {
        200: { description: 'Replaced.', content: { 'application/json': { schema: Estilo } } },
        201: { description: 'Registered.', content: { 'application/json': { schema: Estilo } } },
      },
      errors: [400, 409, 413],
    },
    async (c) => {
      const bytes = await readLimited(c.req.raw, MAX_STYLE_BYTES);
      let xml: string;
      try {
        xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new AppError('peticion_invalida', {
          mensaje: 'El estilo no es UTF-8 válido.',
          message: 'The style is not valid UTF-8.',
          detalles: { campo: 'cuerpo' },
        });
      }
      const { estilo, replaced } = await registerStyle(c.var.deps, c.var.principal.userId, xml.replace(/^\uFEFF/, ''));
      return c.json(estilo, replaced ? 200 : 201);
    },
  );

  operation(
    app,
    ctx,
    {
      method: 'delete',
      path: '/estilos/{id}',
      operationId: 'borrarEstilo',
      summary: 'Delete one of your styles',
      tags: TAG,
      scope: 'escritura',
      extension: true,
      params: EstiloIdParam,
      responses: { 200: { description: 'Deleted.', content: { 'application/json': { schema: ResultadoBorrado } } } },
      errors: [400, 404],
    },
    async (c, { params }) => c.json(await deleteStyle(c.var.deps, c.var.principal.userId, params.id), 200),
  );
}

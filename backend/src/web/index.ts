import { Hono } from 'hono';
import { AppError } from '../errors';
import { askRoutes } from './ask/routes';
import { citeRoutes } from './cite/routes';
import { importPageRoutes } from './import/routes';
import type { AppEnv } from '../http/env';
import { handleError } from '../http/error-handler';
import { documentRoutes } from './document/routes';
import { pageStrings } from './i18n';
import { renderMessage } from './layout';
import { accountRoutes, errorText } from './account/routes';
import { editDocumentRoutes } from './edit-document/routes';
import { searchPageRoutes } from './search/routes';
import { verifyPageRoutes } from './verify/routes';
import { keyRoutes } from './settings/routes';
import { libraryRoutes } from './library/routes';
import { webUploadsInPartsRoutes } from './library/uploads-in-parts';
import { webUser } from './session';
import { staticRoutes } from './static';
import { knownError } from '../db/outage';

/**
 * The web app: sign-in and sign-up, settings → 'Claves de API', the library page with its correction form, and their static
 * files under /web/. Pages are server-rendered (hono/html) and work without scripts; the scripts
 * only add confirmation dialogs, copying and upload progress.
 */
export function webApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  staticRoutes(app);
  accountRoutes(app);
  keyRoutes(app);
  documentRoutes(app);
  libraryRoutes(app);
  webUploadsInPartsRoutes(app);
  editDocumentRoutes(app);
  searchPageRoutes(app);
  verifyPageRoutes(app);
  askRoutes(app);
  citeRoutes(app);
  importPageRoutes(app);
  app.onError(async (err, c) => {
    const accept = c.req.header('accept') ?? '';
    if (!accept.includes('text/html')) return handleError(err, c);
    // A person at a page: the same error as a page in their language.
    const s = pageStrings(c);
    const known = knownError(err, c.var.deps?.outages);
    if (!known) c.var.deps?.log.error(`${c.req.method} ${c.req.path} failed`, err);
    const appError = known ?? new AppError('interno');
    for (const [k, v] of Object.entries(appError.headers ?? {})) c.header(k, v);
    const user = await webUser(c).catch(() => undefined);
    return renderMessage(c, s, {
      title: s.t('error_title'),
      message: appError.detalles?.csrf ? s.t('forbidden_origin') : errorText(s, appError),
      status: appError.estado,
      user,
    });
  });
  return app;
}

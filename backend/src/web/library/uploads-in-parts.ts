import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { beginUpload, continueUpload } from '../../http/uploads-in-parts';
import { resumableUploads, type ResumableUploads } from '../../services/documents/resumable-uploads';
import { webCsrf } from '../csrf';
import { requireWebUser } from '../session';

/** Where the library page sends large files in parts (tus), under the signed-in session. */
export const WEB_SUBIDAS_PATH = '/biblioteca/subidas';

/**
 * The tus endpoints of `/api/v1/subidas` for the web app: the same checks and the same service, with the web
 * session and its CSRF token (`X-CSRF-Token`, sent by the page's tus client on every request) in place of
 * an API key. The library page uses them for files over the single-request limit, with progress, and resumes
 * an upload cut by a dropped connection or a reload from where the server stands.
 */
export function webUploadsInPartsRoutes(app: Hono<AppEnv>): void {
  let uploads: ResumableUploads | undefined;
  const uploadsOf = (c: Context<AppEnv>) => {
    uploads ??= resumableUploads(c.var.deps, WEB_SUBIDAS_PATH);
    return uploads;
  };
  const guard = [requireWebUser(), webCsrf('session')] as const;
  app.post(WEB_SUBIDAS_PATH, ...guard, (c) => beginUpload(c, uploadsOf(c), c.var.webUser!.userId));
  app.on(['HEAD', 'PATCH', 'DELETE', 'GET'], `${WEB_SUBIDAS_PATH}/:id`, ...guard, (c) =>
    continueUpload(c, uploadsOf(c), c.var.webUser!.userId),
  );
}

import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { webCsrf } from '../csrf';
import { requireWebUser } from '../session';
import { securityHeaders } from '../security-headers';
import { createCollectionForm, renameCollectionForm, assignCollectionForm } from './collections';
import { deleteDocumentForm } from './delete';
import { exportReferences } from './export';
import { documentRowJson } from './list';
import { libraryPage } from './page';
import { uploadForm, urlForm } from './upload';

/**
 * /biblioteca: the user's documents, sorted, filtered and paged as `GET /documentos` does (the same
 * service); uploads by file (many at once) or URL with progress; collections; export; deletion.
 */
export function libraryRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;
  app.get('/biblioteca', ...guard, libraryPage);
  app.post('/biblioteca/colecciones', ...guard, webCsrf('session'), createCollectionForm);
  app.post('/biblioteca/colecciones/renombrar', ...guard, webCsrf('session'), renameCollectionForm);
  app.post('/biblioteca/colecciones/asignar', ...guard, webCsrf('session'), assignCollectionForm);
  app.post('/biblioteca/subir', ...guard, webCsrf('checked-by-handler'), uploadForm);
  app.post('/biblioteca/url', ...guard, webCsrf('session'), urlForm);
  app.get('/biblioteca/exportar', ...guard, exportReferences);
  app.get('/biblioteca/documentos/:id', ...guard, documentRowJson);
  app.post('/biblioteca/documentos/:id/borrar', ...guard, webCsrf('session'), deleteDocumentForm);
}

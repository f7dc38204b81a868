import path from 'node:path';
import type { Context, Hono } from 'hono';
import { importJobCollections, importJobCounts, importJobItems, listImportJobs } from '../../db/import-jobs.repo';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { streamImportForm } from '../../http/import-body';
import { presentImport } from '../../services/presenters/present-import';
import { discardImportForm, submitImport, type ImportForm } from '../../services/import/submit-import';
import { waitForImport } from '../../services/import/wait-for-import';
import { assertSessionToken, CSRF_FIELD, CSRF_HEADER, webCsrf } from '../csrf';
import { pageStrings } from '../i18n';
import { renderMessage, renderPage } from '../layout';
import { errorText } from '../account/routes';
import { securityHeaders } from '../security-headers';
import { requireWebUser, sessionCsrfToken } from '../session';
import { importFormBody, importReportBody, importWorkingBody, RECENT_ITEMS } from './page';
import { importStrings } from './strings';

/** How long the form's post waits for a small import before showing its page. */
const POST_WAIT_SECONDS = 2;
/** How long a page visit waits on a running import (the no-script page reloads itself). */
const PAGE_WAIT_SECONDS = 2;
/** Longest long-poll of the page's script. */
const POLL_MAX_SECONDS = 25;
/** How often the page reloads itself without its script. */
const REFRESH_SECONDS = 3;
/** Earlier imports listed under the form. */
const RECENT = 10;

/**
 * /importar: a library exported from Zotero (RDF, zipped with its files) or another manager (BibTeX, RIS,
 * CSL-JSON with a zip of its files) imported by the same services as `POST /api/v1/importaciones`
 * (submitImport, waitForImport, presentImport). `/importar/:id` shows the import: while it runs, its progress
 * and the latest items (reloaded every few seconds by a `<noscript>` refresh without scripts, long-polled by
 * `import.js` with them, which asks the same address for JSON); once done, the report. Refusals are messages on the page.
 */
export function importPageRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;

  const formPage = async (c: Context<AppEnv>, o: { error?: string; status?: number; origen?: string } = {}) => {
    const s = pageStrings(c);
    const t = importStrings(s);
    const csrf = sessionCsrfToken(c);
    const { deps } = c.var;
    return renderPage(c, s, {
      title: t('title'),
      user: c.var.webUser,
      csrf,
      active: 'importar',
      path: '/importar',
      styles: ['import.css'],
      error: o.error,
      status: o.status,
      body: importFormBody(t, s, {
        csrf,
        limitBytes: deps.config.maxImportBytes,
        recent: await listImportJobs(deps.db, c.var.webUser!.userId, RECENT),
        origen: o.origen,
      }),
    });
  };

  app.get('/importar', ...guard, (c) => formPage(c));

  app.post('/importar', ...guard, webCsrf('checked-by-handler'), async (c) => {
    const s = pageStrings(c);
    const t = importStrings(s);
    const { deps } = c.var;
    const userId = c.var.webUser!.userId;
    let form: ImportForm | undefined;
    try {
      form = await streamImportForm(c.req.raw, deps.config.maxImportBytes, path.join(deps.config.dataDir, 'tmp'));
      try {
        assertSessionToken(c, c.req.header(CSRF_HEADER) ?? form.fields[CSRF_FIELD]);
      } catch (err) {
        await discardImportForm(form);
        throw err;
      }
      if (!form.archivo) {
        await discardImportForm(form);
        throw new AppError('peticion_invalida', {
          mensaje: importStrings({ ...s, lang: 'es' })('missing_file'),
          message: importStrings({ ...s, lang: 'en' })('missing_file'),
          detalles: { campo: 'archivo' },
        });
      }
      // submitImport removes the upload's temporary files whatever happens.
      const { row } = await submitImport(deps, userId, form);
      await waitForImport(deps, userId, row.id, POST_WAIT_SECONDS, c.req.raw.signal);
      return c.redirect(`/importar/${row.id}`, 303);
    } catch (err) {
      if (!(err instanceof AppError) || err.detalles?.csrf) throw err;
      const reason = errorText(s, err);
      const fieldError = err.codigo === 'peticion_invalida' && err.detalles?.campo === 'archivo';
      return formPage(c, {
        error: fieldError ? reason : t('failed', { reason }),
        status: err.estado,
        origen: form?.fields.origen,
      });
    }
  });

  app.get('/importar/:id', ...guard, async (c) => {
    const s = pageStrings(c);
    const t = importStrings(s);
    const { deps } = c.var;
    const wantsJson = !(c.req.header('accept') ?? '').includes('text/html');
    const asked = Number(c.req.query('esperar') ?? NaN);
    const seconds = wantsJson
      ? Math.min(POLL_MAX_SECONDS, Math.max(0, Number.isFinite(asked) ? asked : 0))
      : PAGE_WAIT_SECONDS;
    let row;
    try {
      row = await waitForImport(deps, c.var.webUser!.userId, c.req.param('id'), seconds, c.req.raw.signal);
    } catch (err) {
      if (!(err instanceof AppError) || err.codigo !== 'no_encontrado') throw err;
      if (wantsJson) throw err;
      return renderMessage(c, s, {
        title: t('error_title'),
        message: t('not_found'),
        status: 404,
        back: '/importar',
        user: c.var.webUser,
        csrf: sessionCsrfToken(c),
      });
    }
    // The page's script polls the same address: where the import stands, its counts and latest items (not every
    // item of a library of thousands, once a second).
    if (wantsJson) {
      return c.json(
        {
          estado: row.estado,
          progreso: { hechos: row.hechos, ...(row.total !== null && { total: row.total }) },
          cuentas: await importJobCounts(deps.db, row.id),
          recientes: (await importJobItems(deps.db, row.id, RECENT_ITEMS)).map((i) => ({
            titulo: i.titulo,
            resultado: i.resultado,
            ...(i.documento && { documento: i.documento }),
            ...(i.motivo && { motivo: i.motivo }),
          })),
        },
        200,
      );
    }
    const view = await presentImport(deps, row);
    const base = {
      user: c.var.webUser,
      csrf: sessionCsrfToken(c),
      active: 'importar' as const,
      styles: ['import.css'],
    };
    if (row.estado === 'error') {
      return renderMessage(c, s, {
        ...base,
        title: t('error_title'),
        message: t('job_failed', { archivo: row.archivo_nombre, error: row.error ?? '' }),
        status: 200,
        back: '/importar',
      });
    }
    if (row.estado !== 'listo') {
      return renderPage(c, s, {
        ...base,
        title: t('working_title'),
        scripts: ['import.js'],
        body: importWorkingBody(t, view, REFRESH_SECONDS),
      });
    }
    return renderPage(c, s, {
      ...base,
      title: t('report_title'),
      body: importReportBody(t, view, await importJobCollections(deps.db, row.id)),
    });
  });
}

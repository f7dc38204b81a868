import { CAMPOS_REVISABLES, CorregirDocumento } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { correctDocument } from '../../services/documents/correct-document';
import { exportDocument } from '../../services/cite/export-references';
import { listStyles } from '../../services/styles/list-styles';
import { presentDocument } from '../../services/presenters/present-document';
import { readText } from '../../services/documents/read-text';
import { rereadDocument } from '../../services/documents/reread-document';
import { styledReference } from '../../services/cite/styled-reference';
import { waitForDocument } from '../../services/documents/wait-for-document';
import { webCsrf } from '../csrf';
import { formOf } from '../form';
import { pageStrings } from '../i18n';
import { renderMessage, renderPage, takeFlash } from '../layout';
import { requireWebUser, sessionCsrfToken } from '../session';
import { securityHeaders } from '../security-headers';
import { documentBody, type DocumentPageData } from './page';
import { takeSavedChanges } from './saved-changes';
import { documentStrings, type DocumentStringKey, type DocumentStrings } from './strings';

/** What a redirect back to the page says (`?aviso=`). */
const NOTICES: Record<string, DocumentStringKey | undefined> = {
  releido: 'reread_done',
  ocupado: 'reread_busy',
  comprobado: 'doubt_confirmed',
};

/** Units listed per page of the document page. */
const UNITS_PER_PAGE = 10;

/** A browser navigating here (not the library's script, which asks for JSON). */
function wantsPage(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html') || (accept === '' && c.req.header('sec-fetch-mode') === 'navigate');
}

const errorText = (t: DocumentStrings, err: AppError) => (t.lang === 'es' ? err.mensaje : err.message);

/** The caller's document row, or undefined when it is not theirs. */
async function ownRow(c: Context<AppEnv>, id: string) {
  return waitForDocument(c.var.deps, c.var.webUser!.userId, id, 0).catch((err: unknown) => {
    if (err instanceof AppError && err.codigo === 'no_encontrado') return undefined;
    throw err;
  });
}

function notFoundPage(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const t = documentStrings(s.lang);
  return renderMessage(c, s, {
    title: t.t('error_title'),
    message: t.t('not_found'),
    status: 404,
    user: c.var.webUser,
    csrf: sessionCsrfToken(c),
  });
}

/**
 * The document page, `/biblioteca/documentos/:id` for a browser: metadata (with the correction form),
 * the reference in any style and locale, exports, the first units with reader links, the original file,
 * read again and delete. All through the API's services. The same address keeps answering the library's
 * script with JSON: a request that does not ask for HTML passes on to the library's route.
 */
export function documentRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;

  // Registered before the library's route of the same address: what is not a page request passes on to it
  // (after the same guard it has, so a signed-out script still gets its 401).
  app.get('/biblioteca/documentos/:id', ...guard, async (c, next) => {
    if (!wantsPage(c)) return next();
    return documentPage(c);
  });

  app.get('/biblioteca/documentos/:id/exportar', ...guard, async (c) => {
    const id = c.req.param('id');
    const formato = c.req.query('formato');
    if (formato !== 'bibtex' && formato !== 'ris' && formato !== 'csljson') {
      return c.redirect(`/biblioteca/documentos/${encodeURIComponent(id)}`, 302);
    }
    try {
      const file = await exportDocument(c.var.deps, c.var.webUser!.userId, id, formato);
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
      });
    } catch (err) {
      if (err instanceof AppError && err.codigo === 'no_encontrado') return notFoundPage(c);
      throw err;
    }
  });

  // 'Es correcto' on a value to check: the value shown becomes the user's (origin usuario), so it is no
  // longer doubted and no later reading replaces it. The same correction as PATCH, with the value in force.
  app.post('/biblioteca/documentos/:id/confirmar', ...guard, webCsrf('session'), async (c) => {
    const id = c.req.param('id');
    const back = `/biblioteca/documentos/${encodeURIComponent(id)}`;
    const row = await ownRow(c, id);
    if (!row) return notFoundPage(c);
    const asked = (await formOf(c)).get('campo');
    const campo = CAMPOS_REVISABLES.find((f) => f === asked);
    const doc = presentDocument(row, c.var.deps.config.publicUrl);
    const value = campo === 'doi' ? doc.detalles_bibliograficos?.doi : campo ? doc[campo] : undefined;
    const body = CorregirDocumento.safeParse(campo ? { [campo]: value } : {});
    if (!campo || value === undefined || !body.success) return c.redirect(back, 303);
    await correctDocument(c.var.deps, c.var.webUser!.userId, id, body.data);
    return c.redirect(`${back}?aviso=comprobado`, 303);
  });

  app.post('/biblioteca/documentos/:id/releer', ...guard, webCsrf('session'), async (c) => {
    const id = c.req.param('id');
    const back = `/biblioteca/documentos/${encodeURIComponent(id)}`;
    try {
      await rereadDocument(c.var.deps, c.var.webUser!.userId, id);
      return c.redirect(`${back}?aviso=releido`, 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.codigo === 'no_encontrado') return notFoundPage(c);
      if (err.codigo === 'conflicto') return c.redirect(`${back}?aviso=ocupado`, 303);
      throw err;
    }
  });
}

async function documentPage(c: Context<AppEnv>): Promise<Response> {
  const s = pageStrings(c);
  const t = documentStrings(s.lang);
  const { deps } = c.var;
  const user = c.var.webUser!;
  const id = c.req.param('id') ?? '';
  const row = await ownRow(c, id);
  if (!row) return notFoundPage(c);
  const doc = presentDocument(row, deps.config.publicUrl);

  const estilo = c.req.query('estilo')?.trim() || 'apa';
  const idioma = c.req.query('idioma')?.trim() || (s.lang === 'en' ? 'en-US' : 'es-ES');
  const desde = c.req.query('desde')?.trim() || undefined;
  const data: DocumentPageData = {
    doc,
    row,
    csrf: sessionCsrfToken(c),
    estilos: await listStyles(deps, user.userId),
    estilo,
    idioma,
    ...(desde && { desde }),
  };
  let status = 200;
  try {
    data.referencia = await styledReference(deps, user.userId, id, estilo, idioma);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    data.referenciaError = errorText(t, err);
    status = err.estado;
  }
  if (row.estado === 'listo' && row.unidades > 0) {
    try {
      data.texto = await readText(deps, user.userId, id, { desde, limite: UNITS_PER_PAGE });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      data.textoError = t.t('units_failed', { reason: errorText(t, err) });
      if (status === 200) status = err.estado;
    }
  } else if (!row.solo_referencia) {
    data.textoError = t.t('units_none');
  }
  const aviso = c.req.query('aviso');
  return renderPage(c, s, {
    title: doc.titulo,
    user,
    csrf: data.csrf,
    active: 'biblioteca',
    styles: ['document.css'],
    scripts: ['confirm.js'],
    notice: NOTICES[aviso ?? ''] ? t.t(NOTICES[aviso ?? '']!) : (takeSavedChanges(c, s) ?? takeFlash(c, s)),
    status,
    body: documentBody(s, t, data),
  });
}

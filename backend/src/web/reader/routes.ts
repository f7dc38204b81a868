import type { Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { html } from 'hono/html';
import { AppError, notFound } from '../../errors';
import type { AppEnv } from '../../http/env';
import { readOriginal } from '../../services/documents/read-original';
import { openReader } from '../../services/reader/open-reader';
import { pageFolios } from '../../services/reader/page-folios';
import { resolveGoTo } from '../../services/reader/resolve-go-to';
import type { ReaderPlace, ReaderView } from '../../services/reader/view';
import { wantsJson } from '../form';
import { pageStrings } from '../i18n';
import { requireWebUser, webUser } from '../session';
import { assetRoutes, pdfjsBase } from './assets';
import { imageBody } from './image-page';
import { mediaBody } from './media-page';
import { originalResponse } from './original-file';
import { pdfBody } from './pdf-page';
import { pendingBody } from './pending-page';
import { parsePlace } from './place';
import { sheetBody } from './sheet-page';
import { PLACE_PARAMS, readerPage, type ReaderPageOptions } from './shell';
import { slideBody } from './slide-page';
import { readerStrings, type ReaderStrings } from './strings';
import { textBody } from './text-page';

/**
 * The reader's policy: scripts, workers and media only from here (pdf.js runs its worker from our copy),
 * inline style attributes allowed because pdf.js positions its text layer with them, nothing framed.
 */
const READER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const readerHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Content-Security-Policy', READER_CSP);
  c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  c.header('Cache-Control', 'no-store');
});

async function signedInUser(c: Context<AppEnv>) {
  // requireWebUser() ran first, so there is one; the session look-up is cached per request.
  const user = c.var.webUser ?? (await webUser(c));
  if (!user) throw new Error('reader route without requireWebUser()');
  return user;
}

function pageOf(view: ReaderView, s: ReaderStrings, folios?: (string | null)[]): Omit<ReaderPageOptions, 'title'> {
  const common = { doc: view.doc, ...('lugar' in view && view.lugar && { lugar: view.lugar }) };
  switch (view.kind) {
    case 'pdf':
      return {
        ...common,
        kind: 'pdf',
        body: pdfBody(view, s, folios),
        styles: [`${pdfjsBase()}/web/pdf_viewer.css`],
        scripts: ['pdf-reader.js'],
      };
    case 'media':
      return { ...common, kind: 'media', body: mediaBody(view, s), scripts: ['media-reader.js'] };
    case 'texto':
      return { ...common, kind: 'texto', body: textBody(view, s), scripts: ['destacar.js'] };
    case 'diapositiva':
      return { ...common, kind: 'diapositiva', body: slideBody(view, s) };
    case 'hoja':
      return { ...common, kind: 'hoja', body: sheetBody(view, s), scripts: ['destacar.js'] };
    case 'imagen':
      return { ...common, kind: 'imagen', body: imageBody(view, s) };
    case 'pendiente':
      return { ...common, kind: 'pendiente', body: pendingBody(view, s) };
  }
}

/** The place a page stands at, as the query parameters the 'go to' form carries along. */
function placeParams(c: Context<AppEnv>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of PLACE_PARAMS) {
    const v = c.req.query(k);
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** The reader at `place`, or the not-found page; with `failed`, the 'go to' box says why it did not move. */
async function showReader(
  c: Context<AppEnv>,
  userId: string,
  place: ReaderPlace,
  failed?: { value: string; error: string; status: 400 | 409 },
) {
  const s = readerStrings(pageStrings(c).lang);
  const view = await openReader(c.var.deps, userId, c.req.param('id') ?? '', place);
  if (!view) {
    return readerPage(c, s, {
      title: s.t('not_found_title'),
      kind: 'no-encontrado',
      status: 404,
      body: html`<main id="lector" data-estado="no_encontrado">
        <p class="aviso" role="alert">${s.t('not_found')}</p>
      </main>`,
    });
  }
  // A reference without a file has nothing to read: its reference is on the document's page.
  if (view.doc.soloReferencia) return c.redirect(`/biblioteca/documentos/${encodeURIComponent(view.doc.id)}`, 303);
  const folios = view.kind === 'pdf' ? await pageFolios(c.var.deps, view.doc.id, view.paginas) : undefined;
  const ready = view.doc.estado === 'listo' && view.doc.unidades > 0;
  return readerPage(c, s, {
    title: view.doc.titulo,
    ...pageOf(view, s, folios),
    ...(ready && {
      goTo: {
        place: placeParams(c),
        placeholder: view.kind === 'pdf' ? 'iii · p. 45 · [12]' : view.kind === 'media' ? '1:23:05 · [12]' : '[12]',
        ...(failed && { value: failed.value, error: failed.error }),
      },
    }),
    ...(failed && { status: failed.status }),
  });
}

/**
 * The reader, where every `enlace` leads (`/leer/:id?pagina=…`, `?t=…`, `?parrafo=…&u=…`, …), its
 * original file (`/leer/:id/archivo`, with byte ranges) and its static files. Pages and files need a
 * signed-in browser session (signed-out visitors are sent to sign in and back); API keys are never
 * accepted here, in a header or in the URL. Someone else's document is not found, and nothing of it shows.
 */
export function readerRoutes(app: Hono<AppEnv>): void {
  assetRoutes(app);

  app.get('/leer/:id/archivo', requireWebUser(), async (c) => {
    const user = await signedInUser(c);
    const file = await readOriginal(c.var.deps, user.userId, c.req.param('id'));
    if (!file) throw notFound();
    return originalResponse(file, c.req.raw);
  });

  app.get('/leer/:id', requireWebUser(), readerHeaders, async (c) => {
    const user = await signedInUser(c);
    return showReader(c, user.userId, parsePlace(c.req.query()));
  });

  // The 'go to' box: a folio, '[n]' or a time, resolved as `/texto` resolves `desde`. A browser is sent to
  // the place; the PDF and media scripts ask for JSON and move there in place. What does not resolve shows
  // the page where the reader stood, with the reason.
  app.get('/leer/:id/ir', requireWebUser(), readerHeaders, async (c) => {
    const user = await signedInUser(c);
    const value = c.req.query('ir') ?? '';
    try {
      const place = await resolveGoTo(c.var.deps, user.userId, c.req.param('id'), value);
      return wantsJson(c) ? c.json(place) : c.redirect(place.enlace, 303);
    } catch (err) {
      if (!(err instanceof AppError) || err.codigo === 'no_encontrado') {
        if (err instanceof AppError) return showReader(c, user.userId, {});
        throw err;
      }
      const s = readerStrings(pageStrings(c).lang);
      const reason = s.lang === 'es' ? err.mensaje : err.message;
      if (wantsJson(c)) return c.json({ error: s.t('go_to_failed', { value, reason }) }, err.estado as 400);
      return showReader(c, user.userId, parsePlace(c.req.query()), {
        value,
        error: reason,
        status: err.estado === 409 ? 409 : 400,
      });
    }
  });
}

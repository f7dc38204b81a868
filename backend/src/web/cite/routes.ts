import fs from 'node:fs/promises';
import path from 'node:path';
import { CitarBody } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { DOCX_TYPE } from '../../cite/docx/cited-docx';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { nulRefused } from '../../http/nul-guard';
import { listStyles } from '../../services/styles/list-styles';
import { MAX_STYLE_BYTES, registerStyle } from '../../services/styles/register-style';
import { CITE_DEFAULTS, submitCite, type CiteInput } from '../../services/cite/submit-cite';
import { waitForCite } from '../../services/cite/wait-for-cite';
import { assertSessionToken, CSRF_FIELD, CSRF_HEADER, webCsrf } from '../csrf';
import { pageStrings } from '../i18n';
import { renderMessage, renderPage } from '../layout';
import { errorText } from '../account/routes';
import { securityHeaders } from '../security-headers';
import { requireWebUser, sessionCsrfToken } from '../session';
import { citeFormBody, citeResultBody, citeWorkingBody, type CiteFormValues } from './page';
import { readCiteForm, type CiteForm } from './read-form';
import { citeStrings, type CiteT } from './strings';

/** How long the form's post waits for the job before showing the page that refreshes itself. */
const POST_WAIT_SECONDS = 20;
/** How long the result page waits on each visit while the job works. */
const PAGE_WAIT_SECONDS = 5;
/** How often the working page reloads itself. */
const REFRESH_SECONDS = 3;

/** A refusal of what the form was given, in both languages like every AppError. */
const refused = (t: { es: CiteT; en: CiteT }, key: Parameters<CiteT>[0], campo: string) =>
  new AppError('peticion_invalida', { mensaje: t.es(key), message: t.en(key), detalles: { campo } });

function bothLanguages(c: Context<AppEnv>) {
  const s = pageStrings(c);
  return { es: citeStrings({ ...s, lang: 'es' }), en: citeStrings({ ...s, lang: 'en' }) };
}

/** The threshold as typed (`0,7` or `0.7`); empty means the default. */
function threshold(value: string | undefined): number | undefined {
  const typed = (value ?? '').trim().replace(',', '.');
  if (!typed) return undefined;
  const n = Number(typed);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : NaN;
}

/** Throws the CSRF refusal unless the form carried the session's token; removes the form's file then. */
async function checkToken(c: Context<AppEnv>, form: CiteForm) {
  try {
    assertSessionToken(c, c.req.header(CSRF_HEADER) ?? form.fields[CSRF_FIELD]);
  } catch (err) {
    if (form.file) await fs.rm(form.file.tmpPath, { force: true });
    throw err;
  }
}

/**
 * /citar: a pasted text or a .docx cited from the library by the same services as `POST /api/v1/citar`
 * (submitCite, waitForCite, presentCite), with the style (bundled or registered, listStyles), the locale and the
 * threshold chosen; the result page shows each claim cited or why not, the Markdown form with a copy button, the
 * bibliography and, for a .docx, a download of the cited file. A style is registered from a file (registerStyle).
 * Every refusal is a message on the page in its language, never a 500.
 */
export function citeRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;

  const formPage = async (
    c: Context<AppEnv>,
    o: { values?: CiteFormValues; error?: string; notice?: string; status?: number } = {},
  ) => {
    const s = pageStrings(c);
    const t = citeStrings(s);
    const csrf = sessionCsrfToken(c);
    const estilos = await listStyles(c.var.deps, c.var.webUser!.userId);
    const texts = JSON.stringify({ copied: t('copied'), copyFailed: t('copy_failed') });
    return renderPage(c, s, {
      title: t('title'),
      user: c.var.webUser,
      csrf,
      active: 'citar',
      path: '/citar',
      scripts: ['cite.js'],
      styles: ['cite.css'],
      error: o.error,
      notice: o.notice,
      status: o.status,
      body: citeFormBody(t, { csrf, estilos, values: o.values ?? {}, texts }),
    });
  };

  app.get('/citar', ...guard, async (c) => {
    const t = citeStrings(pageStrings(c));
    const registered = c.req.query('registrado');
    let notice: string | undefined;
    if (registered) {
      const own = (await listStyles(c.var.deps, c.var.webUser!.userId)).estilos.find(
        (e) => e.propio && e.id === registered,
      );
      if (own) notice = t('registered', { titulo: own.titulo, id: own.id });
    }
    return formPage(c, { notice, values: registered && notice ? { estilo: registered } : {} });
  });

  app.post('/citar', ...guard, webCsrf('checked-by-handler'), async (c) => {
    const s = pageStrings(c);
    const t = citeStrings(s);
    const { deps } = c.var;
    const userId = c.var.webUser!.userId;
    let values: CiteFormValues = {};
    try {
      const form = await readCiteForm(
        c.req.raw,
        'archivo',
        deps.config.maxUploadBytes,
        path.join(deps.config.dataDir, 'tmp'),
      );
      await checkToken(c, form);
      const { fields, file } = form;
      values = { texto: fields.texto, estilo: fields.estilo, idioma: fields.idioma, umbral: fields.umbral };
      let input: CiteInput;
      try {
        const both = bothLanguages(c);
        const texto = fields.texto ?? '';
        const umbral = threshold(fields.umbral);
        if (Number.isNaN(umbral)) throw refused(both, 'bad_threshold', 'umbral');
        if (file && texto.trim()) throw refused(both, 'both_inputs', 'texto');
        if (file && file.size === 0) throw refused(both, 'empty_file', 'archivo');
        if (!file && !texto.trim()) throw refused(both, 'empty_input', 'texto');
        if (texto.includes('\u0000')) throw nulRefused('texto');
        if (!file && !CitarBody.shape.texto.safeParse(texto).success) throw refused(both, 'text_too_long', 'texto');
        input = file ? { entrada: 'docx', path: file.tmpPath } : { entrada: 'texto', texto };
        const opciones = {
          estilo: fields.estilo?.trim() || CITE_DEFAULTS.estilo,
          idioma: fields.idioma?.trim() || CITE_DEFAULTS.idioma,
          umbral: umbral ?? CITE_DEFAULTS.umbral,
        };
        // submitCite removes the .docx's temporary file whatever happens.
        const { row } = await submitCite(deps, userId, input, opciones);
        await waitForCite(deps, userId, row.id, POST_WAIT_SECONDS, c.req.raw.signal);
        return c.redirect(`/citar/${row.id}`, 303);
      } catch (err) {
        if (file) await fs.rm(file.tmpPath, { force: true });
        throw err;
      }
    } catch (err) {
      if (!(err instanceof AppError) || err.detalles?.csrf) throw err;
      const reason = errorText(s, err);
      const fieldError = err.codigo === 'peticion_invalida' && err.detalles?.campo !== 'cuerpo';
      return formPage(c, { values, error: fieldError ? reason : t('failed', { reason }), status: err.estado });
    }
  });

  app.post('/citar/estilos', ...guard, webCsrf('checked-by-handler'), async (c) => {
    const s = pageStrings(c);
    const t = citeStrings(s);
    const { deps } = c.var;
    try {
      const form = await readCiteForm(c.req.raw, 'estilo', MAX_STYLE_BYTES, path.join(deps.config.dataDir, 'tmp'));
      await checkToken(c, form);
      if (!form.file) throw refused(bothLanguages(c), 'style_missing', 'estilo');
      let xml: string;
      try {
        xml = new TextDecoder('utf-8', { fatal: true }).decode(await fs.readFile(form.file.tmpPath));
      } catch {
        throw new AppError('peticion_invalida', {
          mensaje: 'El estilo no es UTF-8 válido.',
          message: 'The style is not valid UTF-8.',
          detalles: { campo: 'estilo' },
        });
      } finally {
        await fs.rm(form.file.tmpPath, { force: true });
      }
      if (xml.includes('\u0000')) throw nulRefused('estilo');
      const { estilo } = await registerStyle(deps, c.var.webUser!.userId, xml.replace(/^\uFEFF/, ''));
      return c.redirect(`/citar?registrado=${encodeURIComponent(estilo.id)}`, 303);
    } catch (err) {
      if (!(err instanceof AppError) || err.detalles?.csrf) throw err;
      return formPage(c, { error: t('register_failed', { reason: errorText(s, err) }), status: err.estado });
    }
  });

  /** The caller's job, or a page saying it is not theirs. */
  const job = async (c: Context<AppEnv>, seconds: number) => {
    try {
      return await waitForCite(c.var.deps, c.var.webUser!.userId, c.req.param('id')!, seconds, c.req.raw.signal);
    } catch (err) {
      if (err instanceof AppError && err.codigo === 'no_encontrado') return undefined;
      throw err;
    }
  };
  const notFound = (c: Context<AppEnv>) => {
    const s = pageStrings(c);
    return renderMessage(c, s, {
      title: citeStrings(s)('error_title'),
      message: citeStrings(s)('not_found'),
      status: 404,
      back: '/citar',
      user: c.var.webUser,
      csrf: sessionCsrfToken(c),
    });
  };

  app.get('/citar/:id', ...guard, async (c) => {
    const s = pageStrings(c);
    const t = citeStrings(s);
    const row = await job(c, PAGE_WAIT_SECONDS);
    if (!row) return notFound(c);
    const base = { user: c.var.webUser, csrf: sessionCsrfToken(c), active: 'citar' as const, styles: ['cite.css'] };
    if (row.estado === 'error') {
      return renderMessage(c, s, {
        ...base,
        title: t('error_title'),
        message: t('job_failed', { error: row.error ?? '' }),
        status: 200,
        back: '/citar',
      });
    }
    if (row.estado !== 'listo') {
      c.header('Refresh', String(REFRESH_SECONDS));
      return renderPage(c, s, { ...base, title: t('working_title'), body: citeWorkingBody(t, row) });
    }
    // The style's title as the style list gives it (bundled or the caller's own); a style since removed keeps its id.
    const estilos = await listStyles(c.var.deps, c.var.webUser!.userId);
    const styleTitle = estilos.estilos.find((e) => e.id === row.estilo)?.titulo;
    return renderPage(c, s, {
      ...base,
      title: t('result_title'),
      scripts: ['cite.js'],
      body: citeResultBody(t, row, c.var.deps.config.publicUrl, styleTitle),
    });
  });

  // The cited .docx, as `GET /api/v1/citar/{id}?formato=docx` gives it.
  app.get('/citar/:id/docx', ...guard, async (c) => {
    const row = await job(c, 0);
    if (!row || row.entrada !== 'docx' || row.estado !== 'listo' || !row.output_blob) return notFound(c);
    const bytes = await fs.readFile(await c.var.deps.blobs.localPath(row.output_blob));
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': DOCX_TYPE,
      'Content-Disposition': `attachment; filename="citado-${row.id}.docx"`,
    });
  });
}

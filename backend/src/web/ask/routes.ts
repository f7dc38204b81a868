import { PreguntarBody } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { nulRefused } from '../../http/nul-guard';
import { readJson } from '../../http/read-body';
import { streamAnswer } from '../../http/stream-answer';
import { ask } from '../../services/ask';
import { webCsrf } from '../csrf';
import { formOf } from '../form';
import { pageStrings } from '../i18n';
import { renderPage } from '../layout';
import { errorText } from '../account/routes';
import { securityHeaders } from '../security-headers';
import { requireWebUser, sessionCsrfToken } from '../session';
import { askBody } from './page';
import { askStrings, type AskT } from './strings';

/** The question as the API's body takes it; a refusal names the problem in the page's language. */
function question(value: unknown): { pregunta: string } {
  const pregunta = typeof value === 'string' ? value.trim() : '';
  if (pregunta.includes('\u0000')) throw nulRefused('pregunta');
  const parsed = PreguntarBody.pick({ pregunta: true }).safeParse({ pregunta });
  if (parsed.success) return parsed.data;
  const empty = pregunta.length === 0;
  throw new AppError('peticion_invalida', {
    mensaje: empty ? 'Escribe una pregunta.' : 'La pregunta es demasiado larga (como mucho 4000 caracteres).',
    message: empty ? 'Type a question.' : 'The question is too long (at most 4000 characters).',
    detalles: { campo: 'pregunta' },
  });
}

/** What the page's script needs to render a streamed answer in the page's language. */
function scriptTexts(t: AskT): string {
  return JSON.stringify({
    writing: t('writing'),
    searching: t('searching'),
    done: t('done'),
    openReader: t('open_reader'),
    footnote: t('footnote_label'),
    nothing: t('nothing_found'),
    failed: t('failed'),
    doneIn: t('done_in'),
    alta: t('confidence_alta'),
    media: t('confidence_media'),
    baja: t('confidence_baja'),
  });
}

/**
 * /preguntar: a question to the library, answered with checked footnotes by the same `ask` service as the API.
 * Without scripts the form posts and the whole answer comes back as a page; with them (ask.js) the answer
 * streams from /preguntar/flujo as server-sent events, the same events as `POST /api/v1/preguntar` with
 * `stream: true`, under the session and its CSRF token.
 */
export function askRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;

  const page = (
    c: Context<AppEnv>,
    o: Omit<Parameters<typeof askBody>[2], 'texts' | 'csrf'> & { error?: string; status?: number },
  ) => {
    const s = pageStrings(c);
    const t = askStrings(s);
    const csrf = sessionCsrfToken(c);
    return renderPage(c, s, {
      title: t('title'),
      user: c.var.webUser,
      csrf,
      active: 'preguntar',
      path: '/preguntar',
      scripts: ['ask.js'],
      styles: ['ask.css'],
      error: o.error,
      status: o.status,
      body: askBody(t, s.lang, { ...o, csrf, texts: scriptTexts(t) }),
    });
  };

  app.get('/preguntar', ...guard, (c) => page(c, {}));

  app.post('/preguntar', ...guard, webCsrf('session'), async (c) => {
    const s = pageStrings(c);
    const t = askStrings(s);
    const asked = (await formOf(c)).get('pregunta') ?? '';
    try {
      const req = question(asked);
      const respuesta = await ask(c.var.deps, c.var.webUser!.userId, req, c.req.raw.signal);
      return page(c, { pregunta: req.pregunta, respuesta });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const reason = errorText(s, err);
      const error = err.codigo === 'peticion_invalida' ? reason : t('failed', { reason });
      return page(c, { pregunta: asked, error, status: err.estado });
    }
  });

  // The streamed answer for ask.js: a JSON body `{ pregunta }` and the token in X-CSRF-Token.
  app.post('/preguntar/flujo', requireWebUser(), webCsrf('session'), async (c) => {
    const { deps } = c.var;
    const userId = c.var.webUser!.userId;
    const { value } = await readJson(c.req.raw, deps.config.maxJsonBytes);
    const req = question((value as { pregunta?: unknown } | null)?.pregunta);
    return streamAnswer(c, userId, req, 'POST /preguntar/flujo');
  });
}

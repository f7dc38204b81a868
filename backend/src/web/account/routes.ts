import type { Context, Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { PASSWORD_MIN } from '../../services/accounts/password-hash';
import { signIn } from '../../services/accounts/sign-in';
import { signOut } from '../../services/accounts/sign-out';
import { signUp, signUpOpen } from '../../services/accounts/sign-up';
import { preSessionToken, webCsrf } from '../csrf';
import { formOf } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderMessage, renderPage, takeFlash } from '../layout';
import { clearSessionCookie, safeNext, sessionToken, setSessionCookie, webUser } from '../session';
import { SignInAttempts } from '../sign-in-attempts';
import { securityHeaders } from '../security-headers';

/** The client's address when served by Node; absent under `app.request()`. */
function clientAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

function signInForm(
  c: Context<AppEnv>,
  s: Strings,
  o: { next: string; email?: string; error?: string; notice?: string; status?: number; signupOpen: boolean },
) {
  return renderPage(c, s, {
    title: s.t('signin_title'),
    status: o.status,
    error: o.error,
    notice: o.notice,
    path: '/entrar',
    body: html`<p class="intro">${s.t('signin_intro')}</p>
      <form class="card narrow" method="post" action="/entrar">
        ${csrfField(preSessionToken(c))}
        <input type="hidden" name="siguiente" value="${o.next}" />
        <label for="correo">${s.t('email')}</label>
        <input id="correo" name="correo" type="email" autocomplete="username" required value="${o.email ?? ''}" />
        <label for="contrasena">${s.t('password')}</label>
        <input id="contrasena" name="contrasena" type="password" autocomplete="current-password" required />
        <button type="submit" class="primary">${s.t('signin_submit')}</button>
      </form>
      <p class="aside">
        ${o.signupOpen ? html`<a href="/registro">${s.t('signup_link')}</a>` : s.t('signin_no_password')}
      </p>`,
  });
}

function signUpForm(
  c: Context<AppEnv>,
  s: Strings,
  o: { email?: string; error?: string; status?: number; firstRun: boolean },
) {
  return renderPage(c, s, {
    title: s.t('signup_title'),
    status: o.status,
    error: o.error,
    path: '/registro',
    body: html`${o.firstRun ? html`<p class="intro">${s.t('signup_first_run')}</p>` : ''}
      <form class="card narrow" method="post" action="/registro">
        ${csrfField(preSessionToken(c))}
        <label for="correo">${s.t('email')}</label>
        <input id="correo" name="correo" type="email" autocomplete="username" required value="${o.email ?? ''}" />
        <label for="contrasena">${s.t('password')}</label>
        <input
          id="contrasena"
          name="contrasena"
          type="password"
          autocomplete="new-password"
          minlength="${PASSWORD_MIN}"
          required
          aria-describedby="contrasena-ayuda"
        />
        <p id="contrasena-ayuda" class="hint">${s.t('password_hint', { min: PASSWORD_MIN })}</p>
        <label for="repetida">${s.t('password_repeat')}</label>
        <input
          id="repetida"
          name="repetida"
          type="password"
          autocomplete="new-password"
          minlength="${PASSWORD_MIN}"
          required
        />
        <button type="submit" class="primary">${s.t('signup_submit')}</button>
      </form>
      <p class="aside"><a href="/entrar">${s.t('signin_link')}</a></p>`,
  });
}

/** The message of an application error in the page's language. */
export const errorText = (s: Strings, err: AppError) => (s.lang === 'es' ? err.mensaje : err.message);

/** /entrar, /salir and /registro. */
export function accountRoutes(app: Hono<AppEnv>): void {
  const attempts = new SignInAttempts();
  const headers = securityHeaders();

  app.get('/entrar', headers, async (c) => {
    const s = pageStrings(c);
    const next = safeNext(c.req.query('siguiente'));
    if (await webUser(c)) return c.redirect(next, 302);
    const { deps } = c.var;
    return signInForm(c, s, {
      next,
      notice: takeFlash(c, s),
      signupOpen: await signUpOpen(deps.db, deps.config.web.signup),
    });
  });

  app.post('/entrar', headers, webCsrf('pre-session'), async (c) => {
    const s = pageStrings(c);
    const { deps } = c.var;
    const form = await formOf(c);
    const email = (form.get('correo') ?? '').trim().toLowerCase();
    const password = form.get('contrasena') ?? '';
    const next = safeNext(form.get('siguiente') ?? undefined);
    const signupOpen = await signUpOpen(deps.db, deps.config.web.signup);
    const address = clientAddress(c);
    const keys = [`correo:${email}`, ...(address ? [`ip:${address}`] : [])];
    const wait = await attempts.retryAfter(deps.db, keys);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return signInForm(c, s, {
        next,
        email,
        signupOpen,
        status: 429,
        error: s.t('signin_limited', { minutes: Math.ceil(wait / 60) }),
      });
    }
    const session = await signIn(
      deps.db,
      { email, password, userAgent: c.req.header('user-agent') },
      { sessionDays: deps.config.web.sessionDays },
    );
    if (!session) {
      await attempts.fail(deps.db, keys);
      return signInForm(c, s, { next, email, signupOpen, status: 401, error: s.t('signin_failed') });
    }
    await attempts.succeed(deps.db, `correo:${email}`);
    // A session already in this browser ends: one cookie, one session.
    const previous = sessionToken(c);
    if (previous) await signOut(deps.db, previous);
    setSessionCookie(c, session.token, session.expires);
    return c.redirect(next, 303);
  });

  app.post(
    '/salir',
    headers,
    async (c, next) => {
      // Without a session there is nothing to end (and no token to check): back to sign-in.
      if (!(await webUser(c))) return c.redirect('/entrar', 303);
      return webCsrf('session')(c, next);
    },
    async (c) => {
      const token = sessionToken(c);
      if (token) await signOut(c.var.deps.db, token);
      clearSessionCookie(c);
      flash(c, 'signed_out');
      return c.redirect('/entrar', 303);
    },
  );

  app.get('/registro', headers, async (c) => {
    const s = pageStrings(c);
    const { deps } = c.var;
    if (!(await signUpOpen(deps.db, deps.config.web.signup))) {
      return renderMessage(c, s, {
        title: s.t('signup_title'),
        message: s.t('signup_closed'),
        status: 403,
        back: '/entrar',
      });
    }
    const firstRun = await signUpOpen(deps.db, false);
    return signUpForm(c, s, { firstRun });
  });

  app.post('/registro', headers, webCsrf('pre-session'), async (c) => {
    const s = pageStrings(c);
    const { deps } = c.var;
    const form = await formOf(c);
    const email = (form.get('correo') ?? '').trim();
    const password = form.get('contrasena') ?? '';
    const firstRun = await signUpOpen(deps.db, false);
    if (password !== (form.get('repetida') ?? '')) {
      return signUpForm(c, s, { email, firstRun, status: 400, error: s.t('password_mismatch') });
    }
    try {
      const session = await signUp(
        deps.db,
        { email, password, userAgent: c.req.header('user-agent') },
        { allowed: deps.config.web.signup, sessionDays: deps.config.web.sessionDays },
      );
      setSessionCookie(c, session.token, session.expires);
      return c.redirect('/biblioteca', 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return signUpForm(c, s, { email, firstRun, status: err.estado, error: errorText(s, err) });
    }
  });
}

import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { AppError } from '../errors';
import type { AppEnv } from '../http/env';
import { formOf } from './form';
import { csrfTokenMatches } from './session';

/** The header our scripts send the token in; forms send the field `_csrf`. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

/** Before sign-in there is no session: a random cookie, echoed by the form (double submit). */
export const PRE_SESSION_COOKIE = 'folio_previo';

const refused = () =>
  new AppError('prohibido', {
    mensaje: 'La petición no viene de una página de Folio (protección CSRF). Recarga la página y vuelve a intentarlo.',
    message: 'The request did not come from a Folio page (CSRF protection). Reload the page and try again.',
    detalles: { csrf: true },
  });

/** Hono's Origin / Sec-Fetch-Site check, with the public URL's origin also allowed (behind a proxy). */
function originCheck(): MiddlewareHandler<AppEnv> {
  return csrf({
    origin: (origin, c) =>
      origin === new URL(c.req.url).origin ||
      origin === new URL((c as Context<AppEnv>).var.deps.config.publicUrl).origin,
  }) as MiddlewareHandler<AppEnv>;
}

async function passesOrigin(check: MiddlewareHandler<AppEnv>, c: Context<AppEnv>): Promise<boolean> {
  try {
    await check(c, async () => {});
    return true;
  } catch (err) {
    if (err instanceof HTTPException && err.status === 403) return false;
    throw err;
  }
}

export type TokenSource = 'session' | 'pre-session' | 'checked-by-handler';

/**
 * CSRF defence for a state-changing form, in two layers: Hono's `csrf()` origin check (a cross-site
 * form post is refused, 403, before its body is read), then a token only our pages know, from the
 * `X-CSRF-Token` header or the `_csrf` field: the session's token, or before sign-in the pre-session
 * cookie's value. A multipart upload is checked by its handler once the fields have streamed
 * (`checked-by-handler`).
 */
export function webCsrf(source: TokenSource = 'session'): MiddlewareHandler<AppEnv> {
  const origin = originCheck();
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!(await passesOrigin(origin, c))) throw refused();
    if (source !== 'checked-by-handler') {
      const given = c.req.header(CSRF_HEADER) ?? (await formOf(c)).get(CSRF_FIELD) ?? undefined;
      const ok = source === 'session' ? csrfTokenMatches(c, given) : preSessionMatches(c, given);
      if (!ok) throw refused();
    }
    await next();
  });
}

/** For handlers that read their own body: throws the CSRF refusal unless `given` is the session's token. */
export function assertSessionToken(c: Context<AppEnv>, given: string | undefined): void {
  if (!csrfTokenMatches(c, given)) throw refused();
}

/** The pre-session token for the sign-in and sign-up forms, set as a cookie when missing. */
export function preSessionToken(c: Context<AppEnv>): string {
  const existing = getCookie(c, PRE_SESSION_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = crypto.randomBytes(32).toString('base64url');
  setCookie(c, PRE_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
  });
  return token;
}

function preSessionMatches(c: Context<AppEnv>, given: string | undefined): boolean {
  const expected = getCookie(c, PRE_SESSION_COOKIE);
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors';
import type { AppEnv } from '../http/env';
import { resolveWebSession, type SessionUser } from '../services/accounts/resolve-web-session';

/** The browser session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when the public URL is https. */
export const SESSION_COOKIE = 'folio_sesion';

/** The user a web page acts for. */
export interface WebUser {
  userId: string;
  email: string;
}

// One database look-up per request, however many times middleware and handlers ask.
const resolved = new WeakMap<Request, Promise<SessionUser | undefined>>();

function sessionOf(c: Context<AppEnv>): Promise<SessionUser | undefined> {
  let found = resolved.get(c.req.raw);
  if (!found) {
    found = resolveWebSession(c.var.deps.db, getCookie(c, SESSION_COOKIE));
    resolved.set(c.req.raw, found);
  }
  return found;
}

/** The signed-in user of this request's session cookie, or undefined (no cookie, unknown, expired or signed out). */
export async function webUser(c: Context<AppEnv>): Promise<WebUser | undefined> {
  const s = await sessionOf(c);
  return s && { userId: s.userId, email: s.email };
}

function wantsHtml(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  return (c.req.header('accept') ?? '').includes('text/html') || c.req.header('sec-fetch-mode') === 'navigate';
}

/** Where sign-in sends a visitor who asked for `pathAndQuery`. */
export function signInPath(pathAndQuery: string): string {
  return `/entrar?siguiente=${encodeURIComponent(pathAndQuery)}`;
}

/**
 * Requires a browser session and puts its user in `c.var.webUser`. Without one, a page request
 * (GET/HEAD accepting HTML) is redirected to `/entrar?siguiente=<path+query>`; anything else answers
 * 401 `no_autenticado` in the API's error shape.
 */
export function requireWebUser(): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await webUser(c);
    if (!user) {
      if (getCookie(c, SESSION_COOKIE) !== undefined) clearSessionCookie(c);
      if (wantsHtml(c)) {
        const url = new URL(c.req.url);
        return c.redirect(signInPath(`${url.pathname}${url.search}`), 302);
      }
      throw new AppError('no_autenticado', {
        mensaje: 'Inicia sesión para continuar.',
        message: 'Sign in to continue.',
      });
    }
    c.set('webUser', user);
    await next();
  });
}

function cookieOptions(c: Context<AppEnv>) {
  return {
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/',
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
  };
}

/** Hands the browser its session cookie, lasting as long as the session. */
export function setSessionCookie(c: Context<AppEnv>, token: string, expires: Date): void {
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), expires });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

/** The session cookie's token as sent (signing out needs it). */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * The per-session CSRF token for forms (field `_csrf`) and scripts (header `X-CSRF-Token`): an HMAC
 * of the session's secret cookie token, so it needs no storage and dies with the session.
 */
export function sessionCsrfToken(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? crypto.createHmac('sha256', token).update('folio-csrf').digest('base64url') : undefined;
}

/** Whether `given` is this session's CSRF token (compared in constant time). */
export function csrfTokenMatches(c: Context<AppEnv>, given: string | undefined): boolean {
  const expected = sessionCsrfToken(c);
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * A `siguiente` value made safe: only a path on this site (`/…`, never `//host` or `/\host`), else
 * the library.
 */
export function safeNext(value: string | undefined, fallback = '/biblioteca'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'http://folio.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env';

/**
 * Keeps a JSON value in a short-lived cookie for the page a redirect leads to (post → redirect → get), which
 * reads it once with {@link takeNoticeCookie}. Base64url so that any JSON is a valid cookie value.
 */
export function setNoticeCookie(c: Context<AppEnv>, name: string, value: unknown): void {
  setCookie(c, name, Buffer.from(JSON.stringify(value)).toString('base64url'), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: 120,
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
  });
}

/**
 * The value {@link setNoticeCookie} kept, parsed but not yet checked, with the cookie deleted so that it shows
 * once. Undefined when there is none or it is not JSON; a caller checks the value's shape itself.
 */
export function takeNoticeCookie(c: Context<AppEnv>, name: string): unknown {
  const raw = getCookie(c, name);
  if (raw === undefined) return undefined;
  deleteCookie(c, name, { path: '/' });
  try {
    return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

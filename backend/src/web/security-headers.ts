import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/env';

/**
 * Scripts and styles only from this origin (no inline code anywhere), no framing, forms posting only
 * here. Pages are per-user, so nothing is cached.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Security headers of the web pages. `referrer: 'none'` for pages that show keys, so no address of
 * theirs leaves in a Referer.
 */
export function securityHeaders(opts: { referrer?: 'same-origin' | 'none' } = {}): MiddlewareHandler<AppEnv> {
  const referrer = opts.referrer === 'none' ? 'no-referrer' : 'same-origin';
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', referrer);
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Cache-Control', 'no-store');
  });
}

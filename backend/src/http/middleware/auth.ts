import type { Scope } from '@folio/shared';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors';
import { verifyApiKey } from '../../services/accounts/api-keys';
import type { AppEnv } from '../env';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Requires a valid API key (401) carrying `scope`, or one of the scopes when given several (403), and
 * puts the caller in `principal`.
 */
export function requireScope(scope: Scope | readonly Scope[]) {
  const accepted: readonly Scope[] = typeof scope === 'string' ? [scope] : scope;
  const named = accepted.join("' o '");
  const namedEn = accepted.join("' or '");
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    const principal = token ? await verifyApiKey(c.var.deps.db, token) : undefined;
    if (!principal) {
      throw new AppError('no_autenticado', {
        mensaje: header
          ? 'La clave de API no es válida o fue revocada.'
          : 'Falta la cabecera Authorization: Bearer <clave de API>.',
        message: header ? 'The API key is wrong or revoked.' : 'Missing header Authorization: Bearer <API key>.',
        headers: { 'WWW-Authenticate': 'Bearer realm="folio"' },
      });
    }
    if (!accepted.some((s) => principal.scopes.includes(s))) {
      throw new AppError('prohibido', {
        mensaje: `La clave no tiene el permiso '${named}' que requiere esta operación.`,
        message: `The key lacks the '${namedEn}' scope this operation needs.`,
        detalles: { requiere: scope },
      });
    }
    c.set('principal', principal);
    await next();
  });
}

import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { AppError } from '../errors';
import type { AppEnv } from '../http/env';
import { readJson, readLimited } from '../http/read-body';
import {
  answerConsent,
  checkAuthorization,
  ConsentRefusal,
  redirectWith,
  openConsent,
  type AuthorizationQuery,
} from '../services/oauth/authorize';
import { basicCredentials } from '../services/oauth/authenticate-client';
import { OAuthError } from '../services/oauth/oauth-error';
import { registerClient } from '../services/oauth/register-client';
import { revokeToken } from '../services/oauth/revoke-token';
import { tokenRequest } from '../services/oauth/token';
import { requireWebUser } from '../web/session';
import { consentErrorPage, consentPage } from './consent-page';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata';
import { mcpResourceUrl } from './urls';

/** Form bodies of the token, revocation and consent endpoints are a few hundred bytes. */
const FORM_LIMIT = 16 * 1024;
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** An OAuth error in RFC 6749's shape (the one answer of these endpoints that is not Folio's error body). */
function oauthError(c: Context<AppEnv>, err: OAuthError): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (err.error === 'invalid_client' && c.req.header('authorization')?.startsWith('Basic')) {
    headers['WWW-Authenticate'] = 'Basic realm="folio"';
  }
  return c.json({ error: err.error, error_description: err.description }, err.status as 400, headers);
}

async function readForm(c: Context<AppEnv>): Promise<URLSearchParams> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  return new URLSearchParams(new TextDecoder().decode(await readLimited(c.req.raw, FORM_LIMIT)));
}

/** Runs an OAuth endpoint, answering its protocol errors in the protocol's shape. */
async function oauthEndpoint(c: Context<AppEnv>, body: () => Promise<Response>): Promise<Response> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof OAuthError) return oauthError(c, err);
    throw err;
  }
}

/** The query of an authorization request, each parameter once (RFC 6749 §3.1: repeated ones are an error). */
function authorizationQuery(c: Context<AppEnv>): AuthorizationQuery {
  const q: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw new OAuthError('invalid_request', `Parameter ${name} is repeated.`);
    q[name] = values[0]!;
  }
  return q;
}

/**
 * The OAuth 2.1 authorization server of the MCP server, on the MCP authorization spec's path: protected resource
 * metadata (RFC 9728) at the root and at the resource's path-aware address, authorization server metadata
 * (RFC 8414), dynamic client registration (RFC 7591), the authorization endpoint with the signed-in user's
 * consent page, the token endpoint (code with PKCE S256, refresh with rotation) and revocation (RFC 7009).
 * The metadata, registration, token and revocation endpoints allow any origin (browser-based MCP clients):
 * none of them reads a cookie. The consent page needs the web session and allows no other origin.
 */
export function oauthRoutes(app: Hono<AppEnv>): void {
  const open = cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86400 });
  for (const path of ['/.well-known/oauth-protected-resource/*', '/.well-known/oauth-authorization-server']) {
    app.use(path, open);
  }
  app.use('/.well-known/oauth-protected-resource', open);
  for (const path of ['/oauth/registro', '/oauth/token', '/oauth/revocar']) app.use(path, open);

  const resourceMetadata = (c: Context<AppEnv>) => c.json(protectedResourceMetadata(c.var.deps.config.publicUrl));
  app.get('/.well-known/oauth-protected-resource', resourceMetadata);
  app.get('/.well-known/oauth-protected-resource/mcp', resourceMetadata);
  app.get('/.well-known/oauth-authorization-server', (c) =>
    c.json(authorizationServerMetadata(c.var.deps.config.publicUrl)),
  );

  app.post('/oauth/registro', (c) =>
    oauthEndpoint(c, async () => {
      let value: unknown;
      try {
        ({ value } = await readJson(c.req.raw, c.var.deps.config.maxJsonBytes));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new OAuthError('invalid_client_metadata', err.message);
      }
      return c.json(await registerClient(c.var.deps, value), 201, NO_STORE);
    }),
  );

  app.get('/oauth/autorizar', requireWebUser(), async (c) => {
    const { deps } = c.var;
    const user = c.var.webUser!;
    try {
      const checked = await checkAuthorization(deps, authorizationQuery(c), mcpResourceUrl(deps.config.publicUrl));
      const { requestId, csrf } = await openConsent(deps, user.userId, checked);
      return consentPage(c, {
        clientName: checked.client.metadata.client_name,
        clientId: checked.client.id,
        redirectUri: checked.redirectUri,
        email: user.email,
        scope: checked.scope,
        requestId,
        csrf,
      });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      if (err.redirect) {
        const to = redirectWith(
          err.redirect.uri,
          { error: err.error, error_description: err.description, state: err.redirect.state },
          deps.config.publicUrl,
        );
        return c.redirect(to, 302);
      }
      return consentErrorPage(
        c,
        'La aplicación que te trajo aquí no está registrada en Folio o pidió volver a una dirección que no registró.',
        err.description,
        400,
      );
    }
  });

  app.post('/oauth/autorizar', requireWebUser(), async (c) => {
    const { deps } = c.var;
    const origin = c.req.header('origin');
    if (origin && origin !== 'null' && origin !== new URL(deps.config.publicUrl).origin) {
      return consentErrorPage(c, 'La respuesta no vino de la página de Folio.', `Origen: ${origin}`, 403);
    }
    let form: URLSearchParams;
    try {
      form = await readForm(c);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      return consentErrorPage(c, 'La respuesta no es un formulario.', err.description, 400);
    }
    try {
      const to = await answerConsent(deps, c.var.webUser!.userId, {
        requestId: form.get('solicitud') ?? '',
        csrf: form.get('csrf') ?? '',
        approve: form.get('decision') === 'aprobar',
      });
      return c.redirect(to, 303);
    } catch (err) {
      if (!(err instanceof ConsentRefusal)) throw err;
      return err.reason === 'csrf'
        ? consentErrorPage(c, 'La respuesta no vino de la página de Folio.', 'Protección CSRF.', 403)
        : consentErrorPage(
            c,
            'Esta solicitud de acceso ya no es válida: caducó o ya se respondió.',
            'Vuelve a la aplicación y conéctala de nuevo.',
            400,
          );
    }
  });

  app.post('/oauth/token', (c) =>
    oauthEndpoint(c, async () => {
      const form = await readForm(c);
      const tokens = await tokenRequest(c.var.deps, { form, basic: basicCredentials(c.req.header('authorization')) });
      return c.json(tokens, 200, NO_STORE);
    }),
  );

  app.post('/oauth/revocar', (c) =>
    oauthEndpoint(c, async () => {
      const form = await readForm(c);
      await revokeToken(c.var.deps, { form, basic: basicCredentials(c.req.header('authorization')) });
      return c.body(null, 200, NO_STORE);
    }),
  );
}

import crypto from 'node:crypto';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  OAuthMetadataSchema,
  OAuthProtectedResourceMetadataSchema,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestServer } from '../testing/harness';
import { signedInCookie } from '../testing/web-session';

const ctx = useTestServer();
const BASE = 'http://folio.test';
const REDIRECT = 'http://127.0.0.1:7777/callback';
const clients: Client[] = [];
let cookie: string;
let ownDoc: string;
let otherDoc: string;

const appFetch = (url: string | URL, init?: RequestInit) => {
  const u = new URL(url);
  return ctx.server.request(u.pathname + u.search, init) as unknown as Promise<Response>;
};

/** An MCP client application as the SDK expects one: registration, tokens and verifier kept in memory. */
class TestProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Agente <de prueba>',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'estado-123';
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const transportFor = (provider?: OAuthClientProvider, headers: Record<string, string> = {}) =>
  new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    authProvider: provider,
    fetch: appFetch,
    requestInit: { headers },
  });

async function connected(transport: StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** The browser's part: the consent page, signed in, then its answer; returns where the browser is sent. */
async function consent(authorizationUrl: URL | string, decision: 'aprobar' | 'denegar', as = cookie) {
  const url = new URL(authorizationUrl);
  const page = await ctx.server.request(url.pathname + url.search, { headers: { Cookie: as, Accept: 'text/html' } });
  expect(page.status).toBe(200);
  const body = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(body)?.[1];
  const answer = await ctx.server.request('/oauth/autorizar', {
    method: 'POST',
    headers: { Cookie: as, 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE },
    body: new URLSearchParams({ solicitud: field('solicitud')!, csrf: field('csrf')!, decision }).toString(),
  });
  expect(answer.status).toBe(303);
  return { page, body, location: new URL(answer.headers.get('location')!) };
}

const form = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params).toString(),
});
const token = (params: Record<string, string>) => ctx.server.request('/oauth/token', form(params));

/** Registers a public client by hand and returns its id. */
async function register(metadata: Record<string, unknown> = {}) {
  const res = await ctx.server.request('/oauth/registro', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'A mano',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
  return res;
}

/** A PKCE pair. */
function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** Drives the endpoints by hand to a code for `clientId`. */
async function codeFor(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's1',
    scope: 'mcp',
    resource: `${BASE}/mcp`,
    ...extra,
  });
  const { location } = await consent(`${BASE}/oauth/autorizar?${q}`, 'aprobar');
  return location.searchParams.get('code')!;
}

/** Initializes an MCP session by hand with a bearer, for the status. */
const initialize = (bearer: string) =>
  ctx.server.request('/mcp', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${bearer}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }),
  });

beforeAll(async () => {
  cookie = await signedInCookie(ctx.server, 'lectora@example.org');
  const key = await ctx.server.key('lectora@example.org');
  const other = await ctx.server.key('vecino@example.org');
  const add = async (k: string, texto: string, titulo: string) => {
    const res = await ctx.server.request(`/api/v1/documentos?nombre=n.md&titulo=${encodeURIComponent(titulo)}`, {
      method: 'POST',
      body: texto,
      headers: auth(k, { 'Content-Type': 'text/plain' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()).id as string;
  };
  ownDoc = await add(key, '# Cenotes\n\nLos cenotes de Homún guardan agua dulce bajo la selva.', 'Cenotes');
  otherDoc = await add(other, '# Cenotes ajenos\n\nLos cenotes de Homún del vecino tienen peces ciegos.', 'Ajeno');
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('discovery', () => {
  it('serves protected resource metadata at the root and the path-aware address, and the server metadata', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const prm = OAuthProtectedResourceMetadataSchema.parse(await (await ctx.server.request(path)).json());
      expect(prm).toMatchObject({
        resource: `${BASE}/mcp`,
        authorization_servers: [BASE],
        scopes_supported: ['mcp'],
        bearer_methods_supported: ['header'],
      });
    }
    const res = await ctx.server.request('/.well-known/oauth-authorization-server', {
      headers: { Origin: 'https://x.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const as = OAuthMetadataSchema.parse(await res.json());
    expect(as).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/autorizar`,
      token_endpoint: `${BASE}/oauth/token`,
      registration_endpoint: `${BASE}/oauth/registro`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });
});

describe('the MCP client’s own OAuth flow, end to end', () => {
  const provider = new TestProvider();

  it('is sent to sign-in, registers, gets the user’s consent and a token, and calls the tools with it', async () => {
    // Without a token the SDK discovers the metadata, registers the client and asks for the user's consent.
    await expect(connected(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^folio_cl_/);
    expect(provider.info).not.toHaveProperty('client_secret');
    const authUrl = provider.authorizationUrl!;
    expect(authUrl.origin + authUrl.pathname).toBe(`${BASE}/oauth/autorizar`);
    expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'mcp',
      resource: `${BASE}/mcp`,
      state: 'estado-123',
    });

    // A browser without a session is sent to sign in first, and comes back to the same request.
    const signedOut = await ctx.server.request(authUrl.pathname + authUrl.search, { headers: { Accept: 'text/html' } });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(
      `/entrar?siguiente=${encodeURIComponent(authUrl.pathname + authUrl.search)}`,
    );

    const { page, body, location } = await consent(authUrl, 'aprobar');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(body).toContain('<html lang="es">');
    expect(body).toContain('Agente &lt;de prueba&gt;');
    expect(body).toContain('lectora@example.org');
    expect(body).toContain('Permiso solicitado: <code>mcp</code>');
    expect(body).toContain('127.0.0.1:7777');
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('estado-123');
    expect(location.searchParams.get('iss')).toBe(BASE);

    const transport = transportFor(provider);
    await transport.finishAuth(location.searchParams.get('code')!);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'mcp', expires_in: 3600 });
    expect(provider.saved!.access_token).toMatch(/^folio_at_/);
    expect(provider.saved!.refresh_token).toMatch(/^folio_rt_/);

    const client = await connected(transportFor(provider));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(4);
    const found = (await client.callTool({ name: 'search', arguments: { q: 'cenotes Homún' } })) as CallToolResult;
    const ids = (found.structuredContent as { pasajes: { documento: { id: string } }[] }).pasajes.map(
      (p) => p.documento.id,
    );
    // The token is the signed-in user's: their document, never the neighbour's with the same words.
    expect(ids).toContain(ownDoc);
    expect(ids).not.toContain(otherDoc);
  });

  it('refreshes through the SDK when the access token is gone, rotating the refresh token', async () => {
    const before = provider.saved!;
    // The access token dies (expired); the SDK answers the 401 by refreshing and retrying.
    await ctx.server.runtime.deps.db.query(
      "UPDATE oauth_tokens SET expires = now() - interval '1 second' WHERE kind = 'access'",
    );
    expect((await initialize(before.access_token)).status).toBe(401);
    const client = await connected(transportFor(provider));
    expect((await client.listTools()).tools).toHaveLength(4);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  });
});

describe('the endpoints driven by hand', () => {
  let clientId: string;
  beforeAll(async () => {
    const res = await register();
    expect(res.status).toBe(201);
    clientId = (await res.json()).client_id;
  });

  it('exchanges a code only with the right verifier, once; a replay revokes what it gave', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(clientId, challenge);
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId };

    const wrong = await token({ ...base, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const otherRedirect = await token({ ...base, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:7777/otra' });
    expect((await otherRedirect.json()).error).toBe('invalid_grant');

    const ok = await token({ ...base, code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const tokens = await ok.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'mcp' });
    expect((await initialize(tokens.access_token)).status).toBe(200);

    const replay = await token({ ...base, code_verifier: verifier });
    expect((await replay.json()).error).toBe('invalid_grant');
    expect((await initialize(tokens.access_token)).status).toBe(401);
  });

  it('rotates refresh tokens, and a rotated one presented again revokes the grant', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(clientId, challenge);
    const first = await (
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
      })
    ).json();

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
    const second = await refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await initialize(second.access_token)).status).toBe(200);

    const reused = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: clientId,
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe('invalid_grant');
    // Someone held the old token: the whole grant is gone, the new pair too.
    expect((await initialize(second.access_token)).status).toBe(401);
    const after = await token({
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
      client_id: clientId,
    });
    expect((await after.json()).error).toBe('invalid_grant');
  });

  it('revokes a grant through the revocation endpoint', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(clientId, challenge);
    const t = await (
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
      })
    ).json();
    expect((await initialize(t.access_token)).status).toBe(200);
    const res = await ctx.server.request('/oauth/revocar', form({ token: t.refresh_token, client_id: clientId }));
    expect(res.status).toBe(200);
    expect((await initialize(t.access_token)).status).toBe(401);
  });

  it('refuses plain PKCE, another resource and another scope by sending the error back to the client', async () => {
    const { challenge } = pkce();
    const ask = async (extra: Record<string, string>) => {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'z',
        ...extra,
      });
      const res = await ctx.server.request(`/oauth/autorizar?${q}`, {
        headers: { Cookie: cookie, Accept: 'text/html' },
      });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!).searchParams;
    };
    expect((await ask({ code_challenge_method: 'plain' })).get('error')).toBe('invalid_request');
    const target = await ask({ resource: 'https://otro.example/mcp' });
    expect(target.get('error')).toBe('invalid_target');
    expect(target.get('state')).toBe('z');
    expect((await ask({ scope: 'admin' })).get('error')).toBe('invalid_scope');
    expect((await ask({ response_type: 'token' })).get('error')).toBe('unsupported_response_type');
  });

  it('never redirects to an address the client did not register, nor for an unknown client', async () => {
    const { challenge } = pkce();
    const q = (extra: Record<string, string>) =>
      new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...extra,
      });
    for (const extra of [{ redirect_uri: 'https://evil.example/cb' }, { client_id: 'folio_cl_nadie' }] as Record<
      string,
      string
    >[]) {
      const res = await ctx.server.request(`/oauth/autorizar?${q(extra)}`, {
        headers: { Cookie: cookie, Accept: 'text/html' },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('No se puede autorizar');
    }
    // A loopback redirect on another port is the same registered address (RFC 8252).
    const ok = await ctx.server.request(`/oauth/autorizar?${q({ redirect_uri: 'http://127.0.0.1:51234/callback' })}`, {
      headers: { Cookie: cookie, Accept: 'text/html' },
    });
    expect(ok.status).toBe(200);
  });

  it('sends access_denied when the user denies, and refuses answers that did not come from the page', async () => {
    const { challenge } = pkce();
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'no',
    });
    const { location } = await consent(`${BASE}/oauth/autorizar?${q}`, 'denegar');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('no');
    expect(location.searchParams.get('code')).toBeNull();

    const page = await (
      await ctx.server.request(`/oauth/autorizar?${q}`, { headers: { Cookie: cookie, Accept: 'text/html' } })
    ).text();
    const solicitud = /name="solicitud" value="([^"]+)"/.exec(page)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const post = (headers: Record<string, string>, body: Record<string, string>) =>
      ctx.server.request('/oauth/autorizar', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body).toString(),
      });
    expect((await post({ Cookie: cookie }, { solicitud, csrf: 'x'.repeat(43), decision: 'aprobar' })).status).toBe(403);
    expect(
      (await post({ Cookie: cookie, Origin: 'https://evil.example' }, { solicitud, csrf, decision: 'aprobar' })).status,
    ).toBe(403);
    // Another signed-in user cannot answer this user's request.
    const intruder = await signedInCookie(ctx.server, 'intrusa@example.org');
    expect((await post({ Cookie: intruder }, { solicitud, csrf, decision: 'aprobar' })).status).toBe(400);
    // The page's own answer still works, once.
    const answered = await post({ Cookie: cookie }, { solicitud, csrf, decision: 'aprobar' });
    expect(answered.status).toBe(303);
    expect(new URL(answered.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    expect((await post({ Cookie: cookie }, { solicitud, csrf, decision: 'aprobar' })).status).toBe(400);
  });

  it('registers confidential clients with a secret they must present, and refuses unsafe redirect URIs', async () => {
    const res = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    expect(res.status).toBe(201);
    const info = await res.json();
    expect(info.client_secret).toBeTruthy();
    const { verifier, challenge } = pkce();
    const code = await codeFor(info.client_id, challenge);
    const params = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier };
    const noSecret = await token({ ...params, client_id: info.client_id });
    expect(noSecret.status).toBe(401);
    expect((await noSecret.json()).error).toBe('invalid_client');
    const basic = Buffer.from(`${info.client_id}:${info.client_secret}`).toString('base64');
    const ok = await ctx.server.request('/oauth/token', {
      ...form(params),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${basic}` },
    });
    expect(ok.status).toBe(200);

    for (const redirect of ['http://evil.example/cb', 'javascript:alert(1)', 'https://ok.example/cb#frag']) {
      const bad = await register({ redirect_uris: [redirect] });
      expect(bad.status, redirect).toBe(400);
      expect((await bad.json()).error).toBe('invalid_redirect_uri');
    }
    const noGrant = await register({ grant_types: ['client_credentials'] });
    expect((await noGrant.json()).error).toBe('invalid_client_metadata');
  });

  it('gives no refresh token to a client that did not register the refresh grant', async () => {
    const res = await register({ grant_types: ['authorization_code'] });
    const id = (await res.json()).client_id;
    const { verifier, challenge } = pkce();
    const code = await codeFor(id, challenge);
    const t = await (
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: id,
        code_verifier: verifier,
      })
    ).json();
    expect(t.access_token).toMatch(/^folio_at_/);
    expect(t).not.toHaveProperty('refresh_token');
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: 'folio_rt_x', client_id: id });
    expect((await refresh.json()).error).toBe('unauthorized_client');
    expect((await token({ grant_type: 'password', client_id: id })).status).toBe(400);
  });

  it('does not accept an OAuth token for anything but the MCP server', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(clientId, challenge);
    const t = await (
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
      })
    ).json();
    const rest = await ctx.server.request('/api/v1/documentos', {
      headers: { Authorization: `Bearer ${t.access_token}` },
    });
    expect(rest.status).toBe(401);
    // A token bound to another resource (the server's address changed) is refused at /mcp.
    await ctx.server.runtime.deps.db.query("UPDATE oauth_grants SET resource = 'https://antes.example/mcp'");
    expect((await initialize(t.access_token)).status).toBe(401);
  });
});

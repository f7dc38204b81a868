import fs from 'node:fs';
import path from 'node:path';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, REPO_ROOT, type TestStore } from '../backend/src/testing/harness';
import { API_KEY, cliWithInput, freePort, serveEnv, startServe, type FolioProcess } from './support/folio-process';

/**
 * The MCP server of a real `folio serve` over a real socket, with the SDK's own client: an API key with the
 * mcp scope, and the OAuth sign-in an MCP client goes through (registration, the user's sign-in and consent
 * in the browser, the code with PKCE, the token).
 */

const EMAIL = 'owner@localhost';
const PASSWORD = 'una contraseña larga de prueba';

let store: TestStore;
let port: number;
let env: NodeJS.ProcessEnv;
let server: FolioProcess | undefined;
let key: string;
let docId: string;
const clients: Client[] = [];
const base = () => `http://127.0.0.1:${port}`;

/** The cookies a response sets, as one Cookie header with what the jar already had. */
function withCookies(jar: string, res: Response): string {
  const cookies = new Map(jar ? jar.split('; ').map((c) => c.split('=', 2) as [string, string]) : []);
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A hidden field's value as a browser submits it: HTML entities decoded. */
const hidden = (page: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(page)?.[1]
    ?.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[e]!);

beforeAll(async () => {
  store = await createTestStore();
  port = await freePort();
  env = serveEnv(store, port);
  server = await startServe(env, port);
  key = API_KEY.exec(server.stdout())![0];
  const pdf = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
  const up = await fetch(`${base()}/api/v1/documentos?nombre=muestra.pdf`, {
    method: 'POST',
    body: pdf,
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(up.status).toBe(201);
  docId = ((await up.json()) as { id: string }).id;
  // The embedded store has one process at a time: the password is set with the server stopped.
  await server.stop();
  const set = await cliWithInput(env, `${PASSWORD}\n`, 'password', EMAIL);
  expect(set.code, set.stderr).toBe(0);
  server = await startServe(env, port);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.stop();
  await store?.drop();
});

async function connect(transport: StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe('MCP over a real socket', () => {
  it('serves the tools to the SDK client with the owner’s key', async () => {
    const client = await connect(
      new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'cite',
      'open_page',
      'search',
      'verify_claim',
    ]);
    const page = (await client.callTool({
      name: 'open_page',
      arguments: { documento: docId, localizador: 'iii' },
    })) as CallToolResult;
    expect(page.structuredContent).toMatchObject({
      posicion: 3,
      localizador: 'p. iii',
      cita: '(Pérez Canul, 2021, p. iii)',
      enlace: `${base()}/leer/${docId}?pagina=3`,
    });
    const found = (await client.callTool({ name: 'search', arguments: { q: 'nitratos Homún' } })) as CallToolResult;
    const rest = (await (
      await fetch(`${base()}/api/v1/buscar?q=${encodeURIComponent('nitratos Homún')}`, {
        headers: { Authorization: `Bearer ${key}` },
      })
    ).json()) as { pasajes: { cita: string; enlace: string }[] };
    const pasajes = (found.structuredContent as typeof rest).pasajes;
    expect(pasajes.map((p) => [p.cita, p.enlace])).toEqual(rest.pasajes.map((p) => [p.cita, p.enlace]));
  });

  it('answers 401 with the challenge that starts OAuth, and the SDK client follows it to a token', async () => {
    const bare = await fetch(`${base()}/mcp`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base()}/.well-known/oauth-protected-resource", scope="mcp"`,
    );

    const redirect = 'http://127.0.0.1:1/callback';
    let info: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let verifier = '';
    let authorizationUrl: URL | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: redirect,
      clientMetadata: { client_name: 'Cliente e2e', redirect_uris: [redirect], token_endpoint_auth_method: 'none' },
      clientInformation: () => info,
      saveClientInformation: (i) => void (info = i),
      tokens: () => tokens,
      saveTokens: (t) => void (tokens = t),
      redirectToAuthorization: (url) => void (authorizationUrl = url),
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
    };
    const transport = () => new StreamableHTTPClientTransport(new URL(`${base()}/mcp`), { authProvider: provider });
    await expect(connect(transport())).rejects.toBeInstanceOf(UnauthorizedError);

    // The browser: the consent page sends it to sign in, which brings it back to the consent page.
    let jar = '';
    const toConsent = await fetch(authorizationUrl!, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(toConsent.status).toBe(302);
    const signInUrl = new URL(toConsent.headers.get('location')!, base());
    expect(signInUrl.pathname).toBe('/entrar');
    const signInPage = await fetch(signInUrl, { headers: { Accept: 'text/html' } });
    jar = withCookies(jar, signInPage);
    const signInHtml = await signInPage.text();
    const signedIn = await fetch(`${base()}/entrar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: jar, Origin: base(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        correo: EMAIL,
        contrasena: PASSWORD,
        siguiente: hidden(signInHtml, 'siguiente')!,
        _csrf: hidden(signInHtml, '_csrf')!,
      }),
    });
    expect(signedIn.status).toBe(303);
    jar = withCookies(jar, signedIn);
    const back = new URL(signedIn.headers.get('location')!, base());
    expect(back.pathname).toBe('/oauth/autorizar');

    const consent = await fetch(back, { headers: { Cookie: jar, Accept: 'text/html' } });
    const consentHtml = await consent.text();
    expect(consentHtml).toContain('Cliente e2e');
    const answered = await fetch(`${base()}/oauth/autorizar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: jar, Origin: base(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        solicitud: hidden(consentHtml, 'solicitud')!,
        csrf: hidden(consentHtml, 'csrf')!,
        decision: 'aprobar',
      }),
    });
    expect(answered.status).toBe(303);
    const code = new URL(answered.headers.get('location')!).searchParams.get('code')!;

    await transport().finishAuth(code);
    expect(tokens?.access_token).toMatch(/^folio_at_/);
    const client = await connect(transport());
    const page = (await client.callTool({
      name: 'open_page',
      arguments: { documento: docId, localizador: '[6]' },
    })) as CallToolResult;
    expect(page.structuredContent).toMatchObject({ localizador: 'p. 2', cita: '(Pérez Canul, 2021, p. 2)' });
  }, 60_000);
});

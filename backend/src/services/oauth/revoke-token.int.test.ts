import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { ensureUser } from '../../db/users.repo';
import { testConfig, useTestStore } from '../../testing/harness';
import { verifyAccessToken } from './access-token';
import { answerConsent, checkAuthorization, openConsent } from './authorize';
import { OAuthError } from './oauth-error';
import { registerClient } from './register-client';
import { revokeToken } from './revoke-token';
import { newSecret, s256 } from './secrets';
import { tokenRequest } from './token';

const REDIRECT = 'http://127.0.0.1:7777/callback';
const RESOURCE = 'http://folio.test/mcp';

const fx = useTestStore();
let deps: { db: Db; config: Config };
let userId: string;
beforeAll(async () => {
  deps = { db: (await fx.openStore()).db, config: testConfig(fx.store) };
  userId = (await ensureUser(deps.db, 'ana@example.org')).id;
});

/** A public client (PKCE is its proof), as MCP clients register. */
async function client(name: string): Promise<string> {
  const info = await registerClient(deps, {
    client_name: name,
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
  });
  return info.client_id;
}

/** The whole flow for `clientId`: authorization, the user's consent, the code redeemed for tokens. */
async function tokensFor(clientId: string): Promise<{ access: string; refresh: string }> {
  const verifier = newSecret();
  const checked = await checkAuthorization(
    deps,
    {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    },
    RESOURCE,
  );
  const { requestId, csrf } = await openConsent(deps, userId, checked);
  const code = new URL(await answerConsent(deps, userId, { requestId, csrf, approve: true })).searchParams.get('code');
  const form = { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT, code_verifier: verifier };
  const tokens = await tokenRequest(deps, { form: new URLSearchParams({ ...form, client_id: clientId }) });
  return { access: tokens.access_token, refresh: tokens.refresh_token! };
}

const revoke = (clientId: string, token: string) =>
  revokeToken(deps, { form: new URLSearchParams({ client_id: clientId, token }) });
const works = async (access: string) => (await verifyAccessToken(deps, access, RESOURCE)) !== undefined;
const refreshWith = (clientId: string, refresh: string) =>
  tokenRequest(deps, {
    form: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, client_id: clientId }),
  });

/** The OAuth error code `run` fails with. */
const oauthError = (run: () => Promise<unknown>) =>
  run().then(
    () => 'no error',
    (err: unknown) => (err instanceof OAuthError ? err.error : Promise.reject(err)),
  );

describe('revoking a token (RFC 7009)', () => {
  it('revokes the whole grant, given either of its tokens by the client they were given to', async () => {
    const id = await client('Cliente');
    for (const which of ['access', 'refresh'] as const) {
      const tokens = await tokensFor(id);
      const other = await tokensFor(id); // another grant of the same client and user
      expect(await works(tokens.access)).toBe(true);
      await revoke(id, tokens[which]);
      expect(await works(tokens.access)).toBe(false);
      expect(await oauthError(() => refreshWith(id, tokens.refresh))).toBe('invalid_grant');
      expect(await works(other.access)).toBe(true);
    }
  });

  it("does nothing, and says so no differently, for another client's token or an unknown one", async () => {
    const owner = await client('Dueño');
    const intruder = await client('Intruso');
    const tokens = await tokensFor(owner);
    await expect(revoke(intruder, tokens.access)).resolves.toBeUndefined();
    await expect(revoke(intruder, tokens.refresh)).resolves.toBeUndefined();
    await expect(revoke(owner, 'folio_at_no-existe')).resolves.toBeUndefined();
    expect(await works(tokens.access)).toBe(true);
    expect((await refreshWith(owner, tokens.refresh)).access_token).toMatch(/^folio_at_/);
  });

  it('answers only a known client, and only when it names the token', async () => {
    const id = await client('Olvidadizo');
    expect(await oauthError(() => revoke('folio_cl_nadie', 'folio_at_x'))).toBe('invalid_client');
    expect(await oauthError(() => revokeToken(deps, { form: new URLSearchParams({ client_id: id }) }))).toBe(
      'invalid_request',
    );
  });
});

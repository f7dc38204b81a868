import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/env';
import { handleError } from '../http/error-handler';
import { useTestServer, type TestResponse } from '../testing/harness';
import { signedInCookie } from '../testing/web-session';
import { requireWebUser, safeNext, SESSION_COOKIE, webUser } from './session';

const t = useTestServer({}, { workers: false });

/** A page behind requireWebUser, as the reader and the OAuth consent page use it. */
function appWithPrivatePage() {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', t.server.runtime.deps);
    await next();
  });
  app.get('/quien', async (c) => c.json({ user: (await webUser(c)) ?? null }));
  app.on(['GET', 'POST'], '/privado', requireWebUser(), (c) => c.json(c.var.webUser));
  app.onError(handleError);
  return async (path: string, init?: RequestInit): Promise<TestResponse> =>
    app.request(`http://folio.test${path}`, init);
}

describe('web session contract', () => {
  it('signedInCookie gives a cookie that webUser and requireWebUser accept', async () => {
    const request = appWithPrivatePage();
    const cookie = await signedInCookie(t.server, 'Lectora@Example.org');
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
    const who = await (await request('/quien', { headers: { Cookie: cookie } })).json();
    expect(who.user).toMatchObject({ email: 'lectora@example.org', userId: expect.any(String) });
    const res = await request('/privado', { headers: { Cookie: cookie, Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(who.user);
  });

  it('redirects a page request without a session to /entrar with the path and query', async () => {
    const request = appWithPrivatePage();
    const res = await request('/privado?pagina=3&x=a%20b', { headers: { Accept: 'text/html,*/*' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/entrar?siguiente=${encodeURIComponent('/privado?pagina=3&x=a%20b')}`);
  });

  it('answers 401 in the error shape to a non-page request or a forged cookie', async () => {
    const request = appWithPrivatePage();
    const post = await request('/privado', { method: 'POST' });
    expect(post.status).toBe(401);
    expect((await post.json()).error).toMatchObject({ codigo: 'no_autenticado', estado: 401 });
    const forged = await request('/privado', { headers: { Cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` } });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    const who = await (await request('/quien', { headers: { Cookie: `${SESSION_COOKIE}=nope` } })).json();
    expect(who.user).toBeNull();
  });

  it('honours siguiente only for paths on this site', () => {
    expect(safeNext('/leer/abc?pagina=2#p3')).toBe('/leer/abc?pagina=2#p3');
    expect(safeNext('//evil.example/x')).toBe('/biblioteca');
    expect(safeNext('/\\evil.example')).toBe('/biblioteca');
    expect(safeNext('https://evil.example/')).toBe('/biblioteca');
    expect(safeNext('/ok\n')).toBe('/biblioteca');
    expect(safeNext('/a/../b')).toBe('/b');
    expect(safeNext(undefined)).toBe('/biblioteca');
  });
});

import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../services/accounts/api-keys';
import { useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';
import { SESSION_COOKIE } from '../session';

const PASSWORD = 'primera cuenta con frase larga';

describe('first-run sign-up', () => {
  const t = useTestServer({}, { workers: false });

  it('is open while nobody has a password, lets the owner claim its account, then closes', async () => {
    // The first start made an owner with a key and no password.
    const { key } = await createApiKey(t.server.runtime.deps.db, 'owner@localhost', ['lectura']);
    const web = new WebClient(t.server);
    expect((await web.page('/entrar')).text).toContain('href="/registro"');
    const form = await web.page('/registro');
    expect(form.res.status).toBe(200);
    expect(form.text).toContain('Nadie tiene contraseña todavía');
    const mismatch = await web.post('/registro', { correo: 'owner@localhost', contrasena: PASSWORD, repetida: 'otra' });
    expect(mismatch.res.status).toBe(400);
    expect(mismatch.text).toContain('Las contraseñas no coinciden.');
    const short = await web.post('/registro', { correo: 'owner@localhost', contrasena: 'corta', repetida: 'corta' });
    expect(short.res.status).toBe(400);
    expect(short.text).toContain('entre 12 y 1024 caracteres');
    const ok = await web.post('/registro', { correo: 'owner@localhost', contrasena: PASSWORD, repetida: PASSWORD });
    expect(ok.res.status).toBe(303);
    expect(web.cookies.has(SESSION_COOKIE)).toBe(true);
    // The same account: the key made at the first start is listed on its keys page.
    const keys = await web.page('/ajustes/claves');
    expect(keys.text).toContain(`folio_${key.split('_')[1]}_`);

    const late = new WebClient(t.server);
    expect((await late.page('/registro')).res.status).toBe(403);
    expect((await late.page('/entrar')).text).not.toContain('href="/registro"');
    await late.page('/entrar');
    const closed = await late.post('/registro', {
      correo: 'intrusa@example.org',
      contrasena: PASSWORD,
      repetida: PASSWORD,
    });
    expect(closed.res.status).toBe(403);
    expect(closed.text).toContain('El registro está cerrado');
  });
});

describe('open sign-up (FOLIO_SIGNUP=1)', () => {
  const t = useTestServer({ web: { signup: true, sessionDays: 30 } }, { workers: false });

  it('creates new accounts but never takes over an existing one', async () => {
    const first = new WebClient(t.server);
    await first.page('/registro');
    expect(
      (await first.post('/registro', { correo: 'a@example.org', contrasena: PASSWORD, repetida: PASSWORD })).res.status,
    ).toBe(303);
    await createApiKey(t.server.runtime.deps.db, 'cli@example.org', ['lectura']);
    for (const email of ['a@example.org', 'cli@example.org']) {
      const web = new WebClient(t.server);
      await web.page('/registro');
      const r = await web.post('/registro', { correo: email, contrasena: PASSWORD, repetida: PASSWORD });
      expect(r.res.status).toBe(409);
      expect(r.text).toContain('Ya existe una cuenta con ese correo');
      expect(web.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    const second = new WebClient(t.server);
    await second.page('/registro?lang=en');
    const r = await second.post('/registro', { correo: 'b@example.org', contrasena: PASSWORD, repetida: PASSWORD });
    expect(r.res.status).toBe(303);
  });
});

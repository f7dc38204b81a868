import { describe, expect, it } from 'vitest';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';

const t = useTestServer({}, { workers: false });
const PASSWORD = 'claves de api con frase larga';

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  await web.page('/ajustes/claves');
  return web;
}

const KEY = /folio_[0-9a-z]{10}_[A-Za-z0-9_-]{43}/g;

describe("settings → 'Claves de API'", () => {
  it('shows the store’s size on disk in human units, as GET /health measures it', async () => {
    const web = await signedIn('disco@example.org');
    const page = await web.page('/ajustes/claves');
    const card =
      /<section class="card disk-card" aria-labelledby="disco-titulo">[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
    expect(card).toContain('Espacio en disco');
    const sizeOf = (label: string) =>
      new RegExp(`<dt>${label}[^<]*</dt><dd[^>]*>([^<]+)</dd>`).exec(card.replace(/\s*\n\s*/g, ''))?.[1];
    const units = /^\d+(,\d)? (B|kB|MB|GB)$/;
    expect(sizeOf('Base de datos')).toMatch(units);
    expect(sizeOf('Archivos originales')).toMatch(units);
    expect(sizeOf('Total')).toMatch(units);
    const { disco } = await (await t.server.request('/health')).json();
    // The database is several MB: the page's figure is the health report's (give or take the page or two the
    // request wrote meanwhile), in MB with a decimal comma.
    const shown = /^([\d,]+) MB$/.exec(sizeOf('Base de datos') ?? '')?.[1];
    expect(Math.abs(Number(shown?.replace(',', '.')) - disco.base_datos_bytes / 1024 / 1024)).toBeLessThan(1);
    if (t.server.runtime.deps.db.kind === 'pglite') expect(sizeOf('Registro de escritura')).toMatch(/ MB$/);
    expect(card).toContain('<code>npm run folio -- compact</code>');
  });

  it('shows a new key once, lists it by prefix with its scopes, and the key works with those scopes only', async () => {
    const web = await signedIn('lola@example.org');
    const created = await web.post('/ajustes/claves', { nombre: 'portátil', alcance: ['lectura', 'nada'] });
    expect(created.res.status).toBe(200);
    expect(created.res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(created.res.headers.get('cache-control')).toBe('no-store');
    const keys = created.text.match(KEY) ?? [];
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(created.text).toContain('no se volverá a mostrar');
    expect(created.text).toContain(`data-copy="clave-nueva"`);

    const list = await web.page('/ajustes/claves');
    expect(list.text.match(KEY)).toBeNull();
    const prefix = key.split('_')[1]!;
    const row = new RegExp(`<tr data-prefijo="${prefix}"[\\s\\S]*?</tr>`).exec(list.text)?.[0] ?? '';
    expect(row).toContain('portátil');
    expect(row).toContain(`folio_${prefix}_…`);
    expect(row).toMatch(/<td data-label="Permisos">lectura<\/td>/);
    expect(row).toContain('nunca');
    expect(row).toContain('activa');

    expect((await t.server.request('/api/v1/documentos', { headers: auth(key) })).status).toBe(200);
    const write = await t.server.request('/api/v1/documentos', {
      method: 'POST',
      headers: auth(key, { 'content-type': 'application/json' }),
      body: JSON.stringify({ url: 'https://example.org/' }),
    });
    expect(write.status).toBe(403);
    const used = await web.page('/ajustes/claves');
    const usedRow = new RegExp(`<tr data-prefijo="${prefix}"[\\s\\S]*?</tr>`).exec(used.text)?.[0] ?? '';
    expect(usedRow).not.toContain('nunca'); // last use recorded
  });

  it("starts a new key as the browser extension's: the form's defaults, posted as they are, save captures", async () => {
    const web = await signedIn('eva@example.org');
    const page = await web.page('/ajustes/claves');
    // The inputs ticked as the page is served, in their order.
    const checked = (name: string) =>
      page.text
        .split('<input')
        .map((tag) => tag.slice(0, tag.indexOf('>')))
        .filter((tag) => tag.includes(`name="${name}"`) && /\bchecked\b/.test(tag))
        .map((tag) => /value="([a-z]+)"/.exec(tag)![1]!);
    expect(checked('uso')).toEqual(['extension']);
    expect(checked('alcance')).toEqual(['lectura', 'escritura']);
    expect(page.text).toContain('Extensión del navegador');
    expect(page.text).toContain('Agente / MCP');

    // What a browser without the page's script posts: the ticked boxes.
    const created = await web.post('/ajustes/claves', {
      nombre: 'extensión',
      uso: 'extension',
      alcance: checked('alcance'),
    });
    const key = created.text.match(KEY)![0];
    // A write the key may make (its scope is checked before the style is looked for): 404, not 403.
    const write = await t.server.request('/api/v1/estilos/no-existe', { method: 'DELETE', headers: auth(key) });
    expect(write.status).toBe(404);
  });

  it('keeps the scopes ticked by hand when the form is refused, and names their purpose', async () => {
    const web = await signedIn('ines@example.org');
    const r = await web.post('/ajustes/claves', { nombre: 'x'.repeat(101), alcance: ['lectura', 'mcp'] });
    expect(r.res.status).toBe(400);
    expect(r.text).toMatch(/name="uso"\s+value="agent"[^>]*checked/);
    expect(r.text).toMatch(/name="alcance"\s+value="mcp"[^>]*checked/);
    expect(r.text).not.toMatch(/name="alcance"\s+value="escritura"[^>]*checked/);
    const odd = await web.post('/ajustes/claves', { nombre: 'x'.repeat(101), alcance: ['escritura'] });
    expect(odd.text).toMatch(/name="uso" value="custom"[^>]*checked/);
  });

  it('refuses a key without scopes', async () => {
    const web = await signedIn('mara@example.org');
    const r = await web.post('/ajustes/claves', { nombre: 'sin permisos' });
    expect(r.res.status).toBe(400);
    expect(r.text).toContain('Elige al menos un permiso.');
    expect(r.text.match(KEY)).toBeNull();
  });

  it('revokes after confirmation; the key then answers 401', async () => {
    const web = await signedIn('nora@example.org');
    const created = await web.post('/ajustes/claves', { nombre: 'agente', alcance: ['lectura', 'mcp'] });
    const key = created.text.match(KEY)![0];
    const prefix = key.split('_')[1]!;
    await web.page('/ajustes/claves');

    // Without the page's script the confirmation is a page; nothing is revoked yet.
    const ask = await web.post(`/ajustes/claves/${prefix}/revocar`, {});
    expect(ask.res.status).toBe(200);
    expect(ask.text).toContain('¿Revocar la clave «agente»');
    expect(ask.text).toContain('name="confirmado" value="1"');
    expect((await t.server.request('/api/v1/documentos', { headers: auth(key) })).status).toBe(200);

    // Someone else cannot revoke it.
    const other = await signedIn('otra@example.org');
    const foreign = await other.post(`/ajustes/claves/${prefix}/revocar`, { confirmado: '1' });
    expect(foreign.res.status).toBe(404);
    expect((await t.server.request('/api/v1/documentos', { headers: auth(key) })).status).toBe(200);

    const done = await web.post(`/ajustes/claves/${prefix}/revocar`, { confirmado: '1' });
    expect(done.res.status).toBe(303);
    const res = await t.server.request('/api/v1/documentos', { headers: auth(key) });
    expect(res.status).toBe(401);
    expect((await res.json()).error.codigo).toBe('no_autenticado');
    const list = await web.page('/ajustes/claves');
    expect(list.text).toContain(`Clave ${prefix} revocada.`);
    const row = new RegExp(`<tr data-prefijo="${prefix}"[\\s\\S]*?</tr>`).exec(list.text)?.[0] ?? '';
    expect(row).toContain('revocada el');
    expect(row).not.toContain('/revocar');
  });

  it('is only for signed-in users', async () => {
    const page = await t.server.request('/ajustes/claves', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/entrar?siguiente=%2Fajustes%2Fclaves');
    const post = await t.server.request('/ajustes/claves', {
      method: 'POST',
      headers: { origin: 'http://folio.test', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nombre=x&alcance=lectura',
    });
    expect(post.status).toBe(401);
    expect((await post.json()).error.codigo).toBe('no_autenticado');
  });
});

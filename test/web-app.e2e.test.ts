import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { createClient } from '@folio/shared';
import { REPO_ROOT } from '../backend/src/testing/harness';
import { ARTIFACTS, describeInChromium } from './support/browser';
import { expectAccessible, shootBothWidths } from './support/web-pages';
import { API_KEY } from './support/folio-process';
import { useWebServer } from './support/web-server';

const EMAIL = 'investigadora@example.org';
const PASSWORD = 'una frase de paso para el navegador';
const KEY = new RegExp(`^${API_KEY.source}$`);

const title = 'web app in Chromium against `folio serve`: sign in, API keys, library';

describeInChromium(title, () => {
  // A single-request limit of 50 KB, so that a file of a few hundred KB goes in parts as a 2 GB one would.
  // No set-up key and no sign-in: this file makes its keys and signs in through the page.
  const web = useWebServer({
    email: EMAIL,
    password: PASSWORD,
    env: { FOLIO_MAX_UPLOAD_MB: '0.05' },
    scopes: false,
    context: { viewport: { width: 1280, height: 720 } },
    clipboard: true,
    signIn: false,
  });

  beforeAll(() => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  });

  const api = (key: string) =>
    // What `curl -H "Authorization: Bearer $KEY" $BASE/api/v1/documentos` does.
    fetch(`${web.base}/api/v1/documentos`, { headers: { Authorization: `Bearer ${key}` } });

  let key = '';

  it('sends a visitor to sign in and back to the page asked for', async () => {
    const { page, base } = web;
    const { context } = web.w;
    await page.goto(`${base}/ajustes/claves`);
    expect(new URL(page.url()).pathname).toBe('/entrar');
    expect(new URL(page.url()).searchParams.get('siguiente')).toBe('/ajustes/claves');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Entrar');
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña').fill('no es la contraseña correcta');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('El correo o la contraseña no son correctos.');
    await page.getByLabel('Contraseña').fill(PASSWORD);
    // The tab's icon: linked from the page and served by `folio serve` (no 404 for /favicon.ico).
    expect(await page.locator('link[rel="icon"]').first().getAttribute('href')).toBe('/favicon.ico');
    const icon = await fetch(`${base}/favicon.ico`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    await shootBothWidths(page, 'web-entrar');
    await expectAccessible(page);
    await Promise.all([
      page.waitForURL(`${base}/ajustes/claves`),
      page.getByRole('button', { name: 'Entrar' }).click(),
    ]);
    const cookies = await context.cookies(base);
    const session = cookies.find((c) => c.name === 'folio_sesion');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate('document.cookie')).not.toContain('folio_sesion');
  });

  it("creates a key for the browser extension (the form's first purpose), shown once, that reads and captures", async () => {
    const { page, base } = web;
    const purpose = (name: string) => page.getByRole('radio', { name });
    const scope = (name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} —`) });
    const ticked = async () => {
      const out: string[] = [];
      for (const name of ['lectura', 'escritura', 'mcp']) if (await scope(name).isChecked()) out.push(name);
      return out;
    };
    // The name's hint suggests «extensión»: a new key starts as the extension's, which saves captures.
    expect(await page.locator('#nombre-ayuda').textContent()).toContain('«extensión»');
    expect(await purpose('Extensión del navegador (lectura + escritura)').isChecked()).toBe(true);
    expect(await ticked()).toEqual(['lectura', 'escritura']);
    await shootBothWidths(page, 'web-claves-usos');
    await expectAccessible(page);
    // A purpose ticks its scopes; a scope ticked by hand is kept, and the purpose says the set is custom.
    await purpose('Agente / MCP (lectura + mcp)').check();
    expect(await ticked()).toEqual(['lectura', 'mcp']);
    await scope('escritura').check();
    expect(await ticked()).toEqual(['lectura', 'escritura', 'mcp']);
    expect(await purpose('A medida').isChecked()).toBe(true);
    await scope('mcp').uncheck();
    expect(await purpose('Extensión del navegador (lectura + escritura)').isChecked()).toBe(true);
    await purpose('Solo lectura (lectura)').check();
    expect(await ticked()).toEqual(['lectura']);
    await purpose('Extensión del navegador (lectura + escritura)').check();
    expect(await ticked()).toEqual(['lectura', 'escritura']);
    await page.getByLabel('Nombre').fill('extensión');
    await page.getByRole('button', { name: 'Crear clave' }).click();
    await page.getByRole('heading', { name: 'Clave creada' }).waitFor();
    key = await page.locator('#clave-nueva').inputValue();
    expect(key).toMatch(KEY);
    await page.getByRole('button', { name: 'Copiar' }).click();
    await page.getByRole('button', { name: 'Copiada' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    await shootBothWidths(page, 'web-clave-creada');
    await expectAccessible(page);

    const res = await api(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ documentos: [], total: 0 });
    // What the extension checks when the key is saved in its Options, then a capture as it sends one.
    const client = createClient({ baseUrl: base, apiKey: key });
    expect(await client.checkKey()).toEqual({ lectura: true, escritura: true });
    const captured = await client.upload({
      body: '<!doctype html><html lang="es"><head><title>Cenotes</title></head><body><p>Agua.</p></body></html>',
      nombre: 'cenotes.html',
      contentType: 'text/html',
      url: 'https://example.org/cenotes',
      titulo: 'Cenotes',
      idempotencyKey: 'captura-1',
      esperar: 0,
    });
    expect(captured.id).toBeTruthy();
    // Removed again with the same key: the library starts empty for the upload test below.
    const removed = await fetch(`${base}/api/v1/documentos/${captured.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(removed.status).toBe(200);

    // Shown once: the list has its prefix, never the key.
    await page.goto(`${base}/ajustes/claves`);
    const html = await page.content();
    expect(html).not.toContain(key);
    const prefix = key.split('_')[1]!;
    const row = page.locator(`tr[data-prefijo="${prefix}"]`);
    expect(await row.textContent()).toContain(`folio_${prefix}_…`);
    expect(await row.textContent()).toContain('lectura, escritura');
  });

  it('revokes the key in the UI after a confirmation dialog; the same call then answers 401', async () => {
    const { page, base } = web;
    const prefix = key.split('_')[1]!;
    const row = page.locator(`tr[data-prefijo="${prefix}"]`);
    expect(await row.textContent()).not.toContain('nunca'); // its use was recorded
    await row.getByRole('button', { name: /Revocar/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('¿Revocar la clave «extensión»');
    await page.screenshot({ path: path.join(ARTIFACTS, 'web-clave-confirmar.png') });
    // Cancelling keeps it.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await api(key)).status).toBe(200);
    await row.getByRole('button', { name: /Revocar/ }).click();
    await Promise.all([
      page.waitForURL(`${base}/ajustes/claves`),
      page.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click(),
    ]);
    await page.getByText(`Clave ${prefix} revocada.`).waitFor();
    expect(await page.locator(`tr[data-prefijo="${prefix}"]`).textContent()).toContain('revocada el');
    await shootBothWidths(page, 'web-claves');
    await expectAccessible(page);
    const res = await api(key);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { codigo: string } }).error.codigo).toBe('no_autenticado');
  });

  it('uploads a file from the library page with progress and sees it reach listo', async () => {
    const { page, base } = web;
    await page.getByRole('link', { name: 'Biblioteca' }).click();
    await page.waitForURL(`${base}/biblioteca`);
    await page.getByText('Tu biblioteca está vacía.').waitFor();
    await page.getByLabel('Archivo', { exact: true }).setInputFiles(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
    await page.getByRole('button', { name: 'Subir archivo' }).click();
    await page.locator('#subidas li').first().waitFor();
    const row = page.locator('#documentos tr[data-id]').first();
    await row.waitFor();
    await page.locator('#documentos tr[data-estado="listo"]').waitFor({ timeout: 90_000 });
    expect(await row.getByRole('cell').nth(2).textContent()).toContain('listo');
    expect(await page.locator('#subidas li').first().textContent()).toContain('añadido');
    expect(await page.getByText('Tu biblioteca está vacía.').isHidden()).toBe(true);
    // No embedding model in this test's FOLIO_MODELS_DIR: the page says so and how to turn it on.
    const warning = page.locator('#semantica-desactivada');
    expect(await warning.textContent()).toMatch(
      /búsqueda semántica está desactivada.*npm run folio -- models pull embeddings/s,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'web-biblioteca.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the page never scrolls sideways and each row keeps its state and its delete button in view.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    for (const cell of [page.locator('#documentos .badge').first(), page.locator('#documentos button').first()]) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'web-biblioteca-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // A reload shows the same, server-rendered.
    await page.reload();
    expect(await page.locator('#documentos tr[data-estado="listo"]').count()).toBe(1);
  });

  it('switches to English and back', async () => {
    const { page } = web;
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/lang=en/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Library');
    expect(await page.locator('#documentos tr').first().textContent()).toContain('ready');
    await page.screenshot({ path: path.join(ARTIFACTS, 'web-library-en.png'), fullPage: true });
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(/lang=es/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Biblioteca');
  });

  it("corrects a document's title, authors and year from its Editar page, back on the document with what changed", async () => {
    const { page, base } = web;
    await page.locator('#documentos tr[data-id] a', { hasText: 'Editar' }).first().click();
    await page.waitForURL(/\/biblioteca\/documentos\/.+\/editar$/);
    const id = /\/documentos\/([^/]+)\/editar$/.exec(page.url())![1]!;
    expect(await page.locator('#titulo').inputValue()).toBe('Cuaderno de campo del acuífero de Yucatán');
    const authorsBefore = await page.locator('#autores').inputValue();
    const yearBefore = await page.locator('#anio').inputValue();
    await shootBothWidths(page, 'web-editar');
    await expectAccessible(page);
    // A year that is not one stays on the form, with what was typed.
    await page.locator('#titulo').fill('Cuaderno de campo del acuífero kárstico de Yucatán');
    await page.locator('#anio').fill('dos mil veinte');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/biblioteca/documentos/${id}/editar`);
    expect(await page.locator('#titulo').inputValue()).toBe('Cuaderno de campo del acuífero kárstico de Yucatán');
    expect(await page.locator('#anio-error').textContent()).toContain('Escribe el año en cifras');

    await page.locator('#autores').fill('Pérez Canul, Lucía\nChan May, Jorge Alberto');
    await page.locator('#anio').fill('2020');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${base}/biblioteca/documentos/${id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Cuaderno de campo del acuífero kárstico de Yucatán',
    );
    const said = (await page.locator('#avisos .notice li').allTextContents()).map((x) => x.replace(/\s+/g, ' ').trim());
    const was = (v: string) => (v ? `«${v.split('\n').join('; ')}»` : '(vacío)');
    expect(said).toEqual([
      'Título: «Cuaderno de campo del acuífero de Yucatán» → «Cuaderno de campo del acuífero kárstico de Yucatán»',
      `Autores: ${was(authorsBefore)} → «Pérez Canul, Lucía; Chan May, Jorge Alberto»`,
      ...(yearBefore === '2020' ? [] : [`Año: ${was(yearBefore)} → «2020»`]),
    ]);
    await shootBothWidths(page, 'web-documento-guardado');
    await expectAccessible(page);
    // Told once; the library shows the corrected values.
    await page.reload();
    expect(await page.locator('#avisos .notice').count()).toBe(0);
    await Promise.all([
      page.waitForURL(`${base}/biblioteca`),
      page.getByRole('link', { name: 'Biblioteca', exact: true }).click(),
    ]);
    const row = page.locator('#documentos tr[data-id]').first();
    expect(await row.textContent()).toContain('Cuaderno de campo del acuífero kárstico de Yucatán');
    expect(await row.textContent()).toContain('Pérez Canul; Chan May (2020)');
  });

  it('uploads a file over the single-request limit in parts (tus), with progress, to listo', async () => {
    const { page } = web;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-tus-'));
    const file = path.join(dir, 'bitacora-larga.md');
    const paragraph =
      'El agua del anillo de cenotes se muestreó en lluvias y en secas, con nitratos medidos cada mes. ';
    fs.writeFileSync(
      file,
      `# Bitácora larga de campo\n\n${Array.from({ length: 40 }, () => paragraph.repeat(40)).join('\n\n')}\n`,
    );
    expect(fs.statSync(file).size).toBeGreaterThan(100 * 1024);
    const parts: string[] = [];
    const seen = (r: { method(): string; url(): string }) => {
      if (r.url().includes('/biblioteca/subidas')) parts.push(r.method());
    };
    page.on('request', seen);

    try {
      await page.getByLabel('Archivo', { exact: true }).setInputFiles(file);
      await page.getByRole('button', { name: 'Subir archivo' }).click();
      await page.locator('#subidas li', { hasText: 'bitacora-larga' }).first().waitFor();
      const row = page.locator('#documentos tr[data-estado="listo"]', { hasText: 'Bitácora larga de campo' });
      await row.waitFor({ timeout: 90_000 });
      expect(parts).toContain('POST');
      expect(parts).toContain('PATCH');
      // The line names the document by its title once it has been read, else by its file name: with the
      // queue picking it up at once, it is often read before the upload is answered.
      await page
        .locator('#subidas li', { hasText: /^«(bitacora-larga|Bitácora larga de campo)» añadido\.$/ })
        .first()
        .waitFor();
      // Removed again, so the library holds the one document the next test deletes.
      await row.getByRole('button', { name: /Borrar/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
      await page.locator('#avisos', { hasText: 'borrado' }).waitFor();
      await expect.poll(() => page.locator('#documentos tr[data-id]').count()).toBe(1);
    } finally {
      page.off('request', seen);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('deletes a document after confirmation, then signs out', async () => {
    const { page, base } = web;
    const row = page.locator('#documentos tr[data-id]').first();
    await row.getByRole('button', { name: /Borrar/ }).click();
    await Promise.all([
      page.waitForURL(`${base}/biblioteca`),
      page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click(),
    ]);
    await page.getByText('Tu biblioteca está vacía.').waitFor();
    expect(await page.locator('#avisos').textContent()).toContain('borrado');

    await Promise.all([page.waitForURL(/\/entrar$/), page.getByRole('button', { name: 'Salir' }).click()]);
    expect(await page.getByRole('status').textContent()).toContain('Has cerrado la sesión.');
    await page.goto(`${base}/biblioteca`);
    expect(new URL(page.url()).pathname).toBe('/entrar');
  });
});

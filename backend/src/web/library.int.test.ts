import { describe, expect, it } from 'vitest';
import { setPassword } from '../services/set-password';
import { auth, useTestServer } from '../testing/harness';
import { WebClient } from '../testing/web-client';

const t = useTestServer();
const PASSWORD = 'biblioteca con una frase larga';

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  await web.page('/biblioteca');
  return web;
}

function uploadForm(name: string, text: string, csrf?: string) {
  const form = new FormData();
  if (csrf !== undefined) form.set('_csrf', csrf);
  form.set('archivo', new Blob([text], { type: 'text/plain' }), name);
  return form;
}

describe('library page', () => {
  it('uploads a file through the session, follows it to listo, lists it and deletes it', async () => {
    const web = await signedIn('olga@example.org');
    const empty = await web.page('/biblioteca');
    expect(empty.text).toContain('Tu biblioteca está vacía.');

    const res = await web.request('/biblioteca/subir', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': web.lastCsrf! },
      body: uploadForm('notas-de-campo.txt', 'Notas de campo sobre la lectura lenta. '.repeat(40)),
    });
    expect(res.status).toBe(201);
    const added = await res.json();
    expect(added.documento).toMatchObject({ titulo: expect.stringContaining('notas'), tipo: expect.any(String) });
    expect(added.fila).toContain(`id="doc-${added.documento.id}"`);
    expect(added.aviso).toContain('añadido');

    let estado = added.documento.estado;
    for (let i = 0; i < 20 && estado !== 'listo' && estado !== 'error'; i++) {
      const poll = await web.request(`/biblioteca/documentos/${added.documento.id}?esperar=5`, {
        headers: { accept: 'application/json' },
      });
      expect(poll.status).toBe(200);
      const body = await poll.json();
      estado = body.documento.estado;
      expect(body.fila).toContain(`data-estado="${estado}"`);
    }
    expect(estado).toBe('listo');

    const list = await web.page('/biblioteca');
    const row = new RegExp(`<tr id="doc-${added.documento.id}"[\\s\\S]*?</tr>`).exec(list.text)?.[0] ?? '';
    expect(row).toContain('data-estado="listo"');
    expect(row).toContain('>listo</span>');
    expect(list.text).toContain('1 en total');

    // The same bytes again: already there.
    const again = await web.request('/biblioteca/subir', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': web.lastCsrf! },
      body: uploadForm('copia.txt', 'Notas de campo sobre la lectura lenta. '.repeat(40)),
    });
    expect(again.status).toBe(200);
    expect((await again.json()).aviso).toContain('ya estaba');

    const ask = await web.post(`/biblioteca/documentos/${added.documento.id}/borrar`, {});
    expect(ask.text).toContain('¿Borrar «');
    const gone = await web.post(`/biblioteca/documentos/${added.documento.id}/borrar`, { confirmado: '1' });
    expect(gone.res.status).toBe(303);
    expect((await web.page('/biblioteca')).text).toContain('borrado.');
    const key = await t.server.key('olga@example.org', ['lectura']);
    expect((await t.server.request(`/api/v1/documentos/${added.documento.id}`, { headers: auth(key) })).status).toBe(
      404,
    );
  });

  it('takes a plain form upload (no script) with the token as a field, and refuses one without it', async () => {
    const web = await signedIn('paz@example.org');
    const plain = await web.request('/biblioteca/subir', {
      method: 'POST',
      body: uploadForm('sin-script.txt', 'Texto subido sin JavaScript. '.repeat(30), web.lastCsrf),
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/biblioteca');
    expect((await web.page('/biblioteca')).text).toContain('sin-script');

    const forged = await web.request('/biblioteca/subir', {
      method: 'POST',
      body: uploadForm('forjado.txt', 'Subida forjada. '.repeat(30), 'x'.repeat(43)),
    });
    expect(forged.status).toBe(403);
    const crossSite = await web.request('/biblioteca/subir', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: uploadForm('forjado.txt', 'Subida forjada. '.repeat(30), web.lastCsrf),
    });
    expect(crossSite.status).toBe(403);
    expect((await web.page('/biblioteca')).text).not.toContain('forjado');
  });

  it('queues a URL and refuses what is not one', async () => {
    const web = await signedIn('quima@example.org');
    const bad = await web.post('/biblioteca/url', { url: 'no es una url' }, { accept: 'application/json' });
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatchObject({ codigo: 'peticion_invalida', detalles: { campo: 'url' } });
    const ok = await web.post('/biblioteca/url', { url: 'http://127.0.0.1:9/nada' }, { accept: 'application/json' });
    expect(ok.res.status).toBe(201);
    const body = JSON.parse(ok.text);
    expect(body.documento).toMatchObject({ url: 'http://127.0.0.1:9/nada', tipo: 'web' });
    expect(body.fila).toContain('data-estado="');
  });

  it('keeps libraries apart: a document of someone else is not found', async () => {
    const owner = await signedIn('rosa@example.org');
    const res = await owner.request('/biblioteca/subir', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': owner.lastCsrf! },
      body: uploadForm('privado.txt', 'Documento privado de Rosa. '.repeat(30)),
    });
    const { documento } = await res.json();
    const other = await signedIn('sara@example.org');
    const peek = await other.request(`/biblioteca/documentos/${documento.id}`, {
      headers: { accept: 'application/json' },
    });
    expect(peek.status).toBe(404);
    const del = await other.post(`/biblioteca/documentos/${documento.id}/borrar`, { confirmado: '1' });
    expect(del.res.status).toBe(404);
    expect((await other.page('/biblioteca')).text).not.toContain('privado');
  });
});

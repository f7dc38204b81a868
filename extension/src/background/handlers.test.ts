import 'fake-indexeddb/auto';
import { createClient } from '@folio/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CaptureRefused } from './capture-refused';
import { CaptureError } from '../capture/capture-error';
import type { CitedWork } from '../messaging/bibliography';
import { onMessage, sendMessage } from '../messaging/protocol';
import type { CapturedPage } from '../capture/page';
import type { CapturedQuote } from '../capture/selection';
import type { CapturedVideo } from '../capture/video';
import { captureTab, payloadToInput, scriptInTab, tabCapturer, type TabPayload } from './capture-tab';
import { MENU, menuAction } from './context-menus';
import { FolioDb } from './db';
import { createHandlers, type HandlerDeps } from './handlers';
import { refreshLibrary } from './library';
import { applyEvent } from './outbox';
import { clientFromSettings, loadSettings, storeSettings } from './settings';
import { APA_PARAMO_ECO, ECO, PARAMO } from './testing/cited-works';
import { fakeFolio } from './testing/fake-folio';

const dbs: FolioDb[] = [];
beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function setup(over: Partial<HandlerDeps> = {}) {
  const db = new FolioDb(`handlers-${crypto.randomUUID()}`);
  dbs.push(db);
  const server = fakeFolio({ apiKey: 'folio_good' });
  const calls = { kicks: 0, changed: 0, refreshes: 0 };
  const deps: HandlerDeps = {
    db,
    client: () => clientFromSettings(server.fetch),
    kickSync: async () => {
      calls.kicks++;
    },
    changed: async () => {
      calls.changed++;
    },
    captureTab: async () => {
      throw new CaptureRefused('Esta página es del navegador y no se puede guardar.');
    },
    hasHostPermission: async () => true,
    storeSettings,
    refreshLibrary: async () => {
      calls.refreshes++;
    },
    fetch: server.fetch,
    now: () => 1000,
    ...over,
  };
  return { db, server, calls, handlers: createHandlers(deps) };
}

describe('capture messages', () => {
  it('queues a link for the server to fetch and lists it for the popup', async () => {
    const { handlers, calls } = setup();
    const result = await handlers.captureUrl({ url: 'https://example.org/paper.pdf', titulo: ' Paper ' });
    expect(result).toMatchObject({ ok: true, capture: { kind: 'url', state: 'queued', titulo: 'Paper' } });
    expect(calls).toEqual({ kicks: 1, changed: 1, refreshes: 0 });
    expect(await handlers.captures({})).toMatchObject([{ url: 'https://example.org/paper.pdf', state: 'queued' }]);
    expect(await handlers.captureUrl({ url: 'javascript:alert(1)' })).toEqual({
      ok: false,
      mensaje: 'Folio solo puede leer direcciones http o https.',
    });
  });

  it('answers a refused tab capture with its message and queues nothing', async () => {
    const { handlers, db } = setup();
    expect(await handlers.captureTab({})).toEqual({
      ok: false,
      mensaje: 'Esta página es del navegador y no se puede guardar.',
    });
    expect(await db.captures.count()).toBe(0);
  });

  it('queues a tab capture with its file, and retries and dismisses captures', async () => {
    const { handlers, db } = setup({
      captureTab: async (tabId, opts) =>
        captureTab({ id: tabId ?? 7, url: 'https://example.org/a', title: 'A' }, async () => PAGE, opts),
    });
    const result = await handlers.captureTab({ tabId: 7, seleccion: true });
    if (!result.ok) throw new Error(result.mensaje);
    const id = result.capture.id;
    expect(await db.bodies.get(id)).toEqual({ id, body: PAGE.html });
    expect(await db.quotes.where('captureId').equals(id).first()).toMatchObject({ exact: 'nitratos' });

    await applyEvent(db, id, { type: 'upload-failed', error: new Error('boom') }, { now: 2000, random: 0 });
    expect((await handlers.captures({}))[0]).toMatchObject({ state: 'error', error: 'Error inesperado: boom' });
    expect(await handlers.retry({ id })).toMatchObject({ state: 'queued' });
    await handlers.dismiss({ id });
    expect(await handlers.captures({})).toEqual([]);
  });
});

describe('settings messages', () => {
  it('saves checked settings, never hands the key back, and resends captures the old key lost', async () => {
    const { handlers, db, calls } = setup();
    const lost = await handlers.captureUrl({ url: 'https://example.org/x' });
    if (!lost.ok) throw new Error();
    await db.captures.update(lost.capture.id, { state: 'error', errorCode: 'no_autenticado' });

    const bad = await handlers.saveSettings({ serverUrl: 'http://folio.test', apiKey: 'folio_bad' });
    expect(bad).toMatchObject({ ok: false, campo: 'apiKey' });
    expect(await loadSettings()).toBeNull();

    const good = await handlers.saveSettings({ serverUrl: 'http://folio.test/', apiKey: 'folio_good' });
    expect(good).toMatchObject({ ok: true, serverUrl: 'http://folio.test' });
    expect(await loadSettings()).toEqual({ serverUrl: 'http://folio.test', apiKey: 'folio_good' });
    expect(calls.refreshes).toBe(1);
    expect(await db.captures.get(lost.capture.id)).toMatchObject({ state: 'queued' });
    expect(calls.kicks).toBe(2);
    expect(await handlers.getSettings(undefined)).toEqual({
      serverUrl: 'http://folio.test',
      hasKey: true,
      keyHint: '…good',
    });
    // Saving again without a key keeps the saved one.
    expect(await handlers.saveSettings({ serverUrl: 'http://folio.test' })).toMatchObject({ ok: true });
  });

  it('blames a missing host permission rather than the server', async () => {
    const offline: HandlerDeps['fetch'] = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { handlers } = setup({ fetch: offline, hasHostPermission: async () => false });
    const result = await handlers.saveSettings({ serverUrl: 'https://folio.example.org', apiKey: 'k' });
    expect(result).toEqual({
      ok: false,
      campo: 'serverUrl',
      mensaje:
        'La extensión no tiene permiso para conectar con https://folio.example.org. Acepta el permiso que pide el navegador al guardar.',
    });
  });
});

describe('library message', () => {
  it('answers from the cache refreshed from the server, keeping it when the server is gone', async () => {
    const { handlers, db, server } = setup();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: 'folio_good', fetch: server.fetch });
    await client.upload({ body: 'x', nombre: 'a.html', titulo: 'Cenotes', idempotencyKey: 'k1' });
    expect(await refreshLibrary(db, client, 5000)).toBe(1);
    expect(await handlers.library({})).toMatchObject({ documentos: [{ titulo: 'Cenotes' }], actualizado: 5000 });
    server.state.online = false;
    await expect(refreshLibrary(db, client, 6000)).rejects.toMatchObject({ codigo: 'sin_conexion' });
    expect(await handlers.library({})).toMatchObject({ documentos: [{ titulo: 'Cenotes' }], actualizado: 5000 });
  });

  it('lists the cached library filtered by title or author words', async () => {
    const { handlers, db } = setup();
    const base = { autores: ['Pérez Canul'], tipo: 'web' as const, estado: 'listo' as const, unidades: 1 };
    await db.documents.bulkPut([
      {
        ...base,
        id: 'a',
        titulo: 'Cenotes de Yucatán',
        creado: '2024-01-01T00:00:00.000Z',
        enlace: 'http://f/leer/a',
        texto_url: 'http://f/t/a',
      },
      {
        ...base,
        id: 'b',
        titulo: 'Teatro barroco',
        creado: '2024-02-01T00:00:00.000Z',
        enlace: 'http://f/leer/b',
        texto_url: 'http://f/t/b',
      },
    ]);
    expect((await handlers.library({})).documentos.map((d) => d.id)).toEqual(['b', 'a']);
    expect((await handlers.library({ q: 'yucatan perez' })).documentos.map((d) => d.id)).toEqual(['a']);
  });
});

const PAGE: Extract<TabPayload, { kind: 'page' }> = {
  kind: 'page',
  url: 'https://example.org/a',
  titulo: 'Cenotes',
  nombre: 'cenotes.html',
  html: '<!doctype html><p>nitratos</p>',
  quote: { exact: 'nitratos', prefix: '', suffix: '', start: 0, end: 8 },
};

describe('correctCapture message', () => {
  /** A page capture the fake server has read (ready), with the client settings saved. */
  async function readyCapture() {
    const ctx = setup();
    await storeSettings({ serverUrl: ctx.server.baseUrl, apiKey: 'folio_good' });
    const queued = await ctx.handlers.captureUrl({ url: 'https://example.org/cenotes' });
    if (!queued.ok) throw new Error(queued.mensaje);
    const client = (await clientFromSettings(ctx.server.fetch))!;
    const uploaded = await client.upload({ url: 'https://example.org/cenotes', idempotencyKey: queued.capture.id });
    await applyEvent(ctx.db, queued.capture.id, { type: 'upload-ok', documento: uploaded }, { now: 2000, random: 0 });
    const listo = await client.document(uploaded.id);
    await applyEvent(ctx.db, queued.capture.id, { type: 'poll-ok', documento: listo }, { now: 3000, random: 0 });
    return { ...ctx, id: queued.capture.id, documentId: uploaded.id };
  }

  it('sends the changes through the messaging layer and keeps the new title and reference', async () => {
    const { handlers, server, db, id, documentId } = await readyCapture();
    expect((await handlers.captures({}))[0]).toMatchObject({
      state: 'ready',
      autores: ['Pérez Canul, Lucía'],
      anio: 2021,
    });
    const client = (await clientFromSettings(server.fetch))!;
    await refreshLibrary(db, client, 4000);
    const stop = onMessage('correctCapture', ({ data }) => handlers.correctCapture(data));
    try {
      const result = await sendMessage('correctCapture', { id, cambios: { titulo: 'Cenotes de Homún', anio: 2019 } });
      expect(result).toMatchObject({
        ok: true,
        capture: {
          id,
          titulo: 'Cenotes de Homún',
          anio: 2019,
          referencia: 'Pérez Canul, Lucía (2019). Cenotes de Homún.',
        },
      });
    } finally {
      stop();
    }
    // The server has it, the popup's list reads it, and so does the cached library.
    expect(server.state.documents.get(documentId)!.doc).toMatchObject({ titulo: 'Cenotes de Homún', anio: 2019 });
    expect((await handlers.captures({}))[0]).toMatchObject({ titulo: 'Cenotes de Homún', anio: 2019 });
    expect((await handlers.library({})).documentos[0]).toMatchObject({ titulo: 'Cenotes de Homún' });
  });

  it("answers the server's refusal, the missing connection, and a capture not ready, in Spanish", async () => {
    const { handlers, server, db, id } = await readyCapture();
    expect(await handlers.correctCapture({ id, cambios: { anio: 5000 } })).toEqual({
      ok: false,
      mensaje: 'La petición no es válida.',
    });
    server.state.online = false;
    const offline = await handlers.correctCapture({ id, cambios: { titulo: 'Otro' } });
    expect(offline).toMatchObject({ ok: false, mensaje: expect.stringMatching(/^Sin conexión con Folio/) });
    expect((await db.captures.get(id))!.documento!.titulo).not.toBe('Otro');
    const pending = await handlers.captureUrl({ url: 'https://example.org/otra' });
    if (!pending.ok) throw new Error();
    expect(await handlers.correctCapture({ id: pending.capture.id, cambios: { titulo: 'X' } })).toEqual({
      ok: false,
      mensaje: 'Esta captura aún no está lista en Folio.',
    });
  });
});

describe('formatBibliography message', () => {
  it('formats the works cited in a page with citation-js, in the style asked', async () => {
    const { handlers } = setup();
    expect(await handlers.formatBibliography({ works: [PARAMO, ECO], estilo: 'apa' })).toEqual(APA_PARAMO_ECO);
    const vancouver = await handlers.formatBibliography({ works: [PARAMO, ECO], estilo: 'vancouver' });
    expect(vancouver.text.split('\n')).toEqual([
      '1. Pérez Canul A, Ruiz L. El páramo y el agua [Internet]. 2021 [citado 3 de mayo de 2024]. Disponible en: https://example.org/paramo',
      '2. Eco U. Tratado de semiótica general. 1977.',
    ]);
  });

  it('answers a content script through the messaging layer, and rejects what it cannot format', async () => {
    const { handlers } = setup();
    const stop = onMessage('formatBibliography', ({ data }) => handlers.formatBibliography(data));
    try {
      expect(await sendMessage('formatBibliography', { works: [PARAMO, ECO], estilo: 'apa' })).toEqual(APA_PARAMO_ECO);
      await expect(sendMessage('formatBibliography', { works: [ECO], estilo: 'chicago' })).rejects.toThrow(
        /Unknown bibliography style/,
      );
      const tampered = [{ ...ECO, autores: 'Eco' }] as unknown as CitedWork[];
      await expect(sendMessage('formatBibliography', { works: tampered, estilo: 'apa' })).rejects.toThrow(
        /Malformed cited work/,
      );
    } finally {
      stop();
    }
  });
});

describe('captureTab', () => {
  it('refuses browser pages and missing selections, and keeps the quote only when asked', async () => {
    const run = async () => PAGE;
    await expect(captureTab({ id: 1, url: 'chrome://settings' }, run, { selection: false })).rejects.toThrow(
      'Esta página es del navegador y no se puede guardar.',
    );
    const viewer = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html?src=https://e.org/a.pdf';
    expect(
      await captureTab({ id: 1, url: viewer }, async () => ({ kind: 'url', url: 'x' }), { selection: false }),
    ).toEqual({
      kind: 'url',
      url: 'x',
      titulo: undefined,
    });
    const plain = await captureTab({ id: 1, url: 'https://example.org/a' }, run, { selection: false });
    expect(plain).toMatchObject({ kind: 'page', contentType: 'text/html', body: PAGE.html, nombre: 'cenotes.html' });
    expect(plain.quote).toBeUndefined();
    const noSelection = async (): Promise<TabPayload> => ({ ...PAGE, quote: undefined });
    await expect(captureTab({ id: 1, url: 'https://example.org/a' }, noSelection, { selection: true })).rejects.toThrow(
      'No hay texto seleccionado en la página.',
    );
  });

  it('takes the payloads of capture/ as they are', () => {
    const page: CapturedPage = {
      kind: 'page',
      url: 'https://example.org/a',
      titulo: 'Cenotes',
      nombre: 'cenotes.html',
      contentType: 'text/html',
      html: '<!doctype html><p>x</p>',
      article: true,
      capturedAt: '2024-05-01T10:00:00.000Z',
    };
    const quote: CapturedQuote = { exact: 'x', prefix: '', suffix: '', start: 0, end: 1 };
    const video: CapturedVideo = {
      kind: 'video',
      url: 'https://www.youtube.com/watch?v=abc',
      titulo: 'Charla',
      nombre: 'charla.vtt',
      contentType: 'text/vtt',
      vtt: 'WEBVTT',
      t: 12.5,
    };
    const payloads: TabPayload[] = [{ ...page, quote }, video];
    expect(payloads.map((p) => payloadToInput(p))).toMatchObject([
      { kind: 'page', body: page.html, contentType: 'text/html', quote },
      { kind: 'video', body: 'WEBVTT', contentType: 'text/vtt', t: 12.5 },
    ]);
  });

  it('turns a video payload into captions with the captured second', () => {
    expect(
      payloadToInput(
        { kind: 'video', url: 'https://v.example/w?v=1', nombre: 'charla.vtt', vtt: 'WEBVTT', t: 83 },
        { title: 'Charla' },
      ),
    ).toEqual({
      kind: 'video',
      url: 'https://v.example/w?v=1',
      titulo: 'Charla',
      nombre: 'charla.vtt',
      contentType: 'text/vtt',
      body: 'WEBVTT',
      t: 83,
    });
  });

  it('captures a page in it, downloads a PDF, and hands the server the address when it cannot read the tab', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const pdfs: string[] = [];
    const fetchPdf = async (url: string) => {
      pdfs.push(url);
      return { kind: 'pdf' as const, url, nombre: 'Informe 2021.pdf', contentType: 'application/pdf' as const, bytes };
    };
    const capture = tabCapturer({
      captureInTab: scriptInTab(async () => ({
        kind: 'page',
        url: 'https://example.org/a',
        titulo: 'Cenotes de Yucatán',
        nombre: 'cenotes-de-yucatan.html',
        contentType: 'text/html',
        html: '<html></html>',
      })),
      fetchPdf,
    });
    expect(await capture({ id: 1, url: 'https://example.org/a#x' })).toEqual({
      kind: 'page',
      url: 'https://example.org/a',
      titulo: 'Cenotes de Yucatán',
      nombre: 'cenotes-de-yucatan.html',
      contentType: 'text/html',
      html: '<html></html>',
    });
    // The PDF behind Chrome's viewer is downloaded, not the viewer page.
    const viewer =
      'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html?src=https://example.org/files/informe.pdf';
    expect(await capture({ id: 1, url: viewer, title: 'informe.pdf' })).toMatchObject({
      kind: 'pdf',
      url: 'https://example.org/files/informe.pdf',
      titulo: undefined,
      nombre: 'Informe 2021.pdf',
      bytes,
    });
    expect(pdfs).toEqual(['https://example.org/files/informe.pdf']);

    const blocked = tabCapturer({
      captureInTab: scriptInTab(async (tabId) => {
        if (tabId === 2) return { kind: 'refused', mensaje: 'Este vídeo no tiene subtítulos que leer.' };
        throw new Error('Cannot access contents of the page');
      }),
      fetchPdf: async () => {
        throw new CaptureError(
          'El sitio no deja descargar el PDF (HTTP 403): inicia sesión en él y vuelve a intentarlo.',
        );
      },
    });
    expect(await blocked({ id: 1, url: 'https://example.org/b', title: 'B' })).toEqual({
      kind: 'url',
      url: 'https://example.org/b',
      titulo: 'B',
    });
    await expect(blocked({ id: 2, url: 'https://example.org/v' })).rejects.toThrow(/subtítulos/);
    await expect(blocked({ id: 1, url: 'https://example.org/c.pdf' })).rejects.toThrow(CaptureRefused);
    await expect(blocked({ id: 1, url: 'https://example.org/c.pdf' })).rejects.toThrow(/inicia sesión/);
  });
});

describe('menuAction', () => {
  it('routes each context menu entry', () => {
    const tab = { id: 4 };
    expect(menuAction({ menuItemId: MENU.savePage }, tab)).toEqual({ type: 'captureTab', tabId: 4, selection: false });
    expect(menuAction({ menuItemId: MENU.saveSelection, selectionText: 'x' }, tab)).toEqual({
      type: 'captureTab',
      tabId: 4,
      selection: true,
    });
    expect(menuAction({ menuItemId: MENU.saveLink, linkUrl: 'https://e.org/p.pdf' }, tab)).toEqual({
      type: 'captureUrl',
      url: 'https://e.org/p.pdf',
    });
    expect(menuAction({ menuItemId: MENU.insertCitation, frameId: 2 }, tab)).toEqual({
      type: 'openPicker',
      tabId: 4,
      frameId: 2,
    });
    expect(menuAction({ menuItemId: MENU.savePage }, undefined)).toEqual({ type: 'none' });
  });
});

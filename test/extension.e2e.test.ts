import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  buildExtension,
  describeInChromium,
  launchWithExtension,
  type ExtensionBrowser,
} from './support/browser';
import { buildPaddedPdf } from './fixtures/sample-pdf';
import { EDITOR_DRAFT, editorLinks, startCaptureSite, type CaptureSite } from './support/capture-site';
import { libraryApi } from './support/library-api';
import { useServe } from './support/serve';

/**
 * The built extension in Debian's Chromium against a real `folio serve`: options checked against the
 * server, pages, a captioned video and a PDF captured from the popup into the server with their anchors,
 * a capture made while the server is down reaching it exactly once, a citation inserted in a textarea
 * through the picker, and the side panel's search. Screenshots land in test/artifacts/ for review.
 */
let site: CaptureSite;
let browser: ExtensionBrowser;
let buildDir: string;

/** The extension APIs the tests call inside its service worker, and the page's DOM, as far as used here. */
declare const chrome: {
  tabs: {
    query(q: { url: string }): Promise<{ id?: number }[]>;
    update(id: number, p: { active: boolean }): Promise<unknown>;
  };
  storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
  action: { getBadgeText(details: object): Promise<string> };
};
declare const document: { querySelector(selector: string): unknown };

/** Opens `url` in a tab, makes it the active one, and presses 'Guardar esta página' in the popup. */
async function captureFromPopup(url: string): Promise<{ popup: Page; target: Page }> {
  const target = await browser.context.newPage();
  await target.goto(url).catch((err: Error) => {
    // Chromium's PDF viewer replaces the document as the PDF loads; the tab stays on its address.
    if (!/\.pdf$/.test(url)) throw err;
  });
  const popup = await browser.context.newPage();
  await popup.goto(browser.url('popup.html'));
  // As when the user clicks the toolbar button on that tab: it is the active one.
  await browser.worker.evaluate(async (address) => {
    const [tab] = await chrome.tabs.query({ url: address });
    await chrome.tabs.update(tab!.id!, { active: true });
  }, url);
  await popup.click('#guardar');
  return { popup, target };
}

/** The popup entry of the capture titled `title`, once it is ready. */
async function readyEntry(popup: Page, title: RegExp, timeout = 60_000) {
  const entry = popup.locator('.capture', { hasText: title });
  await entry.locator('.state', { hasText: 'Listo' }).waitFor({ timeout });
  return entry;
}

describeInChromium('the extension in Chromium', () => {
  // The pages are served from this machine: let the server fetch them too.
  const folio = useServe({ FOLIO_FETCH_ALLOW_PRIVATE: '1' });
  const { api, search, documents } = libraryApi(
    () => folio.port,
    () => folio.key,
  );

  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-extension-'));
    const extensionDir = await buildExtension(buildDir);
    site = await startCaptureSite(buildDir);
    browser = await launchWithExtension(extensionDir);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  });

  it('checks the key against the server in Options: a wrong one is refused, the right one connects', async () => {
    const { port, key } = folio;
    const page = await browser.context.newPage();
    await page.goto(browser.url('options.html'));
    // The form is filled in from storage once the page has loaded: type after that.
    await page.waitForFunction(() => (document.querySelector('#servidor') as { value: string } | null)?.value);
    await page.fill('#servidor', `http://127.0.0.1:${port}`);
    await page.fill('#clave', `${key.slice(0, -4)}xxxx`);
    await page.click('button[type=submit]');
    await page.locator('#resultado[data-tone="error"]').waitFor();
    expect(await page.textContent('#resultado')).toMatch(/clave/i);
    await page.fill('#clave', key);
    await page.click('button[type=submit]');
    await page.locator('#resultado[data-tone="ok"]', { hasText: /conect|guard|lista|correct/i }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'extension-options.png'), fullPage: true });
    // The key stays in the extension's storage, never in a page.
    const stored = await browser.worker.evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).toContain(key);
    await page.close();
  });

  it('captures a web page as the user sees it: web anchors with its address and metadata', async () => {
    const url = `${site.url}/articulo.html`;
    const { popup, target } = await captureFromPopup(url);
    const entry = await readyEntry(popup, /Nitratos en el acuífero/);
    expect(await entry.locator('.detail').textContent()).toMatch(/Yucatán/);
    await popup.screenshot({ path: path.join(ARTIFACTS, 'extension-popup.png'), fullPage: true });
    const [doc] = (await documents()).filter((d) => /Nitratos/.test(d.titulo));
    expect(doc).toMatchObject({ tipo: 'web', estado: 'listo' });
    const hits = await search('nitratos cenotes temporadas');
    const hit = hits.find((h) => h.documento.id === doc!.id)!;
    expect(hit.ancla).toMatchObject({ tipo: 'web', url });
    expect(hit.ancla.parrafo).toBeGreaterThan(0);
    expect(Array.isArray(hit.ancla.ruta)).toBe(true);
    expect(String(hit.ancla.consultada)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await Promise.all([popup.close(), target.close()]);
  });

  it("corrects the captured page's title and year from the popup ('Revisar datos'), by keyboard", async () => {
    const popup = await browser.context.newPage();
    await popup.goto(browser.url('popup.html'));
    const entry = await readyEntry(popup, /Nitratos en el acuífero/);
    const [doc] = (await documents()).filter((d) => /Nitratos en el acuífero/.test(d.titulo));
    await entry.getByRole('button', { name: 'Revisar datos' }).focus();
    await popup.keyboard.press('Enter');
    const form = entry.locator('form.correct');
    await expect.poll(() => form.getByLabel('Título').evaluate((n) => n === n.ownerDocument.activeElement)).toBe(true);
    await form.getByLabel('Título').fill('Nitratos en el acuífero de Yucatán (corregido)');
    await form.getByLabel('Año').fill('2019');
    // The popup as the toolbar opens it (as wide as its body), then in a phone-sized window.
    await popup.locator('body').screenshot({ path: path.join(ARTIFACTS, 'extension-popup-revisar.png') });
    await popup.setViewportSize({ width: 390, height: 844 });
    await popup.screenshot({ path: path.join(ARTIFACTS, 'extension-popup-revisar-390.png'), fullPage: true });
    // A year that is not one is said next to the form, and nothing is sent.
    await form.getByLabel('Año').fill('dos mil');
    await form.getByLabel('Año').press('Enter');
    await form.locator('[role="status"][data-tone="error"]', { hasText: 'El año' }).waitFor();
    await popup.screenshot({ path: path.join(ARTIFACTS, 'extension-popup-revisar-error.png'), fullPage: true });
    await form.getByLabel('Año').fill('2019');
    await form.getByLabel('Año').press('Enter');
    await popup.locator('#estado', { hasText: 'Datos guardados' }).waitFor({ timeout: 20_000 });
    await expect(form.count()).resolves.toBe(0);
    await popup.screenshot({ path: path.join(ARTIFACTS, 'extension-popup-revisado.png'), fullPage: true });
    const saved = popup.locator('.capture', { hasText: /\(corregido\)/ });
    expect(await saved.locator('.detail').textContent()).toMatch(/2019/);
    const res = await api(`/documentos/${doc!.id}`);
    expect(await res.json()).toMatchObject({ titulo: 'Nitratos en el acuífero de Yucatán (corregido)', anio: 2019 });
    await popup.close();
  });

  it('captures a captioned video at its current second: time anchors and «Citar este momento»', async () => {
    const { popup, target } = await captureFromPopup(`${site.url}/charla.html`);
    const entry = await readyEntry(popup, /agua bajo Yucatán/);
    await expect(entry.getByRole('button', { name: 'Citar este momento' }).count()).resolves.toBe(1);
    const [doc] = (await documents()).filter((d) => /agua bajo Yucatán/.test(d.titulo));
    expect(doc).toMatchObject({ tipo: 'video', estado: 'listo' });
    const hits = (await search('agua corre bajo Yucatán')).filter((h) => h.documento.id === doc!.id);
    // The words are said in the second cue (4.5-9.25 s), not at the start of the passage (1 s).
    expect(hits[0]!.ancla).toMatchObject({ tipo: 'tiempo', t0: 4.5, t1: 9.25 });
    expect(hits[0]!.texto).toMatch(/Yucatán.$/);
    await Promise.all([popup.close(), target.close()]);
  });

  it('captures a PDF tab as the PDF itself, with its origin address', async () => {
    const url = `${site.url}/muestra.pdf`;
    const { popup, target } = await captureFromPopup(url);
    await readyEntry(popup, /muestra|\.pdf/i);
    const pdfs = (await documents()).filter((d) => d.url === url);
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]!.tipo).not.toBe('web');
    // Its title is the PDF's own, not the viewer tab's (the file name or the address).
    expect(pdfs[0]!.titulo).not.toMatch(/127\.0\.0\.1|\.pdf$/);
    await Promise.all([popup.close(), target.close()]);
  });

  it('keeps a capture made while the server is down and delivers it exactly once when it is back', async () => {
    // A search made online is kept for offline use.
    const panel = await browser.context.newPage();
    await panel.goto(browser.url('sidepanel.html'));
    const searchInPanel = async () => {
      await panel.fill('#consulta', 'nitratos acuífero');
      await panel.keyboard.press('Enter');
    };
    await searchInPanel();
    await panel.locator('#resultados li').first().waitFor({ timeout: 20_000 });
    await folio.server.stop();
    try {
      const { popup, target } = await captureFromPopup(`${site.url}/nota.html`);
      const entry = popup.locator('.capture', { hasText: /Nota sobre cenotes/ });
      await entry.locator('.state', { hasText: 'En cola' }).waitFor({ timeout: 20_000 });
      expect(await browser.worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('1');
      // Searching still answers, from what was found before, and says so.
      await searchInPanel();
      await panel.locator('#estado-busqueda', { hasText: 'Sin conexión' }).waitFor({ timeout: 20_000 });
      expect(await panel.locator('#resultados li').count()).toBeGreaterThan(0);
      await folio.restart();
      await readyEntry(popup, /Nota sobre cenotes/, 120_000);
      await Promise.all([popup.close(), target.close()]);
    } finally {
      if (folio.server.child.exitCode !== null) await folio.restart();
    }
    const notes = (await documents()).filter((d) => /Nota sobre cenotes/.test(d.titulo));
    expect(notes).toHaveLength(1);
    expect(await browser.worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('');
    await panel.close();
    // Delivery waits out the outbox's backoff (5, 10, 20 s…) after the server is back: the 120 s the
    // entry is given above, not the suite's 30 s.
  }, 150_000);

  it('inserts a citation into a textarea through the picker (Alt+Shift+C, type, Enter)', async () => {
    const draft = EDITOR_DRAFT;
    const page = await browser.context.newPage();
    await page.goto(`${site.url}/editor.html`);
    await page.click('#borrador');
    await page.keyboard.press('End');
    await page.keyboard.press('Alt+Shift+KeyC');
    await page.waitForSelector('folio-cita');
    await page.keyboard.type('nitratos acuífero');
    await page.waitForSelector('folio-cita[data-consulta="nitratos acuífero"]:not([data-resultados="0"])');
    await page.screenshot({ path: path.join(ARTIFACTS, 'extension-picker.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.inputValue('#borrador'), { timeout: 10_000 }).not.toBe(draft);
    // The draft is kept and one passage's cita, exactly as the API gives it, follows at the caret.
    const value = await page.inputValue('#borrador');
    expect(value.startsWith(draft)).toBe(true);
    const citas = (await search('nitratos acuífero', 10)).map((h) => h.cita);
    expect(citas).toContain(value.slice(draft.length));
    await page.close();
  });

  /** What the editor fixture pages (test/fixtures/editors) put on `window`. */
  type EditorWindow = { editorHtml(): string; placeCaretAtEnd(): void };

  it.each(['tiptap', 'quill', 'contenteditable', 'google-docs'])(
    'inserts the cita as a link to the reader into %s through the extension',
    async (name) => {
      const page = await browser.context.newPage();
      await page.goto(`${site.url}/editores/${name}.html`);
      await page.evaluate(() => (globalThis as unknown as EditorWindow).placeCaretAtEnd());
      if (name === 'google-docs') {
        // Typing in Docs goes to its hidden text-event iframe, which then has the focus.
        await page.click('.kix-appview-editor');
        await page.keyboard.type(' ');
      }
      await page.keyboard.press('Alt+Shift+KeyC');
      await page.waitForFunction(() => document.querySelector('folio-cita') !== null);
      await page.keyboard.type('nitratos acuífero');
      await page.waitForSelector('folio-cita[data-consulta="nitratos acuífero"]:not([data-resultados="0"])');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('folio-cita') === null);
      // One link, made of a passage's cita and reader link exactly as the API gives them.
      const links = editorLinks(await page.evaluate(() => (globalThis as unknown as EditorWindow).editorHtml()));
      expect(links).toHaveLength(1);
      const [{ href, text }] = links as [{ href: string; text: string }];
      const hits = await search('nitratos acuífero', 10);
      expect(hits.some((h) => h.enlace === href && h.cita === text)).toBe(true);
      await page.close();
    },
  );

  it('searches the library from the side panel, each result with its citation', async () => {
    const page = await browser.context.newPage();
    await page.goto(browser.url('sidepanel.html'));
    await page.fill('#consulta', 'cenotes');
    await page.keyboard.press('Enter');
    await page.locator('#resultados li').first().waitFor({ timeout: 20_000 });
    const [first] = await search('cenotes');
    expect(await page.locator('#resultados').textContent()).toContain(first!.cita);
    await page.screenshot({ path: path.join(ARTIFACTS, 'extension-sidepanel.png'), fullPage: true });
    await page.close();
  });

  it('captures a PDF over the one-request limit in parts (tus) from the service worker', async () => {
    // One page of text and ~120 MB of padding no page refers to: more than the server takes in one
    // request (95 MB), so it only arrives if the background sends it in parts, over fetch (a service
    // worker has no XMLHttpRequest for tus-js-client).
    site.add('/grande.pdf', 'application/pdf', buildPaddedPdf(120 * 1024 * 1024));

    const url = `${site.url}/grande.pdf`;
    const { popup, target } = await captureFromPopup(url);
    await readyEntry(popup, /Informe|grande/i, 240_000);
    const docs = (await documents()).filter((d) => d.url === url);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ estado: 'listo', tipo: 'pdf' });
    await Promise.all([popup.close(), target.close()]);
  }, 300_000);
});

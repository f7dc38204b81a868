import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS } from './support/browser';
import { EDITOR_DRAFT, editorLinks, startCaptureSite, type CaptureSite } from './support/capture-site';
import {
  FIREFOX,
  hasFirefox,
  launchFirefoxWithExtension,
  noFirefox,
  pasteInto,
  pressPickerShortcut,
  type FirefoxWithExtension,
} from './support/firefox';
import { libraryApi } from './support/library-api';
import { useServe } from './support/serve';

/**
 * The extension in Debian's Firefox ESR against a real `folio serve`, on the journeys the Chromium tests
 * walk: Options, pages, a captioned video and a PDF captured from the popup, 'Revisar datos', the outbox
 * with the server stopped and started again, citations inserted into a textarea, a contenteditable, the
 * editors and the Google Docs stand-in, and the sidebar (`sidebar_action`, where Chrome has its side panel).
 * What Firefox does its own way is checked here: an event page rather than a service worker holds the
 * outbox, PDFs open in pdf.js, the clipboard is Firefox's, and the sidebar opens from the popup.
 */
const title = 'the extension in Firefox';

describe.skipIf(!hasFirefox)(hasFirefox ? title : `${title} — skipped: ${noFirefox}`, () => {
  let workDir: string;
  let site: CaptureSite;
  let firefox: FirefoxWithExtension;

  // The pages are served from this machine: let the server fetch them too.
  const folio = useServe({ FOLIO_FETCH_ALLOW_PRIVATE: '1' });
  const { api, search, documents } = libraryApi(
    () => folio.port,
    () => folio.key,
  );
  const popupPage = () => firefox.extensionPage('popup.html', site.url, { width: 400, height: 600 });

  /** Opens `url` in a tab, makes it the active one, and presses 'Guardar esta página' in the popup. */
  async function captureFromPopup(url: string): Promise<{ popup: Page; target: Page }> {
    const target = await firefox.browser.newPage();
    // Firefox shows a PDF in pdf.js; the tab keeps the PDF's address either way.
    await target.goto(url).catch((err: Error) => {
      if (!/\.pdf$/.test(url)) throw err;
    });
    const popup = await popupPage();
    // As when the user clicks the toolbar button on that tab: it is the active one. (Firefox's tabs.query
    // does not match a URL pattern with a port, so the tab is found among all.)
    await popup.evaluate(
      `browser.tabs.query({}).then((tabs) => browser.tabs.update(tabs.find((t) => t.url === ${JSON.stringify(url)}).id, { active: true }))`,
    );
    await popup.click('#guardar');
    return { popup, target };
  }

  /** Waits for the popup entry whose text matches `text` to be ready; returns its handle. */
  async function readyEntry(popup: Page, text: RegExp, timeout = 60_000) {
    const find = `[...document.querySelectorAll('.capture')].find((c) => ${text}.test(c.textContent) && /Listo/.test(c.querySelector('.state')?.textContent ?? ''))`;
    await popup.waitForFunction(`Boolean(${find})`, { timeout, polling: 200 });
    return (await popup.evaluateHandle(find)).asElement()!;
  }

  const badge = () => firefox.inExtension<string>('browser.action.getBadgeText({})');

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-firefox-'));
    site = await startCaptureSite(workDir);
    firefox = await launchFirefoxWithExtension(path.join(workDir, 'build'), site.url);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await firefox?.close();
    await site?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('checks the key against the server in Options: a wrong one is refused, the right one connects', async () => {
    const { port, key } = folio;
    const page = await firefox.extensionPage('options.html', site.url);
    await page.waitForFunction(`document.querySelector('#servidor')?.value`);
    const fill = async (selector: string, value: string) => {
      await page.$eval(selector, (el) => ((el as unknown as { value: string }).value = ''));
      await page.type(selector, value);
    };
    await fill('#servidor', `http://127.0.0.1:${port}`);
    await fill('#clave', `${key.slice(0, -4)}xxxx`);
    await page.click('button[type=submit]');
    await page.waitForSelector('#resultado[data-tone="error"]');
    expect(await page.$eval('#resultado', (el) => el.textContent)).toMatch(/clave/i);
    await fill('#clave', key);
    await page.click('button[type=submit]');
    await page.waitForSelector('#resultado[data-tone="ok"]');
    await page.screenshot({ path: path.join(ARTIFACTS, 'firefox-options.png'), fullPage: true });
    // The key is kept in the add-on's storage (browser.storage.local), never in a page.
    const stored = () => firefox.inExtension<string>('browser.storage.local.get(null).then((s) => JSON.stringify(s))');
    await expect.poll(stored, { timeout: 10_000 }).toContain(key);
    await page.close();
  });

  it('captures a web page from the popup into the server, with its web anchors', { timeout: 120_000 }, async () => {
    const url = `${site.url}/articulo.html`;
    const { popup, target } = await captureFromPopup(url);
    const entry = await readyEntry(popup, /Nitratos en el acuífero/, 90_000);
    expect(await entry.$eval('.detail', (el) => el.textContent)).toMatch(/Yucatán/);
    await popup.screenshot({ path: path.join(ARTIFACTS, 'firefox-popup.png') });
    const doc = (await documents()).find((d) => /Nitratos/.test(d.titulo));
    expect(doc).toMatchObject({ tipo: 'web', estado: 'listo' });
    const hit = (await search('nitratos cenotes temporadas')).find((p) => p.documento.id === doc!.id)!;
    expect(hit.ancla).toMatchObject({ tipo: 'web', url });
    expect(hit.ancla.parrafo).toBeGreaterThan(0);
    expect(String(hit.ancla.consultada)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await Promise.all([popup.close(), target.close()]);
  });

  it("corrects the captured page's title and year from the popup ('Revisar datos'), by keyboard", async () => {
    const popup = await popupPage();
    const entry = await readyEntry(popup, /Nitratos en el acuífero/);
    const doc = (await documents()).find((d) => /Nitratos en el acuífero/.test(d.titulo));
    const review = await entry.waitForSelector('::-p-text(Revisar datos)');
    await review!.focus();
    await popup.keyboard.press('Enter');
    await popup.waitForFunction(`document.activeElement?.name === 'titulo'`);
    const field = (name: string) => `form.correct [name=${name}]`;
    const fill = async (name: string, value: string) => {
      await popup.$eval(field(name), (el) => ((el as unknown as { value: string }).value = ''));
      await popup.type(field(name), value);
    };
    await fill('titulo', 'Nitratos en el acuífero de Yucatán (corregido)');
    // A year that is not one is said next to the form, and nothing is sent.
    await fill('anio', 'dos mil');
    await popup.keyboard.press('Enter');
    await popup.waitForFunction(
      `/El año/.test(document.querySelector('form.correct [role="status"][data-tone="error"]')?.textContent ?? '')`,
    );
    await popup.screenshot({ path: path.join(ARTIFACTS, 'firefox-popup-revisar.png'), fullPage: true });
    await fill('anio', '2019');
    await popup.keyboard.press('Enter');
    await popup.waitForFunction(`/Datos guardados/.test(document.querySelector('#estado')?.textContent ?? '')`, {
      timeout: 20_000,
    });
    expect(await popup.$('form.correct')).toBeNull();
    const res = await api(`/documentos/${doc!.id}`);
    expect(await res.json()).toMatchObject({ titulo: 'Nitratos en el acuífero de Yucatán (corregido)', anio: 2019 });
    await popup.close();
  });

  it('captures a captioned video at its current second, and «Citar este momento» copies its cita', async () => {
    const { popup, target } = await captureFromPopup(`${site.url}/charla.html`);
    const entry = await readyEntry(popup, /agua bajo Yucatán/);
    const doc = (await documents()).find((d) => /agua bajo Yucatán/.test(d.titulo));
    expect(doc).toMatchObject({ tipo: 'video', estado: 'listo' });
    const hits = (await search('agua corre bajo Yucatán')).filter((h) => h.documento.id === doc!.id);
    // The words are said in the second cue (4.5-9.25 s), not at the start of the passage (1 s).
    expect(hits[0]!.ancla).toMatchObject({ tipo: 'tiempo', t0: 4.5, t1: 9.25 });
    // Firefox's clipboard: the copied cita is pasted into a plain page's field.
    const cite = await entry.waitForSelector('::-p-text(Citar este momento)');
    await cite!.click();
    await popup.waitForFunction(`/^Copiado: /.test(document.querySelector('#estado')?.textContent ?? '')`);
    const said = await popup.$eval('#estado', (el) => el.textContent!.replace(/^Copiado: /, ''));
    const paste = await firefox.browser.newPage();
    await paste.goto(`${site.url}/editor.html`);
    const pasted = await pasteInto(paste, '#borrador');
    expect(pasted).toBe(said);
    expect(pasted).toMatch(/\d+:\d{2}/);
    await Promise.all([popup.close(), target.close(), paste.close()]);
  });

  it('captures a PDF tab (shown by pdf.js) as the PDF itself, with its origin address', async () => {
    const url = `${site.url}/muestra.pdf`;
    const { popup, target } = await captureFromPopup(url);
    await readyEntry(popup, /muestra|\.pdf|Informe/i);
    const pdfs = (await documents()).filter((d) => d.url === url);
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toMatchObject({ tipo: 'pdf', estado: 'listo' });
    // Its title is the PDF's own, not the viewer tab's (the file name or the address).
    expect(pdfs[0]!.titulo).not.toMatch(/127\.0\.0\.1|\.pdf$/);
    await Promise.all([popup.close(), target.close()]);
  });

  it('keeps a capture made while the server is down and delivers it exactly once when it is back', async () => {
    // A search made online is kept for offline use.
    const panel = await firefox.extensionPage('sidepanel.html', site.url, { width: 360, height: 700 });
    const searchInPanel = async () => {
      await panel.$eval('#consulta', (el) => ((el as unknown as { value: string }).value = ''));
      await panel.type('#consulta', 'nitratos acuífero');
      await panel.keyboard.press('Enter');
    };
    await searchInPanel();
    await panel.waitForSelector('#resultados li', { timeout: 20_000 });
    await folio.server.stop();
    try {
      const { popup, target } = await captureFromPopup(`${site.url}/nota.html`);
      await popup.waitForFunction(
        `[...document.querySelectorAll('.capture')].some((c) => /Nota sobre cenotes/.test(c.textContent) && /En cola/.test(c.querySelector('.state')?.textContent ?? ''))`,
        { timeout: 20_000 },
      );
      expect(await badge()).toBe('1');
      // Searching still answers, from what was found before, and says so.
      await searchInPanel();
      await panel.waitForFunction(
        `/Sin conexión/.test(document.querySelector('#estado-busqueda')?.textContent ?? '')`,
        {
          timeout: 20_000,
        },
      );
      expect((await panel.$$('#resultados li')).length).toBeGreaterThan(0);
      await panel.screenshot({ path: path.join(ARTIFACTS, 'firefox-sidebar-offline.png') });
      await folio.restart();
      await readyEntry(popup, /Nota sobre cenotes/, 120_000);
      await Promise.all([popup.close(), target.close()]);
    } finally {
      if (folio.server.child.exitCode !== null) await folio.restart();
    }
    expect((await documents()).filter((d) => /Nota sobre cenotes/.test(d.titulo))).toHaveLength(1);
    await expect.poll(badge, { timeout: 10_000 }).toBe('');
    await panel.close();
    // Delivery waits out the outbox's backoff (5, 10, 20 s…) after the server is back.
  }, 180_000);

  /**
   * Presses the picker's shortcut, types `q`, waits for results and takes the first with Enter; then waits for
   * the picker to close, unless it is to stay open (an insertion refused).
   */
  async function pickCitation(page: Page, q: string, o: { shot?: string; staysOpen?: boolean } = {}) {
    await pressPickerShortcut(page);
    await page.waitForSelector('folio-cita');
    await page.keyboard.type(q);
    await page.waitForSelector(`folio-cita[data-consulta="${q}"]:not([data-resultados="0"])`, { timeout: 20_000 });
    if (o.shot) await page.screenshot({ path: path.join(ARTIFACTS, o.shot) });
    await page.keyboard.press('Enter');
    if (!o.staysOpen) await page.waitForFunction(`document.querySelector('folio-cita') === null`);
  }

  it('inserts a citation into a textarea through the picker (Alt+Shift+C, type, Enter)', async () => {
    const page = await firefox.browser.newPage();
    await page.goto(`${site.url}/editor.html`);
    await page.click('#borrador');
    await page.keyboard.press('End');
    await pickCitation(page, 'nitratos acuífero', { shot: 'firefox-picker.png' });
    // The draft is kept and one passage's cita, exactly as the API gives it, follows at the caret.
    const value = await page.$eval('#borrador', (el) => (el as unknown as { value: string }).value);
    expect(value.startsWith(EDITOR_DRAFT)).toBe(true);
    const citas = (await search('nitratos acuífero', 10)).map((h) => h.cita);
    expect(citas).toContain(value.slice(EDITOR_DRAFT.length));
    await page.close();
  });

  it.each(['contenteditable', 'google-docs', 'tiptap', 'quill'])(
    'inserts the cita as a link to the reader into %s',
    async (name) => {
      const page = await firefox.browser.newPage();
      await page.goto(`${site.url}/editores/${name}.html`);
      await page.evaluate(`window.placeCaretAtEnd()`);
      if (name === 'google-docs') {
        // Typing in Docs goes to its hidden text-event iframe, which then has the focus.
        await page.click('.kix-appview-editor');
        await page.keyboard.type(' ');
      }
      await pickCitation(page, 'nitratos acuífero');
      if (name === 'google-docs') await page.screenshot({ path: path.join(ARTIFACTS, 'firefox-google-docs.png') });
      // One link, made of a passage's cita and reader link exactly as the API gives them.
      const links = editorLinks((await page.evaluate(`window.editorHtml()`)) as string);
      expect(links).toHaveLength(1);
      const [{ href, text }] = links as [{ href: string; text: string }];
      const hits = await search('nitratos acuífero', 10);
      expect(hits.some((h) => h.enlace === href && h.cita === text)).toBe(true);
      await page.close();
    },
  );

  it('leaves a read-only Google Docs untouched, keeps the picker open and puts the cita on the clipboard', async () => {
    const page = await firefox.browser.newPage();
    await page.goto(`${site.url}/editores/google-docs.html`);
    await page.evaluate(`window.placeCaretAtEnd(); window.setDocsMode('view')`);
    const before = await page.evaluate(`window.editorHtml()`);
    await page.click('.kix-appview-editor');
    await pickCitation(page, 'nitratos acuífero', { staysOpen: true });
    // The picker says why (its notice, in a closed shadow root, is looked at in the screenshot) and stays open.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await page.screenshot({ path: path.join(ARTIFACTS, 'firefox-google-docs-lectura.png') });
    expect(await page.$('folio-cita')).not.toBeNull();
    expect(await page.evaluate(`window.editorHtml()`)).toBe(before);
    await page.keyboard.press('Escape');
    // What was picked is on Firefox's clipboard: pasted into a plain field, it is a passage's cita.
    const pasted = await pasteInto(page, '#elsewhere');
    const citas = (await search('nitratos acuífero', 10)).map((h) => h.cita);
    expect(citas).toContain(pasted);
    await page.close();
  });

  it("opens Firefox's sidebar from the popup, and its page searches with citations", async () => {
    // The manifest's sidebar_action is the side panel's page.
    const panelUrl = await firefox.inExtension<string>('browser.sidebarAction.getPanel({})');
    expect(panelUrl).toMatch(/\/sidepanel\.html$/);
    expect(await firefox.inExtension<boolean>('browser.sidebarAction.isOpen({})')).toBe(false);
    const popup = await popupPage();
    await popup.click('#abrir-panel');
    await expect
      .poll(() => firefox.inExtension<boolean>('browser.sidebarAction.isOpen({})'), { timeout: 10_000 })
      .toBe(true);
    // The sidebar's document is Firefox's own chrome, out of WebDriver's reach: its page is checked in a tab.
    const page = await firefox.extensionPage('sidepanel.html', site.url, { width: 360, height: 700 });
    await page.type('#consulta', 'nitratos');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#resultados li', { timeout: 20_000 });
    const [first] = await search('nitratos');
    expect(await page.$eval('#resultados', (el) => el.textContent)).toContain(first!.cita);
    await page.screenshot({ path: path.join(ARTIFACTS, 'firefox-sidebar.png'), fullPage: true });
    await page.close();
  });
});

if (!hasFirefox) console.warn(`Firefox extension e2e tests skipped: Firefox not found at ${FIREFOX}`);

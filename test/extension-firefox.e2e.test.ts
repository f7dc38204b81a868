import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, REPO_ROOT, type TestStore } from '../backend/src/testing/harness';
import { ARTIFACTS, quietLogger } from './support/browser';
import { API_KEY, freePort, serveEnv, startServe, type FolioProcess } from './support/folio-process';

/**
 * The extension in Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (Firefox's own
 * automation protocol, which installs a temporary add-on; puppeteer-core rather than selenium because it
 * needs no geckodriver and the Chromium tests' habits carry over), against a real `folio serve`.
 */
const FIREFOX = process.env.FOLIO_FIREFOX ?? '/usr/bin/firefox-esr';
const hasFirefox = fs.existsSync(FIREFOX);
const noFirefox = `Firefox not found at ${FIREFOX} (apt-get install firefox-esr, or set FOLIO_FIREFOX)`;
/** The add-on's internal address, fixed by a preference so the test can name its pages. */
const UUID = '6b0c3f52-4a1e-4c7d-9f2b-0f01a0e2b1c9';
const ADDON = 'folio@folio.extension';

const ARTICLE = path.join(REPO_ROOT, 'test/fixtures/capture/articulo-revista.html');

const title = 'the extension in Firefox';

describe.skipIf(!hasFirefox)(hasFirefox ? title : `${title} — skipped: ${noFirefox}`, () => {
  let buildDir: string;
  let store: TestStore;
  let folio: FolioProcess;
  let apiPort: number;
  let key: string;
  let pages: http.Server;
  let site: string;
  let firefox: Browser;

  const api = (route: string) =>
    fetch(`http://127.0.0.1:${apiPort}/api/v1${route}`, { headers: { Authorization: `Bearer ${key}` } });

  /**
   * Opens one of the add-on's pages in a new tab. WebDriver BiDi refuses to navigate to moz-extension:
   * addresses, so a local page goes there itself (the test build makes those pages reachable).
   */
  async function extensionPage(name: string, viewport = { width: 800, height: 700 }): Promise<Page> {
    const page = await firefox.newPage();
    await page.setViewport(viewport);
    await page.goto(`${site}/`);
    // The switch to the add-on's process is not reported as a navigation of this page: wait for its document.
    await page.evaluate(`window.location.href = 'moz-extension://${UUID}/${name}'`);
    await page.waitForFunction(`location.protocol === 'moz-extension:' && document.readyState === 'complete'`, {
      polling: 100,
    });
    return page;
  }

  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-firefox-'));
    const { build } = await import('wxt');
    await build({
      root: REPO_ROOT,
      browser: 'firefox',
      manifestVersion: 3,
      mode: 'e2e',
      outDir: buildDir,
      logger: quietLogger(),
    });
    store = await createTestStore();
    apiPort = await freePort();
    folio = await startServe(serveEnv(store, apiPort, { FOLIO_FETCH_ALLOW_PRIVATE: '1' }), apiPort);
    key = API_KEY.exec(folio.stdout())![0];
    pages = http.createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      if (pathname === '/articulo.html') {
        return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(fs.readFileSync(ARTICLE));
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Inicio</title>');
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(pages.address() as { port: number }).port}`;
    const puppeteer = (await import('puppeteer-core')).default;
    firefox = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON]: UUID }) },
    });
    expect(await firefox.installExtension(path.join(buildDir, 'firefox-mv3-e2e'))).toBe(ADDON);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await firefox?.close();
    await folio?.stop();
    await new Promise((resolve) => pages?.close(resolve));
    await store?.drop();
    if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  });

  it('checks the key against the server in Options: a wrong one is refused, the right one connects', async () => {
    const page = await extensionPage('options.html');
    await page.waitForFunction(`document.querySelector('#servidor')?.value`);
    const fill = async (selector: string, value: string) => {
      await page.$eval(selector, (el) => ((el as unknown as { value: string }).value = ''));
      await page.type(selector, value);
    };
    await fill('#servidor', `http://127.0.0.1:${apiPort}`);
    await fill('#clave', `${key.slice(0, -4)}xxxx`);
    await page.click('button[type=submit]');
    await page.waitForSelector('#resultado[data-tone="error"]');
    expect(await page.$eval('#resultado', (el) => el.textContent)).toMatch(/clave/i);
    await fill('#clave', key);
    await page.click('button[type=submit]');
    await page.waitForSelector('#resultado[data-tone="ok"]');
    await page.screenshot({ path: path.join(ARTIFACTS, 'firefox-options.png'), fullPage: true });
    // The key is kept in the add-on's storage (browser.storage.local), read here from its own page.
    const stored = () =>
      page.evaluate('browser.storage.local.get(null).then((s) => JSON.stringify(s))') as Promise<string>;
    await expect.poll(stored, { timeout: 10_000 }).toContain(key);
    await page.close();
  });

  it('captures a web page from the popup into the server, with its web anchors', { timeout: 120_000 }, async () => {
    const url = `${site}/articulo.html`;
    const target = await firefox.newPage();
    await target.goto(url);
    const popup = await extensionPage('popup.html', { width: 400, height: 600 });
    // As when the user clicks the toolbar button on that tab: it is the active one.
    await popup.evaluate(
      `browser.tabs.query({}).then((tabs) => browser.tabs.update(tabs.find((t) => t.url === ${JSON.stringify(url)}).id, { active: true }))`,
    );
    await popup.click('#guardar');
    await popup.waitForFunction(
      `[...document.querySelectorAll('.capture')].some((c) => /Nitratos en el acuífero/.test(c.textContent) && /Listo/.test(c.querySelector('.state')?.textContent ?? ''))`,
      { timeout: 90_000 },
    );
    await popup.screenshot({ path: path.join(ARTIFACTS, 'firefox-popup.png') });
    const { documentos } = (await (await api('/documentos?limite=50')).json()) as {
      documentos: { id: string; titulo: string; tipo: string; estado: string }[];
    };
    const doc = documentos.find((d) => /Nitratos/.test(d.titulo));
    expect(doc).toMatchObject({ tipo: 'web', estado: 'listo' });
    const { pasajes } = (await (
      await api(`/buscar?q=${encodeURIComponent('nitratos cenotes temporadas')}`)
    ).json()) as {
      pasajes: { documento: { id: string }; ancla: Record<string, unknown> }[];
    };
    const hit = pasajes.find((p) => p.documento.id === doc!.id)!;
    expect(hit.ancla).toMatchObject({ tipo: 'web', url });
    await Promise.all([popup.close(), target.close()]);
  });

  it('searches the library from the sidebar page, each result with its citation', async () => {
    const page = await extensionPage('sidepanel.html', { width: 360, height: 700 });
    await page.type('#consulta', 'nitratos');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#resultados li', { timeout: 20_000 });
    const { pasajes } = (await (await api('/buscar?q=nitratos')).json()) as { pasajes: { cita: string }[] };
    expect(await page.$eval('#resultados', (el) => el.textContent)).toContain(pasajes[0]!.cita);
    await page.screenshot({ path: path.join(ARTIFACTS, 'firefox-sidebar.png'), fullPage: true });
    await page.close();
  });
});

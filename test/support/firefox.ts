import fs from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { buildExtension } from './browser';

/** Debian's Firefox ESR, which `.ci/run` installs; Firefox tests skip with a message without it. */
export const FIREFOX = process.env.FOLIO_FIREFOX ?? '/usr/bin/firefox-esr';
export const hasFirefox = fs.existsSync(FIREFOX);
export const noFirefox = `Firefox not found at ${FIREFOX} (apt-get install firefox-esr, or set FOLIO_FIREFOX)`;

/** The add-on's id (the manifest's gecko id) and its internal address, fixed by a preference. */
const ADDON = 'folio@folio.extension';
const UUID = '6b0c3f52-4a1e-4c7d-9f2b-0f01a0e2b1c9';

export interface FirefoxWithExtension {
  browser: Browser;
  /**
   * Opens one of the add-on's pages in a new tab. WebDriver BiDi refuses to navigate to moz-extension:
   * addresses, so a local page at `from` goes there itself (the test build makes those pages reachable).
   */
  extensionPage(name: string, from: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** Runs `expression` (a promise of JSON-able data) with the add-on's `browser.*` APIs, from one of its pages. */
  inExtension<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * Builds the Firefox add-on in WXT's e2e mode (its pages web-accessible from 127.0.0.1, for the reason
 * above; the stores' builds never have that) into `outDir`, and starts headless Firefox over WebDriver BiDi
 * with it installed as a temporary add-on. puppeteer-core rather than selenium-webdriver: it needs no
 * geckodriver, and the Chromium tests' habits carry over.
 */
export async function launchFirefoxWithExtension(outDir: string, site: string): Promise<FirefoxWithExtension> {
  const addon = await buildExtension(outDir, 'firefox', 'e2e');
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON]: UUID }) },
  });
  const installed = await browser.installExtension(addon);
  if (installed !== ADDON) throw new Error(`Firefox installed ${installed}, not ${ADDON}`);

  async function extensionPage(name: string, from: string, viewport = { width: 800, height: 700 }) {
    const page = await browser.newPage();
    await page.setViewport(viewport);
    await page.goto(`${from}/`);
    // The switch to the add-on's process is not reported as a navigation of this page: wait for its document.
    await page.evaluate(`window.location.href = 'moz-extension://${UUID}/${name}'`);
    await page.waitForFunction(`location.protocol === 'moz-extension:' && document.readyState === 'complete'`, {
      polling: 100,
    });
    return page;
  }

  let handle: Page | undefined;
  return {
    browser,
    extensionPage,
    async inExtension<T>(expression: string) {
      handle ??= await extensionPage('options.html', site);
      return (await handle.evaluate(expression)) as T;
    },
    close: () => browser.close(),
  };
}

/** Presses the picker's shortcut, Alt+Shift+C, in `page`. */
export async function pressPickerShortcut(page: Page): Promise<void> {
  await page.keyboard.down('Alt');
  await page.keyboard.down('Shift');
  await page.keyboard.press('KeyC');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Alt');
}

/** Empties the field at `selector`, pastes into it with Ctrl+V, and returns what it then holds. */
export async function pasteInto(page: Page, selector: string): Promise<string> {
  const value = () => page.$eval(selector, (el) => (el as unknown as { value: string }).value);
  await page.$eval(selector, (el) => ((el as unknown as { value: string }).value = ''));
  await page.click(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyV');
  await page.keyboard.up('Control');
  return value();
}

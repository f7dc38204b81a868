import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { REPO_ROOT } from '../backend/src/testing/harness';
import { quietLogger } from './support/browser';
import { startCaptureSite } from './support/capture-site';
import { FIREFOX, hasFirefox, noFirefox, pressPickerShortcut } from './support/firefox';

/** The names of a zip's entries. */
function entriesOf(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      const names: string[] = [];
      zip.on('entry', (e: { fileName: string }) => names.push(e.fileName));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
    });
  });
}

/** One entry of a zip as text. */
function readEntry(file: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      zip.on('entry', (e: { fileName: string }) => {
        if (e.fileName !== name) return zip.readEntry();
        zip.openReadStream(e as never, (error, stream) => {
          if (error || !stream) return reject(error);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(parts).toString('utf8'));
          });
        });
      });
      zip.on('end', () => reject(new Error(`${name} not in ${file}`)));
      zip.readEntry();
    });
  });
}

/** The manifest's content scripts that run in the page's own world. */
function pageWorldScripts(manifest: Record<string, unknown>) {
  return (manifest.content_scripts as { world?: string }[]).filter((s) => s.world === 'MAIN');
}

describe('the packages for the stores (npm run package)', () => {
  let out: string;
  const zips: Record<'chrome' | 'firefox' | 'sources', string> = { chrome: '', firefox: '', sources: '' };

  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-package-'));
    const { zip } = await import('wxt');
    for (const browser of ['chrome', 'firefox'] as const) {
      const files = await zip({ root: REPO_ROOT, outDir: out, manifestVersion: 3, browser, logger: quietLogger() });
      for (const f of files) {
        if (f.endsWith('-sources.zip')) zips.sources = f;
        else zips[browser] = f;
      }
    }
  }, 180_000);

  afterAll(() => {
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('writes a Chrome Web Store zip, an addons.mozilla.org zip and its sources zip', () => {
    for (const [kind, file] of Object.entries(zips)) {
      expect(file, kind).toMatch(new RegExp(`folio-extension-\\d+\\.\\d+\\.\\d+-${kind}\\.zip$`));
      expect(fs.statSync(file).size, kind).toBeGreaterThan(10_000);
    }
  });

  it.each(['chrome', 'firefox'] as const)(
    "the %s zip's manifest: localized name and description, its minimum version, only the permissions used",
    async (browser) => {
      const manifest = JSON.parse(await readEntry(zips[browser], 'manifest.json')) as Record<string, unknown>;
      expect(manifest.name).toBe('__MSG_extName__');
      expect(manifest.default_locale).toBe('es');
      const names = await entriesOf(zips[browser]);
      for (const locale of ['es', 'en']) {
        const messages = JSON.parse(await readEntry(zips[browser], `_locales/${locale}/messages.json`)) as Record<
          string,
          { message: string }
        >;
        // Every __MSG_x__ the manifest names is in each locale.
        for (const [, key] of JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g)) {
          expect(messages[key!]?.message, `${locale}: ${key}`).toBeTruthy();
        }
      }
      expect(names).toContain('icon/128.png');
      const permissions = [...(manifest.permissions as string[])].sort();
      const expected = ['activeTab', 'alarms', 'contextMenus', 'scripting', 'storage', 'tabs', 'unlimitedStorage'];
      expect(permissions).toEqual(browser === 'chrome' ? [...expected, 'sidePanel'].sort() : expected);
      // Each permission is justified for the stores.
      const justified = fs.readFileSync(path.join(REPO_ROOT, 'extension/PERMISSIONS.md'), 'utf8');
      for (const p of permissions) expect(justified, p).toContain(`| \`${p}\``);
      if (browser === 'firefox') {
        expect(manifest.browser_specific_settings).toMatchObject({
          gecko: { id: 'folio@folio.extension', strict_min_version: '140.0' },
        });
        // The sidebar waits for the popup to open it, as Chrome's side panel does.
        expect(manifest.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html', open_at_install: false });
        // Pastes go through the page's own world there (insert/paste-relay.ts), in every frame.
        expect(pageWorldScripts(manifest)).toEqual([
          expect.objectContaining({ js: ['content-scripts/paste-relay.js'], match_about_blank: true }),
        ]);
      } else {
        expect(manifest.minimum_chrome_version).toBe('116');
        expect(manifest.side_panel).toMatchObject({ default_path: 'sidepanel.html' });
        expect(pageWorldScripts(manifest)).toEqual([]);
      }
    },
  );

  it('the sources zip holds what the build reads and says how to build, and no tests', async () => {
    const names = await entriesOf(zips.sources);
    for (const needed of ['extension/BUILD.md', 'wxt.config.ts', 'package-lock.json', 'shared/src/index.ts']) {
      expect(names, needed).toContain(needed);
    }
    expect(names.some((n) => n.startsWith('extension/src/entrypoints/'))).toBe(true);
    expect(names.filter((n) => n.endsWith('.test.ts'))).toEqual([]);
    expect(names.filter((n) => n.startsWith('backend/src/') || n.startsWith('node_modules/'))).toEqual([]);
  });

  it('web-ext lint finds no error in the Firefox package', { timeout: 120_000 }, async () => {
    const dir = path.join(out, 'firefox-mv3');
    const { default: webExt } = await import('web-ext');
    const result = await webExt.cmd.lint(
      { sourceDir: dir, output: 'none', boring: true, selfHosted: false, pretty: false, warningsAsErrors: false },
      { shouldExitProgram: false },
    );
    expect(result.errors.map((e) => `${e.code}: ${e.message}`)).toEqual([]);
    expect(result.summary.errors).toBe(0);
  });

  it.skipIf(!hasFirefox)(
    `the Firefox zip installs as a permanent add-on in Firefox ESR with signatures off, and runs on pages${hasFirefox ? '' : ` — skipped: ${noFirefox}`}`,
    { timeout: 120_000 },
    async () => {
      // As a user installs the zip before it is signed: Firefox ESR honours xpinstall.signatures.required, and
      // an add-on file in the profile's extensions/ folder, named by its id, is installed at start.
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-firefox-profile-'));
      fs.mkdirSync(path.join(profile, 'extensions'));
      fs.copyFileSync(zips.firefox, path.join(profile, 'extensions', 'folio@folio.extension.xpi'));
      const site = await startCaptureSite(path.join(out, 'site'));
      const puppeteer = (await import('puppeteer-core')).default;
      const firefox = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        userDataDir: profile,
        extraPrefsFirefox: { 'xpinstall.signatures.required': false, 'extensions.autoDisableScopes': 0 },
      });
      try {
        // The add-on's content script answers its shortcut in a page's text field: the picker opens.
        const page = await firefox.newPage();
        await page.goto(`${site.url}/editor.html`);
        await page.click('#borrador');
        await pressPickerShortcut(page);
        await page.waitForSelector('folio-cita', { timeout: 20_000 });
      } finally {
        await firefox.close();
        await site.close();
        fs.rmSync(profile, { recursive: true, force: true });
      }
    },
  );
});

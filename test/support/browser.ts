import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { describe } from 'vitest';
import { fixtureAbsent, hasFixture } from '../../backend/src/testing/fixtures';
import { REPO_ROOT } from '../../backend/src/testing/harness';

/** Debian's Chromium, which `.ci/run` installs; browser tests skip with a message without it. */
export const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
export const noChromium = `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set FOLIO_CHROMIUM)`;

/** What a Chromium suite needs beyond Chromium itself. */
export interface ChromiumSuiteNeeds {
  /** Files or folders of the outside test material (relative to it) the suite reads. */
  fixtures?: readonly string[];
}

/**
 * A `describe` that runs only where Chromium (and the outside material `needs` names) is at hand, and
 * otherwise is skipped with the reason in its title: `title — skipped: <what is missing and how to get it>`.
 */
export function describeInChromium(title: string, fn: () => void): void;
export function describeInChromium(title: string, needs: ChromiumSuiteNeeds, fn: () => void): void;
export function describeInChromium(title: string, ...args: [() => void] | [ChromiumSuiteNeeds, () => void]): void {
  const [needs, fn] = args.length === 1 ? [{}, args[0]] : args;
  const absent = needs.fixtures?.find((relative) => !hasFixture(relative));
  const missing = !hasChromium ? noChromium : absent !== undefined ? fixtureAbsent(absent) : undefined;
  describe.skipIf(missing !== undefined)(missing === undefined ? title : `${title} — skipped: ${missing}`, fn);
}

/** Where browser tests leave screenshots for review. */
export const ARTIFACTS = path.join(REPO_ROOT, 'test/artifacts');

/**
 * Flags for a quiet headless Chromium on a machine without network: the background services it would
 * call are refused, many at a time, and slow every start.
 */
const QUIET = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Builds the MV3 extension (Chrome's by default) with WXT into a folder of its own (not the developer's .output). */
export async function buildExtension(
  outDir: string,
  browser: 'chrome' | 'firefox' = 'chrome',
  /** WXT's mode; 'e2e' makes the add-on's pages reachable from 127.0.0.1 (wxt.config.ts), for Firefox's tests. */
  mode?: 'e2e',
): Promise<string> {
  const { build } = await import('wxt');
  await build({ root: REPO_ROOT, browser, manifestVersion: 3, outDir, logger: quietLogger(), ...(mode && { mode }) });
  return path.join(outDir, `${browser}-mv3${mode ? `-${mode}` : ''}`);
}

/** A WXT logger that keeps errors only. */
export function quietLogger() {
  const noop = () => {};
  return {
    debug: noop,
    log: noop,
    info: noop,
    warn: noop,
    success: noop,
    error: console.error,
    fatal: console.error,
    level: 0,
  };
}

export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's service worker (its background). */
  worker: Worker;
  extensionId: string;
  /** `chrome-extension://<id>/<file>` */
  url(file: string): string;
  close(): Promise<void>;
}

/** Headless Chromium with the unpacked extension loaded, in a fresh profile. */
export async function launchWithExtension(extensionDir: string): Promise<ExtensionBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Playwright adds --disable-extensions unless every other extension is disabled explicitly.
    args: [...QUIET, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    url: (file) => `chrome-extension://${extensionId}/${file}`,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium without extensions, for pages alone (editor insertion). */
export async function launchPlain() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: QUIET });
}

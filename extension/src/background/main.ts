import { browser } from 'wxt/browser';
import { ASK_PORT, onMessage, sendMessage } from '../messaging/protocol';
import { serveAskPort } from './ask-port';
import { updateBadge } from './badge';
import { fetchPdf } from '../capture/pdf';
import { captureTab, scriptInTab, tabCapturer, type TabCapturer } from './capture-tab';
import { CaptureRefused } from './capture-refused';
import { MENU_ENTRIES, menuAction } from './context-menus';
import { getDb } from './db';
import { createHandlers } from './handlers';
import { refreshLibrary } from './library';
import { clientFromSettings, storeSettings } from './settings';
import { createSyncRunner, runSync } from './sync';
import { FetchHttpStack } from './tus-fetch';

/** The capture content script as WXT builds it (`entrypoints/capture.content.ts`). */
const CAPTURE_SCRIPT = '/content-scripts/capture.js';

/** Wakes the worker when the next capture is due. */
export const SYNC_ALARM = 'folio:sync';
/** Refreshes the library cache (and runs sync) now and then. */
export const LIBRARY_ALARM = 'folio:biblioteca';
const LIBRARY_EVERY_MINUTES = 30;

/**
 * Wires the background: messages, the ask Port, context menus, keyboard commands and alarms. Every
 * listener is added synchronously, as MV3 requires for a worker woken by an event; the work itself lives
 * in the modules beside this one, and all of its state in the database.
 */
export function startBackground(): void {
  const db = getDb();
  /** How a tab is captured: PDFs are downloaded here; a page by the capture content script, inside it. */
  const capturer: TabCapturer = tabCapturer({
    captureInTab: scriptInTab(async (tabId) => {
      const [first] = await browser.scripting.executeScript({ target: { tabId }, files: [CAPTURE_SCRIPT] });
      return first?.result;
    }),
    fetchPdf: (url) => fetchPdf(url),
  });
  const client = () => clientFromSettings();
  const changed = async () => {
    await updateBadge(db, browser.action);
  };
  const kickSync = createSyncRunner(() =>
    runSync({
      db,
      client,
      now: Date.now,
      random: Math.random,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      schedule: async (when) => {
        if (when === null) await browser.alarms.clear(SYNC_ALARM);
        else await browser.alarms.create(SYNC_ALARM, { when: Math.max(when, Date.now() + 1000) });
      },
      changed,
      ready: () => refreshCache(),
      // Large captures go in parts (tus); a service worker has no XMLHttpRequest for tus-js-client's default.
      parts: { httpStack: new FetchHttpStack() },
    }),
  );
  const refreshCache = async () => {
    const c = await client();
    if (c) await refreshLibrary(db, c).catch(() => {});
  };

  const handlers = createHandlers({
    db,
    client,
    kickSync,
    changed,
    captureTab: async (tabId, opts) => captureTab(await findTab(tabId), capturer, opts),
    hasHostPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    storeSettings,
    refreshLibrary: () => refreshCache(),
  });

  onMessage('search', ({ data }) => handlers.search(data));
  onMessage('captureTab', ({ data }) => handlers.captureTab(data));
  onMessage('captureUrl', ({ data }) => handlers.captureUrl(data));
  onMessage('captures', ({ data }) => handlers.captures(data));
  onMessage('retry', ({ data }) => handlers.retry(data));
  onMessage('correctCapture', ({ data }) => handlers.correctCapture(data));
  onMessage('dismiss', ({ data }) => handlers.dismiss(data));
  onMessage('getSettings', () => handlers.getSettings(undefined));
  onMessage('saveSettings', ({ data }) => handlers.saveSettings(data));
  onMessage('library', ({ data }) => handlers.library(data));
  onMessage('formatBibliography', ({ data }) => handlers.formatBibliography(data));

  browser.runtime.onConnect.addListener((port) => {
    if (port.name === ASK_PORT) serveAskPort(port, { db, client });
  });

  browser.runtime.onInstalled.addListener(() => {
    // Menus outlive the worker; recreate them only when the extension is installed or updated.
    void browser.contextMenus.removeAll().then(() => {
      for (const entry of MENU_ENTRIES) browser.contextMenus.create({ ...entry });
    });
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    const action = menuAction(info, tab);
    switch (action.type) {
      case 'captureTab':
        void handlers
          .captureTab({ tabId: action.tabId, seleccion: action.selection })
          .then((r) => (r.ok ? undefined : flashRefusal(action.tabId, r.mensaje)));
        break;
      case 'captureUrl':
        void handlers.captureUrl({ url: action.url, titulo: action.titulo });
        break;
      case 'openPicker':
        void openPicker(action.tabId, action.frameId);
        break;
    }
  });

  browser.commands.onCommand.addListener((command, tab) => {
    if (command === 'capture-page') {
      void handlers.captureTab({ tabId: tab?.id }).then((r) => {
        if (!r.ok && tab?.id !== undefined) return flashRefusal(tab.id, r.mensaje);
      });
    } else if (command === 'insert-citation' && tab?.id !== undefined) {
      void openPicker(tab.id);
    }
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) void kickSync();
    if (alarm.name === LIBRARY_ALARM) void refreshCache().then(() => kickSync());
  });

  browser.runtime.onStartup.addListener(() => void kickSync());
  globalThis.addEventListener?.('online', () => void kickSync());

  void browser.alarms.get(LIBRARY_ALARM).then((alarm) => {
    if (!alarm) return browser.alarms.create(LIBRARY_ALARM, { periodInMinutes: LIBRARY_EVERY_MINUTES });
  });
  // A worker (re)started for any reason resumes what the last one left in the outbox.
  void changed();
  void kickSync();
}

async function findTab(tabId: number | undefined) {
  if (tabId !== undefined) return browser.tabs.get(tabId);
  const [active] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  if (!active) throw new CaptureRefused('No hay ninguna pestaña activa que guardar.');
  return active;
}

async function openPicker(tabId: number, frameId?: number): Promise<void> {
  try {
    await sendMessage('openPicker', undefined, { tabId, frameId });
  } catch {
    await flashRefusal(tabId, 'Haz clic en un campo de texto editable y vuelve a intentarlo.');
  }
}

/** Tells the user, on this tab's badge and tooltip, why nothing happened; it clears itself. */
async function flashRefusal(tabId: number, mensaje: string): Promise<void> {
  await browser.action.setBadgeText({ tabId, text: '×' });
  await browser.action.setTitle({ tabId, title: `Folio: ${mensaje}` });
  // null (which the typings leave out) clears the tab's own values, so the global badge shows again.
  const reset = null as unknown as string;
  setTimeout(() => {
    void browser.action.setBadgeText({ tabId, text: reset }).catch(() => {});
    void browser.action.setTitle({ tabId, title: reset }).catch(() => {});
  }, 5000);
}

import { createClient, type FetchLike, type FolioClient } from '@folio/shared';
import { browser } from 'wxt/browser';

/** Where and as whom the extension talks to Folio. Kept in `browser.storage.local`, read by the background. */
export interface Settings {
  /** The server's root, normalised ('http://127.0.0.1:8787'). */
  serverUrl: string;
  apiKey: string;
}

/** The server a fresh install tries: `npm start` on this machine. */
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';

const KEY = 'folio:settings';

/** The saved settings, or null before the first successful save. */
export async function loadSettings(): Promise<Settings | null> {
  const stored = (await browser.storage.local.get(KEY))[KEY] as Partial<Settings> | undefined;
  if (!stored?.serverUrl || !stored.apiKey) return null;
  return { serverUrl: stored.serverUrl, apiKey: stored.apiKey };
}

/** Saves the settings (only after they were checked against the server). */
export async function storeSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEY]: settings });
}

/** The API client for the saved settings, or null when there are none. */
export async function clientFromSettings(fetch?: FetchLike): Promise<FolioClient | null> {
  const settings = await loadSettings();
  return settings ? createClient({ baseUrl: settings.serverUrl, apiKey: settings.apiKey, fetch }) : null;
}

/** The host permission pattern that lets the extension reach a server ('http://127.0.0.1/*'). */
export function originPattern(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

import type { FetchLike, FolioClient } from '@folio/shared';
import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import type { CaptureView, ProtocolMap } from '../messaging/protocol';
import { CaptureRefused } from './capture-refused';
import type { CaptureInput, CaptureRow, FolioDb } from './db';
import { correctCapture } from './correct-capture';
import { cachedLibrary, libraryRefreshedAt } from './library';
import { dismissCapture, enqueueCapture, recentCaptures, retryAuthFailures, retryCapture } from './outbox';
import { searchLibrary } from './search';
import { checkSettings } from './settings-check';
import { loadSettings, originPattern, type Settings } from './settings';

/** Everything the message handlers reach, passed in so they run the same in tests. */
export interface HandlerDeps {
  db: FolioDb;
  client(): Promise<FolioClient | null>;
  /** Starts a sync run (or asks the running one to go again). */
  kickSync(): Promise<void>;
  /** Outbox changed: update the badge. */
  changed(): Promise<void>;
  /**
   * What a tab holds, as a capture (the active tab without `tabId`; with `selection`, the selected text as
   * a quote); throws a {@link CaptureRefused} with a message for the user.
   */
  captureTab(tabId: number | undefined, opts: { selection: boolean }): Promise<CaptureInput>;
  /** True when the extension may reach this origin pattern (host permission). */
  hasHostPermission(pattern: string): Promise<boolean>;
  storeSettings(settings: Settings): Promise<void>;
  /** Reads the library into the cache again (after new settings). */
  refreshLibrary?(): Promise<void>;
  /** The fetch used to check settings (defaults to the platform's). */
  fetch?: FetchLike;
  now?(): number;
}

/** Every message the background answers (all but `openPicker`, which goes to tabs). */
export type Handlers = {
  [K in Exclude<keyof ProtocolMap, 'openPicker'>]: (
    data: GetDataType<ProtocolMap[K]>,
  ) => Promise<GetReturnType<ProtocolMap[K]>>;
};

/** A row as the popup sees it (no file, no bookkeeping). */
export function captureView(row: CaptureRow): CaptureView {
  const pending = row.state === 'queued' || row.state === 'uploading' || row.state === 'processing';
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    titulo: row.documento?.titulo ?? row.titulo,
    state: row.state,
    fase: row.fase,
    progreso: row.progreso,
    documentId: row.documentId,
    referencia: row.referencia,
    autores: row.documento?.autores,
    anio: row.documento?.anio,
    origen_metadatos: row.documento?.origen_metadatos,
    enlace: row.documento?.enlace,
    momento: row.moment,
    error: row.error,
    reintento: pending ? row.lastError : undefined,
    proximoIntento: pending && row.lastError ? row.nextAttemptAt : undefined,
    createdAt: row.createdAt,
  };
}

/** The background's answers to the protocol's messages. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const now = () => deps.now?.() ?? Date.now();

  async function queue(input: CaptureInput) {
    const row = await enqueueCapture(deps.db, input, { now: now() });
    await deps.changed();
    void deps.kickSync();
    return { ok: true as const, capture: captureView(row) };
  }

  return {
    async search(data) {
      return searchLibrary(deps.db, await deps.client(), data);
    },

    async captureTab(data) {
      let input: CaptureInput;
      try {
        input = await deps.captureTab(data?.tabId, { selection: data?.seleccion === true });
      } catch (err) {
        if (err instanceof CaptureRefused) return { ok: false, mensaje: err.mensaje };
        throw err;
      }
      return queue(input);
    },

    async captureUrl(data) {
      let url: URL;
      try {
        url = new URL(data.url);
      } catch {
        return { ok: false, mensaje: 'La dirección no es válida.' };
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { ok: false, mensaje: 'Folio solo puede leer direcciones http o https.' };
      }
      return queue({ kind: 'url', url: url.href, titulo: data.titulo?.trim() || undefined });
    },

    async captures(data) {
      const rows = await recentCaptures(deps.db, data?.limite ?? 20);
      return rows.map(captureView);
    },

    async retry(data) {
      const row = await retryCapture(deps.db, data.id, now());
      await deps.changed();
      void deps.kickSync();
      return row ? captureView(row) : null;
    },

    async correctCapture(data) {
      const result = await correctCapture(deps.db, await deps.client(), data.id, data.cambios);
      return result.ok ? { ok: true, capture: captureView(result.row) } : result;
    },

    async dismiss(data) {
      await dismissCapture(deps.db, data.id);
      await deps.changed();
    },

    async getSettings() {
      const settings = await loadSettings();
      return {
        serverUrl: settings?.serverUrl ?? '',
        hasKey: !!settings?.apiKey,
        keyHint: settings?.apiKey ? `…${settings.apiKey.slice(-4)}` : undefined,
      };
    },

    async saveSettings(data) {
      const saved = await loadSettings();
      const apiKey = data.apiKey?.trim() || saved?.apiKey || '';
      const check = await checkSettings({ serverUrl: data.serverUrl, apiKey }, deps.fetch);
      if (!check.ok) {
        if (check.campo === 'serverUrl' && /^No se pudo conectar/.test(check.mensaje)) {
          const pattern = safePattern(data.serverUrl);
          if (pattern && !(await deps.hasHostPermission(pattern))) {
            return {
              ok: false,
              campo: 'serverUrl',
              mensaje: `La extensión no tiene permiso para conectar con ${pattern.replace(/\/\*$/, '')}. Acepta el permiso que pide el navegador al guardar.`,
            };
          }
        }
        return check;
      }
      await deps.storeSettings({ serverUrl: check.serverUrl, apiKey });
      // Captures refused for the old key go again with the new one.
      if ((await retryAuthFailures(deps.db, now())) > 0) await deps.changed();
      void deps.kickSync();
      void deps.refreshLibrary?.();
      return check;
    },

    async library(data) {
      return {
        documentos: await cachedLibrary(deps.db, data?.q ?? '', data?.limite ?? 50),
        actualizado: await libraryRefreshedAt(deps.db),
      };
    },

    async formatBibliography(data) {
      // citation-js is evaluated on the first bibliography, not every time the worker wakes.
      const { formatBibliography, readCitedWorks } = await import('./bibliography');
      return formatBibliography(readCitedWorks(data?.works), data?.estilo ?? '');
    },
  };
}

function safePattern(serverUrl: string): string | null {
  try {
    return originPattern(new URL(/^[a-z]+:\/\//i.test(serverUrl) ? serverUrl : `http://${serverUrl}`).href);
  } catch {
    return null;
  }
}

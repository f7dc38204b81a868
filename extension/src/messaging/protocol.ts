import type { Documento, EventoPreguntar, OrigenMetadatos, Pasaje } from '@folio/shared';
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { CitedWork, FormattedBibliography } from './bibliography';

/** A search as the background answers it: from the server, or from the local cache when offline. */
export interface SearchAnswer {
  pasajes: Pasaje[];
  /** True when the server could not be reached and the answer comes from the local cache. */
  offline: boolean;
  /** Spanish text for the user when neither could answer. */
  error?: string;
}

/** The outcome of checking and saving the server settings (options page). */
export type SettingsCheck =
  | { ok: true; serverUrl: string; mensaje: string; aviso?: string }
  | { ok: false; campo: 'serverUrl' | 'apiKey'; mensaje: string };

/** The saved settings as the options page may see them: the key itself never leaves the background. */
export interface SettingsView {
  serverUrl: string;
  /** True when a key is saved. */
  hasKey: boolean;
  /** Its last characters, to recognise it ('…a1b2'). */
  keyHint?: string;
}

/** One capture of the outbox as the popup lists it. */
export interface CaptureView {
  id: string;
  kind: 'page' | 'video' | 'pdf' | 'url' | 'file';
  url: string;
  titulo?: string;
  state: 'queued' | 'uploading' | 'processing' | 'ready' | 'error';
  fase?: string;
  progreso?: number;
  documentId?: string;
  referencia?: string;
  /** What the server read, once it has the document: authors as 'Apellidos, Nombre', and the year. */
  autores?: string[];
  anio?: number;
  /** Where the server took each of those values from (the document's `origen_metadatos`), to flag doubtful ones. */
  origen_metadatos?: OrigenMetadatos;
  /** The document in the reader, once the server has it. */
  enlace?: string;
  /** Video captures once ready: the citation of the captured second. */
  momento?: { cita: string; localizador: string; enlace: string };
  /** Why it failed (state `error`). */
  error?: string;
  /** The last transient failure while it keeps retrying. */
  reintento?: string;
  /** When it will be tried again (epoch ms), while pending. */
  proximoIntento?: number;
  createdAt: number;
}

/** The answer to a capture request: the queued capture, or why nothing could be captured. */
export type CaptureResult = { ok: true; capture: CaptureView } | { ok: false; mensaje: string };

/** The user's corrections of a ready capture's document; only the fields that changed. */
export interface CaptureCorrection {
  titulo?: string;
  /** One per author, 'Apellidos, Nombre'; [] clears them. */
  autores?: string[];
  /** null clears the year. */
  anio?: number | null;
}

/** The answer to a correction: the capture as it now reads, or why the server (or the network) refused it. */
export type CorrectResult = { ok: true; capture: CaptureView } | { ok: false; mensaje: string };

/** The cached library (for pickers and offline titles). */
export interface LibraryAnswer {
  documentos: Documento[];
  /** When the cache was last refreshed from the server (epoch ms), or null. */
  actualizado: number | null;
}

/**
 * `POST /preguntar` streams through a runtime Port of this name, because the background owns the network:
 * the side panel connects, posts one {@link AskPortRequest}, and receives {@link AskPortMessage}s until the
 * last (`fin`, `error` or `fallo`). Disconnecting cancels the request.
 */
export const ASK_PORT = 'folio:preguntar';

/** The one message a side panel posts on the {@link ASK_PORT}. */
export interface AskPortRequest {
  pregunta: string;
  k?: number;
  documentos?: string[];
}

/** The events of the answer as the server sent them, or `fallo` when it could not be asked at all. */
export type AskPortMessage = EventoPreguntar | { event: 'fallo'; mensaje: string; offline: boolean };

/**
 * Every message between the extension's contexts (popup, options, side panel, content scripts) and the
 * background, which alone owns storage and the network. One entry per message: request → response.
 * Add entries here; never send untyped messages.
 */
export interface ProtocolMap {
  /** Searches the library (`GET /buscar`), falling back to cached results offline. */
  search(data: { q: string; k?: number }): SearchAnswer;
  /** Captures a tab (the active one without `tabId`), with its selection as a quote if asked, and queues it. */
  captureTab(data: { tabId?: number; seleccion?: boolean }): CaptureResult;
  /** Queues a link or a PDF address for the server to fetch. */
  captureUrl(data: { url: string; titulo?: string }): CaptureResult;
  /** The most recent captures, newest first (popup). */
  captures(data: { limite?: number }): CaptureView[];
  /** Sends a failed capture again. */
  retry(data: { id: string }): CaptureView | null;
  /** Corrects the title, authors or year of a ready capture's document (`PATCH /documentos/{id}`). */
  correctCapture(data: { id: string; cambios: CaptureCorrection }): CorrectResult;
  /** Removes a capture from the list (its document stays in the library). */
  dismiss(data: { id: string }): void;
  /** The saved settings, without the key. */
  getSettings(): SettingsView;
  /** Checks the server and key, and saves them when they work; without `apiKey` the saved key is kept. */
  saveSettings(data: { serverUrl: string; apiKey?: string }): SettingsCheck;
  /** The cached library, optionally filtered by title or author words. */
  library(data: { q?: string; limite?: number }): LibraryAnswer;
  /**
   * The bibliography of the works cited in a page, in order of first citation, formatted with citation-js in
   * a style of `BIBLIOGRAPHY_STYLES` (editor content script). Rejects a style it does not have or malformed works.
   */
  formatBibliography(data: { works: CitedWork[]; estilo: string }): FormattedBibliography;
  /**
   * Background → a tab's editor content script: open the citation picker at the focused field
   * ('Insertar cita' menu entry, Alt+Shift+C). Sent to the tab (and frame) where it was asked.
   */
  openPicker(): void;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();

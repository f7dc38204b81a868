import { CaptureError } from '../capture/capture-error';
import type { InPageCapture } from '../capture/in-page';
import { type FetchedPdf, pdfUrlOf } from '../capture/pdf';
import { CaptureRefused } from './capture-refused';
import type { CaptureInput, TextQuote } from './db';

/**
 * What a capture made in a tab hands back, as the functions of `extension/src/capture/` return it:
 * a page's HTML, a video's captions with the second it was at, or a PDF's bytes, each with its origin `url`,
 * `titulo` and file `nombre` (and the selection as a quote when there is one); or just the address, for the
 * server to fetch, when the page cannot be read from here.
 */
export type TabPayload =
  | {
      kind: 'page';
      url: string;
      titulo?: string;
      nombre: string;
      contentType?: string;
      html: string;
      quote?: TextQuote;
    }
  | { kind: 'video'; url: string; titulo?: string; nombre: string; contentType?: string; vtt: string; t?: number }
  | { kind: 'pdf'; url: string; titulo?: string; nombre: string; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'url'; url: string; titulo?: string };

/** The fields of a `tabs.Tab` a capture reads. */
export interface TabLike {
  id?: number;
  url?: string;
  title?: string;
}

/** A tab that can be captured: it has an id and an address. */
export type CapturableTab = TabLike & { id: number; url: string };

/**
 * Runs the capture inside a tab and returns its payload; throws {@link CaptureRefused} with a message for
 * the user when the page cannot be captured.
 */
export type TabCapturer = (tab: CapturableTab) => Promise<TabPayload>;

/** Pages the browser never lets an extension read. */
const UNREADABLE =
  /^(?:chrome|edge|brave|opera|vivaldi|about|moz-extension|chrome-extension|view-source|devtools|resource|file):|^https:\/\/(?:chrome\.google\.com\/webstore|chromewebstore\.google\.com|addons\.mozilla\.org)\//i;

/**
 * A tab's capture as it enters the outbox: checks that the tab can be read, runs `capture` in it, and turns
 * the payload into a {@link CaptureInput}. The selection is kept only when asked for, and required then.
 */
export async function captureTab(
  tab: TabLike,
  capture: TabCapturer,
  opts: { selection: boolean },
): Promise<CaptureInput> {
  if (tab.id === undefined || !tab.url) throw new CaptureRefused('No hay ninguna pestaña que guardar.');
  // A browser's PDF viewer is a browser page too, but the PDF it shows can be saved.
  if (UNREADABLE.test(tab.url) && !pdfUrlOf(tab.url)) {
    throw new CaptureRefused('Esta página es del navegador y no se puede guardar.');
  }
  const input = payloadToInput(await capture({ ...tab, id: tab.id, url: tab.url }), tab);
  if (opts.selection && !input.quote) throw new CaptureRefused('No hay texto seleccionado en la página.');
  if (!opts.selection) delete input.quote;
  return input;
}

/** The outbox's view of a capture payload: the file as body, its name, type and origin. */
export function payloadToInput(payload: TabPayload, tab: TabLike = {}): CaptureInput {
  // A PDF tab's title is its file name or address: the server reads the PDF's own title instead.
  const titulo = payload.titulo?.trim() || (payload.kind === 'pdf' ? undefined : tab.title?.trim()) || undefined;
  switch (payload.kind) {
    case 'page':
      return {
        kind: 'page',
        url: payload.url,
        titulo,
        nombre: payload.nombre,
        contentType: payload.contentType ?? 'text/html',
        body: payload.html,
        quote: payload.quote,
      };
    case 'video':
      return {
        kind: 'video',
        url: payload.url,
        titulo,
        nombre: payload.nombre,
        contentType: payload.contentType ?? 'text/vtt',
        body: payload.vtt,
        t: payload.t,
      };
    case 'pdf':
      return {
        kind: 'pdf',
        url: payload.url,
        titulo,
        nombre: payload.nombre,
        contentType: 'application/pdf',
        body: payload.bytes,
      };
    case 'url':
      return { kind: 'url', url: payload.url, titulo };
  }
}

/** What {@link tabCapturer} is made of. */
export interface TabCapturerDeps {
  /**
   * Runs the capture inside the tab and returns its payload: a page or a video (with the selection as a
   * quote); undefined when the tab cannot be read from here. May throw `CaptureError` (`capture/`) with a
   * message for the user.
   */
  captureInTab(tab: CapturableTab): Promise<TabPayload | undefined>;
  /** Downloads a PDF with the user's cookies (`fetchPdf` of `capture/pdf.ts`). */
  fetchPdf(url: string): Promise<FetchedPdf>;
}

/**
 * How the background captures a tab: a tab showing a PDF (`pdfUrlOf`, which also sees through the
 * browsers' PDF viewers) is downloaded here as bytes; any other tab is captured inside it by
 * `captureInTab`. A tab that cannot be read from here is handed to the server by address. A
 * `CaptureError` of `capture/` becomes a {@link CaptureRefused} with the same Spanish message.
 */
export function tabCapturer(deps: TabCapturerDeps): TabCapturer {
  return async (tab) => {
    try {
      const pdf = pdfUrlOf(tab.url);
      if (pdf) {
        const fetched = await deps.fetchPdf(pdf);
        const titulo = tab.title && !/\.pdf$/i.test(tab.title) ? tab.title : undefined;
        return { ...fetched, titulo };
      }
      return (await deps.captureInTab(tab)) ?? { kind: 'url', url: tab.url, titulo: tab.title };
    } catch (err) {
      if (err instanceof CaptureError) throw new CaptureRefused(err.message);
      throw err;
    }
  };
}

/**
 * A `captureInTab` that runs the capture content script (`entrypoints/capture.content.ts`: Readability,
 * captions, the selection, from `capture/`) in the tab through `runInTab` (`scripting.executeScript` with
 * its file) and returns what it captured. Undefined when the browser will not let it read the tab, so the
 * server fetches the address; a capture the page refuses (no captions to read…) throws its message.
 */
export function scriptInTab(runInTab: (tabId: number) => Promise<unknown>): TabCapturerDeps['captureInTab'] {
  return async (tab) => {
    let result: InPageCapture | undefined;
    try {
      result = (await runInTab(tab.id)) as InPageCapture | undefined;
    } catch {
      return undefined;
    }
    if (!result) return undefined;
    if (result.kind === 'refused') throw new CaptureRefused(result.mensaje);
    return result;
  };
}

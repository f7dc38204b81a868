import type { Insertion } from './content';
import { InsertError, type InsertOutcome } from './errors';
import { frameDocument, type Rect } from './focus';
import { dispatchPaste } from './paste';

/**
 * What Folio relies on in Google Docs' page. These are GOOGLE'S facts, not ours: class names and structure of
 * an obfuscated app that can change without notice. Everything Docs-specific reads them from here, and the
 * tests (extension/src/insert/google-docs.test.ts) and the browser fixture (test/fixtures/editors/google-docs)
 * reproduce exactly this list, so a change on Google's side is fixed in one place.
 *
 * - Docs draws the document on a canvas; keystrokes, input and paste go to a hidden, same-origin about:blank
 *   iframe (TEXT_EVENT_IFRAME) whose contenteditable element (TEXT_EVENT_EDITABLE) receives them, and Docs' own
 *   listeners apply them to its model. A `paste` whose clipboardData holds text/html keeps links.
 * - Docs' handler calls preventDefault() on a paste it takes: that is the only success signal there is.
 * - The visible caret is a DOM element (CARET) in the top document.
 * - The toolbar's mode switcher (MODE_SWITCHER) shows the editing mode by an icon class or a class of its own.
 */
export const GOOGLE_DOCS = {
  TEXT_EVENT_IFRAME: 'iframe.docs-texteventtarget-iframe',
  TEXT_EVENT_EDITABLE: '[contenteditable="true"]',
  CARET: '.kix-cursor-caret',
  MODE_SWITCHER: '#docs-toolbar-mode-switcher',
  MODE_EDIT: '.docs-icon-mode-edit, #docs-toolbar-mode-switcher.edit-mode',
  MODE_SUGGEST: '.docs-icon-mode-suggest, #docs-toolbar-mode-switcher.suggest-mode',
  MODE_VIEW: '.docs-icon-mode-view, #docs-toolbar-mode-switcher.view-mode',
} as const;

/** Docs' editing mode, as its toolbar shows it; 'desconocido' when the switcher is absent or unrecognised. */
export type DocsMode = 'edicion' | 'sugerencia' | 'lectura' | 'desconocido';

/** The hidden text-input target of a Docs page. */
export interface DocsTextTarget {
  iframe: HTMLIFrameElement;
  /** The element Docs listens on; null while the iframe's document is not ready. */
  editable: HTMLElement | null;
}

/** The top document of a Docs page holding `el` (el may be inside the text-event iframe), or null. */
export function docsDocumentOf(el: Element | null): Document | null {
  if (!el) return null;
  const doc = el.ownerDocument;
  const frame = doc.defaultView?.frameElement;
  if (frame?.matches(GOOGLE_DOCS.TEXT_EVENT_IFRAME)) return frame.ownerDocument;
  return doc.querySelector(GOOGLE_DOCS.TEXT_EVENT_IFRAME) ? doc : null;
}

/** The text-event iframe of a Docs page and its editable element; null on any other page. */
export function findDocsTextTarget(doc: Document): DocsTextTarget | null {
  const iframe = doc.querySelector<HTMLIFrameElement>(GOOGLE_DOCS.TEXT_EVENT_IFRAME);
  if (!iframe) return null;
  const inner = frameDocument(iframe);
  const editable =
    inner?.querySelector<HTMLElement>(GOOGLE_DOCS.TEXT_EVENT_EDITABLE) ??
    (inner?.body?.getAttribute('contenteditable') === 'true' ? inner.body : null);
  return { iframe, editable: editable ?? null };
}

/** The editing mode shown by Docs' toolbar. */
export function docsMode(doc: Document): DocsMode {
  const switcher = doc.querySelector(GOOGLE_DOCS.MODE_SWITCHER);
  if (!switcher) return 'desconocido';
  const shows = (selector: string) => switcher.matches(selector) || switcher.querySelector(selector) !== null;
  if (shows(GOOGLE_DOCS.MODE_VIEW)) return 'lectura';
  if (shows(GOOGLE_DOCS.MODE_SUGGEST)) return 'sugerencia';
  if (shows(GOOGLE_DOCS.MODE_EDIT)) return 'edicion';
  return 'desconocido';
}

/** Where Docs draws its caret (top-document coordinates), for anchoring the picker. */
export function docsCaretRect(doc: Document): Rect | null {
  const caret = doc.querySelector(GOOGLE_DOCS.CARET);
  if (!caret) return null;
  const rect = caret.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0 ? rect : null;
}

/** Gives the keyboard back to Docs: its caret is kept in its model, so focusing the target is all it takes. */
export function focusDocs(target: DocsTextTarget): void {
  target.iframe.focus({ preventScroll: true });
  target.editable?.focus({ preventScroll: true });
}

/**
 * Inserts into a Docs document at its caret: a synthesized paste carrying text/html (so the citation stays a
 * link) and text/plain, dispatched on the text-event target. Fails with a Spanish InsertError when the target
 * is missing, the document is read-only, there is no caret, or Docs did not take the paste.
 */
export async function insertIntoGoogleDocs(
  doc: Document,
  ins: Insertion,
  opts: { settleMs?: number } = {},
): Promise<InsertOutcome> {
  const target = findDocsTextTarget(doc);
  if (!target) throw new InsertError('docs_sin_iframe');
  if (!target.editable) throw new InsertError('docs_sin_destino');
  const mode = docsMode(doc);
  if (mode === 'lectura' || target.editable.getAttribute('aria-readonly') === 'true') {
    throw new InsertError('docs_solo_lectura');
  }
  if (!doc.querySelector(GOOGLE_DOCS.CARET)) throw new InsertError('docs_sin_cursor');
  focusDocs(target);
  // Docs reacts to its target taking the focus; the paste comes once it has.
  if (opts.settleMs) await new Promise((resolve) => setTimeout(resolve, opts.settleMs));
  const taken = dispatchPaste(target.editable, ins, { html: true });
  if (!taken) throw new InsertError('docs_rechazada');
  return mode === 'sugerencia' ? { aviso: 'Insertada como sugerencia (el documento está en modo «Sugerencias»).' } : {};
}

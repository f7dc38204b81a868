/**
 * Synthesized paste and beforeinput events carrying given clipboard entries (type → data), as a user's paste
 * would: the events themselves, for whichever world dispatches them (see paste.ts for which one does).
 */

/** Clipboard entries: data by MIME type ('text/html', 'text/plain'). */
export type ClipboardEntries = Record<string, string>;

/** The clipboard data of a synthesized paste: the standard DataTransfer, or a stand-in where there is none. */
type ClipboardData = Pick<DataTransfer, 'getData' | 'setData' | 'types'>;

function dataTransfer(win: Window & typeof globalThis, entries: ClipboardEntries): ClipboardData {
  if (typeof win.DataTransfer === 'function') {
    const dt = new win.DataTransfer();
    for (const [type, value] of Object.entries(entries)) dt.setData(type, value);
    return dt;
  }
  // Environments without DataTransfer (jsdom): the part of its interface editors read on paste.
  const store = new Map(Object.entries(entries));
  return {
    get types() {
      return [...store.keys()];
    },
    getData: (type: string) => store.get(type.toLowerCase()) ?? '',
    setData: (type: string, value: string) => void store.set(type.toLowerCase(), value),
    files: [],
    items: [],
    clearData: () => store.clear(),
  } as unknown as ClipboardData;
}

/**
 * Makes sure the event's own data holds `entries`. Firefox's ClipboardEvent and InputEvent constructors
 * ignore the DataTransfer they are given and make an empty, writable one of their own; a page's listener
 * reads that one (an expando set from a content script would stay in the script's own view of the event).
 */
function fill(data: ClipboardData | null | undefined, entries: ClipboardEntries): void {
  if (!data) return;
  for (const [type, value] of Object.entries(entries)) {
    if (data.getData(type) !== value) data.setData(type, value);
  }
}

function withProperty<E extends Event>(event: E, name: string, value: unknown): E {
  if ((event as unknown as Record<string, unknown>)[name] == null) {
    Object.defineProperty(event, name, { value, enumerable: true });
  }
  return event;
}

/** The window an element lives in (an iframe's, for Docs' text-event target), typed with its constructors. */
export function windowOf(el: Element): Window & typeof globalThis {
  return (el.ownerDocument.defaultView ?? window) as Window & typeof globalThis;
}

/**
 * Dispatches a synthesized `paste` on `target` whose clipboardData carries `entries`, as a user's paste
 * would. Editors that handle paste (ProseMirror, Quill, CKEditor 5, Lexical, CodeMirror, Google Docs)
 * insert it through their own model, so undo works, and cancel the event: the return value says whether
 * one did (defaultPrevented). An untrusted paste has no default action, so
 * nothing happens when no editor takes it.
 */
export function pasteEvent(target: Element, entries: ClipboardEntries): boolean {
  const win = windowOf(target);
  const data = dataTransfer(win, entries);
  const init = { bubbles: true, cancelable: true, composed: true };
  let event: Event;
  if (typeof win.ClipboardEvent === 'function') {
    event = new win.ClipboardEvent('paste', { ...init, clipboardData: data as DataTransfer });
  } else {
    event = new win.Event('paste', init);
  }
  withProperty(event, 'clipboardData', data);
  fill((event as ClipboardEvent).clipboardData, entries);
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

/**
 * Dispatches a synthesized `beforeinput` of type insertFromPaste with the content as its dataTransfer, which
 * editors built on beforeinput (Slate, Lexical's plain-text mode) handle and cancel. Returns whether one did.
 */
export function beforeInputPasteEvent(target: Element, entries: ClipboardEntries): boolean {
  const win = windowOf(target);
  const data = dataTransfer(win, entries);
  const event = new win.InputEvent('beforeinput', {
    bubbles: true,
    cancelable: true,
    composed: true,
    inputType: 'insertFromPaste',
    dataTransfer: data as DataTransfer,
  });
  withProperty(event, 'dataTransfer', data);
  fill(event.dataTransfer, entries);
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

import { beforeInputPasteEvent, pasteEvent, windowOf, type ClipboardEntries } from './paste-events';

/**
 * A synthesized paste dispatched from the page's own world, for Firefox. There, data a content script puts
 * in a DataTransfer belongs to the extension, and the page's listeners read it as empty: an editor would take
 * the paste and insert nothing. So the content script hands the entries to a small script in the page's world
 * (entrypoints/paste-relay.content.ts), which dispatches the paste and says whether an editor took it.
 *
 * The two sides speak through DOM events on the target, which both worlds see: a ping the relay cancels to
 * say it is there, then the request, whose detail is a JSON string (objects do not cross the worlds), and
 * which the relay cancels when an editor took the paste.
 */
const PING = 'folio:relevo';
const REQUEST = 'folio:pegar';

export interface RelayedPaste {
  kind: 'paste' | 'beforeinput';
  entries: ClipboardEntries;
}

/**
 * The content script's side: has the page-world relay dispatch `request` on `target`. Whether an editor
 * took it, or undefined when no relay answers (Chrome, which needs none, and pages outside the extension).
 */
export function relayPaste(target: Element, request: RelayedPaste): boolean | undefined {
  const win = windowOf(target);
  const init = { bubbles: true, cancelable: true, composed: true };
  const ping = new win.CustomEvent(PING, init);
  if (target.dispatchEvent(ping)) return undefined;
  return !target.dispatchEvent(new win.CustomEvent(REQUEST, { ...init, detail: JSON.stringify(request) }));
}

/** The page world's side: answers the pings and dispatches the requested pastes, on `win` until stopped. */
export function listenForRelayedPastes(win: Window): () => void {
  const onPing = (e: Event) => {
    e.stopImmediatePropagation();
    e.preventDefault();
  };
  const onRequest = (e: Event) => {
    e.stopImmediatePropagation();
    const detail = (e as CustomEvent<unknown>).detail;
    const target = e.composedPath()[0];
    if (typeof detail !== 'string' || !(target instanceof Element)) return;
    let request: RelayedPaste;
    try {
      request = JSON.parse(detail) as RelayedPaste;
    } catch {
      return;
    }
    const entries = Object.fromEntries(
      Object.entries(request.entries ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const taken = request.kind === 'beforeinput' ? beforeInputPasteEvent(target, entries) : pasteEvent(target, entries);
    if (taken) e.preventDefault();
  };
  win.addEventListener(PING, onPing, true);
  win.addEventListener(REQUEST, onRequest, true);
  return () => {
    win.removeEventListener(PING, onPing, true);
    win.removeEventListener(REQUEST, onRequest, true);
  };
}

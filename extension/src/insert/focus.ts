/** The focused element as seen from one frame's content script. */
export interface FocusedElement {
  /** The deepest focused element this script can reach (through shadow roots and script-less frames). */
  element: Element | null;
  /**
   * False when focus is inside a child frame that runs its own copy of the content script (any frame with
   * a web URL) or that this script cannot reach (cross-origin): that frame's script owns the focus then.
   */
  owned: boolean;
}

/**
 * Frames our content script is not injected into (about:blank, srcdoc, javascript: — manifest
 * `match_about_blank` is off) but can reach when same-origin: their editors are handled from the parent.
 * That is how Google Docs works: its text-event target is such a frame, so Docs is handled by the top frame.
 */
function scriptlessFrameDocument(frame: Element): Document | null {
  const inner = frameDocument(frame);
  return inner && /^(about:|javascript:)/.test(inner.URL) ? inner : null;
}

/** The document of a frame element when this script may reach it (same-origin), else null. */
export function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

/** Finds the deepest focused element from `doc`, and whether this frame's script owns it. */
export function focusedElement(doc: Document): FocusedElement {
  let el: Element | null = doc.activeElement;
  for (let depth = 0; el && depth < 16; depth++) {
    const shadowActive = el.shadowRoot?.activeElement;
    if (shadowActive) {
      el = shadowActive;
      continue;
    }
    if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
      const inner = scriptlessFrameDocument(el);
      if (!inner) return { element: el, owned: false };
      el = inner.activeElement ?? inner.body;
      continue;
    }
    break;
  }
  return { element: el, owned: true };
}

/**
 * Whether this frame should answer a request to open the picker: it has the focus chain's end. A command
 * reaches every frame of the tab; exactly one of them passes this test when the page has focus.
 */
export function ownsFocus(doc: Document): boolean {
  return doc.hasFocus() && focusedElement(doc).owned;
}

/** A box in viewport coordinates (what getBoundingClientRect gives, without the DOMRect class). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A rect of an element inside (possibly nested) child frames, in the coordinates of `outer`'s viewport. */
export function rectInDocument(rect: Rect, from: Document, outer: Document): Rect {
  let x = rect.left;
  let y = rect.top;
  let doc = from;
  while (doc !== outer) {
    const frame = doc.defaultView?.frameElement;
    if (!frame) break;
    const r = frame.getBoundingClientRect();
    x += r.left + frame.clientLeft;
    y += r.top + frame.clientTop;
    doc = frame.ownerDocument;
  }
  return { left: x, top: y, width: rect.width, height: rect.height };
}

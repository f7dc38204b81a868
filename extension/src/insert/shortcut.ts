import { focusedElement } from './focus';

/**
 * The in-page shortcut that opens the picker when the extension's command is not available (not assigned,
 * or taken by another extension): Alt+Shift+C, Ctrl+Shift+C on macOS (where Option+Shift+C types 'Ç').
 * The same keys as the manifest command, so when the command fires the page never sees them.
 * Matched by physical key (`code`), so it works on every keyboard layout.
 */
export function isPickerShortcut(e: KeyboardEvent, mac: boolean): boolean {
  if (e.code !== 'KeyC' || !e.shiftKey || e.metaKey || e.repeat) return false;
  return mac ? e.ctrlKey && !e.altKey : e.altKey && !e.ctrlKey;
}

/** Whether the platform is macOS (or iOS), from the user agent. */
export function isMac(nav: Navigator): boolean {
  return /Mac|iPhone|iPad/.test(nav.userAgent);
}

/**
 * Keeps `listener` on the documents of the focused script-less frames (about:blank, same-origin) that this
 * frame's script handles, such as Google Docs' text-event iframe: keys typed there never reach this document.
 * Each frame document is listened to once; frames created later are picked up when they take the focus.
 */
export function listenInFocusedFrames(
  doc: Document,
  type: 'keydown',
  listener: (e: KeyboardEvent) => void,
  signal: AbortSignal,
): () => void {
  const seen = new WeakSet<Document>();
  const attach = () => {
    const { element, owned } = focusedElement(doc);
    const inner = element?.ownerDocument;
    if (!owned || !inner || inner === doc || seen.has(inner)) return;
    seen.add(inner);
    inner.addEventListener(type, listener, { capture: true, signal });
  };
  attach();
  return attach;
}

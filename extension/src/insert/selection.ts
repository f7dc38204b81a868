import type { DetectedEditor } from './detect-editor';
import type { Rect } from './focus';

/**
 * Where the caret was when the picker opened. The picker takes the focus (the editor's selection is lost or
 * moved), so it is saved first and put back before inserting.
 */
export type SavedSelection =
  | {
      kind: 'text-field';
      element: HTMLTextAreaElement | HTMLInputElement;
      start: number;
      end: number;
      direction: 'forward' | 'backward' | 'none';
    }
  | { kind: 'range'; element: HTMLElement; range: Range | null }
  /** Google Docs keeps its caret in its own model: focusing its text target is the whole restore. */
  | { kind: 'model'; element: HTMLElement };

/** Saves the caret or selection of a detected editor. */
export function saveSelection(editor: DetectedEditor): SavedSelection {
  const el = editor.element;
  if (editor.family === 'google-docs') return { kind: 'model', element: el };
  if (editor.family === 'text-field') {
    const field = el as HTMLTextAreaElement | HTMLInputElement;
    const end = field.selectionEnd ?? field.value.length;
    return {
      kind: 'text-field',
      element: field,
      start: field.selectionStart ?? end,
      end,
      direction: field.selectionDirection ?? 'none',
    };
  }
  const sel = el.ownerDocument.getSelection();
  const range = sel && sel.rangeCount > 0 ? sel.getRangeAt(0) : null;
  const inside = range && el.contains(range.commonAncestorContainer);
  return { kind: 'range', element: el, range: inside ? range.cloneRange() : null };
}

/**
 * Gives the focus back to the editor and puts the saved caret or selection back. Without a saved range the
 * caret goes to the end of the editor, never to an arbitrary place.
 */
export function restoreSelection(saved: SavedSelection): void {
  const el = saved.element;
  // An editor in a child frame: the frame takes the focus first, then the element in it.
  (el.ownerDocument.defaultView?.frameElement as HTMLElement | null)?.focus({ preventScroll: true });
  el.focus({ preventScroll: true });
  if (saved.kind === 'text-field') {
    saved.element.setSelectionRange(saved.start, saved.end, saved.direction);
    return;
  }
  if (saved.kind !== 'range') return;
  const sel = el.ownerDocument.getSelection();
  if (!sel) return;
  let range = saved.range;
  if (!range || !el.contains(range.commonAncestorContainer)) {
    range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    range.collapse(false);
  }
  sel.removeAllRanges();
  sel.addRange(range);
}

/** The character just before the saved caret, or '' when it is at the start or cannot be told. */
export function charBefore(saved: SavedSelection): string {
  if (saved.kind === 'text-field') return saved.element.value.charAt(saved.start - 1);
  if (saved.kind !== 'range' || !saved.range) return '';
  const { startContainer: node, startOffset: offset } = saved.range;
  if (node.nodeType === 3) return (node as Text).data.charAt(offset - 1);
  const previous = offset > 0 ? node.childNodes[offset - 1] : undefined;
  if (!previous) return '';
  if (previous.nodeName === 'BR') return '\n';
  return (previous.textContent ?? '').slice(-1);
}

function usable(r: Rect | undefined | null): r is Rect {
  return !!r && (r.width > 0 || r.height > 0);
}

/** Where the caret is drawn, in the viewport of the editor's own document; the editor's box when unknown. */
export function caretRect(saved: SavedSelection): Rect | null {
  const range = saved.kind === 'range' ? saved.range : null;
  if (range && typeof range.getBoundingClientRect === 'function') {
    const rect = range.getBoundingClientRect();
    if (usable(rect)) return rect;
    const first = range.getClientRects?.()[0];
    if (usable(first)) return first;
  }
  const box = saved.element.getBoundingClientRect?.();
  return usable(box) ? box : null;
}

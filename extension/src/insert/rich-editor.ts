import type { Insertion } from './content';
import type { EditorFamily } from './detect-editor';
import { isContentEditable } from './detect-editor';
import { InsertError } from './errors';
import { windowOf } from './paste-events';
import { dispatchBeforeInputPaste, dispatchPaste } from './paste';

/**
 * Inserts into a rich editor whose caret has been put back: a synthesized paste, which each of these editors
 * turns into a transaction of its own model (so its undo history and state stay right). CodeMirror is a text
 * editor and gets text/plain; the others get text/html too, which keeps the citation a link. An editor that
 * does not take the paste (read-only, disabled) makes this fail rather than edit its DOM behind its back.
 */
export function insertIntoRichEditor(
  family: Exclude<EditorFamily, 'text-field' | 'google-docs'>,
  root: HTMLElement,
  ins: Insertion,
): void {
  if (family === 'contenteditable') return insertIntoContentEditable(root, ins);
  if (family === 'prosemirror') releaseShift(root);
  if (!dispatchPaste(root, ins, { html: family !== 'codemirror' })) throw new InsertError('rechazada');
}

/**
 * ProseMirror pastes plain text while it believes Shift is held (Ctrl+Shift+V), and learns that Shift is up
 * only from a keyup on the editor. The shortcut that opened the picker (Alt+Shift+C) pressed Shift with the
 * editor focused and released it in the picker, so the link would be lost. A keydown without any key tells it
 * again that no Shift is held; no keymap or editor command answers a key that is none.
 */
function releaseShift(root: HTMLElement): void {
  const win = windowOf(root);
  root.dispatchEvent(new win.KeyboardEvent('keydown', { bubbles: true, cancelable: true, shiftKey: false }));
}

/**
 * Inserts into a contenteditable of unknown make at its selection. In turn, stopping at the first that works:
 * a synthesized paste (editors such as Draft.js, Trix or Slate take it), a beforeinput insertFromPaste (editors
 * built on beforeinput), execCommand('insertHTML') (the browser's own editing: trusted input events and undo),
 * and finally a range edit followed by an input event.
 */
export function insertIntoContentEditable(root: HTMLElement, ins: Insertion): void {
  if (!isContentEditable(root)) throw new InsertError('solo_lectura');
  if (dispatchPaste(root, ins, { html: true })) return;
  if (dispatchBeforeInputPaste(root, ins)) return;
  const doc = root.ownerDocument;
  const before = root.innerHTML;
  if (typeof doc.execCommand === 'function') {
    try {
      doc.execCommand('insertHTML', false, ins.html);
    } catch {
      // Refused: the range edit below does it.
    }
    if (root.innerHTML !== before) return;
  }
  const sel = doc.getSelection();
  let range = sel && sel.rangeCount > 0 ? sel.getRangeAt(0) : null;
  if (!range || !root.contains(range.commonAncestorContainer)) {
    range = doc.createRange();
    range.selectNodeContents(root);
    range.collapse(false);
  }
  range.deleteContents();
  const fragment = range.createContextualFragment(ins.html);
  const last = fragment.lastChild;
  range.insertNode(fragment);
  if (last) {
    range.setStartAfter(last);
    range.collapse(true);
    sel?.removeAllRanges();
    sel?.addRange(range);
  }
  const win = windowOf(root);
  root.dispatchEvent(new win.InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
}

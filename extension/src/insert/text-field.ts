import { windowOf } from './paste-events';
import { InsertError } from './errors';

/**
 * Inserts plain text into a textarea or text input, replacing its selection, and leaves the caret after it.
 * execCommand('insertText') goes first: it is the browser's own editing, so it fires trusted beforeinput and
 * input events (frameworks see the change) and joins the field's undo stack. Where it is missing or refused,
 * setRangeText plus an input event does the same edit (without undo).
 */
export function insertIntoTextField(
  field: HTMLTextAreaElement | HTMLInputElement,
  text: string,
  selection: { start: number; end: number },
): void {
  if (field.readOnly || field.disabled) throw new InsertError('solo_lectura');
  const { start, end } = selection;
  field.focus({ preventScroll: true });
  field.setSelectionRange(start, end);
  const before = field.value;
  const doc = field.ownerDocument;
  if (typeof doc.execCommand === 'function') {
    try {
      doc.execCommand('insertText', false, text);
    } catch {
      // Refused: the fallback below does the edit.
    }
  }
  // Only when execCommand changed nothing: a field a framework rewrote on input must not get the text twice.
  if (field.value !== before) return;
  field.setRangeText(text, start, end, 'end');
  const win = windowOf(field);
  field.dispatchEvent(new win.InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
}

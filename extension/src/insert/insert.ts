import { joinToPrevious, type Insertion } from './content';
import { detectEditor, type DetectedEditor } from './detect-editor';
import { InsertError, type InsertOutcome } from './errors';
import { focusedElement, rectInDocument, type Rect } from './focus';
import { docsCaretRect, docsDocumentOf, insertIntoGoogleDocs } from './google-docs';
import { insertIntoRichEditor } from './rich-editor';
import { caretRect, charBefore, restoreSelection, saveSelection, type SavedSelection } from './selection';
import { insertIntoTextField } from './text-field';

/** Where an insertion goes: the editor that had the focus and its caret when the picker opened. */
export interface EditTarget {
  editor: DetectedEditor;
  saved: SavedSelection;
}

/**
 * The editor focused in `doc` (through shadow roots and script-less same-origin frames) and its caret, saved
 * before anything takes the focus; null when nothing editable has it.
 */
export function captureTarget(doc: Document): EditTarget | null {
  const { element, owned } = focusedElement(doc);
  if (!owned) return null;
  const editor = detectEditor(element);
  return editor ? { editor, saved: saveSelection(editor) } : null;
}

/** Where to anchor the picker for a target, in the viewport of `outer` (the document the picker lives in). */
export function targetRect(target: EditTarget, outer: Document): Rect | null {
  const el = target.editor.element;
  if (target.editor.family === 'google-docs') {
    const docs = docsDocumentOf(el);
    const rect = docs && docsCaretRect(docs);
    return rect ? rectInDocument(rect, docs, outer) : null;
  }
  const rect = caretRect(target.saved);
  return rect ? rectInDocument(rect, el.ownerDocument, outer) : null;
}

/** Options of {@link insertContent}. */
export interface InsertOptions {
  /**
   * Milliseconds to wait after putting the caret back, so editors that read the DOM selection on
   * `selectionchange` (ProseMirror, Quill, CKEditor, Lexical), and Google Docs its focus, have it before the
   * paste (default 50). 0 in unit tests.
   */
  settleMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Inserts content at a target's saved caret, the way its editor family takes it (one entry per family below),
 * and says what the user should know. Throws InsertError (Spanish message) when it cannot, never silently.
 */
export async function insertContent(
  target: EditTarget,
  ins: Insertion,
  opts: InsertOptions = {},
): Promise<InsertOutcome> {
  const { editor, saved } = target;
  if (!editor.element.isConnected) throw new InsertError('sin_destino');
  if (editor.family === 'google-docs') {
    const docs = docsDocumentOf(editor.element);
    if (!docs) throw new InsertError('docs_sin_iframe');
    return insertIntoGoogleDocs(docs, ins, { settleMs: opts.settleMs ?? 50 });
  }
  const content = joinToPrevious(ins, charBefore(saved));
  if (editor.family === 'text-field') {
    if (saved.kind !== 'text-field') throw new InsertError('sin_destino');
    insertIntoTextField(saved.element, content.text, saved);
    return {};
  }
  restoreSelection(saved);
  await wait(opts.settleMs ?? 50);
  insertIntoRichEditor(editor.family, editor.element, content);
  return {};
}

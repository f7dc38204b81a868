import { docsDocumentOf, GOOGLE_DOCS } from './google-docs';

/**
 * The editor families Folio inserts into, told apart by their DOM. Each has one way in (see insert.ts):
 * text fields take setRangeText/insertText, Google Docs its text-event iframe, the rich editors a synthesized
 * paste, a plain contenteditable the cascade paste → beforeinput → execCommand → range edit.
 */
export type EditorFamily =
  'text-field' | 'google-docs' | 'codemirror' | 'lexical' | 'ckeditor' | 'quill' | 'prosemirror' | 'contenteditable';

/** An editor found from the focused element. */
export interface DetectedEditor {
  family: EditorFamily;
  /**
   * The element that receives the editor's events: the text field, the editor's contenteditable root, or, for
   * Google Docs, the text-event iframe's editable element (or the iframe when that is not reachable).
   */
  element: HTMLElement;
}

/** The roots of the rich editors, as each library marks its contenteditable element. */
export const EDITOR_ROOTS: readonly { family: EditorFamily; selector: string }[] = [
  { family: 'codemirror', selector: '.cm-content' }, // CodeMirror 6: EditorView.contentDOM
  { family: 'lexical', selector: '[data-lexical-editor]' },
  { family: 'ckeditor', selector: '.ck-editor__editable' }, // CKEditor 5 editable roots
  { family: 'quill', selector: '.ql-editor' },
  { family: 'prosemirror', selector: '.ProseMirror' }, // ProseMirror, so Tiptap, Remirror, Milkdown …
];

/** Input types whose value is free text (others refuse setRangeText or make no sense for a citation). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', '']);

/** Whether an element is a textarea or a free-text input. */
export function isTextField(el: Element): el is HTMLTextAreaElement | HTMLInputElement {
  if (el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((el.getAttribute('type') ?? '').toLowerCase());
}

/** Whether an element is editable as a contenteditable (its own attribute or inherited, or designMode). */
export function isContentEditable(el: Element): boolean {
  if (el.ownerDocument.designMode === 'on') return true;
  const html = el as HTMLElement;
  if (typeof html.isContentEditable === 'boolean') return html.isContentEditable;
  // jsdom has no isContentEditable: the nearest contenteditable attribute decides.
  const holder = el.closest('[contenteditable]');
  const value = holder?.getAttribute('contenteditable')?.toLowerCase();
  return value === '' || value === 'true' || value === 'plaintext-only';
}

/** The outermost element of the contenteditable region `el` is in. */
function editableRoot(el: Element): HTMLElement {
  let root = el as HTMLElement;
  while (root.parentElement && root.parentElement !== root.ownerDocument.documentElement) {
    if (!isContentEditable(root.parentElement)) break;
    root = root.parentElement;
  }
  return root;
}

/**
 * Which editor `el` (normally the focused element) belongs to, or null when it is not editable.
 * The nearest marked editor root wins, so a CodeMirror inside a ProseMirror document is CodeMirror.
 */
export function detectEditor(el: Element | null): DetectedEditor | null {
  if (!el) return null;
  const frame = el.ownerDocument.defaultView?.frameElement;
  if (frame?.matches(GOOGLE_DOCS.TEXT_EVENT_IFRAME) || el.matches(GOOGLE_DOCS.TEXT_EVENT_IFRAME)) {
    return { family: 'google-docs', element: el as HTMLElement };
  }
  if (isTextField(el)) return { family: 'text-field', element: el as HTMLElement };
  for (let node: Element | null = el; node; node = node.parentElement) {
    for (const { family, selector } of EDITOR_ROOTS) {
      if (node.matches(selector)) return { family, element: node as HTMLElement };
    }
  }
  if (isContentEditable(el)) return { family: 'contenteditable', element: editableRoot(el) };
  // Focus outside any field on a Docs page (menus, the page itself): Docs still has a caret to insert at.
  if (docsDocumentOf(el)) return { family: 'google-docs', element: el as HTMLElement };
  return null;
}

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { citationInsertion } from './content';
import { InsertError } from './errors';
import { captureTarget, insertContent } from './insert';
import { insertIntoContentEditable, insertIntoRichEditor } from './rich-editor';
import { pasaje } from './testing/pasajes';

afterEach(() => document.body.replaceChildren());

const LINK = '<a href="http://127.0.0.1:8787/leer/eco77?pagina=47">(Eco, 1977, p. 45)</a>';

function editable(html: string, className = ''): HTMLDivElement {
  const root = document.createElement('div');
  root.setAttribute('contenteditable', 'true');
  if (className) root.className = className;
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

function caretAt(node: Node, offset: number): void {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  const sel = document.getSelection()!;
  sel.removeAllRanges();
  sel.addRange(range);
}

/** What an editor's paste handler receives; it takes the paste (preventDefault) as ProseMirror or Quill do. */
function recordPastes(root: HTMLElement, take = true): { html: string; text: string }[] {
  const got: { html: string; text: string }[] = [];
  root.addEventListener('paste', (e) => {
    const data = (e as ClipboardEvent).clipboardData!;
    got.push({ html: data.getData('text/html'), text: data.getData('text/plain') });
    if (take) e.preventDefault();
  });
  return got;
}

describe('plain contenteditable', () => {
  it('inserts the linked cita at the caret and fires input when no editor takes the paste', () => {
    const root = editable('<p>Según Eco. Fin</p>');
    const text = root.querySelector('p')!.firstChild!;
    caretAt(text, 9);
    const inputs: string[] = [];
    root.addEventListener('input', (e) => inputs.push((e as InputEvent).inputType));
    insertIntoContentEditable(root, citationInsertion(pasaje(), 'cita'));
    expect(root.innerHTML).toBe(`<p>Según Eco${LINK}. Fin</p>`);
    expect(inputs).toEqual(['insertFromPaste']);
    // The caret is after the link, so typing goes on after the citation.
    const range = document.getSelection()!.getRangeAt(0);
    expect(range.collapsed).toBe(true);
    expect(range.startContainer.childNodes[range.startOffset - 1]?.nodeName).toBe('A');
  });

  it('leaves the insertion to a page editor that takes the paste, with text/html and text/plain', () => {
    const root = editable('<p>x</p>');
    caretAt(root.querySelector('p')!.firstChild!, 1);
    const got = recordPastes(root);
    insertIntoContentEditable(root, citationInsertion(pasaje(), 'cita'));
    expect(got).toEqual([{ html: LINK, text: '(Eco, 1977, p. 45)' }]);
    expect(root.innerHTML).toBe('<p>x</p>'); // nothing inserted twice
  });

  it('leaves it to an editor built on beforeinput (insertFromPaste with a dataTransfer)', () => {
    const root = editable('<p>x</p>');
    const seen: string[] = [];
    root.addEventListener('beforeinput', (e) => {
      const ev = e as InputEvent;
      seen.push(`${ev.inputType}:${ev.dataTransfer?.getData('text/html')}`);
      e.preventDefault();
    });
    insertIntoContentEditable(root, citationInsertion(pasaje(), 'cita'));
    expect(seen).toEqual([`insertFromPaste:${LINK}`]);
    expect(root.innerHTML).toBe('<p>x</p>');
  });

  it('puts the saved caret back before inserting and spaces the cita from the previous word', async () => {
    const root = editable('<p>Como dice el autor.</p>');
    const text = root.querySelector('p')!.firstChild!;
    root.focus();
    caretAt(text, 18);
    const target = captureTarget(document);
    expect(target?.editor).toEqual({ family: 'contenteditable', element: root });
    caretAt(document.body, 0); // the picker moved the selection away
    await insertContent(target!, citationInsertion(pasaje(), 'cita'), { settleMs: 0 });
    expect(root.textContent).toBe('Como dice el autor (Eco, 1977, p. 45).');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('http://127.0.0.1:8787/leer/eco77?pagina=47');
  });

  it('refuses a region that is not editable', () => {
    const root = editable('<p>x</p>');
    root.setAttribute('contenteditable', 'false');
    expect(() => insertIntoContentEditable(root, citationInsertion(pasaje(), 'cita'))).toThrowError(
      expect.objectContaining({ code: 'solo_lectura' }),
    );
  });
});

describe('rich editors', () => {
  it('gives ProseMirror, Quill, CKEditor and Lexical a paste with the link as HTML', () => {
    for (const [family, className] of [
      ['prosemirror', 'ProseMirror'],
      ['quill', 'ql-editor'],
      ['ckeditor', 'ck-editor__editable'],
      ['lexical', ''],
    ] as const) {
      const root = editable('<p>x</p>', className);
      const got = recordPastes(root);
      insertIntoRichEditor(family, root, citationInsertion(pasaje(), 'textual'));
      expect(got, family).toHaveLength(1);
      expect(got[0]!.html).toContain(LINK);
      expect(got[0]!.text).toMatch(/^“La semiótica .*” \(Eco, 1977, p\. 45\)$/);
    }
  });

  it('tells ProseMirror that Shift is up before pasting, so the paste keeps its link', () => {
    // ProseMirror's own rule: a keydown sets `shiftKey` from the event; a paste while it is set is plain text.
    const root = editable('<p>x</p>', 'ProseMirror');
    let shiftHeld = true; // the Shift of Alt+Shift+C went down on the editor and came up in the picker
    const order: string[] = [];
    root.addEventListener('keydown', (e) => {
      shiftHeld = (e as KeyboardEvent).shiftKey;
      order.push('keydown');
    });
    root.addEventListener('paste', (e) => {
      order.push(shiftHeld ? 'plain paste' : 'rich paste');
      e.preventDefault();
    });
    insertIntoRichEditor('prosemirror', root, citationInsertion(pasaje(), 'cita'));
    expect(order).toEqual(['keydown', 'rich paste']);
  });

  it('gives CodeMirror text only', () => {
    const root = editable('<div class="cm-line">x</div>', 'cm-content');
    const got = recordPastes(root);
    insertIntoRichEditor('codemirror', root, citationInsertion(pasaje(), 'cita'));
    expect(got).toEqual([{ html: '', text: '(Eco, 1977, p. 45)' }]);
  });

  it('fails visibly, without touching the DOM, when the editor does not take the paste', () => {
    const root = editable('<p>x</p>', 'ql-editor');
    const got = recordPastes(root, false); // a disabled Quill ignores the paste
    let error: unknown;
    try {
      insertIntoRichEditor('quill', root, citationInsertion(pasaje(), 'cita'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InsertError);
    expect((error as InsertError).code).toBe('rechazada');
    expect((error as InsertError).message).toMatch(/no aceptó/);
    expect(got).toHaveLength(1);
    expect(root.innerHTML).toBe('<p>x</p>');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { detectEditor } from './detect-editor';

afterEach(() => document.body.replaceChildren());

function page(html: string): void {
  document.body.innerHTML = html;
}

const at = (selector: string) => document.querySelector(selector);

describe('detectEditor', () => {
  it('tells each rich editor by the root its library marks, from the element inside it', () => {
    page(`
      <div class="ProseMirror" contenteditable="true"><p id="pm">texto</p></div>
      <div class="ql-container"><div class="ql-editor" contenteditable="true"><p id="ql">texto</p></div></div>
      <div class="ck ck-content ck-editor__editable ck-editor__editable_inline" contenteditable="true"><p id="ck">t</p></div>
      <div contenteditable="true" data-lexical-editor="true"><p id="lx"><span>t</span></p></div>
      <div class="cm-editor"><div class="cm-scroller"><div class="cm-content" contenteditable="true"><div class="cm-line" id="cm">x</div></div></div></div>
      <div contenteditable="true" id="plain"><p><b id="ce">t</b></p></div>
      <textarea id="ta"></textarea><input id="in"><input type="search" id="se"><input type="email" id="em">
      <p id="static">nada</p>`);
    const family = (id: string) => detectEditor(at(`#${id}`))?.family ?? null;
    expect(family('pm')).toBe('prosemirror');
    expect(family('ql')).toBe('quill');
    expect(family('ck')).toBe('ckeditor');
    expect(family('lx')).toBe('lexical');
    expect(family('cm')).toBe('codemirror');
    expect(family('ce')).toBe('contenteditable');
    expect(family('ta')).toBe('text-field');
    expect(family('in')).toBe('text-field');
    expect(family('se')).toBe('text-field');
    expect(family('em')).toBeNull();
    expect(family('static')).toBeNull();
    expect(detectEditor(null)).toBeNull();
  });

  it('gives the element that receives the editor events', () => {
    page(`<div class="ql-editor" contenteditable="true"><p><em id="in">x</em></p></div>
          <div contenteditable="true" id="root"><div><p><span id="deep">x</span></p></div></div>`);
    expect(detectEditor(at('#in'))?.element).toBe(at('.ql-editor'));
    expect(detectEditor(at('#deep'))?.element).toBe(at('#root'));
  });

  it('lets the nearest editor win: a CodeMirror code block inside a ProseMirror document', () => {
    page(`<div class="ProseMirror" contenteditable="true">
            <div class="cm-content" contenteditable="true"><div class="cm-line" id="code">x = 1</div></div>
            <p id="prose">texto</p></div>`);
    expect(detectEditor(at('#code'))?.family).toBe('codemirror');
    expect(detectEditor(at('#prose'))?.family).toBe('prosemirror');
  });

  it('does not treat contenteditable="false" islands as editable', () => {
    page(
      `<div contenteditable="true"><span contenteditable="false" id="chip">@Ana</span><span id="txt">x</span></div>`,
    );
    expect(detectEditor(at('#chip'))).toBeNull();
    expect(detectEditor(at('#txt'))?.family).toBe('contenteditable');
  });

  it('knows a Google Docs page by its text-event iframe, inside it and outside', () => {
    page(`<div class="kix-appview-editor"></div><iframe class="docs-texteventtarget-iframe"></iframe>`);
    const frame = at('iframe') as HTMLIFrameElement;
    const inner = frame.contentDocument!;
    inner.body.innerHTML = '<div contenteditable="true" role="textbox" id="t"></div>';
    expect(detectEditor(inner.getElementById('t'))?.family).toBe('google-docs');
    expect(detectEditor(document.body)?.family).toBe('google-docs');
  });
});

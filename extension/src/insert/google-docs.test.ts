// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { citationInsertion } from './content';
import { InsertError } from './errors';
import { docsMode, findDocsTextTarget, insertIntoGoogleDocs } from './google-docs';
import { captureTarget, insertContent, targetRect } from './insert';
import { pasaje } from './testing/pasajes';

afterEach(() => document.body.replaceChildren());

interface DocsPage {
  iframe: HTMLIFrameElement;
  editable: HTMLElement;
  /** What Docs' paste listener received. */
  pastes: { html: string; text: string; target: string }[];
}

/**
 * A page with Google Docs' text-input structure, written out literally (not from GOOGLE_DOCS, so a wrong
 * constant fails here): the toolbar mode switcher with its mode icon, the canvas editor with the caret
 * element, and the hidden about:blank text-event iframe whose contenteditable element receives paste; Docs'
 * listener on the iframe document takes a paste by cancelling it.
 */
function docsPage(
  opts: { mode?: 'edit' | 'suggest' | 'view' | null; caret?: boolean; takesPaste?: boolean } = {},
): DocsPage {
  const { mode = 'edit', caret = true, takesPaste = true } = opts;
  document.body.innerHTML = `
    <div id="docs-toolbar">${
      mode
        ? `<div id="docs-toolbar-mode-switcher" role="button"><div class="docs-icon docs-icon-img docs-icon-mode-${mode}"></div></div>`
        : ''
    }</div>
    <div class="kix-appview-editor"><canvas class="kix-canvas-tile-content"></canvas>${
      caret
        ? '<div class="kix-cursor docs-ui-unprintable"><div class="kix-cursor-caret" style="height: 17px"></div></div>'
        : ''
    }</div>
    <div class="docs-texteventtarget-descendant"><iframe class="docs-texteventtarget-iframe" tabindex="-1" aria-hidden="true"></iframe></div>`;
  const iframe = document.querySelector('iframe')!;
  const inner = iframe.contentDocument!;
  inner.body.innerHTML = '<div contenteditable="true" role="textbox" aria-label="Document content"></div>';
  const pastes: DocsPage['pastes'] = [];
  inner.addEventListener('paste', (e) => {
    const data = (e as ClipboardEvent).clipboardData!;
    pastes.push({
      html: data.getData('text/html'),
      text: data.getData('text/plain'),
      target: (e.target as Element).getAttribute('role') ?? '',
    });
    if (takesPaste) e.preventDefault();
  });
  return { iframe, editable: inner.querySelector('[contenteditable]')!, pastes };
}

async function failure(run: () => Promise<unknown>): Promise<InsertError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof InsertError) return e;
    throw e;
  }
  throw new Error('expected an InsertError');
}

const cita = () => citationInsertion(pasaje(), 'cita');

describe('Google Docs', () => {
  it('pastes rich text into the text-event target, so the cita arrives as a link', async () => {
    const docs = docsPage();
    expect(await insertIntoGoogleDocs(document, cita())).toEqual({});
    expect(docs.pastes).toEqual([
      {
        html: '<a href="http://127.0.0.1:8787/leer/eco77?pagina=47">(Eco, 1977, p. 45)</a>',
        text: '(Eco, 1977, p. 45)',
        target: 'textbox',
      },
    ]);
    expect(docs.iframe.contentDocument!.activeElement).toBe(docs.editable);
  });

  it('finds the target and the mode from the DOM facts it names', () => {
    const docs = docsPage({ mode: 'suggest' });
    expect(findDocsTextTarget(document)).toEqual({ iframe: docs.iframe, editable: docs.editable });
    expect(docsMode(document)).toBe('sugerencia');
    docsPage({ mode: 'view' });
    expect(docsMode(document)).toBe('lectura');
    docsPage({ mode: null });
    expect(docsMode(document)).toBe('desconocido');
  });

  it('tells the user when the insertion goes in as a suggestion', async () => {
    const docs = docsPage({ mode: 'suggest' });
    const outcome = await insertIntoGoogleDocs(document, cita());
    expect(outcome.aviso).toMatch(/sugerencia/i);
    expect(docs.pastes).toHaveLength(1);
  });

  it('refuses a read-only document without pasting', async () => {
    const docs = docsPage({ mode: 'view' });
    const error = await failure(() => insertIntoGoogleDocs(document, cita()));
    expect(error.code).toBe('docs_solo_lectura');
    expect(error.message).toMatch(/solo lectura/);
    expect(docs.pastes).toHaveLength(0);
  });

  it('says so when the text-event iframe or its editable element is missing', async () => {
    document.body.innerHTML = '<div class="kix-appview-editor"><div class="kix-cursor-caret"></div></div>';
    expect((await failure(() => insertIntoGoogleDocs(document, cita()))).code).toBe('docs_sin_iframe');
    const docs = docsPage();
    docs.editable.remove();
    expect((await failure(() => insertIntoGoogleDocs(document, cita()))).code).toBe('docs_sin_destino');
  });

  it('asks for a click in the document when Docs shows no caret', async () => {
    const docs = docsPage({ caret: false });
    const error = await failure(() => insertIntoGoogleDocs(document, cita()));
    expect(error.code).toBe('docs_sin_cursor');
    expect(error.message).toMatch(/Haz clic/);
    expect(docs.pastes).toHaveLength(0);
  });

  it('fails visibly when Docs does not take the paste', async () => {
    const docs = docsPage({ takesPaste: false });
    const error = await failure(() => insertIntoGoogleDocs(document, cita()));
    expect(error.code).toBe('docs_rechazada');
    expect(docs.pastes).toHaveLength(1);
  });

  it('is the target when the keyboard is in the text-event iframe, anchored at Docs caret', async () => {
    const docs = docsPage();
    docs.editable.focus();
    expect(document.activeElement).toBe(docs.iframe); // as in browsers: the top document sees the frame
    const target = captureTarget(document);
    expect(target?.editor.family).toBe('google-docs');
    const caret = document.querySelector<HTMLElement>('.kix-cursor-caret')!;
    caret.getBoundingClientRect = () => ({ left: 120, top: 300, width: 2, height: 17 }) as DOMRect;
    expect(targetRect(target!, document)).toEqual({ left: 120, top: 300, width: 2, height: 17 });
    await insertContent(target!, cita(), { settleMs: 0 });
    expect(docs.pastes).toHaveLength(1);
  });
});

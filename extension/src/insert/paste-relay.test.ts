// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { citationInsertion } from './content';
import { dispatchBeforeInputPaste, dispatchPaste } from './paste';
import { listenForRelayedPastes, relayPaste } from './paste-relay';
import { pasaje } from './testing/pasajes';

afterEach(() => document.body.replaceChildren());

/** An editor that takes pastes (and beforeinput pastes) by reading their data, as Quill or Slate do. */
function editor(): { root: HTMLDivElement; got: { kind: string; html: string; text: string }[] } {
  const root = document.createElement('div');
  root.setAttribute('contenteditable', 'true');
  document.body.append(root);
  const got: { kind: string; html: string; text: string }[] = [];
  root.addEventListener('paste', (e) => {
    const data = (e as ClipboardEvent).clipboardData!;
    got.push({ kind: 'paste', html: data.getData('text/html'), text: data.getData('text/plain') });
    e.preventDefault();
  });
  root.addEventListener('beforeinput', (e) => {
    const data = (e as InputEvent).dataTransfer!;
    got.push({ kind: 'beforeinput', html: data.getData('text/html'), text: data.getData('text/plain') });
    e.preventDefault();
  });
  return { root, got };
}

describe('the page-world paste relay', () => {
  const ins = citationInsertion(pasaje(), 'cita');

  it('is not there unless the page-world side listens: the paste is then dispatched from here', () => {
    const { root, got } = editor();
    expect(relayPaste(root, { kind: 'paste', entries: { 'text/plain': 'x' } })).toBeUndefined();
    expect(got).toHaveLength(0);
    expect(dispatchPaste(root, ins, { html: true })).toBe(true);
    expect(got).toEqual([{ kind: 'paste', html: ins.html, text: ins.text }]);
  });

  it('dispatches the paste from the page world and says the editor took it', () => {
    const { root, got } = editor();
    const stop = listenForRelayedPastes(window);
    const seen: string[] = [];
    // The page's own listeners never see the relay's events.
    document.addEventListener('folio:pegar', () => seen.push('pegar'));
    document.addEventListener('folio:relevo', () => seen.push('relevo'));
    try {
      expect(dispatchPaste(root, ins, { html: false })).toBe(true);
      expect(dispatchBeforeInputPaste(root, ins)).toBe(true);
    } finally {
      stop();
    }
    expect(got).toEqual([
      { kind: 'paste', html: '', text: ins.text },
      { kind: 'beforeinput', html: ins.html, text: ins.text },
    ]);
    expect(seen).toEqual([]);
  });

  it('says so when no editor takes the paste, and ignores requests that are not its own shape', () => {
    const plain = document.createElement('p');
    document.body.append(plain);
    const stop = listenForRelayedPastes(window);
    try {
      expect(relayPaste(plain, { kind: 'paste', entries: { 'text/plain': 'x' } })).toBe(false);
      const odd = new CustomEvent('folio:pegar', { bubbles: true, cancelable: true, detail: '{no es json' });
      expect(plain.dispatchEvent(odd)).toBe(true);
    } finally {
      stop();
    }
  });
});

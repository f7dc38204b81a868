// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { CitedWork } from '../messaging/bibliography';
import type { SearchAnswer } from '../messaging/protocol';
import { openCitationPicker, type CitationPickerOptions } from './citation-picker';
import { citedWorkOf, memoryCitedWorks } from './cited-works';
import type { Insertion } from './content';
import type { Picker } from './picker';
import { pasaje, pasajeWeb } from './testing/pasajes';

let picker: Picker | undefined;
afterEach(() => {
  picker?.close();
  formatted.length = 0;
  document.body.replaceChildren();
});

const search = async (): Promise<SearchAnswer> => ({ pasajes: [pasaje(), pasajeWeb()], offline: false });

/** The background's formatting, as the picker sees it: one line per work, numbered, naming the style. */
const formatted: { works: CitedWork[]; estilo: string }[] = [];
async function formatBibliography(works: CitedWork[], estilo: string) {
  formatted.push({ works, estilo });
  const lines = works.map((w, n) => `${n + 1}. ${w.titulo} (${estilo})`);
  return { text: lines.join('\n'), html: lines.map((l) => `<p>${l}</p>`).join('') };
}

function open(over: Partial<CitationPickerOptions> = {}) {
  const citedWorks = over.citedWorks ?? memoryCitedWorks();
  const copied: Insertion[] = [];
  picker = openCitationPicker({
    document,
    search,
    citedWorks,
    formatBibliography,
    settleMs: 0,
    copy: async (ins) => (copied.push(ins), true),
    ...over,
  });
  const root = picker.root;
  const input = root.querySelector<HTMLInputElement>('input.q')!;
  const run = async (query: string, init: KeyboardEventInit = {}, down = 0) => {
    input.value = query;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await picker!.idle();
    for (let i = 0; i < down; i++) {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    }
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, ...init }));
    await picker!.idle();
  };
  return { root, input, run, citedWorks, copied };
}

describe('openCitationPicker', () => {
  it('inserts into the field that had the focus, at its caret, and records the cited work', async () => {
    const field = document.createElement('textarea');
    field.value = 'Todo signo miente. Después';
    document.body.append(field);
    field.focus();
    field.setSelectionRange(17, 17);
    const { root, input, run, citedWorks } = open();
    expect(root.activeElement).toBe(input); // the picker took the focus
    await run('signo');
    expect(field.value).toBe('Todo signo miente (Eco, 1977, p. 45). Después');
    expect(document.activeElement).toBe(field);
    expect(citedWorks.list().map((w) => w.id)).toEqual(['eco77']);
  });

  it('then inserts the bibliography of the works cited, on a line of its own', async () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    let t = open();
    await t.run('signo', { shiftKey: true });
    field.setRangeText('\n', field.value.length, field.value.length, 'end');
    t = open({ citedWorks: t.citedWorks });
    await t.run('páramo', {}, 1);
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    t = open({ citedWorks: t.citedWorks, mode: 'bibliografia' });
    const select = t.root.querySelector<HTMLSelectElement>('select.style')!;
    expect(t.root.querySelector('.bib-count')!.textContent).toBe('2 obras citadas en esta página.');
    select.value = 'vancouver';
    select.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await picker!.idle();
    // The works go to the formatter in order of first citation; what comes back goes in on lines of its own.
    expect(formatted).toEqual([{ works: [citedWorkOf(pasaje()), citedWorkOf(pasajeWeb())], estilo: 'vancouver' }]);
    expect(field.value.split('\n')).toEqual([
      '“La semiótica se ocupa de cualquier cosa que pueda considerarse como signo.” (Eco, 1977, p. 45)',
      '(Pérez Canul y Ruiz, 2021, párr. 3)',
      '1. Tratado de semiótica general (vancouver)',
      '2. El páramo y el agua (vancouver)',
    ]);
  });

  it('says so and stays open when the bibliography cannot be formatted (the background is gone)', async () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    const citedWorks = memoryCitedWorks();
    citedWorks.add(citedWorkOf(pasaje()));
    const t = open({
      citedWorks,
      mode: 'bibliografia',
      formatBibliography: () => Promise.reject(new Error('Extension context invalidated.')),
    });
    const select = t.root.querySelector<HTMLSelectElement>('select.style')!;
    select.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await picker!.idle();
    expect(t.root.querySelector('.notice')!.textContent).toBe(
      'Folio no pudo dar formato a la bibliografía. Recarga la página y vuelve a intentarlo.',
    );
    expect(picker!.closed).toBe(false);
    expect(field.value).toBe('');
  });

  it('asked again while open, keeps the picker and the field it will insert into', async () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    field.focus();
    const first = open();
    const firstPicker = picker;
    const again = openCitationPicker({
      document,
      search,
      citedWorks: first.citedWorks,
      formatBibliography,
      settleMs: 0,
    });
    expect(again).toBe(firstPicker);
    expect(first.root.activeElement).toBe(first.input);
    await first.run('signo');
    expect(field.value).toBe('(Eco, 1977, p. 45)');
  });

  it('without a focused field, says so and copies the cita instead', async () => {
    const { root, run, copied, citedWorks } = open();
    const notice = root.querySelector<HTMLElement>('.notice')!;
    expect(notice.textContent).toMatch(/^No hay un campo de texto con el cursor/);
    await run('signo');
    expect(copied.map((c) => c.text)).toEqual(['(Eco, 1977, p. 45)']);
    expect(notice.textContent).toMatch(/La cita quedó copiada: pégala con (Ctrl\+V|⌘V)\.$/);
    expect(picker!.closed).toBe(false);
    expect(citedWorks.list()).toHaveLength(1); // it will be in the document once pasted
  });

  it('Esc gives the caret back to the editor', async () => {
    const root = document.createElement('div');
    root.setAttribute('contenteditable', 'true');
    root.innerHTML = '<p>abc</p>';
    document.body.append(root);
    root.focus();
    const range = document.createRange();
    range.setStart(root.querySelector('p')!.firstChild!, 2);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    const t = open();
    t.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(picker!.closed).toBe(true);
    expect(document.activeElement).toBe(root);
    const back = document.getSelection()!.getRangeAt(0);
    expect([back.startContainer, back.startOffset]).toEqual([root.querySelector('p')!.firstChild, 2]);
  });
});

// @vitest-environment jsdom
import type { Pasaje } from '@folio/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '../messaging/protocol';
import type { CitationMode } from './content';
import { InsertError } from './errors';
import { openPicker, placement, type Picker, type PickerDeps } from './picker';
import { pasaje, pasajeWeb } from './testing/pasajes';

let picker: Picker | undefined;
afterEach(() => {
  picker?.close();
  document.body.replaceChildren();
});

function setup(over: Partial<PickerDeps> = {}, answer: Partial<SearchAnswer> = {}) {
  const queries: string[] = [];
  const inserted: [string, CitationMode][] = [];
  const closes: string[] = [];
  const deps: PickerDeps = {
    search: async (q) => {
      queries.push(q);
      return { pasajes: [pasaje(), pasajeWeb()], offline: false, ...answer };
    },
    insert: async (p: Pasaje, mode) => void inserted.push([p.id, mode]),
    onClose: (reason) => void closes.push(reason),
    ...over,
  };
  picker = openPicker(deps, { document, debounceMs: 0, noticeMs: 0 });
  const root = picker.root;
  const input = root.querySelector<HTMLInputElement>('input.q')!;
  const type = async (text: string) => {
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await picker!.idle();
  };
  const key = async (k: string, init: KeyboardEventInit = {}, on: Element = input) => {
    on.dispatchEvent(
      new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true, ...init }),
    );
    await picker!.idle();
  };
  const options = () => [...root.querySelectorAll('[role="option"]')];
  const notice = () => root.querySelector<HTMLElement>('.notice')!;
  return { deps, root, input, type, key, options, notice, queries, inserted, closes };
}

describe('picker', () => {
  it('opens in a shadow root with the search box focused, in Spanish', () => {
    const { root, input } = setup();
    expect(picker!.host.isConnected).toBe(true);
    expect(document.body.textContent).not.toContain('Insertar cita'); // styles and text stay in the shadow root
    expect(root.activeElement).toBe(input);
    expect(input.placeholder).toBe('Busca en tu biblioteca…');
    expect(root.textContent).toContain('↵ cita con enlace · ⇧↵ cita textual · Esc cerrar');
  });

  it('searches as the user types and shows cita, localizador, an excerpt and the reader link', async () => {
    const { type, options, queries } = setup();
    await type('semiótica');
    expect(queries).toEqual(['semiótica']);
    expect(options()).toHaveLength(2);
    const first = options()[0]!;
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.querySelector('.cita')?.textContent).toBe('(Eco, 1977, p. 45)');
    expect(first.querySelector('.loc')?.textContent).toBe('p. 45');
    expect(first.querySelector('.doc')?.textContent).toBe('Tratado de semiótica general');
    expect(first.querySelector('.texto')?.textContent).toBe(
      'La semiótica se ocupa de cualquier cosa que pueda considerarse como signo.',
    );
    expect(first.querySelector('a.enlace')?.getAttribute('href')).toBe('http://127.0.0.1:8787/leer/eco77?pagina=47');
    // Outside the closed shadow root, the host says which query is answered and by how many passages.
    expect(picker!.host.dataset).toMatchObject({ consulta: 'semiótica', resultados: '2' });
  });

  it('Enter inserts the chosen cita as a link, Shift+Enter the quote, and closes', async () => {
    const a = setup();
    await a.type('páramo');
    await a.key('ArrowDown');
    expect(a.options()[1]!.getAttribute('aria-selected')).toBe('true');
    await a.key('Enter');
    expect(a.inserted).toEqual([['paramo:3', 'cita']]);
    expect(a.closes).toEqual(['insertada']);
    expect(picker!.closed).toBe(true);
    expect(picker!.host.isConnected).toBe(false);

    const asked: string[] = [];
    const b = setup({ insert: async (p, mode, consulta) => void asked.push(`${p.id} ${mode} ${consulta}`) });
    await b.type('  signo ');
    await b.key('ArrowDown');
    await b.key('ArrowUp');
    await b.key('Enter', { shiftKey: true });
    // The quotation is cut to the words of the query these results answer.
    expect(asked).toEqual(['eco77:47 textual signo']);
  });

  it('Enter typed before the search ran inserts from the new results', async () => {
    const { input, key, inserted } = setup();
    input.value = 'eco';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await key('Enter');
    expect(inserted).toEqual([['eco77:47', 'cita']]);
  });

  it('Esc closes without inserting', async () => {
    const { key, closes, inserted } = setup();
    await key('Escape');
    expect(closes).toEqual(['cancelada']);
    expect(inserted).toEqual([]);
  });

  it('keeps keystrokes away from the page', async () => {
    const pageKeys = vi.fn();
    document.addEventListener('keydown', pageKeys);
    const { type, key } = setup();
    await type('eco');
    await key('x');
    expect(pageKeys).not.toHaveBeenCalled();
    document.removeEventListener('keydown', pageKeys);
  });

  it('shows the offline state and the background error', async () => {
    const { type, root, notice } = setup({}, { offline: true, error: 'Sin servidor: solo la copia local.' });
    expect(root.querySelector<HTMLElement>('.offline')!.hidden).toBe(true);
    await type('eco');
    expect(root.querySelector<HTMLElement>('.offline')!.hidden).toBe(false);
    expect(root.querySelector('.offline')!.textContent).toMatch(/Sin conexión/);
    expect(notice().textContent).toBe('Sin servidor: solo la copia local.');
  });

  it('says when nothing was found', async () => {
    const { type, root, options } = setup({ search: async () => ({ pasajes: [], offline: false }) });
    await type('nada');
    expect(options()).toHaveLength(0);
    expect(root.querySelector('.empty')!.textContent).toBe('Nada en tu biblioteca para «nada».');
  });

  it('shows why an insertion failed and stays open', async () => {
    const { type, key, notice, closes, input, root } = setup({
      insert: async () => {
        throw new InsertError('docs_solo_lectura');
      },
    });
    await type('eco');
    await key('Enter');
    expect(notice().hidden).toBe(false);
    expect(notice().getAttribute('role')).toBe('alert');
    expect(notice().textContent).toMatch(/^Este documento de Google Docs está en modo de solo lectura/);
    expect(closes).toEqual([]);
    expect(root.activeElement).toBe(input);
  });

  it('shows a success notice before closing', async () => {
    const { type, key, notice, closes } = setup({ insert: async () => ({ aviso: 'Insertada como sugerencia.' }) });
    await type('eco');
    await key('Enter');
    expect(notice().textContent).toBe('Insertada como sugerencia.');
    await new Promise((r) => setTimeout(r, 5));
    expect(closes).toEqual(['insertada']);
  });

  it('inserts the bibliography in the chosen style', async () => {
    const styles: string[] = [];
    const { root, key } = setup({
      bibliography: {
        styles: [
          { id: 'apa', nombre: 'APA 7' },
          { id: 'vancouver', nombre: 'Vancouver' },
        ],
        count: () => 2,
        insert: async (style) => void styles.push(style),
      },
    });
    root.querySelector<HTMLButtonElement>('.foot button')!.click();
    expect(root.querySelector('.title')!.textContent).toBe('Insertar bibliografía');
    expect(root.querySelector('.bib-count')!.textContent).toBe('2 obras citadas en esta página.');
    const select = root.querySelector<HTMLSelectElement>('select.style')!;
    expect(root.activeElement).toBe(select);
    select.value = 'vancouver';
    await key('Enter', {}, select);
    expect(styles).toEqual(['vancouver']);
  });
});

describe('placement', () => {
  const viewport = { width: 1000, height: 800 };
  it('opens below the caret, above it near the bottom, and stays inside the viewport', () => {
    expect(placement({ left: 100, top: 100, width: 1, height: 18 }, viewport)).toEqual({
      left: 100,
      top: 124,
      width: 440,
    });
    expect(placement({ left: 900, top: 700, width: 1, height: 18 }, viewport)).toEqual({
      left: 552,
      bottom: 106,
      width: 440,
    });
    expect(placement(null, viewport)).toEqual({ left: 280, top: 120, width: 440 });
  });
});

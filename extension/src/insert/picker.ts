import type { Pasaje } from '@folio/shared';
import type { SearchAnswer } from '../messaging/protocol';
import type { CitationMode } from './content';
import { InsertError, type InsertOutcome } from './errors';
import type { Rect } from './focus';
import { PICKER_CSS } from './picker-styles';
import { singleLine } from '@folio/shared/text/whitespace';

/** What the picker does through others, injected so it runs (and is tested) without the extension. */
export interface PickerDeps {
  /** Searches the library (the background's `search` message in the extension). */
  search(q: string): Promise<SearchAnswer>;
  /** Inserts a passage; rejects with an InsertError whose Spanish message the picker shows. */
  insert(pasaje: Pasaje, mode: CitationMode): Promise<InsertOutcome | void>;
  /** The bibliography of the works cited in this page; without it the picker offers none. */
  bibliography?: {
    styles: readonly { id: string; nombre: string }[];
    /** How many works have been cited in this page. */
    count(): number;
    insert(style: string): Promise<InsertOutcome | void>;
  };
  /** Called once when the picker closes, with why. */
  onClose?(reason: CloseReason): void;
}

/** Why the picker closed: something was inserted, the user dismissed it (Esc), or clicked elsewhere. */
export type CloseReason = 'insertada' | 'cancelada' | 'fuera';

/** Options of {@link openPicker}. */
export interface PickerOptions {
  /** The document the picker is shown in. */
  document: Document;
  /** The caret's box, in this document's viewport: the picker opens below it (above when there is no room). */
  anchor?: Rect | null;
  /** A first query (the text selected when the picker was asked for). */
  query?: string;
  /** Opens on the bibliography instead of the search. */
  mode?: 'cita' | 'bibliografia';
  /** The bibliography style selected first. */
  style?: string;
  /** A notice shown on opening, such as why nothing can be inserted here. */
  notice?: string;
  /** Milliseconds between the last keystroke and the search (default 180). */
  debounceMs?: number;
  /** Milliseconds a success notice stays before the picker closes (default 1800). */
  noticeMs?: number;
}

/** An open picker. */
export interface Picker {
  /** The element holding the shadow root, appended to the document. */
  readonly host: HTMLElement;
  /** The picker's shadow root (closed to the page). */
  readonly root: ShadowRoot;
  readonly closed: boolean;
  /** Closes it as dismissed ('cancelada') unless told otherwise. */
  close(reason?: CloseReason): void;
  /** Gives the keyboard back to the picker (its search box, or the style in the bibliography view). */
  focus(): void;
  /** Resolves when no search or insertion is pending (for tests and callers that wait). */
  idle(): Promise<void>;
}

const EXCERPT_CHARS = 240;
const PANEL_WIDTH = 440;
const PANEL_MAX_HEIGHT = 420;
const MARGIN = 8;

/** Events that must not reach the page's own shortcuts while the user types in the picker. */
const CONTAINED_EVENTS = ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'paste', 'copy', 'cut'];

function excerpt(text: string): string {
  const clean = singleLine(text);
  const chars = Array.from(clean);
  return chars.length <= EXCERPT_CHARS ? clean : `${chars.slice(0, EXCERPT_CHARS).join('').trimEnd()}…`;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text != null) node.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  return node;
}

/** Fixed position of the panel: below the anchor, above it when there is more room there, inside the viewport. */
export function placement(anchor: Rect | null | undefined, viewport: { width: number; height: number }) {
  const width = Math.min(PANEL_WIDTH, viewport.width - 2 * MARGIN);
  const clampLeft = (x: number) => Math.max(MARGIN, Math.min(x, viewport.width - width - MARGIN));
  if (!anchor) return { left: clampLeft((viewport.width - width) / 2), top: Math.round(viewport.height * 0.15), width };
  const left = clampLeft(anchor.left);
  const below = anchor.top + anchor.height + 6;
  const roomBelow = viewport.height - below - MARGIN;
  const roomAbove = anchor.top - 6 - MARGIN;
  if (roomBelow >= Math.min(PANEL_MAX_HEIGHT, 260) || roomBelow >= roomAbove) {
    return { left, top: Math.max(MARGIN, Math.min(below, viewport.height - 120)), width };
  }
  return { left, bottom: Math.max(MARGIN, viewport.height - anchor.top + 6), width };
}

/**
 * Opens the citation picker: a shadow-DOM panel near the caret, in Spanish and keyboard-first. Typing searches
 * the library; ↑/↓ choose a passage; Enter inserts its `cita` as a link to the reader, Shift+Enter the quoted
 * passage with its `cita`; Esc closes. The bibliography view inserts the works cited so far in a chosen style.
 * An insertion that fails shows its Spanish reason and leaves the picker open.
 */
export function openPicker(deps: PickerDeps, opts: PickerOptions): Picker {
  const doc = opts.document;
  const win = doc.defaultView ?? window;
  const debounceMs = opts.debounceMs ?? 180;
  const noticeMs = opts.noticeMs ?? 1800;

  const host = el(doc, 'folio-cita' as 'div');
  const root = host.attachShadow({ mode: 'closed' });
  const style = el(doc, 'style', { text: PICKER_CSS });
  const panel = el(doc, 'div', { className: 'panel', attrs: { role: 'dialog', 'aria-label': 'Citar con Folio' } });

  const head = el(doc, 'div', { className: 'head' });
  const title = el(doc, 'span', { className: 'title', text: 'Insertar cita' });
  const offline = el(doc, 'span', { className: 'offline', text: 'Sin conexión: resultados guardados' });
  offline.hidden = true;
  head.append(el(doc, 'span', { className: 'brand', text: 'Folio' }), title, offline);

  const citeView = el(doc, 'section', { className: 'cite' });
  const input = el(doc, 'input', {
    className: 'q',
    attrs: {
      type: 'search',
      role: 'combobox',
      'aria-label': 'Buscar en tu biblioteca',
      'aria-autocomplete': 'list',
      'aria-controls': 'folio-resultados',
      'aria-expanded': 'false',
      placeholder: 'Busca en tu biblioteca…',
      autocomplete: 'off',
      spellcheck: 'false',
    },
  });
  const list = el(doc, 'ul', {
    className: 'results',
    attrs: { id: 'folio-resultados', role: 'listbox', 'aria-label': 'Pasajes' },
  });
  const empty = el(doc, 'p', { className: 'empty', text: 'Escribe para buscar en tu biblioteca.' });
  citeView.append(input, list, empty);

  const bibView = el(doc, 'section', { className: 'bib' });
  const styleSelect = el(doc, 'select', { className: 'style', attrs: { 'aria-label': 'Estilo de la bibliografía' } });
  const bibCount = el(doc, 'p', { className: 'bib-count' });
  const bibInsert = el(doc, 'button', {
    className: 'bib-insert',
    text: 'Insertar bibliografía',
    attrs: { type: 'button' },
  });
  const styleLabel = el(doc, 'label', { text: 'Estilo' });
  bibView.append(styleLabel, styleSelect, bibCount, bibInsert);
  bibView.hidden = true;
  for (const s of deps.bibliography?.styles ?? []) {
    const option = el(doc, 'option', { text: s.nombre, attrs: { value: s.id } });
    if (s.id === opts.style) option.selected = true;
    styleSelect.append(option);
  }

  const notice = el(doc, 'div', { className: 'notice', attrs: { role: 'alert' } });
  notice.hidden = true;

  const foot = el(doc, 'div', { className: 'foot' });
  const hints = el(doc, 'span');
  const toggle = el(doc, 'button', { attrs: { type: 'button' } });
  foot.append(hints, toggle);
  toggle.hidden = !deps.bibliography;

  panel.append(head, citeView, bibView, notice, foot);
  root.append(style, panel);

  const place = placement(opts.anchor, { width: win.innerWidth, height: win.innerHeight });
  host.style.cssText =
    'all: initial; position: fixed; z-index: 2147483647; display: block;' +
    `left: ${place.left}px; width: ${place.width}px;` +
    (place.top != null ? `top: ${place.top}px;` : `bottom: ${place.bottom}px;`);

  let results: Pasaje[] = [];
  let active = -1;
  let closed = false;
  let busy = false;
  let view: 'cita' | 'bibliografia' = 'cita';
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settlePending: (() => void) | undefined;
  let work: Promise<unknown> = Promise.resolve();
  const track = <T>(p: Promise<T>): Promise<T> => {
    work = Promise.allSettled([work, p]);
    return p;
  };

  function showNotice(text: string | null, kind: 'error' | 'info' = 'error') {
    notice.hidden = !text;
    notice.textContent = text ?? '';
    notice.dataset.kind = kind;
  }

  function setActive(i: number) {
    const items = list.querySelectorAll<HTMLElement>('[role="option"]');
    active = items.length === 0 ? -1 : Math.max(0, Math.min(i, items.length - 1));
    items.forEach((item, n) => item.setAttribute('aria-selected', String(n === active)));
    const current = items[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView?.({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function renderResults(query: string) {
    list.replaceChildren(
      ...results.map((p, n) => {
        const item = el(doc, 'li', {
          className: 'item',
          attrs: { role: 'option', id: `folio-opcion-${n}`, 'aria-selected': 'false' },
        });
        const line = el(doc, 'div');
        line.append(
          el(doc, 'span', { className: 'cita', text: p.cita }),
          el(doc, 'span', { className: 'loc', text: p.localizador }),
        );
        const link = el(doc, 'a', {
          className: 'enlace',
          text: 'Abrir en el lector',
          attrs: { href: p.enlace, target: '_blank', rel: 'noopener noreferrer' },
        });
        link.addEventListener('click', (e) => e.stopPropagation());
        item.append(
          line,
          el(doc, 'div', { className: 'doc', text: p.documento.titulo }),
          el(doc, 'div', { className: 'texto', text: excerpt(p.texto) }),
          link,
        );
        item.addEventListener('mousedown', (e) => e.preventDefault());
        item.addEventListener('click', (e) => void choose(n, e.shiftKey ? 'textual' : 'cita'));
        return item;
      }),
    );
    input.setAttribute('aria-expanded', String(results.length > 0));
    // The host (outside the closed shadow root) says which query the list answers and how many passages
    // it shows, so a test or the page's automation can wait for the answer instead of guessing a delay.
    host.dataset.consulta = query.trim();
    host.dataset.resultados = String(results.length);
    empty.hidden = results.length > 0;
    empty.textContent = query.trim()
      ? `Nada en tu biblioteca para «${query.trim()}».`
      : 'Escribe para buscar en tu biblioteca.';
    setActive(0);
  }

  async function runSearch(query: string): Promise<void> {
    const mine = ++seq;
    try {
      const answer = await deps.search(query);
      if (mine !== seq || closed) return;
      results = answer.pasajes;
      offline.hidden = !answer.offline;
      showNotice(answer.error ?? null);
      renderResults(query);
    } catch {
      if (mine !== seq || closed) return;
      results = [];
      renderResults(query);
      showNotice('No se pudo buscar en tu biblioteca. Inténtalo de nuevo.');
    }
  }

  function scheduleSearch(query: string, delay = debounceMs) {
    if (timer !== undefined) clearTimeout(timer);
    settlePending?.();
    if (!query.trim()) {
      seq++;
      results = [];
      renderResults('');
      return;
    }
    track(
      new Promise<void>((resolve) => {
        settlePending = resolve;
        timer = setTimeout(() => {
          timer = undefined;
          settlePending = undefined;
          void runSearch(query).then(resolve);
        }, delay);
      }),
    );
  }

  async function act(run: () => Promise<InsertOutcome | void>): Promise<void> {
    if (busy || closed) return;
    busy = true;
    showNotice(null);
    try {
      const outcome = await run();
      if (outcome?.aviso) {
        showNotice(outcome.aviso, 'info');
        win.setTimeout(() => close('insertada'), noticeMs);
      } else {
        close('insertada');
      }
    } catch (error) {
      showNotice(error instanceof InsertError ? error.message : 'No se pudo insertar. Inténtalo de nuevo.');
      if (!closed) (view === 'cita' ? input : styleSelect).focus();
    } finally {
      busy = false;
    }
  }

  function choose(index: number | null, mode: CitationMode): Promise<void> {
    // Enter typed before the debounced search ran: insert from its results, not from the previous ones.
    if (timer !== undefined) scheduleSearch(input.value, 0);
    const searched = work;
    return track(
      searched.then(() => {
        const pasaje = results[index ?? Math.max(active, 0)];
        return pasaje ? act(() => deps.insert(pasaje, mode)) : undefined;
      }),
    );
  }

  function insertBibliography(): Promise<void> {
    const bib = deps.bibliography;
    if (!bib) return Promise.resolve();
    return track(act(() => bib.insert(styleSelect.value)));
  }

  function showView(next: 'cita' | 'bibliografia') {
    view = next === 'bibliografia' && deps.bibliography ? 'bibliografia' : 'cita';
    citeView.hidden = view !== 'cita';
    bibView.hidden = view !== 'bibliografia';
    title.textContent = view === 'cita' ? 'Insertar cita' : 'Insertar bibliografía';
    showNotice(null);
    if (view === 'cita') {
      hints.textContent = '↵ cita con enlace · ⇧↵ cita textual · Esc cerrar';
      toggle.textContent = 'Bibliografía';
      input.focus();
    } else {
      const n = deps.bibliography?.count() ?? 0;
      bibCount.textContent =
        n === 0
          ? 'Aún no has citado ninguna obra en esta página con Folio.'
          : n === 1
            ? '1 obra citada en esta página.'
            : `${n} obras citadas en esta página.`;
      bibInsert.disabled = n === 0;
      hints.textContent = '↵ insertar · Esc cerrar';
      toggle.textContent = 'Volver a citar';
      styleSelect.focus();
    }
  }

  function close(reason: CloseReason = 'cancelada') {
    if (closed) return;
    closed = true;
    if (timer !== undefined) clearTimeout(timer);
    settlePending?.();
    doc.removeEventListener('mousedown', onOutside, true);
    host.remove();
    deps.onClose?.(reason);
  }

  async function idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = work;
      await seen;
    } while (seen !== work);
  }

  function onOutside(e: Event) {
    if (!e.composedPath().includes(host)) close('fuera');
  }

  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (view === 'cita' && e.target === input) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive(active + (e.key === 'ArrowDown' ? 1 : -1));
      } else if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault();
        void choose(null, e.shiftKey ? 'textual' : 'cita');
      }
    } else if (view === 'bibliografia' && e.key === 'Enter' && e.target === styleSelect) {
      e.preventDefault();
      void insertBibliography();
    }
  });
  input.addEventListener('input', () => scheduleSearch(input.value));
  bibInsert.addEventListener('click', () => void insertBibliography());
  toggle.addEventListener('click', () => showView(view === 'cita' ? 'bibliografia' : 'cita'));
  for (const type of CONTAINED_EVENTS) host.addEventListener(type, (e) => e.stopPropagation());
  doc.addEventListener('mousedown', onOutside, true);

  doc.documentElement.append(host);
  showView(opts.mode ?? 'cita');
  if (opts.query) {
    input.value = opts.query;
    scheduleSearch(opts.query, 0);
  } else {
    renderResults('');
  }
  if (opts.notice) showNotice(opts.notice);

  return {
    host,
    root,
    get closed() {
      return closed;
    },
    close,
    focus: () => (view === 'cita' ? input : styleSelect).focus(),
    idle,
  };
}

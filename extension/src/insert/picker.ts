import type { Pasaje } from '@folio/shared';
import type { SearchAnswer } from '../messaging/protocol';
import type { CitationMode } from './content';
import { InsertError, type InsertOutcome } from './errors';
import type { Rect } from './focus';
import { buildPickerDom, resultItem, type PickerDom } from './picker-dom';

export { placement } from './picker-dom';

/** What the picker does through others, injected so it runs (and is tested) without the extension. */
export interface PickerDeps {
  /** Searches the library (the background's `search` message in the extension). */
  search(q: string): Promise<SearchAnswer>;
  /**
   * Inserts a passage found for `consulta` (what the quotation is narrowed to); rejects with an InsertError
   * whose Spanish message the picker shows.
   */
  insert(pasaje: Pasaje, mode: CitationMode, consulta: string): Promise<InsertOutcome | void>;
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

/** Events that must not reach the page's own shortcuts while the user types in the picker. */
const CONTAINED_EVENTS = ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'paste', 'copy', 'cut'];

type View = 'cita' | 'bibliografia';

/**
 * An open picker: its elements, what it shows (results, the active one, the view), and what is pending (the
 * debounced search, an insertion, the work `idle` waits for). Searching, inserting, the keyboard and the views
 * are its methods; the elements are built by `buildPickerDom`.
 */
class PickerSession {
  closed = false;
  view: View = 'cita';
  private results: Pasaje[] = [];
  /** The query `results` answer. */
  private answered = '';
  private active = -1;
  private busy = false;
  /** The latest search asked for: an answer to an older one is dropped. */
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private settlePending: (() => void) | undefined;
  private work: Promise<unknown> = Promise.resolve();
  private readonly debounceMs: number;
  private readonly noticeMs: number;

  constructor(
    private readonly deps: PickerDeps,
    private readonly dom: PickerDom,
    private readonly doc: Document,
    private readonly win: Window,
    opts: PickerOptions,
  ) {
    this.debounceMs = opts.debounceMs ?? 180;
    this.noticeMs = opts.noticeMs ?? 1800;
  }

  /** Listens to the panel and the page, puts the picker in the document and shows its first view. */
  open(opts: PickerOptions): void {
    const { dom } = this;
    dom.panel.addEventListener('keydown', (e) => this.onKeydown(e));
    dom.input.addEventListener('input', () => this.scheduleSearch(dom.input.value));
    dom.bibInsert.addEventListener('click', () => void this.insertBibliography());
    dom.toggle.addEventListener('click', () => this.showView(this.view === 'cita' ? 'bibliografia' : 'cita'));
    for (const type of CONTAINED_EVENTS) dom.host.addEventListener(type, (e) => e.stopPropagation());
    this.doc.addEventListener('mousedown', this.onOutside, true);

    this.doc.documentElement.append(dom.host);
    this.showView(opts.mode ?? 'cita');
    if (opts.query) {
      dom.input.value = opts.query;
      this.scheduleSearch(opts.query, 0);
    } else {
      this.renderResults('');
    }
    if (opts.notice) this.showNotice(opts.notice);
  }

  close(reason: CloseReason = 'cancelada'): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.settlePending?.();
    this.doc.removeEventListener('mousedown', this.onOutside, true);
    this.dom.host.remove();
    this.deps.onClose?.(reason);
  }

  focus(): void {
    (this.view === 'cita' ? this.dom.input : this.dom.styleSelect).focus();
  }

  async idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.work;
      await seen;
    } while (seen !== this.work);
  }

  private readonly onOutside = (e: Event) => {
    if (!e.composedPath().includes(this.dom.host)) this.close('fuera');
  };

  private track<T>(p: Promise<T>): Promise<T> {
    this.work = Promise.allSettled([this.work, p]);
    return p;
  }

  // The keyboard

  private onKeydown(e: KeyboardEvent): void {
    const { input, styleSelect } = this.dom;
    if (e.key === 'Escape') {
      e.preventDefault();
      this.close();
      return;
    }
    if (this.view === 'cita' && e.target === input) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        this.setActive(this.active + (e.key === 'ArrowDown' ? 1 : -1));
      } else if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault();
        void this.choose(null, e.shiftKey ? 'textual' : 'cita');
      }
    } else if (this.view === 'bibliografia' && e.key === 'Enter' && e.target === styleSelect) {
      e.preventDefault();
      void this.insertBibliography();
    }
  }

  // Searching

  private scheduleSearch(query: string, delay = this.debounceMs): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.settlePending?.();
    if (!query.trim()) {
      this.seq++;
      this.results = [];
      this.renderResults('');
      return;
    }
    this.track(
      new Promise<void>((resolve) => {
        this.settlePending = resolve;
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.settlePending = undefined;
          void this.runSearch(query).then(resolve);
        }, delay);
      }),
    );
  }

  private async runSearch(query: string): Promise<void> {
    const mine = ++this.seq;
    try {
      const answer = await this.deps.search(query);
      if (mine !== this.seq || this.closed) return;
      this.results = answer.pasajes;
      this.dom.offline.hidden = !answer.offline;
      this.showNotice(answer.error ?? null);
      this.renderResults(query);
    } catch {
      if (mine !== this.seq || this.closed) return;
      this.results = [];
      this.renderResults(query);
      this.showNotice('No se pudo buscar en tu biblioteca. Inténtalo de nuevo.');
    }
  }

  // Inserting

  private choose(index: number | null, mode: CitationMode): Promise<void> {
    // Enter typed before the debounced search ran: insert from its results, not from the previous ones.
    if (this.timer !== undefined) this.scheduleSearch(this.dom.input.value, 0);
    const searched = this.work;
    return this.track(
      searched.then(() => {
        const pasaje = this.results[index ?? Math.max(this.active, 0)];
        return pasaje ? this.act(() => this.deps.insert(pasaje, mode, this.answered)) : undefined;
      }),
    );
  }

  private insertBibliography(): Promise<void> {
    const bib = this.deps.bibliography;
    if (!bib) return Promise.resolve();
    return this.track(this.act(() => bib.insert(this.dom.styleSelect.value)));
  }

  /** Runs one insertion at a time: closes on success (after its notice, if it has one), shows why on failure. */
  private async act(run: () => Promise<InsertOutcome | void>): Promise<void> {
    if (this.busy || this.closed) return;
    this.busy = true;
    this.showNotice(null);
    try {
      const outcome = await run();
      if (outcome?.aviso) {
        this.showNotice(outcome.aviso, 'info');
        this.win.setTimeout(() => this.close('insertada'), this.noticeMs);
      } else {
        this.close('insertada');
      }
    } catch (error) {
      this.showNotice(error instanceof InsertError ? error.message : 'No se pudo insertar. Inténtalo de nuevo.');
      if (!this.closed) this.focus();
    } finally {
      this.busy = false;
    }
  }

  // What is shown

  private showNotice(text: string | null, kind: 'error' | 'info' = 'error'): void {
    const { notice } = this.dom;
    notice.hidden = !text;
    notice.textContent = text ?? '';
    notice.dataset.kind = kind;
  }

  private setActive(i: number): void {
    const { list, input } = this.dom;
    const items = list.querySelectorAll<HTMLElement>('[role="option"]');
    this.active = items.length === 0 ? -1 : Math.max(0, Math.min(i, items.length - 1));
    items.forEach((item, n) => item.setAttribute('aria-selected', String(n === this.active)));
    const current = items[this.active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView?.({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  private renderResults(query: string): void {
    const { host, list, input, empty } = this.dom;
    list.replaceChildren(
      ...this.results.map((p, n) =>
        resultItem(this.doc, p, n, (shift) => void this.choose(n, shift ? 'textual' : 'cita')),
      ),
    );
    input.setAttribute('aria-expanded', String(this.results.length > 0));
    // The host (outside the closed shadow root) says which query the list answers and how many passages
    // it shows, so a test or the page's automation can wait for the answer instead of guessing a delay.
    this.answered = query.trim();
    host.dataset.consulta = query.trim();
    host.dataset.resultados = String(this.results.length);
    empty.hidden = this.results.length > 0;
    empty.textContent = query.trim()
      ? `Nada en tu biblioteca para «${query.trim()}».`
      : 'Escribe para buscar en tu biblioteca.';
    this.setActive(0);
  }

  private showView(next: View): void {
    const { deps, dom } = this;
    this.view = next === 'bibliografia' && deps.bibliography ? 'bibliografia' : 'cita';
    dom.citeView.hidden = this.view !== 'cita';
    dom.bibView.hidden = this.view !== 'bibliografia';
    dom.title.textContent = this.view === 'cita' ? 'Insertar cita' : 'Insertar bibliografía';
    this.showNotice(null);
    if (this.view === 'cita') {
      dom.hints.textContent = '↵ cita con enlace · ⇧↵ cita textual · Esc cerrar';
      dom.toggle.textContent = 'Bibliografía';
      dom.input.focus();
    } else {
      const n = deps.bibliography?.count() ?? 0;
      dom.bibCount.textContent =
        n === 0
          ? 'Aún no has citado ninguna obra en esta página con Folio.'
          : n === 1
            ? '1 obra citada en esta página.'
            : `${n} obras citadas en esta página.`;
      dom.bibInsert.disabled = n === 0;
      dom.hints.textContent = '↵ insertar · Esc cerrar';
      dom.toggle.textContent = 'Volver a citar';
      dom.styleSelect.focus();
    }
  }
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
  const dom = buildPickerDom(doc, win, { styles: deps.bibliography?.styles, style: opts.style, anchor: opts.anchor });
  const session = new PickerSession(deps, dom, doc, win, opts);
  session.open(opts);
  return {
    host: dom.host,
    root: dom.root,
    get closed() {
      return session.closed;
    },
    close: (reason) => session.close(reason),
    focus: () => session.focus(),
    idle: () => session.idle(),
  };
}

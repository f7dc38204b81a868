import type { Pasaje } from '@folio/shared';
import { singleLine } from '@folio/shared/text/whitespace';
import type { Rect } from './focus';
import { PICKER_CSS } from './picker-styles';

const EXCERPT_CHARS = 240;
const PANEL_WIDTH = 440;
const PANEL_MAX_HEIGHT = 420;
const MARGIN = 8;

/** The picker's elements: a closed shadow root on `host`, the cite and bibliography views, notice and footer. */
export interface PickerDom {
  host: HTMLElement;
  root: ShadowRoot;
  panel: HTMLElement;
  title: HTMLElement;
  offline: HTMLElement;
  citeView: HTMLElement;
  input: HTMLInputElement;
  list: HTMLUListElement;
  empty: HTMLParagraphElement;
  bibView: HTMLElement;
  styleSelect: HTMLSelectElement;
  bibCount: HTMLParagraphElement;
  bibInsert: HTMLButtonElement;
  notice: HTMLDivElement;
  hints: HTMLSpanElement;
  toggle: HTMLButtonElement;
}

/** What the picker's elements are built from. */
export interface PickerDomOptions {
  /** The bibliography styles to offer; none when the picker has no bibliography. */
  styles: readonly { id: string; nombre: string }[] | undefined;
  /** The style selected first. */
  style?: string;
  /** The caret's box the panel is placed by. */
  anchor?: Rect | null;
}

/** A passage's text cut to an excerpt of the list, on one line. */
export function excerpt(text: string): string {
  const clean = singleLine(text);
  const chars = Array.from(clean);
  return chars.length <= EXCERPT_CHARS ? clean : `${chars.slice(0, EXCERPT_CHARS).join('').trimEnd()}…`;
}

/** An element of `doc` with a class, text and attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(
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

/** The picker's elements, not yet in the document, the host placed by `anchor` in `win`'s viewport. */
export function buildPickerDom(doc: Document, win: Window, opts: PickerDomOptions): PickerDom {
  const host = el(doc, 'folio-cita' as 'div');
  const root = host.attachShadow({ mode: 'closed' });
  const style = el(doc, 'style', { text: PICKER_CSS });
  const panel = el(doc, 'div', { className: 'panel', attrs: { role: 'dialog', 'aria-label': 'Citar con Folio' } });
  const head = headRow(doc);
  const cite = citeSection(doc);
  const bib = bibliographySection(doc, opts);
  const notice = el(doc, 'div', { className: 'notice', attrs: { role: 'alert' } });
  notice.hidden = true;
  const foot = footRow(doc, Boolean(opts.styles));
  panel.append(head.head, cite.citeView, bib.bibView, notice, foot.foot);
  root.append(style, panel);
  placeHost(host, opts.anchor, win);
  const { hints, toggle } = foot;
  return { host, root, panel, title: head.title, offline: head.offline, ...cite, ...bib, notice, hints, toggle };
}

function headRow(doc: Document) {
  const head = el(doc, 'div', { className: 'head' });
  const title = el(doc, 'span', { className: 'title', text: 'Insertar cita' });
  const offline = el(doc, 'span', { className: 'offline', text: 'Sin conexión: resultados guardados' });
  offline.hidden = true;
  head.append(el(doc, 'span', { className: 'brand', text: 'Folio' }), title, offline);
  return { head, title, offline };
}

/** The search box and the list of passages (a combobox and its listbox). */
function citeSection(doc: Document) {
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
  return { citeView, input, list, empty };
}

/** The bibliography view (hidden at first): the style, how many works are cited, the insert button. */
function bibliographySection(doc: Document, opts: PickerDomOptions) {
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
  for (const s of opts.styles ?? []) {
    const option = el(doc, 'option', { text: s.nombre, attrs: { value: s.id } });
    if (s.id === opts.style) option.selected = true;
    styleSelect.append(option);
  }
  return { bibView, styleSelect, bibCount, bibInsert };
}

/** The keyboard hints and the button between the two views (shown only with a bibliography). */
function footRow(doc: Document, withBibliography: boolean) {
  const foot = el(doc, 'div', { className: 'foot' });
  const hints = el(doc, 'span');
  const toggle = el(doc, 'button', { attrs: { type: 'button' } });
  foot.append(hints, toggle);
  toggle.hidden = !withBibliography;
  return { foot, hints, toggle };
}

/** Fixes the host over the page at its {@link placement}. */
function placeHost(host: HTMLElement, anchor: Rect | null | undefined, win: Window): void {
  const place = placement(anchor, { width: win.innerWidth, height: win.innerHeight });
  host.style.cssText =
    'all: initial; position: fixed; z-index: 2147483647; display: block;' +
    `left: ${place.left}px; width: ${place.width}px;` +
    (place.top != null ? `top: ${place.top}px;` : `bottom: ${place.bottom}px;`);
}

/** One passage of the list, option `n`; `onPick` gets whether Shift was held when it was clicked. */
export function resultItem(doc: Document, p: Pasaje, n: number, onPick: (shift: boolean) => void): HTMLLIElement {
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
  item.addEventListener('click', (e) => onPick(e.shiftKey));
  return item;
}

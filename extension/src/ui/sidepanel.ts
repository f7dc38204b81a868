import type { Fuente } from '@folio/shared';
import type { AskPortMessage, AskPortRequest, SearchAnswer } from '../messaging/protocol';
import { copyText, el } from './dom';
import { passageItem, type CopyText } from './sidepanel-passage';

/** What the side panel asks the background: searches by message, questions through the ask Port. */
export interface SidePanelApi {
  search(q: string): Promise<SearchAnswer>;
  /** Starts a question; `onMessage` gets each event, `onEnd` the end of the stream. Returns a cancel function. */
  ask(request: AskPortRequest, onMessage: (message: AskPortMessage) => void, onEnd: () => void): () => void;
  copy?(text: string): Promise<boolean>;
}

const CONFIANZA: Record<string, string> = { alta: 'alta', media: 'media', baja: 'baja' };

type Tone = 'ok' | 'error' | 'offline';

function say(node: HTMLElement, text: string, tone: Tone = 'ok') {
  node.textContent = text;
  node.dataset.tone = tone;
}

/** The search section's elements. */
interface SearchView {
  section: HTMLElement;
  form: HTMLFormElement;
  q: HTMLInputElement;
  status: HTMLElement;
  results: HTMLOListElement;
}

/** The ask section's elements. */
interface AskView {
  section: HTMLElement;
  form: HTMLFormElement;
  question: HTMLTextAreaElement;
  status: HTMLElement;
  answer: HTMLElement;
  footnotes: HTMLOListElement;
}

function searchView(): SearchView {
  const q = el('input', { id: 'consulta', name: 'q', type: 'search', required: true, autocomplete: 'off' });
  const form = el(
    'form',
    { id: 'buscar', role: 'search', class: 'stack' },
    el('label', { for: 'consulta' }, 'Buscar en tu biblioteca'),
    el('div', { class: 'row' }, q, el('button', { type: 'submit', class: 'primary' }, 'Buscar')),
  );
  const status = el('p', { id: 'estado-busqueda', role: 'status', 'aria-live': 'polite', class: 'status' });
  const results = el('ol', { id: 'resultados', class: 'results', 'aria-label': 'Resultados' });
  const section = el(
    'section',
    { 'aria-labelledby': 'titulo-buscar' },
    el('h1', { id: 'titulo-buscar' }, 'Buscar'),
    form,
    status,
    results,
  );
  return { section, form, q, status, results };
}

function askView(): AskView {
  const question = el('textarea', { id: 'pregunta', name: 'pregunta', rows: 3, required: true });
  const form = el(
    'form',
    { id: 'preguntar', class: 'stack' },
    el('label', { for: 'pregunta' }, 'Preguntar a tu biblioteca'),
    question,
    el('button', { type: 'submit', class: 'primary' }, 'Preguntar'),
  );
  const status = el('p', { id: 'estado-respuesta', role: 'status', 'aria-live': 'polite', class: 'status' });
  const answer = el('div', { id: 'respuesta', class: 'answer', 'aria-live': 'polite', 'aria-busy': 'false' });
  const footnotes = el('ol', { id: 'notas', class: 'footnotes', 'aria-label': 'Fuentes' });
  const section = el(
    'section',
    { 'aria-labelledby': 'titulo-preguntar' },
    el('h2', { id: 'titulo-preguntar' }, 'Preguntar'),
    form,
    status,
    answer,
    footnotes,
  );
  return { section, form, question, status, answer, footnotes };
}

/** Searching: each submitted query's passages, or why there are none, from the cache when offline. */
function wireSearch(view: SearchView, api: SidePanelApi, copy: CopyText): void {
  view.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = view.q.value.trim();
    if (!text) return;
    say(view.status, 'Buscando…');
    view.results.replaceChildren();
    let answer: SearchAnswer;
    try {
      answer = await api.search(text);
    } catch {
      say(view.status, 'No se pudo hablar con la extensión.', 'error');
      return;
    }
    view.results.replaceChildren(...answer.pasajes.map((p, i) => passageItem(p, `r${i}`, copy)));
    say(view.status, ...searchStatus(answer));
  });
}

/** What the search status says of an answer, and in which tone. */
function searchStatus(answer: SearchAnswer): [string, Tone] {
  const count = answer.pasajes.length;
  const found = count === 0 ? 'Nada encontrado.' : count === 1 ? '1 pasaje.' : `${count} pasajes.`;
  if (answer.error)
    return [count > 0 ? `${answer.error} ${found}` : answer.error, answer.offline ? 'offline' : 'error'];
  if (answer.offline) return [`Sin conexión: resultados guardados de búsquedas anteriores. ${found}`, 'offline'];
  return [found, 'ok'];
}

/** An answer's text so far as paragraphs, its footnote marks linked to the sources below. */
function renderAnswer(target: HTMLElement, text: string): void {
  // The footnote definitions close the answer; the sources list shows them instead.
  const body = text.split(/\n\[\^\d+\]:/)[0] ?? '';
  const paragraphs = body.split(/\n{2,}/).filter((p) => p.trim() !== '');
  target.replaceChildren(
    ...paragraphs.map((para) => {
      const p = el('p');
      for (const [i, part] of para.split(/\[\^(\d+)\]/).entries()) {
        if (i % 2 === 0) p.append(part);
        else p.append(el('sup', {}, el('a', { href: `#nota-${part}`, 'aria-label': `Nota ${part}` }, part)));
      }
      return p;
    }),
  );
}

/** The question being answered: how to cancel it, its text so far, whether it ended as it should. */
interface AskState {
  cancel: (() => void) | null;
  text: string;
  finished: boolean;
}

/** One event of the answer's stream, shown. */
function showAskMessage(view: AskView, state: AskState, m: AskPortMessage, copy: CopyText): void {
  switch (m.event) {
    case 'pasajes':
      say(view.status, `Leyendo ${m.data.pasajes.length} pasajes…`);
      break;
    case 'texto':
      state.text += m.data.texto;
      renderAnswer(view.answer, state.text);
      break;
    case 'fuente': {
      const f: Fuente = m.data;
      view.footnotes.append(passageItem(f, `n${f.n}`, copy, f.n));
      break;
    }
    case 'fin':
      state.finished = true;
      state.text = m.data.respuesta;
      renderAnswer(view.answer, state.text);
      say(view.status, `Confianza: ${CONFIANZA[m.data.confianza] ?? m.data.confianza}.`);
      break;
    case 'error':
      state.finished = true;
      say(view.status, m.data.error.mensaje, 'error');
      break;
    case 'fallo':
      state.finished = true;
      say(view.status, m.mensaje, m.offline ? 'offline' : 'error');
      break;
  }
}

/** Asking: each submitted question cancels the one before and streams its answer in. Returns the state. */
function wireAsk(view: AskView, api: SidePanelApi, copy: CopyText): AskState {
  const state: AskState = { cancel: null, text: '', finished: false };
  view.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const pregunta = view.question.value.trim();
    if (!pregunta) return;
    state.cancel?.();
    state.text = '';
    state.finished = false;
    view.answer.replaceChildren();
    view.footnotes.replaceChildren();
    view.answer.setAttribute('aria-busy', 'true');
    say(view.status, 'Preguntando…');
    try {
      state.cancel = api.ask(
        { pregunta },
        (m) => showAskMessage(view, state, m, copy),
        () => {
          view.answer.setAttribute('aria-busy', 'false');
          state.cancel = null;
          if (!state.finished) say(view.status, 'La respuesta se cortó antes de terminar.', 'error');
        },
      );
    } catch {
      view.answer.setAttribute('aria-busy', 'false');
      say(view.status, 'No se pudo hablar con la extensión.', 'error');
    }
  });
  return state;
}

/**
 * The side panel: search the library (passages with `cita`, `localizador`, their literal text, copy buttons
 * and the reader link; from the cache when offline) and ask it (the answer streams in sentence by sentence,
 * each footnote listed with its source as it arrives).
 */
export function mountSidePanel(root: HTMLElement, api: SidePanelApi) {
  const copy = api.copy ?? copyText;
  const search = searchView();
  const ask = askView();
  root.replaceChildren(search.section, ask.section);
  wireSearch(search, api, copy);
  const asking = wireAsk(ask, api, copy);
  return { cancel: () => asking.cancel?.() };
}

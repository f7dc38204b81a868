import type { Fuente, Pasaje } from '@folio/shared';
import type { AskPortMessage, AskPortRequest, SearchAnswer } from '../messaging/protocol';
import { copyText, el, webHref } from './dom';
import { singleLine } from '@folio/shared/text/whitespace';

/** What the side panel asks the background: searches by message, questions through the ask Port. */
export interface SidePanelApi {
  search(q: string): Promise<SearchAnswer>;
  /** Starts a question; `onMessage` gets each event, `onEnd` the end of the stream. Returns a cancel function. */
  ask(request: AskPortRequest, onMessage: (message: AskPortMessage) => void, onEnd: () => void): () => void;
  copy?(text: string): Promise<boolean>;
}

const CONFIANZA: Record<string, string> = { alta: 'alta', media: 'media', baja: 'baja' };

/**
 * The side panel: search the library (passages with `cita`, `localizador`, their literal text, copy buttons
 * and the reader link; from the cache when offline) and ask it (the answer streams in sentence by sentence,
 * each footnote listed with its source as it arrives).
 */
export function mountSidePanel(root: HTMLElement, api: SidePanelApi) {
  const copy = api.copy ?? copyText;

  const q = el('input', { id: 'consulta', name: 'q', type: 'search', required: true, autocomplete: 'off' });
  const searchForm = el(
    'form',
    { id: 'buscar', role: 'search', class: 'stack' },
    el('label', { for: 'consulta' }, 'Buscar en tu biblioteca'),
    el('div', { class: 'row' }, q, el('button', { type: 'submit', class: 'primary' }, 'Buscar')),
  );
  const searchStatus = el('p', { id: 'estado-busqueda', role: 'status', 'aria-live': 'polite', class: 'status' });
  const results = el('ol', { id: 'resultados', class: 'results', 'aria-label': 'Resultados' });

  const question = el('textarea', { id: 'pregunta', name: 'pregunta', rows: 3, required: true });
  const askButton = el('button', { type: 'submit', class: 'primary' }, 'Preguntar');
  const askForm = el(
    'form',
    { id: 'preguntar', class: 'stack' },
    el('label', { for: 'pregunta' }, 'Preguntar a tu biblioteca'),
    question,
    askButton,
  );
  const askStatus = el('p', { id: 'estado-respuesta', role: 'status', 'aria-live': 'polite', class: 'status' });
  const answerText = el('div', { id: 'respuesta', class: 'answer', 'aria-live': 'polite', 'aria-busy': 'false' });
  const footnotes = el('ol', { id: 'notas', class: 'footnotes', 'aria-label': 'Fuentes' });

  root.replaceChildren(
    el(
      'section',
      { 'aria-labelledby': 'titulo-buscar' },
      el('h1', { id: 'titulo-buscar' }, 'Buscar'),
      searchForm,
      searchStatus,
      results,
    ),
    el(
      'section',
      { 'aria-labelledby': 'titulo-preguntar' },
      el('h2', { id: 'titulo-preguntar' }, 'Preguntar'),
      askForm,
      askStatus,
      answerText,
      footnotes,
    ),
  );

  const say = (node: HTMLElement, text: string, tone: 'ok' | 'error' | 'offline' = 'ok') => {
    node.textContent = text;
    node.dataset.tone = tone;
  };

  function passageActions(p: Pasaje, idPrefix: string): HTMLElement {
    const copyBtn = (label: string, text: string) => {
      const b = el('button', { type: 'button', class: 'secondary', 'aria-describedby': `${idPrefix}-cita` }, label);
      b.addEventListener('click', async () => {
        const ok = await copy(text);
        b.textContent = ok ? 'Copiado' : 'No se pudo copiar';
        setTimeout(() => (b.textContent = label), 1500);
      });
      return b;
    };
    const href = webHref(p.enlace);
    const quote = `“${singleLine(p.texto)}” ${p.cita}`;
    return el(
      'div',
      { class: 'actions' },
      copyBtn('Copiar cita', p.cita),
      copyBtn('Copiar texto y cita', quote),
      href ? el('a', { href, target: '_blank', rel: 'noopener' }, 'Abrir en el lector') : null,
    );
  }

  function passageItem(p: Pasaje, idPrefix: string, n?: number): HTMLLIElement {
    return el(
      'li',
      { class: 'passage', id: n === undefined ? undefined : `nota-${n}` },
      el('p', { class: 'doc' }, p.documento.titulo),
      el(
        'p',
        { class: 'cite', id: `${idPrefix}-cita` },
        el('strong', {}, p.cita),
        p.localizador ? el('span', { class: 'locator' }, ` · ${p.localizador}`) : null,
      ),
      el('blockquote', {}, p.texto),
      passageActions(p, idPrefix),
    );
  }

  searchForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = q.value.trim();
    if (!text) return;
    say(searchStatus, 'Buscando…');
    results.replaceChildren();
    let answer: SearchAnswer;
    try {
      answer = await api.search(text);
    } catch {
      say(searchStatus, 'No se pudo hablar con la extensión.', 'error');
      return;
    }
    results.replaceChildren(...answer.pasajes.map((p, i) => passageItem(p, `r${i}`)));
    const count = answer.pasajes.length;
    const found = count === 0 ? 'Nada encontrado.' : count === 1 ? '1 pasaje.' : `${count} pasajes.`;
    if (answer.error)
      say(searchStatus, count > 0 ? `${answer.error} ${found}` : answer.error, answer.offline ? 'offline' : 'error');
    else if (answer.offline)
      say(searchStatus, `Sin conexión: resultados guardados de búsquedas anteriores. ${found}`, 'offline');
    else say(searchStatus, found);
  });

  let cancel: (() => void) | null = null;
  let buffer = '';
  let finished = false;

  function renderAnswer() {
    // The footnote definitions close the answer; the sources list shows them instead.
    const body = buffer.split(/\n\[\^\d+\]:/)[0] ?? '';
    const paragraphs = body.split(/\n{2,}/).filter((p) => p.trim() !== '');
    answerText.replaceChildren(
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

  function onAskMessage(m: AskPortMessage) {
    switch (m.event) {
      case 'pasajes':
        say(askStatus, `Leyendo ${m.data.pasajes.length} pasajes…`);
        break;
      case 'texto':
        buffer += m.data.texto;
        renderAnswer();
        break;
      case 'fuente': {
        const f: Fuente = m.data;
        footnotes.append(passageItem(f, `n${f.n}`, f.n));
        break;
      }
      case 'fin':
        finished = true;
        buffer = m.data.respuesta;
        renderAnswer();
        say(askStatus, `Confianza: ${CONFIANZA[m.data.confianza] ?? m.data.confianza}.`);
        break;
      case 'error':
        finished = true;
        say(askStatus, m.data.error.mensaje, 'error');
        break;
      case 'fallo':
        finished = true;
        say(askStatus, m.mensaje, m.offline ? 'offline' : 'error');
        break;
    }
  }

  askForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const pregunta = question.value.trim();
    if (!pregunta) return;
    cancel?.();
    buffer = '';
    finished = false;
    answerText.replaceChildren();
    footnotes.replaceChildren();
    answerText.setAttribute('aria-busy', 'true');
    say(askStatus, 'Preguntando…');
    try {
      cancel = api.ask({ pregunta }, onAskMessage, () => {
        answerText.setAttribute('aria-busy', 'false');
        cancel = null;
        if (!finished) say(askStatus, 'La respuesta se cortó antes de terminar.', 'error');
      });
    } catch {
      answerText.setAttribute('aria-busy', 'false');
      say(askStatus, 'No se pudo hablar con la extensión.', 'error');
    }
  });

  return { cancel: () => cancel?.() };
}

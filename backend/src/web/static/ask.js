/* global document, fetch, TextDecoder */
// The Ask page: the answer streams in from /preguntar/flujo (server-sent events read with fetch), sentence by
// checked sentence, each footnote a link to the reader; then the sources and the confidence. Without this
// script the form posts and the server renders the whole answer.

const form = document.getElementById('preguntar');
if (form) {
  const texts = JSON.parse(form.dataset.textos);
  const csrf = form.querySelector('input[name="_csrf"]').value;
  const question = document.getElementById('pregunta');
  const button = form.querySelector('button[type="submit"]');
  const section = document.getElementById('resultado');
  const status = document.getElementById('estado-respuesta');
  const answer = document.getElementById('respuesta');
  const nothing = document.getElementById('nada');
  const confidence = document.getElementById('confianza');
  const sourcesBlock = document.getElementById('fuentes-bloque');
  const sources = document.getElementById('fuentes');

  const fill = (template, vars) => template.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

  /** The answer's text without its footnote definitions, as paragraphs with footnote links. */
  function renderAnswer(text, fuentes) {
    const body = text
      .split('\n')
      .filter((line) => !/^\[\^\d+\]:\s/.test(line))
      .join('\n')
      .trim();
    answer.replaceChildren();
    for (const para of body.split(/\n\s*\n/)) {
      if (!para.trim()) continue;
      const p = document.createElement('p');
      para.split(/\[\^(\d+)\]/).forEach((part, i) => {
        if (i % 2 === 0) {
          p.append(part);
          return;
        }
        const sup = document.createElement('sup');
        const f = fuentes.get(part);
        if (f) {
          sup.className = 'nota';
          const a = document.createElement('a');
          a.href = f.enlace;
          a.textContent = part;
          a.dataset.n = part;
          a.setAttribute('aria-label', fill(texts.footnote, { n: part, cita: f.cita }));
          sup.append(a);
        } else sup.textContent = `[${part}]`;
        p.append(sup);
      });
      answer.append(p);
    }
  }

  function renderSources(fuentes) {
    sources.replaceChildren();
    for (const f of [...fuentes].sort((a, b) => a.n - b.n)) {
      const li = document.createElement('li');
      li.id = `fuente-${f.n}`;
      li.value = f.n;
      const head = document.createElement('p');
      head.className = 'source-head';
      const cita = document.createElement('strong');
      cita.textContent = f.cita;
      const title = document.createElement('span');
      title.className = 'source-title';
      title.textContent = f.documento.titulo;
      head.append(cita, ' · ', title);
      const quote = document.createElement('blockquote');
      quote.textContent = f.texto;
      const link = document.createElement('p');
      const a = document.createElement('a');
      a.href = f.enlace;
      a.textContent = f.localizador ? `${texts.openReader}: ${f.localizador}` : texts.openReader;
      link.append(a);
      li.append(head, quote, link);
      sources.append(li);
    }
  }

  function showError(message) {
    status.textContent = fill(texts.failed, { reason: message });
    status.classList.add('error');
    status.setAttribute('role', 'alert');
  }

  function finish(r) {
    renderAnswer(r.respuesta, new Map(r.fuentes.map((f) => [String(f.n), f])));
    const none = r.fuentes.length === 0;
    nothing.hidden = !none;
    confidence.hidden = none;
    sourcesBlock.hidden = none;
    if (!none) {
      confidence.className = `confidence confianza-${r.confianza}`;
      confidence.textContent = texts[r.confianza];
      renderSources(r.fuentes);
    }
    const lang = document.documentElement.lang;
    status.textContent =
      r.ms != null
        ? fill(texts.doneIn, { s: (r.ms / 1000).toLocaleString(lang, { maximumFractionDigits: 1 }) })
        : texts.done;
  }

  /** Reads a `text/event-stream` body and hands each event (name, parsed data) to `on`. */
  async function readEvents(body, on) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = done ? '' : blocks.pop();
      for (const block of blocks) {
        let event = 'message';
        const data = [];
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length) on(event, JSON.parse(data.join('\n')));
      }
      if (done) return;
    }
  }

  form.addEventListener('submit', async (e) => {
    const pregunta = question.value.trim();
    if (!pregunta) return;
    e.preventDefault();
    button.disabled = true;
    section.hidden = false;
    answer.replaceChildren();
    sources.replaceChildren();
    nothing.hidden = true;
    confidence.hidden = true;
    sourcesBlock.hidden = true;
    status.classList.remove('error');
    status.setAttribute('role', 'status');
    status.textContent = texts.searching;
    answer.dataset.trozos = '0';
    let text = '';
    const fuentes = new Map();
    let ended = false;
    try {
      const res = await fetch(form.dataset.flujo, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': csrf },
        body: JSON.stringify({ pregunta }),
      });
      if (!res.ok || !res.body) {
        const body = await res.json().catch(() => undefined);
        showError(
          body?.error
            ? document.documentElement.lang === 'es'
              ? body.error.mensaje
              : body.error.message
            : res.statusText,
        );
        return;
      }
      await readEvents(res.body, (event, data) => {
        if (event === 'pasajes') status.textContent = texts.writing;
        else if (event === 'texto') {
          text += data.texto;
          answer.dataset.trozos = String(Number(answer.dataset.trozos) + 1);
          renderAnswer(text, fuentes);
        } else if (event === 'fuente') {
          fuentes.set(String(data.n), data);
          renderAnswer(text, fuentes);
        } else if (event === 'fin') {
          ended = true;
          finish(data);
        } else if (event === 'error') {
          ended = true;
          showError(document.documentElement.lang === 'es' ? data.error.mensaje : data.error.message);
        }
      });
      if (!ended) showError(res.statusText || 'stream ended');
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    } finally {
      button.disabled = false;
    }
  });
}

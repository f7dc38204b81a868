import type { Fuente, Respuesta } from '@folio/shared';
import { html } from 'hono/html';
import { csrfField } from '../layout';
import type { AskT } from './strings';

/** Milliseconds as seconds with one decimal, written as the page's language writes them. */
const seconds = (ms: number, lang: string) => (ms / 1000).toLocaleString(lang, { maximumFractionDigits: 1 });

/** The answer's text without its footnote definitions (the sources list shows them). */
export function answerBody(respuesta: string): string {
  return respuesta
    .split('\n')
    .filter((line) => !/^\[\^\d+\]:\s/.test(line))
    .join('\n')
    .trim();
}

/** One footnote marker, a link to the reader at the cited place. */
function footnote(t: AskT, f: Fuente | undefined, n: string) {
  if (!f) return html`<sup>[${n}]</sup>`;
  return html`<sup class="nota"
    ><a href="${f.enlace}" aria-label="${t('footnote_label', { n, cita: f.cita })}" data-n="${n}">${n}</a></sup
  >`;
}

/** The answer's paragraphs, each footnote `[^n]` a link to its source in the reader. */
export function answerParagraphs(t: AskT, r: Respuesta) {
  const byN = new Map(r.fuentes.map((f) => [String(f.n), f]));
  return answerBody(r.respuesta)
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => {
      const parts = p.split(/\[\^(\d+)\]/);
      return html`<p>${parts.map((part, i) => (i % 2 ? footnote(t, byN.get(part), part) : part))}</p>`;
    });
}

/** The sources list: each source under its footnote number, with its citation, place in the reader and text. */
export function sourcesList(t: AskT, fuentes: Fuente[]) {
  return [...fuentes]
    .sort((a, b) => a.n - b.n)
    .map(
      (f) =>
        html`<li id="fuente-${f.n}" value="${f.n}">
          <p class="source-head">
            <strong>${f.cita}</strong> · <span class="source-title">${f.documento.titulo}</span>
          </p>
          <blockquote>${f.texto}</blockquote>
          <p><a href="${f.enlace}">${t('open_reader')}${f.localizador ? `: ${f.localizador}` : ''}</a></p>
        </li>`,
    );
}

/** The page body: the question form, and the answer when there is one (rendered by the server without scripts). */
export function askBody(
  t: AskT,
  lang: string,
  o: { csrf?: string; pregunta?: string; respuesta?: Respuesta; texts: string },
) {
  const r = o.respuesta;
  const nothing = r !== undefined && r.fuentes.length === 0;
  return html`<p class="intro">${t('intro')}</p>
    <form
      id="preguntar"
      class="card ask-form"
      method="post"
      action="/preguntar"
      data-flujo="/preguntar/flujo"
      data-textos="${o.texts}"
    >
      ${csrfField(o.csrf)}
      <label for="pregunta">${t('question')}</label>
      <textarea id="pregunta" name="pregunta" rows="3" maxlength="4000" required aria-describedby="pregunta-ayuda">
${o.pregunta ?? ''}</textarea>
      <p id="pregunta-ayuda" class="hint">${t('question_hint')}</p>
      <button type="submit" class="primary">${t('submit')}</button>
    </form>
    <section id="resultado" class="card answer-card" aria-labelledby="respuesta-titulo" ${r ? '' : 'hidden'}>
      <h2 id="respuesta-titulo">${t('answer')}</h2>
      <p id="estado-respuesta" class="hint" role="status">
        ${r?.ms != null ? t('done_in', { s: seconds(r.ms, lang) }) : ''}
      </p>
      <div id="respuesta" class="answer">${r ? answerParagraphs(t, r) : ''}</div>
      <p id="nada" class="warning" ${nothing ? '' : 'hidden'}>${t('nothing_found')}</p>
      <p id="confianza" class="confidence ${r ? `confianza-${r.confianza}` : ''}" ${r && !nothing ? '' : 'hidden'}>
        ${r && !nothing ? t(`confidence_${r.confianza}`) : ''}
      </p>
      <div id="fuentes-bloque" ${r && !nothing ? '' : 'hidden'}>
        <h3 id="fuentes-titulo">${t('sources')}</h3>
        <ol id="fuentes" class="sources" aria-labelledby="fuentes-titulo">
          ${r ? sourcesList(t, r.fuentes) : ''}
        </ol>
      </div>
    </section>`;
}

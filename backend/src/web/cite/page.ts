import { citeMarkdown, NLI_PULL_COMMAND, type Cita, type ListaEstilos } from '@folio/shared';
import { html } from 'hono/html';
import type { CiteJobRow, ClaimOutcome } from '../../db/cite-jobs.repo';
import { closestPassage, presentCite } from '../../services/presenters/present-cite';
import { csrfField } from '../layout';
import type { CiteT } from './strings';

/** What the cite form was given, to show it again after a refusal. */
export interface CiteFormValues {
  texto?: string;
  estilo?: string;
  idioma?: string;
  umbral?: string;
}

/** A textarea drops one newline right after its start tag: this one, so a text starting with one keeps it. */
const NEWLINE = '\n';

const pct = (x: number) => Math.round(x * 100);

/** Long passages are cut for the list; the reader link shows them whole. */
const excerpt = (s: string, max = 400) => (s.length > max ? `${s.slice(0, max).trimEnd()}…` : s);

/** The cite form and the form that registers a style. */
export function citeFormBody(
  t: CiteT,
  o: { csrf?: string; estilos: ListaEstilos; values: CiteFormValues; texts: string },
) {
  const v = o.values;
  const estilo = v.estilo ?? 'apa';
  const idioma = v.idioma ?? 'es-ES';
  const bundled = o.estilos.estilos.filter((e) => !e.propio);
  const own = o.estilos.estilos.filter((e) => e.propio);
  const option = (e: ListaEstilos['estilos'][number]) =>
    html`<option value="${e.id}" ${e.id === estilo ? 'selected' : ''}>${e.titulo} (${e.id})</option>`;
  return html`<p class="intro">${t('intro')}</p>
    <form
      id="citar"
      class="card cite-form"
      method="post"
      action="/citar"
      enctype="multipart/form-data"
      data-textos="${o.texts}"
    >
      ${csrfField(o.csrf)}
      <div class="cite-inputs">
        <div class="cite-text">
          <label for="texto">${t('text_label')}</label>
          <textarea id="texto" name="texto" rows="10" aria-describedby="texto-ayuda">
${NEWLINE}${v.texto ?? ''}</textarea>
          <p id="texto-ayuda" class="hint">${t('text_hint')}</p>
        </div>
        <p class="cite-or" aria-hidden="true">${t('or')}</p>
        <div class="cite-drop" id="soltar">
          <label for="archivo">${t('file_label')}</label>
          <input
            id="archivo"
            name="archivo"
            type="file"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            aria-describedby="archivo-ayuda"
          />
          <p id="archivo-ayuda" class="hint">${t('file_hint')}</p>
          <p class="drop-hint" hidden>${t('drop_here')}</p>
        </div>
      </div>
      <fieldset>
        <legend>${t('options')}</legend>
        <div class="cite-options">
          <div>
            <label for="estilo">${t('style')}</label>
            <select id="estilo" name="estilo">
              <optgroup label="${t('styles_bundled')}">${bundled.map(option)}</optgroup>
              ${own.length ? html`<optgroup label="${t('styles_own')}">${own.map(option)}</optgroup>` : ''}
            </select>
          </div>
          <div>
            <label for="idioma">${t('locale')}</label>
            <select id="idioma" name="idioma">
              ${o.estilos.idiomas.map((l) => html`<option value="${l}" ${l === idioma ? 'selected' : ''}>${l}</option>`)}
            </select>
          </div>
          <div>
            <label for="umbral">${t('threshold')}</label>
            <input
              id="umbral"
              name="umbral"
              type="number"
              min="0"
              max="1"
              step="0.05"
              value="${v.umbral ?? '0.7'}"
              aria-describedby="umbral-ayuda"
            />
          </div>
        </div>
        <p id="umbral-ayuda" class="hint">${t('threshold_hint')}</p>
      </fieldset>
      <button type="submit" class="primary">${t('submit')}</button>
    </form>
    <form
      id="registrar-estilo"
      class="card narrow-form"
      method="post"
      action="/citar/estilos"
      enctype="multipart/form-data"
      aria-labelledby="registrar-titulo"
    >
      <h2 id="registrar-titulo">${t('register_title')}</h2>
      ${csrfField(o.csrf)}
      <label for="estilo-archivo">${t('register_file')}</label>
      <input
        id="estilo-archivo"
        name="estilo"
        type="file"
        accept=".csl,.xml,application/vnd.citationstyles.style+xml,application/xml"
        required
        aria-describedby="estilo-ayuda"
      />
      <p id="estilo-ayuda" class="hint">${t('register_hint')}</p>
      <button type="submit" class="primary">${t('register_submit')}</button>
    </form>`;
}

/**
 * One claim: its citation, or why it has none. Uncited under the threshold the job cited at (`umbral`), nothing
 * backs it, and the page says so; the closest passage is shown below that only when it gives some support (a
 * passage at 0 % is no evidence of anything). `lexical`: the lexical judge weighed it, so a close passage is said
 * not to state the claim in the same words (it cannot see a paraphrase), rather than not to back it.
 */
function claimItem(t: CiteT, a: ClaimOutcome, citas: Cita[], umbral: number, lexical: boolean) {
  const cita = a.cita !== undefined ? citas[a.cita] : undefined;
  if (cita) {
    return html`<li class="claim claim-cited">
      <span class="badge badge-cited">${t('cited')}</span>
      <p class="claim-text">${a.afirmacion}</p>
      <p class="claim-cite">
        <strong>${cita.cita}</strong>
        ${cita.enlace ? html` — <a href="${cita.enlace}">${cita.localizador || t('open_reader')}</a>` : ''}
        <span class="support">· ${t('support', { pct: pct(cita.respaldo) })}</span>
      </p>
    </li>`;
  }
  const closest = closestPassage(a);
  const passage = (m: NonNullable<ClaimOutcome['mejor']>) =>
    html`<blockquote>${excerpt(m.pasaje)}</blockquote>
      <p class="claim-cite">
        ${m.cita} · ${m.titulo} —
        <a href="${m.enlace}">${t('open_reader')}</a>
      </p>`;
  const vars = closest && { pct: pct(closest.respaldo), umbral: pct(umbral) };
  const why = a.pregunta
    ? html`<p class="why">${t('question')}</p>`
    : closest && lexical
      ? html`<p class="why">${t('below_lexical', vars)}</p>
          ${passage(closest)}`
      : html`<p class="why nothing">${t('nothing_backs')}</p>
          ${
            closest
              ? html`<p class="closest">${t('closest', vars)}</p>
                  ${passage(closest)}`
              : ''
          }`;
  return html`<li class="claim claim-uncited">
    <span class="badge badge-uncited">${t('not_cited')}</span>
    <p class="claim-text">${a.afirmacion}</p>
    ${why}
  </li>`;
}

/**
 * The result of a finished cite job: claims, the Markdown with a copy button, the bibliography, the .docx.
 * `styleTitle`: the style's title (its CSL `<title>`), shown with the id the job stored as a detail.
 */
export function citeResultBody(t: CiteT, row: CiteJobRow, publicUrl: string, styleTitle?: string) {
  const citado = presentCite(row, publicUrl);
  const citas = citado.citas ?? [];
  const claims: ClaimOutcome[] =
    row.resultado?.afirmaciones ?? citas.map((c, i) => ({ afirmacion: c.afirmacion, inicio: i, cita: i }));
  const markdown = citeMarkdown(citado, { bibliografia: row.resultado?.bibliografiaMarkdown });
  const bibliografia = citado.bibliografia ?? [];
  const lexical = citado.juez === 'lexico';
  // Only when some uncited claim had a close passage: the same test as the API's `nota`.
  const doubt = citado.nota !== undefined;
  const style =
    styleTitle && styleTitle !== row.estilo
      ? html`${t('style_used', { estilo: styleTitle })} <span class="style-id">(<code>${row.estilo}</code>)</span>`
      : t('style_used', { estilo: row.estilo });
  return html`<p class="intro cite-style">${style} · <a href="/citar">${t('again')}</a></p>
    ${
      row.entrada === 'docx' && row.output_blob
        ? html`<p><a class="button-link" id="descargar" href="/citar/${row.id}/docx" download>${t('download')}</a></p>`
        : ''
    }
    <section class="card" aria-labelledby="afirmaciones-titulo">
      <h2 id="afirmaciones-titulo">
        ${t('claims')}
        <small class="count"
          >${t('claims_count', { cited: citas.length, total: claims.filter((c) => !c.pregunta).length })}</small
        >
      </h2>
      ${doubt ? html`<p class="notice lexical">${t('lexical_note')} <code>${NLI_PULL_COMMAND}</code>.</p>` : ''}
      ${
        claims.length
          ? html`<ol class="claims">
              ${claims.map((a) => claimItem(t, a, citas, row.opciones.umbral, lexical))}
            </ol>`
          : html`<p class="empty">${t('none_cited')}</p>`
      }
    </section>
    <section class="card" aria-labelledby="markdown-titulo">
      <h2 id="markdown-titulo">${t('markdown')}</h2>
      <pre id="markdown" class="markdown" tabindex="0" aria-labelledby="markdown-titulo">${markdown}</pre>
      <p class="copy-line">
        <button
          type="button"
          data-copy="markdown"
          data-copied="${t('copied')}"
          data-copy-failed="${t('copy_failed')}"
          hidden
        >
          ${t('copy')}
        </button>
        <span id="copiado" role="status"></span>
      </p>
    </section>
    <section class="card" aria-labelledby="bibliografia-titulo">
      <h2 id="bibliografia-titulo">${t('bibliography')}</h2>
      ${
        bibliografia.length
          ? html`<ul class="bibliography">
              ${bibliografia.map((b) => html`<li>${b}</li>`)}
            </ul>`
          : html`<p class="empty">${t(doubt ? 'none_cited_lexical' : 'none_cited')}</p>`
      }
    </section>`;
}

/** A job still working: where it stands; the page refreshes itself (a `Refresh` header, no script needed). */
export function citeWorkingBody(t: CiteT, row: CiteJobRow) {
  const estado = row.estado === 'en_cola' ? t('estado_en_cola') : t('estado_procesando');
  return html`<p class="notice" role="status">${t('working', { estado, pct: pct(row.progreso ?? 0) })}</p>
    <progress max="100" value="${pct(row.progreso ?? 0)}" aria-label="${t('working_title')}"></progress>
    <p><a href="/citar/${row.id}">${t('refresh')}</a></p>`;
}

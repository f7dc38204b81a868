import { html } from 'hono/html';
import type { SlideView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/** One slide's text (title, body, speaker notes), with the slides before and after a click away. */
export function slideBody(v: SlideView, s: ReaderStrings): Markup {
  const id = encodeURIComponent(v.doc.id);
  return html`<main id="lector" data-diapositiva="${v.n}">
    <nav class="paginacion" aria-label="${s.t('slide', { n: v.n, total: v.total })}">
      ${v.posicion > 1 ? html`<a rel="prev" href="/leer/${id}?u=${v.posicion - 1}">${s.t('previous')}</a>` : ''}
      <span>${s.t('slide', { n: v.n, total: v.total })}</span>
      ${v.posicion < v.total ? html`<a rel="next" href="/leer/${id}?u=${v.posicion + 1}">${s.t('next')}</a>` : ''}
    </nav>
    <section class="diapositiva destacado" data-diapositiva="${v.n}" aria-current="location">
      ${
        v.lineas.length > 0
          ? v.lineas.map((l, i) => (i === 0 ? html`<h2>${l}</h2>` : html`<p>${l}</p>`))
          : html`<p>${s.t('no_text')}</p>`
      }
    </section>
  </main>`;
}

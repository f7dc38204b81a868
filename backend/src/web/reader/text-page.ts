import { html } from 'hono/html';
import type { TextBlock } from '../../services/reader/section-blocks';
import type { TextUnitView, TextView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

function heading(b: Extract<TextBlock, { kind: 'heading' }>): Markup {
  // The document's title is the page's h1; the outermost section heading is h2.
  switch (Math.min(b.level + 1, 6)) {
    case 2:
      return html`<h2>${b.texto}</h2>`;
    case 3:
      return html`<h3>${b.texto}</h3>`;
    case 4:
      return html`<h4>${b.texto}</h4>`;
    case 5:
      return html`<h5>${b.texto}</h5>`;
    default:
      return html`<h6>${b.texto}</h6>`;
  }
}

function unitSection(u: TextUnitView, v: TextView): Markup {
  const target = v.destino?.unidad === u.posicion ? v.destino : undefined;
  const wholeUnit = target && target.parrafo === undefined;
  return html`<section
    class="unidad${wholeUnit ? ' destacado' : ''}"
    id="u${u.posicion}"
    data-unidad="${u.posicion}"
    ${wholeUnit ? html`aria-current="location"` : ''}
  >
    ${u.bloques.map((b) => {
      if (b.kind === 'heading') return heading(b);
      const here = target?.parrafo === b.parrafo;
      return html`<p
        class="parrafo${here ? ' destacado' : ''}"
        id="u${u.posicion}-p${b.parrafo}"
        data-parrafo="${b.parrafo}"
        ${here ? html`aria-current="location"` : ''}
      >
        ${b.texto}
      </p>`;
    })}
  </section>`;
}

/**
 * A structured text (web capture, EPUB, DOCX, HTML, Markdown, plain text) laid out from its stored units:
 * headings and numbered paragraphs, the linked paragraph (or unit) marked `destacado` and scrolled to by
 * `destacar.js`. Web captures say where and when they were read.
 */
export function textBody(v: TextView, s: ReaderStrings): Markup {
  const id = encodeURIComponent(v.doc.id);
  const { desde, hasta, total } = v.ventana;
  return html`<main
    id="lector"
    ${v.destino ? html`data-unidad="${v.destino.unidad}"` : ''}
    ${v.destino?.parrafo !== undefined ? html`data-parrafo="${v.destino.parrafo}"` : ''}
  >
    ${
      v.web
        ? html`<p class="origen">
            ${s.t('web_origin')}
            ${v.web.url ? html`<a href="${v.web.url}" rel="noopener noreferrer">${v.web.url}</a>` : ''}
            ${v.web.consultada ? html`<span class="consultada">, ${s.t('consulted', { date: v.web.consultada })}</span>` : ''}
          </p>`
        : ''
    }
    ${desde > 1 ? html`<p class="partes"><a href="/leer/${id}?u=${desde - 1}">${s.t('earlier_parts')}</a></p>` : ''}
    <article class="texto">${v.unidades.map((u) => unitSection(u, v))}</article>
    ${hasta < total ? html`<p class="partes"><a href="/leer/${id}?u=${hasta + 1}">${s.t('later_parts')}</a></p>` : ''}
  </main>`;
}

import { html } from 'hono/html';
import type { PdfView } from '../../services/reader/view';
import { pdfjsBase } from './assets';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/**
 * 'p. 1 · página 5 de 7': the printed folio (from the stored page labels) beside the physical page, or the
 * physical page alone where the page prints no folio.
 */
export function pageLabel(s: ReaderStrings, n: number, total: number, folio: string | null | undefined): string {
  return folio ? s.t('pdf_page_folio', { folio, n, total }) : s.t('pdf_page', { n, total });
}

/**
 * A PDF in pdf.js's viewer, opened at the physical page. The passage to highlight travels in the page
 * (`#texto-pasaje`); `pdf-reader.js` finds it in that page's text layer once rendered and marks it, then
 * sets `data-resaltado` on `#lector` ('si' or 'no') so that one can tell it happened.
 */
export function pdfBody(v: PdfView, s: ReaderStrings, folios: (string | null)[] = []): Markup {
  const id = encodeURIComponent(v.doc.id);
  const pageLink = (n: number) => `/leer/${id}?pagina=${n}`;
  const label = (n: number) => pageLabel(s, n, v.paginas, folios[n - 1]);
  return html`<main
    id="lector"
    data-archivo="/leer/${id}/archivo"
    data-pdfjs="${pdfjsBase()}"
    data-pagina="${v.pagina}"
    data-paginas="${v.paginas}"
    data-folios="${JSON.stringify(folios)}"
    ${v.pasaje ? html`data-pasaje="${v.pasaje.posicion}"` : ''}
    data-estado="cargando"
  >
    <div id="visor-contenedor" tabindex="0"><div id="visor" class="pdfViewer"></div></div>
    <aside class="lector-lateral">
      <p id="estado-pdf" role="status" data-error="${s.t('pdf_failed')}">${s.t('pdf_loading')}</p>
      <nav class="paginacion" aria-label="${label(v.pagina)}">
        ${v.pagina > 1 ? html`<a rel="prev" href="${pageLink(v.pagina - 1)}">${s.t('previous')}</a>` : ''}
        <span
          id="pagina-actual"
          data-plantilla="${s.t('pdf_page', { n: '{n}', total: v.paginas })}"
          data-plantilla-folio="${s.t('pdf_page_folio', { folio: '{folio}', n: '{n}', total: v.paginas })}"
          >${label(v.pagina)}</span
        >
        ${v.pagina < v.paginas ? html`<a rel="next" href="${pageLink(v.pagina + 1)}">${s.t('next')}</a>` : ''}
      </nav>
      ${
        v.pasaje
          ? html`<section class="pasaje">
              <h2>${s.t('passage')}${v.lugar ? html` <span class="cita">${v.lugar.cita}</span>` : ''}</h2>
              <blockquote id="texto-pasaje" data-posicion="${v.pasaje.posicion}">${v.pasaje.texto}</blockquote>
            </section>`
          : ''
      }
      ${
        v.textoPagina
          ? html`<details class="texto-pagina">
              <summary>${s.t('page_text')}</summary>
              ${v.textoPagina.split(/\n\s*\n/).map((p) => html`<p>${p}</p>`)}
            </details>`
          : ''
      }
    </aside>
  </main>`;
}

import { html } from 'hono/html';
import { highlightedRows } from '../../services/reader/sheet-table';
import type { SheetView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/** A sheet's rows as a table, the linked rows marked `destacado` (and scrolled to by `destacar.js`). */
export function sheetBody(v: SheetView, s: ReaderStrings): Markup {
  const id = encodeURIComponent(v.doc.id);
  const marks = highlightedRows(v.tabla.filas, v.filas);
  const columns = v.tabla.columnas;
  return html`<main
    id="lector"
    ${v.hoja != null ? html`data-hoja="${v.hoja}"` : ''}
    ${v.filas ? html`data-filas="${v.filas.desde}-${v.filas.hasta}"` : ''}
  >
    ${
      v.hojas.length > 1 || v.hojas[0]?.nombre
        ? html`<nav class="hojas" aria-label="${s.t('sheets')}">
            ${v.hojas.map((h) =>
              h.nombre === v.hoja
                ? html`<span aria-current="page">${h.nombre ?? s.t('sheet')}</span>`
                : html`<a href="/leer/${id}?u=${h.primera}">${h.nombre ?? s.t('sheet')}</a>`,
            )}
          </nav>`
        : ''
    }
    <nav class="paginacion">
      ${v.posicion > 1 ? html`<a rel="prev" href="/leer/${id}?u=${v.posicion - 1}">${s.t('previous')}</a>` : ''}
      ${v.posicion < v.doc.unidades ? html`<a rel="next" href="/leer/${id}?u=${v.posicion + 1}">${s.t('next')}</a>` : ''}
    </nav>
    <div class="tabla">
      <table>
        <thead>
          <tr>
            <th scope="col">${s.t('row')}</th>
            ${columns ? columns.map((c) => html`<th scope="col">${c}</th>`) : html`<th scope="col"></th>`}
          </tr>
        </thead>
        <tbody>
          ${v.tabla.filas.map(
            (row, i) =>
              html`<tr
                ${row.fila !== undefined ? html`data-fila="${row.fila}"` : ''}
                ${marks[i] ? html`class="destacado" aria-current="location"` : ''}
              >
                <th scope="row">${row.fila ?? ''}</th>
                ${row.celdas ? row.celdas.map((c) => html`<td>${c}</td>`) : html`<td>${row.texto}</td>`}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </main>`;
}

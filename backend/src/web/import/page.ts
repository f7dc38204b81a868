import { RESULTADOS_IMPORTACION, type ElementoImportado, type Importacion } from '@folio/shared';
import { html } from 'hono/html';
import type { ImportJobRow } from '../../db/import-jobs.repo';
import type { Strings } from '../i18n';
import { csrfField } from '../layout';
import type { ImportT } from './strings';

/** Items listed by name in a report's list of documents; the rest are counted, and are in the library. */
const LISTED = 100;
/** A report's list longer than this starts folded (a `details`, which needs no script). */
const FOLDED_OVER = 12;
/** Items of a running import shown as they complete, the latest first. */
export const RECENT_ITEMS = 30;

const OUTCOMES = RESULTADOS_IMPORTACION;

/** A size as people read it: '4 GB', '500 MB'. */
const size = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

/** The form, with what to upload explained, and the user's earlier imports. */
export function importFormBody(
  t: ImportT,
  s: Strings,
  o: { csrf?: string; limitBytes: number; recent: ImportJobRow[]; origen?: string },
) {
  return html`<p class="intro">${t('intro')}</p>
    <section class="card import-how" aria-labelledby="como-titulo">
      <h2 id="como-titulo">${t('how_title')}</h2>
      <div class="import-ways">
        <div>
          <h3>${t('how_zotero_title')}</h3>
          <p>${t('how_zotero')}</p>
        </div>
        <div>
          <h3>${t('how_bib_title')}</h3>
          <p>${t('how_bib')}</p>
        </div>
      </div>
      <p class="hint">${t('how_again')}</p>
    </section>
    <form id="importar" class="card import-form" method="post" action="/importar" enctype="multipart/form-data">
      ${csrfField(o.csrf)}
      <label for="archivo">${t('archivo_label')}</label>
      <input
        id="archivo"
        name="archivo"
        type="file"
        required
        accept=".zip,.bib,.bibtex,.ris,.json,application/zip,application/x-bibtex,application/x-research-info-systems,application/json"
        aria-describedby="archivo-ayuda"
      />
      <p id="archivo-ayuda" class="hint">${t('archivo_hint')}</p>
      <label for="archivos">${t('archivos_label')}</label>
      <input
        id="archivos"
        name="archivos"
        type="file"
        accept=".zip,application/zip"
        aria-describedby="archivos-ayuda"
      />
      <p id="archivos-ayuda" class="hint">${t('archivos_hint')}</p>
      <label for="origen">${t('origen_label')}</label>
      <input
        id="origen"
        name="origen"
        type="text"
        maxlength="200"
        value="${o.origen ?? ''}"
        aria-describedby="origen-ayuda"
      />
      <p id="origen-ayuda" class="hint">${t('origen_hint')}</p>
      <p class="hint">${t('limit', { size: size(o.limitBytes) })}</p>
      <button type="submit" class="primary">${t('submit')}</button>
    </form>
    ${
      o.recent.length
        ? html`<section class="card" aria-labelledby="anteriores-titulo">
            <h2 id="anteriores-titulo">${t('recent')}</h2>
            <ul class="import-recent">
              ${o.recent.map(
                (r) =>
                  html`<li>
                    <a href="/importar/${r.id}"
                      >${t('recent_item', { archivo: r.archivo_nombre, fecha: s.date(r.created) })}</a
                    >
                    <span class="badge badge-${r.estado}">${t(`estado_${r.estado}`)}</span>
                  </li>`,
              )}
            </ul>
          </section>`
        : ''
    }`;
}

/** One item done: its title linked to its document, its outcome (unless the list says it), and why when left out. */
function itemLine(t: ImportT, e: ElementoImportado, badge = true) {
  const title = e.documento ? html`<a href="/biblioteca/documentos/${e.documento}">${e.titulo}</a>` : e.titulo;
  return html`<li class="import-item import-${e.resultado}">
    ${badge ? html`<span class="badge badge-${e.resultado}">${t(`item_${e.resultado}`)}</span>` : ''}
    <span class="import-title">${title}</span>
    ${e.motivo ? html`<span class="why">${e.motivo}</span>` : ''}
  </li>`;
}

/** Counts by outcome, as a row of figures. */
function counts(t: ImportT, resumen: Record<(typeof OUTCOMES)[number], number>) {
  return html`<dl class="import-counts">
    ${OUTCOMES.map(
      (k) =>
        html`<div class="import-count import-count-${k}">
          <dt>${t(`count_${k}`)}</dt>
          <dd>${resumen[k]}</dd>
        </div>`,
    )}
  </dl>`;
}

/** A running import: its progress (a `progress` bar and counts) and the latest items done. */
export function importWorkingBody(t: ImportT, v: Importacion, refreshSeconds: number) {
  const total = v.progreso.total;
  const resumen = Object.fromEntries(OUTCOMES.map((k) => [k, 0])) as Record<(typeof OUTCOMES)[number], number>;
  for (const e of v.elementos) resumen[e.resultado]++;
  const status =
    v.estado === 'en_cola'
      ? t('working_queued', { archivo: v.archivo })
      : total === undefined
        ? t('working_reading', { archivo: v.archivo })
        : t('working_progress', { hechos: v.progreso.hechos, total });
  const texts = JSON.stringify({
    queued: t('working_queued', { archivo: v.archivo }),
    reading: t('working_reading', { archivo: v.archivo }),
    progress: t('working_progress'),
    outcomes: Object.fromEntries(OUTCOMES.map((k) => [k, t(`item_${k}`)])),
  });
  // Without scripts the page reloads itself; with them, import.js long-polls instead (a noscript's content is
  // not even parsed then, so this never fires).
  return html`<noscript><meta http-equiv="refresh" content="${refreshSeconds}" /></noscript>
    <section
      class="card"
      id="progreso"
      data-importacion="${v.id}"
      data-textos="${texts}"
      aria-labelledby="progreso-estado"
    >
      <p id="progreso-estado" class="import-status" role="status" aria-live="polite">${status}</p>
      <progress
        id="progreso-barra"
        max="${total ?? 1}"
        ${total === undefined ? '' : html`value="${v.progreso.hechos}"`}
        aria-labelledby="progreso-estado"
      ></progress>
      <div id="progreso-cuentas">${counts(t, resumen)}</div>
      <p class="hint">${t('working_note')}</p>
      <p><a href="/importar/${v.id}">${t('refresh')}</a></p>
    </section>
    <section class="card" aria-labelledby="hechos-titulo">
      <h2 id="hechos-titulo">${t('done_so_far')}</h2>
      <ol id="progreso-elementos" class="import-items" reversed>
        ${v.elementos
          .slice(-RECENT_ITEMS)
          .reverse()
          .map((e) => itemLine(t, e))}
      </ol>
    </section>`;
}

/**
 * A list of the report (documents by outcome, items left out): its heading with the count, the first LISTED
 * items, folded when long.
 */
function reportList(
  t: ImportT,
  o: { id: string; title: string; items: ElementoImportado[]; hint?: string; open?: boolean },
) {
  if (!o.items.length) return '';
  const list = html`${o.hint ? html`<p class="hint">${o.hint}</p>` : ''}
    <ul class="import-items">
      ${o.items.slice(0, LISTED).map((e) => itemLine(t, e, false))}
    </ul>
    ${o.items.length > LISTED ? html`<p class="hint">${t('more', { n: o.items.length - LISTED })}</p>` : ''}`;
  const heading = html`${o.title} <small class="count">${o.items.length}</small>`;
  return o.open || o.items.length <= FOLDED_OVER
    ? html`<section class="card" aria-labelledby="${o.id}-titulo">
        <h2 id="${o.id}-titulo">${heading}</h2>
        ${list}
      </section>`
    : html`<section class="card">
        <details>
          <summary><h2>${heading}</h2></summary>
          ${list}
        </details>
      </section>`;
}

/** A finished import: counts, what was left out and why, missing files, collections, the documents. */
export function importReportBody(t: ImportT, v: Importacion, collections: string[]) {
  const r = v.informe!;
  const of = (k: ElementoImportado['resultado']) => v.elementos.filter((e) => e.resultado === k);
  const d = r.dejado_fuera;
  const leftOut = (
    [
      ['otros_adjuntos', d.otros_adjuntos],
      ['notas', d.notas],
      ['otras_colecciones', d.otras_colecciones],
    ] as const
  ).filter(([, n]) => n > 0);
  return html`<p class="intro">
      ${t('report_intro', { archivo: v.archivo, origen: v.origen, segundos: r.segundos })}
      ${r.resumen.nuevo > 0 ? t('report_reading') : ''}
    </p>
    <section class="card" aria-label="${t('report_title')}">
      ${counts(t, r.resumen)}
      <p class="import-links">
        <a class="button-link" href="/biblioteca">${t('to_library')}</a>
        <a href="/importar">${t('again')}</a>
      </p>
    </section>
    ${reportList(t, { id: 'omitidos', title: t('skipped'), items: of('omitido'), open: true })}
    ${
      r.archivos_que_faltan.length
        ? html`<section class="card" aria-labelledby="faltan-titulo">
            <h2 id="faltan-titulo">${t('missing')} <small class="count">${r.archivos_que_faltan.length}</small></h2>
            <p class="hint">${t('missing_hint')}</p>
            <ul class="import-missing">
              ${r.archivos_que_faltan.map(
                (f) => html`<li><code>${f.ruta}</code> <span class="why">(${f.clave})</span></li>`,
              )}
            </ul>
          </section>`
        : ''
    }
    <section class="card" aria-labelledby="fuera-titulo">
      <h2 id="fuera-titulo">${t('left_out')}</h2>
      ${
        leftOut.length
          ? html`<ul>
              ${leftOut.map(([k, n]) => html`<li>${t(`left_${k}`, { n })}</li>`)}
            </ul>`
          : html`<p class="empty">${t('nothing_left_out')}</p>`
      }
    </section>
    ${
      collections.length
        ? html`<section class="card" aria-labelledby="colecciones-titulo">
            <h2 id="colecciones-titulo">${t('collections')}</h2>
            <ul class="import-collections">
              ${collections.map(
                (c) => html`<li><a href="/biblioteca?biblioteca=${encodeURIComponent(c)}">${c}</a></li>`,
              )}
            </ul>
          </section>`
        : ''
    }
    ${reportList(t, { id: 'nuevos', title: t('new_docs'), items: of('nuevo') })}
    ${reportList(t, { id: 'archivos-nuevos', title: t('file_now_docs'), items: of('archivo_nuevo') })}
    ${reportList(t, { id: 'referencias', title: t('reference_docs'), items: of('referencia') })}
    ${reportList(t, { id: 'ya-estaban', title: t('existing_docs'), items: of('ya_estaba') })}
    ${reportList(t, { id: 'sin-cambios', title: t('unchanged_docs'), items: of('sin_cambios') })}`;
}

import {
  dudasDeMetadatos,
  formatTime,
  singleLine,
  type CampoRevisable,
  type Documento,
  type ListaEstilos,
  type Texto,
} from '@folio/shared';
import { html } from 'hono/html';
import type { RichText } from '../../cite/csl/rich-text';
import type { DocumentRow } from '../../db/documents.repo';
import type { StyledReference } from '../../services/cite/styled-reference';
import type { Strings } from '../i18n';
import { csrfField, type Markup } from '../layout';
import { doubtNote, fixHref } from './doubt';
import type { DocumentStringKey, DocumentStrings } from './strings';

/** The longest locator the narrow column beside a unit's text holds on one line ('p. xxviii', '1:02:03–1:02:45'). */
const LOCATOR_COLUMN_CHARS = 16;

/** Everything the document page shows, gathered by the route through the API's services. */
export interface DocumentPageData {
  doc: Documento;
  row: DocumentRow;
  csrf: string | undefined;
  estilos: ListaEstilos;
  estilo: string;
  idioma: string;
  referencia?: StyledReference;
  referenciaError?: string;
  texto?: Texto;
  textoError?: string;
  /** The `desde` the units start at, when not the first. */
  desde?: string;
}

const DETAIL_FIELDS = [
  ['contenedor', 'f_contenedor'],
  ['volumen', 'f_volumen'],
  ['numero', 'f_numero'],
  ['paginas', 'f_paginas_rango'],
  ['editorial', 'f_editorial'],
  ['lugar', 'f_lugar'],
  ['edicion', 'f_edicion'],
  ['genero', 'f_genero'],
  ['isbn', 'f_isbn'],
] as const;

const ORIGIN_FIELDS = ['titulo', 'autores', 'anio', 'idioma', 'doi'] as const;

/** A label from the web app's table for a value that arrives as data (estado, fase, tipo). */
function label(s: Strings, prefix: string, value: string): string {
  const key = `${prefix}_${value}`;
  return s.has(key) ? s.t(key) : value;
}

/** citeproc's runs as markup: italics, bold, small caps, super- and subscripts. */
export function richMarkup(rich: RichText): Markup {
  return html`${rich.map((r) => {
    let m: Markup = html`${r.text}`;
    if (r.italic) m = html`<i>${m}</i>`;
    if (r.bold) m = html`<b>${m}</b>`;
    if (r.smallCaps) m = html`<span class="versalitas">${m}</span>`;
    if (r.superscript) m = html`<sup>${m}</sup>`;
    if (r.subscript) m = html`<sub>${m}</sub>`;
    return m;
  })}`;
}

/** A reader address on this site from an `enlace` (absolute, under the public URL). */
export const sitePath = (enlace: string) => {
  const u = new URL(enlace);
  return `${u.pathname}${u.search}`;
};

const excerpt = (text: string, max = 280) => {
  const flat = singleLine(text);
  return flat.length > max ? `${flat.slice(0, max).replace(/\s+\S*$/, '')} …` : flat;
};

function extent(d: Documento, t: DocumentStrings) {
  if (d.duracion != null) return [t.t('f_duracion'), formatTime(d.duracion)] as const;
  if (d.tipo === 'pdf' || d.tipo === 'pdf_escaneado') return [t.t('f_paginas'), String(d.unidades)] as const;
  return [t.t('f_unidades'), String(d.unidades)] as const;
}

function metadata(s: Strings, t: DocumentStrings, p: DocumentPageData): Markup {
  const { doc: d, row } = p;
  const det = d.detalles_bibliograficos ?? {};
  // While a document is read its values are still to come: only a ready one's are doubted.
  const doubts = d.estado === 'listo' ? dudasDeMetadatos({ ...d, doi: det.doi }) : [];
  const item = (name: string, value: Markup | string, campo?: CampoRevisable) => {
    const duda = doubts.find((x) => x.campo === campo);
    if (!campo || !duda) {
      return html`<div>
        <dt>${name}</dt>
        <dd>${value}</dd>
      </div>`;
    }
    return html`<div class="dudoso" id="dato-${campo}">
      <dt>${name}</dt>
      <dd>${value}</dd>
      ${doubtNote(t, duda, {
        id: `duda-${campo}`,
        fix: fixHref(d.id, campo),
        tag: 'dd',
        confirm: { action: `/biblioteca/documentos/${encodeURIComponent(d.id)}/confirmar`, csrf: csrfField(p.csrf) },
      })}
    </div>`;
  };
  const pct = Math.round((d.progreso ?? 0) * 100);
  const [extentLabel, extentValue] = extent(d, t);
  const origins = d.origen_metadatos;
  const originRows = ORIGIN_FIELDS.filter((f) => origins?.[f]);
  return html`<section class="card" aria-labelledby="metadatos-titulo">
    <div class="section-head">
      <h2 id="metadatos-titulo">${t.t('metadata')}</h2>
      <a class="button-link" href="/biblioteca/documentos/${encodeURIComponent(d.id)}/editar">${t.t('edit')}</a>
    </div>
    ${
      doubts.length
        ? html`<p class="dudas-resumen" id="dudas-resumen">
            ${t.t('doubt_summary')}
            ${doubts.map(
              (x, i) =>
                html`${i ? ', ' : ''}<a href="#dato-${x.campo}">${t.t(`f_${x.campo}` as DocumentStringKey)}</a>`,
            )}
          </p>`
        : ''
    }
    <dl class="metadatos">
      ${item(t.t('f_titulo'), d.titulo || t.t('none'), 'titulo')}
      ${item(
        t.t('f_autores'),
        d.autores.length ? html`${d.autores.join('; ')}` : html`<span class="muted">${t.t('no_authors')}</span>`,
        'autores',
      )}
      ${item(t.t('f_anio'), d.anio != null ? String(d.anio) : t.t('none'), 'anio')}
      ${
        d.solo_referencia
          ? item(
              t.t('f_tipo'),
              html`<span class="badge solo-referencia" id="solo-referencia">${t.t('solo_referencia')}</span>`,
            )
          : item(t.t('f_tipo'), label(s, 'tipo', d.tipo))
      }
      ${det.tipo_obra ? item(t.t('f_tipo_obra'), label(s, 'tipo_obra', det.tipo_obra)) : ''}
      ${d.solo_referencia ? '' : item(extentLabel, extentValue)}
      ${item(
        t.t('f_estado'),
        html`<span class="badge estado-${d.estado}" id="estado-documento" data-estado="${d.estado}"
            >${label(s, 'estado', d.estado)}</span
          >${d.estado === 'procesando' || d.estado === 'en_cola' ? html` · ${label(s, 'fase', d.fase ?? d.estado)} · ${pct} %` : ''}
          ${d.error ? html`<p class="doc-error">${d.error}</p>` : ''}
          ${d.aviso ? html`<p class="warning" role="note">${d.aviso}</p>` : ''}`,
      )}
      ${d.idioma ? item(t.t('f_idioma'), d.idioma) : ''}
      ${det.doi ? item(t.t('f_doi'), html`<a href="https://doi.org/${det.doi}" rel="noreferrer">${det.doi}</a>`, 'doi') : ''}
      ${DETAIL_FIELDS.map(([f, key]) => (det[f] ? item(t.t(key), det[f]) : ''))}
      ${d.url ? item(t.t('f_url'), html`<a class="url" href="${d.url}" rel="noreferrer">${d.url}</a>`) : ''}
      ${row.sha256 ? item(t.t('f_huella'), html`<code class="huella">${row.sha256}</code>`) : ''}
      ${
        d.etiquetas?.length
          ? item(
              t.t('f_etiquetas'),
              html`<ul class="etiquetas" id="etiquetas">
                ${d.etiquetas.map(
                  (tag) => html`<li><a href="/biblioteca?etiqueta=${encodeURIComponent(tag)}">${tag}</a></li>`,
                )}
              </ul>`,
            )
          : ''
      }
      ${item(t.t('f_creado'), html`<time datetime="${d.creado}">${s.date(d.creado)}</time>`)}
    </dl>
    ${
      originRows.length
        ? html`<details class="origenes">
            <summary>${t.t('origins')}</summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">${t.t('origin_field')}</th>
                  <th scope="col">${t.t('origin_source')}</th>
                  <th scope="col">${t.t('origin_confidence')}</th>
                </tr>
              </thead>
              <tbody>
                ${originRows.map((f) => {
                  const o = origins![f]!;
                  const key = `origen_${o.origen}`;
                  return html`<tr>
                    <th scope="row">${t.t(`f_${f}` as DocumentStringKey)}</th>
                    <td>${t.has(key) ? t.t(key) : o.origen}</td>
                    <td>${Math.round(o.confianza * 100)} %</td>
                  </tr>`;
                })}
              </tbody>
            </table>
          </details>`
        : ''
    }
  </section>`;
}

function reference(t: DocumentStrings, p: DocumentPageData): Markup {
  const id = encodeURIComponent(p.doc.id);
  const bundled = p.estilos.estilos.filter((e) => !e.propio);
  const own = p.estilos.estilos.filter((e) => e.propio);
  const option = (e: { id: string; titulo: string }) =>
    html`<option value="${e.id}" ${e.id === p.estilo ? 'selected' : ''}>${e.titulo}</option>`;
  const r = p.referencia;
  return html`<section class="card" aria-labelledby="referencia-titulo">
    <h2 id="referencia-titulo">${t.t('reference')}</h2>
    <form class="estilo-form" method="get" action="/biblioteca/documentos/${id}#referencia-titulo">
      <div>
        <label for="estilo">${t.t('reference_style')}</label>
        <select id="estilo" name="estilo">
          <optgroup label="${t.t('reference_bundled')}">${bundled.map(option)}</optgroup>
          ${own.length ? html`<optgroup label="${t.t('reference_own')}">${own.map(option)}</optgroup>` : ''}
        </select>
      </div>
      <div>
        <label for="idioma">${t.t('reference_locale')}</label>
        <select id="idioma" name="idioma">
          ${p.estilos.idiomas.map((l) => html`<option value="${l}" ${l === p.idioma ? 'selected' : ''}>${l}</option>`)}
        </select>
      </div>
      ${p.desde ? html`<input type="hidden" name="desde" value="${p.desde}" />` : ''}
      <button type="submit">${t.t('reference_show')}</button>
    </form>
    ${p.referenciaError ? html`<p class="error" role="alert">${t.t('reference_failed', { reason: p.referenciaError })}</p>` : ''}
    ${
      r
        ? html`<div class="referencia" id="referencia" data-estilo="${r.estilo}" data-idioma="${r.idioma}">
            <p class="ref-label">${t.t('reference_entry')}</p>
            ${
              r.referencia.length
                ? html`<p class="ref-entrada" id="referencia-entrada">${richMarkup(r.referencia)}</p>`
                : html`<p class="muted">${t.t('reference_none')}</p>`
            }
            <p class="ref-label">${t.t(r.clase === 'note' ? 'reference_note' : 'reference_citation')}</p>
            <p class="ref-cita" id="referencia-cita">${richMarkup(r.cita)}</p>
          </div>`
        : ''
    }
    <p class="export" id="exportar">
      ${t.t('export')}:
      <a href="/biblioteca/documentos/${id}/exportar?formato=bibtex" download>BibTeX</a> ·
      <a href="/biblioteca/documentos/${id}/exportar?formato=ris" download>RIS</a> ·
      <a href="/biblioteca/documentos/${id}/exportar?formato=csljson" download>CSL-JSON</a>
    </p>
  </section>`;
}

function units(t: DocumentStrings, p: DocumentPageData): Markup {
  if (p.doc.solo_referencia) {
    return html`<section class="card" aria-labelledby="unidades-titulo">
      <h2 id="unidades-titulo">${t.t('solo_referencia')}</h2>
      <p class="muted" id="solo-referencia-nota">${t.t('solo_referencia_nota')}</p>
    </section>`;
  }
  const id = encodeURIComponent(p.doc.id);
  const keep = new URLSearchParams({ estilo: p.estilo, idioma: p.idioma });
  const at = (desde: string) => {
    const q = new URLSearchParams(keep);
    q.set('desde', desde);
    return `/biblioteca/documentos/${id}?${q}#unidades-titulo`;
  };
  const texto = p.texto;
  // Page and time locators fit a narrow column beside the text; section names ('Chapter 6 - Monitoring
  // Distributed Systems, párr. 41') are set above it instead, whole, as a heading would be.
  const long = texto?.unidades.some((u) => u.localizador.length > LOCATOR_COLUMN_CHARS) ?? false;
  return html`<section class="card" aria-labelledby="unidades-titulo">
    <h2 id="unidades-titulo">${t.t('units')}</h2>
    ${p.textoError ? html`<p class="muted">${p.textoError}</p>` : ''}
    ${
      texto
        ? html`<ol class="unidades${long ? ' unidades-apiladas' : ''}" id="unidades">
              ${texto.unidades.map(
                (u) =>
                  html`<li data-posicion="${u.posicion}">
                    <a
                      class="localizador"
                      href="${sitePath(u.enlace)}"
                      aria-label="${t.t('unit_open', { place: u.localizador })}"
                      >${u.localizador}</a
                    >
                    <p>${excerpt(u.texto)}</p>
                  </li>`,
              )}
            </ol>
            <nav class="pager" aria-label="${t.t('units')}">
              ${p.desde ? html`<a href="${at('[1]')}">${t.t('units_first')}</a>` : ''}
              ${texto.siguiente ? html`<a rel="next" href="${at(texto.siguiente)}">${t.t('units_more')}</a>` : ''}
            </nav>`
        : ''
    }
  </section>`;
}

function actions(t: DocumentStrings, p: DocumentPageData): Markup {
  const d = p.doc;
  const id = encodeURIComponent(d.id);
  const finished = d.estado === 'listo' || d.estado === 'error';
  return html`<div class="doc-acciones" role="group" aria-label="${t.t('actions')}">
    ${
      d.estado === 'listo' && !d.solo_referencia
        ? html`<a class="button-link primary" href="${sitePath(d.enlace)}">${t.t('read')}</a>`
        : ''
    }
    ${p.row.blob_key ? html`<a class="button-link" href="/leer/${id}/archivo" download>${t.t('original')}</a>` : ''}
    ${
      finished && !d.solo_referencia
        ? html`<form method="post" action="/biblioteca/documentos/${id}/releer">
            ${csrfField(p.csrf)}
            <button type="submit" title="${t.t('reread_hint')}">${t.t('reread')}</button>
          </form>`
        : ''
    }
    <form
      method="post"
      action="/biblioteca/documentos/${id}/borrar"
      data-confirm="${t.t('delete_confirm', { title: d.titulo })}"
      data-confirm-yes="${t.t('delete')}"
      data-cancel="${t.t('cancel')}"
    >
      ${csrfField(p.csrf)}
      <button type="submit" class="danger">${t.t('delete')}</button>
    </form>
  </div>`;
}

/** The document page's body: actions, metadata, the reference in any style with exports, units. */
export function documentBody(s: Strings, t: DocumentStrings, p: DocumentPageData): Markup {
  const byline = [p.doc.autores.join('; '), p.doc.anio != null ? String(p.doc.anio) : ''].filter(Boolean).join(' · ');
  return html`<p class="migas"><a href="/biblioteca">← ${t.t('back_library')}</a></p>
    ${byline ? html`<p class="autoria">${byline}</p>` : ''} ${actions(t, p)}
    <div class="doc-grid">
      <div>${metadata(s, t, p)}</div>
      <div>${reference(t, p)}</div>
    </div>
    ${units(t, p)}`;
}

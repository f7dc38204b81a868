import { parseYearRange, TIPOS_DOCUMENTO, type Documento, type TipoDocumento } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../http/env';
import { documentIds } from '../../http/document-ids';
import { listLibrary } from '../../services/documents/list-documents';
import { searchLibrary, type SearchResult } from '../../services/search';
import { pageStrings, type Strings } from '../i18n';
import { renderPage } from '../layout';
import { requireWebUser, sessionCsrfToken } from '../session';
import { securityHeaders } from '../security-headers';
import { copyAttributes, passageItem } from './passage';
import { searchStrings, type SearchStringKey, type SearchStrings } from './strings';

/** The documents a filter can name: the caller's ready ones, newest first (a select beyond this is no help). */
const DOCUMENT_CHOICES = 200;
const MAX_QUERY = 2000;

/** The form as sent, echoed back into its fields. */
interface SearchForm {
  q: string;
  documento: string;
  tipo: string;
  biblioteca: string;
  anio: string;
}

const isTipo = (v: string): v is TipoDocumento => (TIPOS_DOCUMENTO as readonly string[]).includes(v);

/** The first problem of the form, as a message key and its variables; undefined when it can be searched. */
function problemOf(f: SearchForm): { key: SearchStringKey; vars?: Record<string, string> } | undefined {
  for (const [field, value] of Object.entries(f)) {
    if (value.includes('\u0000')) return { key: 'error_nul', vars: { field } };
  }
  if (!f.q.trim()) return { key: 'error_q' };
  if (f.q.length > MAX_QUERY) return { key: 'error_q_long' };
  if (f.tipo && !isTipo(f.tipo)) return { key: 'error_tipo' };
  if (f.anio.trim() && !parseYearRange(f.anio)) return { key: 'error_anio' };
  return undefined;
}

/** Which engines answered, in words: always the lexical one, the semantic model or its absence, the reranker. */
function enginesText(ss: SearchStrings, motores: SearchResult['motores']): string {
  return [
    ss.t('engine_lexico'),
    motores.semantico ? ss.t('engine_semantico', { model: motores.semantico }) : ss.t('engine_semantico_off'),
    motores.reranker ? ss.t('engine_reranker', { model: motores.reranker }) : ss.t('engine_rasgos'),
  ].join(', ');
}

/** 'Pulsa / en cualquier parte…' with the key as <kbd>. */
function slashHint(ss: SearchStrings) {
  const [before = '', after = ''] = ss.t('slash_hint', { key: '\u0000' }).split('\u0000');
  return html`${before}<kbd>/</kbd>${after}`;
}

function options(values: { value: string; label: string }[], selected: string, all: string) {
  return html`<option value="">${all}</option>
    ${values.map(
      (o) => html`<option value="${o.value}" ${o.value === selected ? 'selected' : ''}>${o.label}</option>`,
    )}`;
}

function searchForm(s: Strings, ss: SearchStrings, f: SearchForm, docs: Documento[], invalid: boolean) {
  const collections = [...new Set(docs.map((d) => d.biblioteca).filter((b): b is string => !!b))].sort((a, b) =>
    a.localeCompare(b, s.lang),
  );
  if (f.biblioteca && !collections.includes(f.biblioteca)) collections.unshift(f.biblioteca);
  const label = (t: string) => {
    const key = `tipo_${t}`;
    return s.has(key) ? s.t(key) : t;
  };
  return html`<form class="card search-form" method="get" action="/buscar" role="search">
    <label for="q">${ss.t('q_label')}</label>
    <div class="search-box">
      <input
        id="q"
        name="q"
        type="search"
        value="${f.q}"
        maxlength="${MAX_QUERY}"
        autocomplete="off"
        aria-describedby="q-ayuda"
        ${invalid ? html`aria-invalid="true"` : ''}
      />
      <button type="submit" class="primary">${ss.t('submit')}</button>
    </div>
    <p id="q-ayuda" class="hint">${ss.t('q_hint')} <span class="slash-hint" hidden>${slashHint(ss)}</span></p>
    <fieldset class="filters">
      <legend>${ss.t('filters')}</legend>
      <div class="filter-grid">
        <div>
          <label for="documento">${ss.t('documento')}</label>
          <select id="documento" name="documento">
            ${options(
              docs.map((d) => ({ value: d.id, label: d.titulo })),
              f.documento,
              ss.t('documento_all'),
            )}
          </select>
        </div>
        <div>
          <label for="tipo">${ss.t('tipo')}</label>
          <select id="tipo" name="tipo">
            ${options(
              TIPOS_DOCUMENTO.map((t) => ({ value: t, label: label(t) })),
              f.tipo,
              ss.t('tipo_all'),
            )}
          </select>
        </div>
        <div>
          <label for="biblioteca">${ss.t('biblioteca')}</label>
          <select id="biblioteca" name="biblioteca">
            ${options(
              collections.map((b) => ({ value: b, label: b })),
              f.biblioteca,
              ss.t('biblioteca_all'),
            )}
          </select>
        </div>
        <div>
          <label for="anio">${ss.t('anio')}</label>
          <input
            id="anio"
            name="anio"
            type="text"
            inputmode="numeric"
            value="${f.anio}"
            aria-describedby="anio-ayuda"
          />
          <p id="anio-ayuda" class="hint">${ss.t('anio_hint')}</p>
        </div>
      </div>
    </fieldset>
  </form>`;
}

function resultsSection(ss: SearchStrings, found: SearchResult) {
  const n = found.pasajes.length;
  if (n === 0) {
    return html`<section class="results-section" aria-labelledby="resultados">
      <h2 id="resultados">${ss.t('none_title', { q: found.consulta })}</h2>
      <p class="hint">${ss.t('none_hint')}</p>
      <p class="engines">${ss.t('engines', { engines: enginesText(ss, found.motores), ms: found.ms ?? 0 })}</p>
    </section>`;
  }
  return html`<section class="results-section" aria-labelledby="resultados">
    <h2 id="resultados">
      ${n === 1 ? ss.t('results_one', { q: found.consulta }) : ss.t('results', { n, q: found.consulta })}
    </h2>
    <p class="engines">${ss.t('engines', { engines: enginesText(ss, found.motores), ms: found.ms ?? 0 })}</p>
    <ol class="results" ${copyAttributes(ss)}>
      ${found.pasajes.map((p, i) => passageItem(ss, p, `r-${i + 1}`))}
    </ol>
  </section>`;
}

async function searchPage(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const ss = searchStrings(s.lang);
  const { deps } = c.var;
  const user = c.var.webUser!;
  const asked = c.req.query('q') !== undefined;
  const form: SearchForm = {
    q: c.req.query('q') ?? '',
    documento: c.req.query('documento') ?? '',
    tipo: c.req.query('tipo') ?? '',
    biblioteca: c.req.query('biblioteca') ?? '',
    anio: c.req.query('anio') ?? '',
  };
  const problem = asked ? problemOf(form) : undefined;
  const docs = (await listLibrary(deps, user.userId, { estado: 'listo', limite: DOCUMENT_CHOICES })).documentos;

  let results: ReturnType<typeof resultsSection> | '' = '';
  if (asked && !problem) {
    const years = form.anio.trim() ? parseYearRange(form.anio) : undefined;
    const found = await searchLibrary(deps, user.userId, {
      q: form.q,
      documentos: documentIds(c.req.queries('documento')),
      biblioteca: form.biblioteca || undefined,
      tipos: isTipo(form.tipo) ? [form.tipo] : undefined,
      anioDesde: years?.desde,
      anioHasta: years?.hasta,
    });
    results = resultsSection(ss, found);
  }
  return renderPage(c, s, {
    title: ss.t('title'),
    user,
    csrf: sessionCsrfToken(c),
    active: 'buscar',
    scripts: ['search.js'],
    styles: ['search.css'],
    status: problem ? 400 : 200,
    error: problem ? ss.t(problem.key, problem.vars) : undefined,
    body: html`<p class="intro">${ss.t('intro')}</p>
      ${searchForm(s, ss, form, docs, !!problem)} ${results}`,
  });
}

/**
 * /buscar: the search page. A GET form (it works without scripts and its address can be kept), through
 * the same `searchLibrary` as GET /api/v1/buscar, with the filters document, type, collection and year;
 * search.js adds the `/` shortcut and the copy buttons.
 */
export function searchPageRoutes(app: Hono<AppEnv>): void {
  app.get('/buscar', securityHeaders(), requireWebUser(), searchPage);
}

import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../http/env';
import type { ReaderCitation, ReaderDocument } from '../../services/reader/view';
import { LANGS } from '../i18n';
import { ASSETS } from './assets';
import type { ReaderStrings } from './strings';

/** What `html` gives: escaped markup, possibly still resolving. */
export type Markup = ReturnType<typeof html>;

export interface ReaderPageOptions {
  title: string;
  /** Names the page's layout (`lector-pdf`, `lector-media` …) for the stylesheet. */
  kind: string;
  body: Markup;
  doc?: ReaderDocument;
  lugar?: ReaderCitation;
  /** Module scripts of the reader (file names under the reader's assets). */
  scripts?: string[];
  /** Extra stylesheets (absolute paths). */
  styles?: string[];
  status?: 200 | 400 | 404 | 409;
  /** The 'go to' box: the place the page stands at (kept by the form) and what was typed when it failed. */
  goTo?: { place: Record<string, string>; placeholder: string; value?: string; error?: string };
}

/** The query parameters of a reader link that name a place (the ones `parsePlace` reads). */
export const PLACE_PARAMS = ['pagina', 'pasaje', 't', 'hasta', 'diapositiva', 'hoja', 'filas', 'parrafo', 'u'] as const;

/**
 * The 'go to' box: a GET form to `/leer/:id/ir` that works without scripts (the server redirects to the
 * place); the PDF and media scripts answer it in place. The current place travels along so that a value
 * that does not resolve shows the same page with the message.
 */
function goToForm(s: ReaderStrings, id: string, g: NonNullable<ReaderPageOptions['goTo']>) {
  return html`<form
    class="ir-a"
    id="ir-a"
    method="get"
    action="/leer/${encodeURIComponent(id)}/ir"
    role="search"
    aria-label="${s.t('go_to')}"
  >
    <label for="ir-a-valor">${s.t('go_to')}</label>
    <input
      id="ir-a-valor"
      name="ir"
      type="text"
      size="9"
      value="${g.value ?? ''}"
      placeholder="${g.placeholder}"
      autocomplete="off"
      spellcheck="false"
      title="${s.t('go_to_hint')}"
      aria-describedby="ir-a-ayuda${g.error ? ' ir-a-error' : ''}"
      ${g.error ? html`aria-invalid="true"` : ''}
    />
    ${Object.entries(g.place).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`)}
    <button type="submit">${s.t('go_to_submit')}</button>
    <span id="ir-a-ayuda" class="visually-hidden">${s.t('go_to_hint')}</span>
  </form>`;
}

function langHref(c: Context, lang: string): string {
  const url = new URL(c.req.url);
  url.searchParams.set('lang', lang);
  return `${url.pathname}?${url.searchParams}`;
}

/**
 * The reader's page: a slim header (library link, title, authors and year, the place as a citation, the
 * original file, languages) above the reader itself, which fills the rest of the window.
 */
export function readerPage(c: Context<AppEnv>, s: ReaderStrings, o: ReaderPageOptions): Response | Promise<Response> {
  const doc = o.doc;
  const byline = doc
    ? [doc.autores.join('; '), doc.anio != null ? String(doc.anio) : ''].filter(Boolean).join(' · ')
    : '';
  const page = html`<!doctype html>
    <html lang="${s.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>${o.title} · Folio</title>
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/web/icon.svg" type="image/svg+xml" />
        ${(o.styles ?? []).map((href) => html`<link rel="stylesheet" href="${href}" />`)}
        <link rel="stylesheet" href="${ASSETS}/lector/lector.css" />
        ${(o.scripts ?? []).map((src) => html`<script type="module" src="${ASSETS}/lector/${src}"></script>`)}
      </head>
      <body class="lector lector-${o.kind}">
        <header class="lector-cabecera">
          <nav class="lector-nav" aria-label="${s.t('nav_label')}">
            <a class="marca" href="/biblioteca">Folio</a>
            <a href="/biblioteca">${s.t('library')}</a>
            ${doc ? html`<a href="/biblioteca/documentos/${encodeURIComponent(doc.id)}">${s.t('nav_document')}</a>` : ''}
            <a href="/buscar">${s.t('nav_search')}</a>
          </nav>
          <div class="lector-titulo">
            <h1>${o.title}</h1>
            ${byline ? html`<p class="autoria">${byline}</p>` : ''}
          </div>
          ${o.lugar ? html`<p class="lugar" title="${s.t('place')}"><span class="cita">${o.lugar.cita}</span></p>` : ''}
          ${doc && o.goTo ? goToForm(s, doc.id, o.goTo) : ''}
          ${
            doc?.archivo
              ? html`<a class="original" href="/leer/${encodeURIComponent(doc.id)}/archivo">${s.t('original')}</a>`
              : ''
          }
          <nav class="idiomas" aria-label="${s.t('language')}">
            ${LANGS.map((l) =>
              l === s.lang
                ? html`<span aria-current="true" lang="${l}">${l.toUpperCase()}</span>`
                : html`<a href="${langHref(c, l)}" lang="${l}" hreflang="${l}">${l.toUpperCase()}</a>`,
            )}
          </nav>
        </header>
        ${
          o.goTo?.error
            ? html`<p class="aviso ir-a-error" id="ir-a-error" role="alert">
                ${s.t('go_to_failed', { value: o.goTo.value ?? '', reason: o.goTo.error })}
              </p>`
            : ''
        }
        ${o.body}
      </body>
    </html>`;
  return c.html(page, (o.status ?? 200) as 200);
}

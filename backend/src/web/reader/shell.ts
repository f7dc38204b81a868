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
  status?: 200 | 404;
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
        ${(o.styles ?? []).map((href) => html`<link rel="stylesheet" href="${href}" />`)}
        <link rel="stylesheet" href="${ASSETS}/lector/lector.css" />
        ${(o.scripts ?? []).map((src) => html`<script type="module" src="${ASSETS}/lector/${src}"></script>`)}
      </head>
      <body class="lector lector-${o.kind}">
        <header class="lector-cabecera">
          <a class="marca" href="/biblioteca" title="${s.t('library')}">Folio</a>
          <div class="lector-titulo">
            <h1>${o.title}</h1>
            ${byline ? html`<p class="autoria">${byline}</p>` : ''}
          </div>
          ${o.lugar ? html`<p class="lugar" title="${s.t('place')}"><span class="cita">${o.lugar.cita}</span></p>` : ''}
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
        ${o.body}
      </body>
    </html>`;
  return c.html(page, o.status ?? 200);
}

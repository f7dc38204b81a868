import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../http/env';
import { CSRF_FIELD } from './csrf';
import { LANGS, stringsFor, type Strings } from './i18n';
import { setNoticeCookie, takeNoticeCookie } from './notice-cookie';
import type { WebUser } from './session';
import type { StringKey } from './strings/es';

/** What `html` gives: escaped markup, possibly still resolving. */
export type Markup = ReturnType<typeof html>;

export interface PageOptions {
  title: string;
  body: Markup;
  /** Signed in: the navigation and the sign-out button. */
  user?: WebUser;
  /** The session's CSRF token, for the sign-out form. */
  csrf?: string;
  active?: 'biblioteca' | 'importar' | 'buscar' | 'preguntar' | 'verificar' | 'citar' | 'claves';
  /** Module scripts under /web/. */
  scripts?: string[];
  /** Stylesheets under /web/ for this page alone, after app.css. */
  styles?: string[];
  /** The GET address of this page, for the language links (a POST result names its page). */
  path?: string;
  /** A line of text, or markup that brings its own `.notice` element (a list, say). */
  notice?: string | Markup;
  error?: string;
  status?: number;
}

/** The same page in another language: the path with its `lang` replaced. */
function langHref(c: Context, lang: string, path?: string): string {
  const url = new URL(c.req.url);
  const params = path ? new URLSearchParams() : url.searchParams;
  params.set('lang', lang);
  return `${path ?? url.pathname}?${params}`;
}

/** A hidden CSRF field for a form. */
export const csrfField = (token: string | undefined) =>
  html`<input type="hidden" name="${CSRF_FIELD}" value="${token ?? ''}" />`;

/** The page shell: skip link, header with navigation, language switcher and sign-out, then `main`. */
export function renderPage(c: Context<AppEnv>, s: Strings, o: PageOptions): Response | Promise<Response> {
  const nav = (href: string, key: StringKey, id: PageOptions['active']) =>
    html`<a href="${href}" ${o.active === id ? html`aria-current="page"` : ''}>${s.t(key)}</a>`;
  const page = html`<!doctype html>
    <html lang="${s.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${o.title} · Folio</title>
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/web/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/web/apple-touch-icon.png" />
        <link rel="stylesheet" href="/web/app.css" />
        ${(o.styles ?? []).map((href) => html`<link rel="stylesheet" href="/web/${href}" />`)}
        ${(o.scripts ?? []).map((src) => html`<script type="module" src="/web/${src}"></script>`)}
      </head>
      <body>
        <a class="skip" href="#contenido">${s.t('skip')}</a>
        <header class="top">
          <a class="brand" href="${o.user ? '/biblioteca' : '/entrar'}">Folio</a>
          ${
            o.user
              ? html`<nav class="main-nav" aria-label="${s.t('nav_label')}">
                  ${nav('/biblioteca', 'nav_library', 'biblioteca')} ${nav('/importar', 'nav_import', 'importar')}
                  ${nav('/buscar', 'nav_search', 'buscar')} ${nav('/preguntar', 'nav_ask', 'preguntar')}
                  ${nav('/verificar', 'nav_verify', 'verificar')} ${nav('/citar', 'nav_cite', 'citar')}
                  ${nav('/ajustes/claves', 'nav_keys', 'claves')}
                </nav>`
              : ''
          }
          <nav class="lang" aria-label="${s.t('language')}">
            ${LANGS.map((l) =>
              l === s.lang
                ? html`<span aria-current="true" lang="${l}">${stringsFor(l).t('lang_name')}</span>`
                : html`<a href="${langHref(c, l, o.path)}" lang="${l}" hreflang="${l}"
                    >${stringsFor(l).t('lang_name')}</a
                  >`,
            )}
          </nav>
          ${
            o.user
              ? html`<form class="account" method="post" action="/salir">
                  <span class="who">${s.t('signed_in_as', { email: o.user.email })}</span>
                  ${csrfField(o.csrf)}
                  <button type="submit" class="link">${s.t('sign_out')}</button>
                </form>`
              : ''
          }
        </header>
        <main id="contenido" tabindex="-1">
          <h1>${o.title}</h1>
          <div id="avisos" role="status" aria-live="polite">
            ${!o.notice ? '' : typeof o.notice === 'string' ? html`<p class="notice">${o.notice}</p>` : o.notice}
          </div>
          ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''} ${o.body}
        </main>
      </body>
    </html>`;
  return c.html(page, (o.status ?? 200) as 200);
}

/** A page with a message and a way back, for refused and failed requests. */
export function renderMessage(
  c: Context<AppEnv>,
  s: Strings,
  o: { title: string; message: string; status: number; back?: string; user?: WebUser; csrf?: string },
) {
  return renderPage(c, s, {
    title: o.title,
    user: o.user,
    csrf: o.csrf,
    status: o.status,
    error: o.message,
    body: html`<p><a href="${o.back ?? '/biblioteca'}">${s.t('back')}</a></p>`,
  });
}

/** One message carried over a redirect (post → redirect → get), read once. */
const FLASH_COOKIE = 'folio_aviso';

export function flash(c: Context<AppEnv>, key: StringKey, vars: Record<string, string> = {}): void {
  setNoticeCookie(c, FLASH_COOKIE, { k: key, v: vars });
}

export function takeFlash(c: Context<AppEnv>, s: Strings): string | undefined {
  const value = takeNoticeCookie(c, FLASH_COOKIE);
  if (typeof value !== 'object' || value === null) return undefined;
  const { k, v } = value as { k: unknown; v: unknown };
  if (typeof k !== 'string' || !s.has(k) || typeof v !== 'object' || v === null) return undefined;
  const vars = Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<string, string>;
  return s.t(k, vars);
}

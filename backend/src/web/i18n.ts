import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { en } from './strings/en';
import { es, type StringKey } from './strings/es';

export type Lang = 'es' | 'en';
export const LANGS: readonly Lang[] = ['es', 'en'];

/** Remembers a language chosen with `?lang=` for the next pages. */
export const LANG_COOKIE = 'folio_idioma';

const TABLES: Record<Lang, Record<StringKey, string>> = { es, en };

/** The strings of one language, with `{name}` placeholders filled from `vars`. */
export interface Strings {
  lang: Lang;
  t(key: StringKey, vars?: Record<string, string | number>): string;
  /** A date and time as people of this language write it. */
  date(d: Date | string): string;
  /** A known key, for keys that arrive as data (estado, fase, tipo). */
  has(key: string): key is StringKey;
}

/** A string with its `{name}` placeholders filled from `vars`; a placeholder without a value stays as it is. */
export function fillPlaceholders(template: string, vars?: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? String(vars[name]) : m));
}

export function stringsFor(lang: Lang): Strings {
  const table = TABLES[lang];
  const dates = new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return {
    lang,
    t: (key, vars) => fillPlaceholders(table[key], vars),
    date: (d) => dates.format(typeof d === 'string' ? new Date(d) : d),
    has: (key): key is StringKey => Object.hasOwn(table, key),
  };
}

const isLang = (v: string | undefined): v is Lang => v === 'es' || v === 'en';

/** The first of our languages the browser asks for, by `q` weight. */
function fromAcceptLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.lang).find(isLang);
}

/**
 * The page language: `?lang=` (remembered in a cookie), else the cookie, else Accept-Language, else
 * Spanish.
 */
export function pageStrings(c: Context): Strings {
  const asked = c.req.query('lang');
  if (isLang(asked)) {
    if (getCookie(c, LANG_COOKIE) !== asked) {
      setCookie(c, LANG_COOKIE, asked, { path: '/', maxAge: 365 * 86_400, sameSite: 'Lax', httpOnly: true });
    }
    return stringsFor(asked);
  }
  const remembered = getCookie(c, LANG_COOKIE);
  return stringsFor(isLang(remembered) ? remembered : (fromAcceptLanguage(c.req.header('accept-language')) ?? 'es'));
}

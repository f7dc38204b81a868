/**
 * Bibliographies of the works cited through the picker, formatted by citation-js for the `formatBibliography`
 * message. This module carries citation-js and citeproc (about 640 kB), which is why it lives in the background
 * and not in the editor content script injected into every frame; the handler imports it on the first
 * bibliography.
 */
import { Cite, type CSL } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { authorParts } from '@folio/shared';
import { BIBLIOGRAPHY_STYLES, type CitedWork, type FormattedBibliography } from '../messaging/bibliography';

function cslItem(work: CitedWork): CSL {
  const accessed = /^(\d{4})-(\d{2})-(\d{2})$/
    .exec(work.consultada ?? '')
    ?.slice(1)
    .map(Number);
  return {
    id: work.id,
    type: work.url ? 'webpage' : 'document',
    title: work.titulo,
    author: work.autores.map(authorParts),
    ...(work.anio != null ? { issued: { 'date-parts': [[work.anio]] } } : {}),
    ...(work.url ? { URL: work.url } : {}),
    ...(accessed ? { accessed: { 'date-parts': [accessed] } } : {}),
  } as CSL;
}

/** One entry of citation-js' HTML bibliography as inline HTML (its wrappers are divs; editors want a paragraph). */
function entryHtml(html: string): string {
  return html
    .replace(/<div class="csl-left-margin">([\s\S]*?)<\/div>/g, '$1 ')
    .replace(/<\/?div[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * The works of a `formatBibliography` message, checked: they come from the page's sessionStorage, which the page
 * itself can write. Throws on anything that is not a list of works; drops a `url` that is not http(s) and a
 * `consultada` that is not a date.
 */
export function readCitedWorks(value: unknown): CitedWork[] {
  if (!Array.isArray(value)) throw new Error('Cited works must be a list');
  return value.map((w: Partial<Record<keyof CitedWork, unknown>> | null, n) => {
    const ok =
      typeof w === 'object' &&
      w !== null &&
      isString(w.id) &&
      w.id !== '' &&
      isString(w.titulo) &&
      Array.isArray(w.autores) &&
      w.autores.every(isString) &&
      (w.anio == null || Number.isInteger(w.anio));
    if (!ok) throw new Error(`Malformed cited work at ${n}`);
    return {
      id: w.id as string,
      titulo: w.titulo as string,
      autores: [...(w.autores as string[])],
      ...(w.anio != null ? { anio: w.anio as number } : {}),
      ...(isString(w.url) && /^https?:\/\//i.test(w.url) ? { url: w.url } : {}),
      ...(isString(w.consultada) && /^\d{4}-\d{2}-\d{2}$/.test(w.consultada) ? { consultada: w.consultada } : {}),
    };
  });
}

/**
 * The bibliography of `works` in a CSL style built into citation-js (`apa`, `vancouver`, `harvard1`), in
 * Spanish: one paragraph per work as HTML (italics kept), one line per work as text. APA and Harvard sort by
 * author, Vancouver numbers in the order of first citation, which is the order of `works`.
 */
export function formatBibliography(works: CitedWork[], style: string, lang = 'es-ES'): FormattedBibliography {
  if (!BIBLIOGRAPHY_STYLES.some((s) => s.id === style)) throw new Error(`Unknown bibliography style: ${style}`);
  const cite = new Cite(works.map(cslItem));
  const entries = cite.format('bibliography', { format: 'html', template: style, lang, asEntryArray: true }) as [
    string,
    string,
  ][];
  const text = (cite.format('bibliography', { format: 'text', template: style, lang }) as string).trim();
  return { html: entries.map(([, entry]) => `<p>${entryHtml(entry)}</p>`).join(''), text };
}

/**
 * Bibliographies of the works cited through the picker, formatted by citation-js. This module carries
 * citation-js and citeproc (about 600 kB): the content script imports it dynamically, on the first
 * bibliography, so pages and frames that never ask for one do not evaluate it.
 */
import { Cite, type CSL } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { escapeHtml, type Insertion } from './content';
import { BIBLIOGRAPHY_STYLES, type CitedWork } from './cited-works';

export { BIBLIOGRAPHY_STYLES } from './cited-works';

/** 'Surname, Given' → a CSL name; a name without a comma (an organisation, a bare surname) is kept literal. */
function cslName(author: string): { family: string; given?: string } | { literal: string } {
  const comma = author.indexOf(',');
  if (comma < 0) return { literal: author.trim() };
  const given = author.slice(comma + 1).trim();
  return { family: author.slice(0, comma).trim(), ...(given ? { given } : {}) };
}

function cslItem(work: CitedWork): CSL {
  const accessed = /^(\d{4})-(\d{2})-(\d{2})$/
    .exec(work.consultada ?? '')
    ?.slice(1)
    .map(Number);
  return {
    id: work.id,
    type: work.url ? 'webpage' : 'document',
    title: work.titulo,
    author: work.autores.map(cslName),
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

/**
 * The bibliography of `works` in a CSL style built into citation-js (`apa`, `vancouver`, `harvard1`), in
 * Spanish: one paragraph per work as HTML (italics kept), one line per work as text. APA and Harvard sort by
 * author, Vancouver numbers in the order of first citation, which is the order of `works`.
 */
export function formatBibliography(works: CitedWork[], style: string, lang = 'es-ES'): Insertion {
  if (!BIBLIOGRAPHY_STYLES.some((s) => s.id === style)) throw new Error(`Unknown bibliography style: ${style}`);
  const cite = new Cite(works.map(cslItem));
  const entries = cite.format('bibliography', { format: 'html', template: style, lang, asEntryArray: true }) as [
    string,
    string,
  ][];
  const text = (cite.format('bibliography', { format: 'text', template: style, lang }) as string).trim();
  const html = entries.map(([, entry]) => `<p>${entryHtml(entry)}</p>`).join('');
  return { html: html || `<p>${escapeHtml(text)}</p>`, text, block: true };
}

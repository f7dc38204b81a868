import type { CSL } from '@citation-js/core';
import { citationJs } from './citation-js';
import { thesisEntryType } from './thesis-level';

/** An entry as citation-js's BibTeX output gives it with `format: 'object'`, its fields already written. */
interface BibtexEntry {
  type: string;
  label: string;
  properties: Record<string, string>;
}

/** The characters BibTeX or LaTeX read as syntax, as LaTeX text commands that print them. */
const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // citation-js reads '<i>', '<b>', '<sc>'… as CSL markup and opens a command that a stray tag never closes.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/**
 * A text as the value of a BibTeX field: composed (NFC, so an accent written as a combining mark sits on
 * its letter), control characters (tabs and line breaks among them) as spaces, and BibTeX's and LaTeX's
 * syntax as text. Every other character stays as it is.
 */
export function bibtexText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[\\{}%#&$_~^<>]/g, (c) => SPECIAL[c]!);
}

/**
 * A URL or DOI as a verbatim field (`url`, `doi`), which BibTeX takes as it is but for its braces: those and
 * backslashes percent-encoded, which addresses read as the same characters.
 */
export function bibtexAddress(address: string): string {
  return address.replace(/[{}\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The CSL fields that are no text of the reference. */
const NOT_TEXT = new Set(['id', 'type', 'citation-key']);

const escaped = (value: unknown): unknown => {
  if (typeof value === 'string') return bibtexText(value);
  if (Array.isArray(value)) return value.map(escaped);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escaped(v)]));
};

const escapedItem = (item: CSL): CSL =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => [k, NOT_TEXT.has(k) ? v : escaped(v)])) as CSL;

/** An item's URL and DOI for the fields BibTeX reads verbatim. */
const addresses = (item: CSL): Record<string, string> => ({
  ...(item.URL ? { url: bibtexAddress(item.URL) } : {}),
  ...(item.DOI ? { doi: bibtexAddress(item.DOI) } : {}),
});

const entryText = ({ type, label, properties }: BibtexEntry): string =>
  `@${type}{${label},\n${Object.entries(properties)
    .map(([field, value]) => `\t${field} = {${value}},\n`)
    .join('')}}\n\n`;

/**
 * The items as a BibTeX file in UTF-8, each under its `citation-key`. citation-js
 * (@citation-js/plugin-bibtex) maps CSL types and fields to BibTeX's and writes Unicode as it is; every
 * text reaches it already written for BibTeX (`bibtexText`). Its ASCII-only mode, the default, dropped what
 * it has no LaTeX command for (Chinese, Arabic, emoji, 'ˆ') and wrote an accent with no letter before it
 * (´ as a character of its own, as PDFs made with LaTeX have it) as `{\'  }`, which no parser reads.
 * `url` and `doi` get the address as it is back; `howpublished`, where citation-js copies a URL for the
 * classic styles that print no `url`, is text and keeps it escaped. citation-js knows a thesis's level only
 * from English genres ('PhD thesis'); a thesis whose genre says it in any language ('Tesis doctoral',
 * 'Dissertação (Mestrado)') is written @phdthesis or @mastersthesis (`thesisEntryType`), its genre kept in
 * `type`, which the classic styles print instead of their English label.
 */
export function bibtexOf(items: CSL[]): string {
  const { Cite, plugins } = citationJs();
  (plugins.config.get('@bibtex') as { format: { asciiOnly: boolean } }).format.asciiOnly = false;
  const entries = new Cite(items.map(escapedItem)).format('bibtex', { format: 'object' }) as unknown as BibtexEntry[];
  return entries
    .map((entry, i) => {
      const item = items[i]!;
      const verbatim = addresses(item);
      const properties = Object.fromEntries(Object.entries(entry.properties).map(([f, v]) => [f, verbatim[f] ?? v]));
      const type = (item.type === 'thesis' && thesisEntryType(item.genre)) || entry.type;
      return entryText({ ...entry, type, properties });
    })
    .join('');
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DOMParser } from 'linkedom';
import { cslRegistry } from './citation-js';
import { citationEngine } from './citeproc-engines';
import { parseXml, xmlAttr, xmlChildren, xmlText, type XmlElement } from '../../formats/xml';

/**
 * The CSL styles and locales citation-js formats with. Three styles are built into
 * @citation-js/plugin-csl (apa, vancouver, harvard1); the others Folio bundles are copies of the official
 * CSL repository's files (Debian's citation-style-language-styles and -locales packages, CC BY-SA 3.0:
 * see styles/SOURCE.md), read from this folder when first needed. A user's own styles are stored with
 * their account and registered under a name derived from their content, so an engine cached for an old
 * version of a style is never used for a new one.
 */

const HERE = import.meta.dirname;
const CSL_NS = 'http://purl.org/net/xbiblio/csl';

/** Styles bundled with Folio (CSL ids), with their titles. */
export const BUNDLED_STYLES: Record<string, string> = {
  apa: 'APA Style 7th edition',
  'modern-language-association': 'Modern Language Association 9th edition',
  'chicago-author-date': 'Chicago Manual of Style 17th edition (author-date)',
  'chicago-note-bibliography': 'Chicago Manual of Style 17th edition (note, short notes)',
  'chicago-fullnote-bibliography': 'Chicago Manual of Style 17th edition (full note)',
  ieee: 'IEEE',
  vancouver: 'NLM/Vancouver: Citing Medicine 2nd edition (citation-sequence)',
  harvard1: 'Cite Them Right 12th edition (author-date/Harvard)',
  'iso690-author-date-es': 'ISO-690 (author-date, Español)',
  'iso690-author-date-en': 'ISO-690 (author-date, English)',
  'iso690-numeric-en': 'ISO-690 (numeric, English)',
};

/** Short names people use for the bundled styles. */
export const STYLE_ALIASES: Record<string, string> = {
  mla: 'modern-language-association',
  chicago: 'chicago-author-date',
  'chicago-notes': 'chicago-fullnote-bibliography',
  'chicago-notas': 'chicago-fullnote-bibliography',
  'chicago-note': 'chicago-fullnote-bibliography',
  harvard: 'harvard1',
  'harvard-cite-them-right': 'harvard1',
  iso690: 'iso690-author-date-es',
  'iso-690': 'iso690-author-date-es',
  nlm: 'vancouver',
};

/** Styles citation-js ships; the rest of BUNDLED_STYLES are files in styles/. */
const BUILT_IN_STYLES = new Set(['apa', 'vancouver', 'harvard1']);
/** Locales citation-js ships (newer than the bundled files, so they win). */
const BUILT_IN_LOCALES = new Set(['en-US', 'es-ES', 'fr-FR', 'de-DE', 'nl-NL']);
/** The dialect a bare language means, as the CSL locales repository's primary dialects say. */
const PRIMARY_DIALECT: Record<string, string> = {
  es: 'es-ES',
  en: 'en-US',
  pt: 'pt-PT',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  ca: 'ca-AD',
  nl: 'nl-NL',
  eu: 'eu',
};

let localesLoaded: string[] | undefined;

/** Every locale citation-js can format in: its own, then the bundled files. Registered once. */
export function availableLocales(): string[] {
  if (!localesLoaded) {
    const dir = path.join(HERE, 'locales');
    for (const file of fs.readdirSync(dir)) {
      const id = /^locales-(.+)\.xml$/.exec(file)?.[1];
      if (id && !BUILT_IN_LOCALES.has(id)) cslRegistry().locales.add(id, fs.readFileSync(path.join(dir, file), 'utf8'));
    }
    localesLoaded = cslRegistry().locales.list() as string[];
  }
  return localesLoaded;
}

/**
 * The registered locale for what a caller wrote ('es-ES', 'es_es', 'en', 'pt-br'); undefined when there is
 * none (citeproc would otherwise fall back to en-US without saying so).
 */
export function resolveLocale(idioma: string): string | undefined {
  const wanted = idioma.trim().replace(/_/g, '-').toLowerCase();
  const locales = availableLocales();
  const exact = locales.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = PRIMARY_DIALECT[wanted.split('-')[0]!];
  return wanted.includes('-') ? undefined : primary && locales.includes(primary) ? primary : undefined;
}

/** A style id as people write it: lower case, without the repository URL or '.csl'. */
export function canonicalStyleId(estilo: string): string {
  const id = estilo
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/www\.zotero\.org\/styles\//, '')
    .replace(/\.csl$/, '');
  return STYLE_ALIASES[id] ?? id;
}

/** True when `id` (canonical) is a bundled style. */
export const isBundledStyle = (id: string) => Object.hasOwn(BUNDLED_STYLES, id);

/** Registers a bundled style with citation-js (once) and returns the name to format with. */
export function bundledStyle(id: string): string {
  if (!BUILT_IN_STYLES.has(id) && !cslRegistry().styles.has(id)) {
    cslRegistry().styles.add(id, fs.readFileSync(path.join(HERE, 'styles', `${id}.csl`), 'utf8'));
  }
  return id;
}

const bundledClasses = new Map<string, 'in-text' | 'note'>();

/** Whether a bundled style puts citations in the text or in notes (its `class`, read once). */
export function bundledStyleClass(id: string): 'in-text' | 'note' {
  let clase = bundledClasses.get(id);
  if (!clase) {
    const xml = cslRegistry().styles.get(bundledStyle(id)) as string;
    clase = /<style\b[^>]*\bclass="note"/.test(xml) ? 'note' : 'in-text';
    bundledClasses.set(id, clase);
  }
  return clase;
}

/** Registers a user's style XML with citation-js under a name derived from its content. */
export function userStyle(xml: string): string {
  const name = `folio-${crypto.createHash('sha256').update(xml).digest('hex').slice(0, 24)}`;
  if (!cslRegistry().styles.has(name)) cslRegistry().styles.add(name, xml);
  return name;
}

/** What a CSL style file says of itself. */
export interface StyleInfo {
  /** The last segment of its `<id>` (or of its self link), lower case. */
  id: string;
  titulo: string;
  /** in-text (author-date, numeric) or note. */
  clase: 'in-text' | 'note';
  /** A dependent style names its parent; it has no layout of its own. */
  padre?: string;
}

/** Why a style file cannot be used; the message is shown to the user. */
export class StyleError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
  ) {
    super(message);
    this.name = 'StyleError';
  }
}

const child = (el: XmlElement, name: string) => xmlChildren(el).find((c) => c.ns === CSL_NS && c.name === name);

/** Reads and checks a CSL style file: CSL 1.0 XML with an id, a title and, unless dependent, a citation layout. */
export function readStyle(xml: string): StyleInfo {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (err) {
    throw new StyleError(
      `El estilo no es XML válido: ${(err as Error).message}.`,
      `The style is not valid XML: ${(err as Error).message}`,
    );
  }
  if (root.ns !== CSL_NS || root.name !== 'style') {
    throw new StyleError(
      'El archivo no es un estilo CSL (falta <style xmlns="http://purl.org/net/xbiblio/csl">).',
      'Not a CSL style (no CSL <style> root)',
    );
  }
  const info = child(root, 'info');
  const links = info ? xmlChildren(info).filter((c) => c.ns === CSL_NS && c.name === 'link') : [];
  const rawId =
    (info && child(info, 'id') && xmlText(child(info, 'id')!).trim()) ||
    links.find((l) => xmlAttr(l, '', 'rel') === 'self')?.attrs.get('href') ||
    '';
  const id = rawId.replace(/\/+$/, '').split('/').at(-1)?.toLowerCase() ?? '';
  const titulo = (info && child(info, 'title') && xmlText(child(info, 'title')!).trim()) || id;
  const parentHref = links.find((l) => xmlAttr(l, '', 'rel') === 'independent-parent')?.attrs.get('href');
  const padre = parentHref ? canonicalStyleId(parentHref.replace(/\/+$/, '').split('/').at(-1) ?? '') : undefined;
  const clase = xmlAttr(root, '', 'class');
  if (!id || !/^[a-z0-9][a-z0-9._-]{0,199}$/.test(id)) {
    throw new StyleError(
      'El estilo no tiene un <id> utilizable en <info> (letras, números, guiones).',
      'The style has no usable <info><id>',
    );
  }
  if (clase !== 'in-text' && clase !== 'note') {
    throw new StyleError(
      'El atributo class del estilo debe ser "in-text" o "note".',
      'The style class must be in-text or note',
    );
  }
  if (!padre && !child(root, 'citation')) {
    throw new StyleError('El estilo no tiene <citation>.', 'The style has no <citation> element');
  }
  return { id, titulo, clase, ...(padre && { padre }) };
}

/** A citation to format: a document (by CSL item id) and where in it. */
export interface CiteRequest {
  id: string;
  locator?: string;
  label?: string;
  suffix?: string;
  /**
   * The place as Folio writes it ('p. 45', 'diap. 4'): for a style whose citations print no locator of
   * this kind (Vancouver prints none, ISO-690 author-date in Spanish only pages), it follows the cite
   * instead (', diap. 4'), inside the style's layout parentheses.
   */
  localizador?: string;
}

/** Citations and bibliography as citeproc writes them (HTML), in citation order and in the style's order. */
export interface Formatted {
  /** in-text or note: whether citations go in the text or in notes. */
  clase: 'in-text' | 'note';
  citations: string[];
  bibliography: string[];
}

/**
 * Formats `cites` in order (so numeric styles number by first citation and note styles shorten repeats)
 * and the bibliography of every cited item, with the style registered as `styleName`, in `locale`. APA
 * in a Spanish locale formats with {@link spanishApa}.
 */
export function formatCitations(
  styleName: string,
  locale: string,
  items: Record<string, unknown>[],
  cites: CiteRequest[],
): Formatted {
  const name = styleName === 'apa' && locale.split('-')[0] === 'es' ? spanishApa() : styleName;
  const engine = citationEngine(name, locale, items);
  const note = engine.opt.xclass === 'note';
  const printed = printedLocators(name);
  const citations = cites.map((c, i) => ({
    citationID: `c${i + 1}`,
    citationItems: [citationItem(c, printed)],
    properties: { noteIndex: note ? i + 1 : 0 },
  }));
  const out = engine.rebuildProcessorState(citations, 'html', []) as [string, number, string][];
  // A style without a <bibliography> (some note styles) gives false.
  const bibliography = cites.length ? engine.makeBibliography() : false;
  return {
    clase: note ? 'note' : 'in-text',
    citations: out.map((o) => o[2]),
    bibliography: bibliography ? bibliography[1] : [],
  };
}

/** A request as citeproc's citation item: its locator, or its `localizador` after it when the style would drop it. */
function citationItem(c: CiteRequest, printed: PrintedLocators) {
  const label = c.label ?? 'page';
  const shown = printed === 'all' || (printed === 'pages' && label === 'page');
  if (c.locator !== undefined && (shown || !c.localizador)) {
    return { id: c.id, locator: c.locator, label, ...(c.suffix && { suffix: c.suffix }) };
  }
  const suffix = c.suffix ?? (c.localizador ? `, ${c.localizador}` : undefined);
  return { id: c.id, ...(suffix && { suffix }) };
}

const SPANISH_APA = 'apa-folio-es';

/**
 * APA 7 as its Spanish edition writes it: 'y' between the last two authors, with no comma before it
 * ('(Chablé y Fernanda, 2019)', 'Hernández, R., Fernández, C. y Baptista, P. (2014).'), where the style says
 * `and="symbol"`, which citeproc-js always prints as '&' in a CSL 1.0 style (it reads no locale's symbol
 * form of 'and'), and a serial comma before it. The variant is citation-js's own `apa` with every
 * `<name and="symbol">` made `and="text"` (the locale's term 'and', 'y' in every Spanish locale) and its
 * serial comma dropped, derived when first needed so it follows the citation-js version installed.
 */
export function spanishApa(): string {
  if (!cslRegistry().styles.has(SPANISH_APA)) {
    const doc = new DOMParser().parseFromString(cslRegistry().styles.get('apa') as string, 'text/xml');
    for (const name of doc.querySelectorAll('name[and="symbol"]')) {
      name.setAttribute('and', 'text');
      if (name.getAttribute('delimiter-precedes-last') === 'always')
        name.setAttribute('delimiter-precedes-last', 'never');
    }
    cslRegistry().styles.add(SPANISH_APA, doc.toString());
  }
  return SPANISH_APA;
}

/**
 * Which locators a style's citations print: 'all' when they print the locator with its label, 'pages'
 * when they print it after a page word of their own (ISO-690 author-date in Spanish: ', p. '), 'none'
 * when they print no locator (Vancouver).
 */
type PrintedLocators = 'all' | 'pages' | 'none';

const printedByStyle = new Map<string, PrintedLocators>();

/** What a registered style's `<citation>` (and the macros it calls) does with a locator; read once per style. */
function printedLocators(styleName: string): PrintedLocators {
  let printed = printedByStyle.get(styleName);
  if (!printed) {
    const root = parseXml(cslRegistry().styles.get(styleName) as string);
    const macros = new Map(
      xmlChildren(root)
        .filter((el) => el.ns === CSL_NS && el.name === 'macro')
        .map((el) => [xmlAttr(el, '', 'name'), el]),
    );
    let text = false;
    let label = false;
    const seen = new Set<XmlElement>();
    const walk = (el: XmlElement) => {
      if (seen.has(el)) return;
      seen.add(el);
      const variables = (xmlAttr(el, '', 'variable') ?? '').split(/\s+/);
      if (variables.includes('locator')) {
        if (el.name === 'label') label = true;
        else text = true;
      }
      const macro = el.name === 'text' ? xmlAttr(el, '', 'macro') : undefined;
      if (macro && macros.has(macro)) walk(macros.get(macro)!);
      for (const c of xmlChildren(el)) if (c.ns === CSL_NS) walk(c);
    };
    const citation = child(root, 'citation');
    if (citation) walk(citation);
    printed = !text ? 'none' : label ? 'all' : 'pages';
    printedByStyle.set(styleName, printed);
  }
  return printed;
}

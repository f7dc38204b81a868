import type { FoundMetadata } from '../converter';
import { authorsFromMetadata, authorsFromTags } from '../metadata/author-names';
import { surnameFirst } from '../metadata/surname-first';
import { cleanTitle, findDoi, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';

/** The little of a DOM document the metadata reader needs (linkedom's own types are loose). */
export interface MetaDocument {
  documentElement: { getAttribute(name: string): string | null } | null;
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(
    selector: string,
  ): Iterable<{ getAttribute(name: string): string | null; textContent: string | null }>;
}

/** What a reader-mode pass (Mozilla Readability) found; used only where the page's own metadata is silent. */
export interface ArticleHints {
  title?: string | null;
  byline?: string | null;
  lang?: string | null;
  publishedTime?: string | null;
  siteName?: string | null;
}

export interface PageMetadataOptions {
  /** The page's URL, to recognise the site's name at the end of a title. */
  url?: string;
  /** The Content-Language response header. */
  contentLanguage?: string;
}

/**
 * Bibliographic metadata of a web page (fetched, captured, or uploaded as an HTML file: the one reader of
 * all three), from the most deliberate source to the least: Highwire Press
 * `citation_*` tags (what Google Scholar and Zotero read), Dublin Core, JSON-LD schema.org (headline,
 * author, datePublished, inLanguage), OpenGraph and `article:*`, `meta name=author`, the `<title>`, and
 * the `lang` of the page. Read this before Readability runs: Readability changes the document.
 *
 * Authors come out as 'Surname, Given' (`author-names.ts`): as the source marks the parts (a comma in
 * `citation_author` or `DC.creator`, `familyName`/`givenName` in JSON-LD), else as the name parser reads
 * 'Given Surname' text ('Mariana Castañeda Ruiz' → 'Castañeda Ruiz, Mariana'). Organisations stay whole.
 */
export function pageMetadata(document: MetaDocument, options: PageMetadataOptions = {}): FoundMetadata {
  const meta = metaIndex(document);
  const ld = jsonLdNodes(document);
  const primary = ld.filter((n) => typeMatches(n, ARTICLE_TYPES));
  const pages = ld.filter((n) => typeMatches(n, PAGE_TYPES));
  const siteName =
    first(meta, 'og:site_name', 'application-name') ?? ldName(ld.find((n) => typeMatches(n, SITE_TYPES)));

  const titulo = firstClean([
    first(meta, 'citation_title', 'dc.title', 'dcterms.title'),
    ...primary.map((n) => stringOf(n.headline) ?? stringOf(n.name)),
    first(meta, 'og:title'),
    ...pages.map((n) => stringOf(n.headline) ?? stringOf(n.name)),
    first(meta, 'twitter:title'),
    document.querySelector('title')?.textContent,
  ]);

  const result: FoundMetadata = {};
  if (titulo) result.titulo = withoutSiteSuffix(titulo, siteName, options.url);

  const names = (values: string[]) => authorsOf(values, siteName);
  const autores = firstNonEmpty([
    () => dedupe([...onePerTag(all(meta, 'citation_author'), siteName), ...names(all(meta, 'citation_authors'))]),
    () => onePerTag([...all(meta, 'dc.creator'), ...all(meta, 'dcterms.creator')], siteName),
    () => ldAuthors([...primary, ...pages], siteName),
    () => names(all(meta, 'author')),
    () => names([...all(meta, 'article:author'), ...all(meta, 'og:article:author')]),
  ]);
  if (autores.length > 0) result.autores = autores;

  const anio = [
    first(meta, 'citation_publication_date', 'citation_date', 'citation_online_date', 'citation_year'),
    first(meta, 'dc.date.issued', 'dcterms.issued', 'dc.date', 'dcterms.date', 'dcterms.created'),
    ...primary.map((n) => stringOf(n.datePublished) ?? stringOf(n.dateCreated)),
    first(meta, 'article:published_time', 'og:article:published_time', 'datepublished', 'date'),
    ...pages.map((n) => stringOf(n.datePublished)),
  ]
    .map((d) => yearFromDate(d))
    .find((y) => y !== undefined);
  if (anio) result.anio = anio;

  const root = document.documentElement;
  const idioma = [
    root?.getAttribute('lang'),
    root?.getAttribute('xml:lang'),
    options.contentLanguage?.split(',')[0],
    first(meta, 'citation_language', 'dc.language', 'dcterms.language', 'content-language'),
    ...[...primary, ...pages].map((n) => stringOf(n.inLanguage)),
    first(meta, 'og:locale'),
  ]
    .map((l) => normalizeLanguage(l))
    .find((l) => l !== undefined);
  if (idioma) result.idioma = idioma;
  const doi = [
    first(meta, 'citation_doi', 'dc.identifier', 'dcterms.identifier', 'prism.doi', 'bepress_citation_doi'),
    ...primary.map((n) => stringOf(n.identifier) ?? stringOf(n.sameAs)),
  ]
    .map((d) => findDoi(d))
    .find(Boolean);
  if (doi) result.doi = doi;
  // The site is APA's container of a web page ('Título. BBC News. URL').
  const site = siteName?.replace(/\s+/g, ' ').trim();
  if (site) result.contenedor = site;
  return result;
}

/** Fills what the page's metadata left empty with what Readability found. */
export function withArticleHints(found: FoundMetadata, hints: ArticleHints | null | undefined): FoundMetadata {
  if (!hints) return found;
  const result = { ...found };
  if (!result.titulo) {
    const titulo = cleanTitle(hints.title);
    if (titulo) result.titulo = titulo;
  }
  if (!result.autores?.length) {
    const autores = authorsFromByline(hints.byline);
    if (autores.length > 0) result.autores = autores;
  }
  if (result.anio === undefined) {
    const anio = yearFromDate(hints.publishedTime);
    if (anio) result.anio = anio;
  }
  if (!result.idioma) {
    const idioma = normalizeLanguage(hints.lang);
    if (idioma) result.idioma = idioma;
  }
  return result;
}

/**
 * Authors from a byline as pages print it: 'By Ana Sandoiu', 'Written by Rob Ewaschuk / Edited by …',
 * 'Martin Untersinger (avec Damien Leloup et Morgane Tual)', 'Por José Pérez | 3 de mayo de 2020'.
 * Only the first line is read; editors, dates and 'with' asides are dropped.
 */
export function authorsFromByline(byline: string | null | undefined): string[] {
  if (!byline) return [];
  let text = byline.split(/\n|\s{2,}|\s[|·•]\s/)[0] ?? '';
  text = text
    .replace(/\((?:avec|with|con|com|mit|and|y|et|e)\b[^)]*\)/gi, ' ')
    .replace(/^\s*(?:written\s+by|escrito\s+por|texto\s+de|by|por|von|par|de|da)\s+/i, '')
    .replace(/\s+(?:edited\s+by|editado\s+por|updated|actualizado|publicado|published)\b.*$/i, '')
    .replace(/[,\s]+\d{1,2}\s+(?:de\s+)?\p{L}+\.?(?:\s+de)?\s+\d{4}.*$/u, '')
    .replace(/[,\s]+\p{L}+\.?\s+\d{1,2},?\s+\d{4}.*$/u, '')
    .trim();
  if (!text || /\d{4}/.test(text) || text.length > 200) return [];
  return authorsFromMetadata(text);
}

// --- meta tags -----------------------------------------------------------------------------------

type MetaIndex = Map<string, string[]>;

function metaIndex(document: MetaDocument): MetaIndex {
  const index: MetaIndex = new Map();
  for (const el of document.querySelectorAll('meta')) {
    const key = (el.getAttribute('name') ?? el.getAttribute('property') ?? el.getAttribute('itemprop'))
      ?.trim()
      .toLowerCase();
    const content = el.getAttribute('content')?.trim();
    if (!key || !content) continue;
    // A tag may carry both name and property ('twitter:description' + 'description'): index both.
    for (const k of new Set([key, el.getAttribute('property')?.trim().toLowerCase()])) {
      if (!k) continue;
      const list = index.get(k) ?? [];
      list.push(decodeEntities(content));
      index.set(k, list);
    }
  }
  return index;
}

function all(meta: MetaIndex, name: string): string[] {
  return meta.get(name) ?? [];
}

function first(meta: MetaIndex, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = meta.get(name)?.[0];
    if (value) return value;
  }
  return undefined;
}

/** Some pages double-encode entities in attributes ('Mac &amp;amp; i'). */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|apos|#39|lt|gt);/g, (_m, e: string) =>
    e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'lt' ? '<' : e === 'gt' ? '>' : "'",
  );
}

// --- JSON-LD -------------------------------------------------------------------------------------

type LdNode = Record<string, unknown>;

const ARTICLE_TYPES =
  /^(?:\w*Article|BlogPosting|SocialMediaPosting|DiscussionForumPosting|Report|Thesis|Book|Chapter|CreativeWork|Review|Recipe|HowTo|VideoObject|PodcastEpisode|Episode|Legislation|Dataset)$/;
const PAGE_TYPES = /^(?:\w*Page|WebPage)$/;
const SITE_TYPES = /^(?:WebSite|\w*Organization)$/;

function jsonLdNodes(document: MetaDocument): LdNode[] {
  const nodes: LdNode[] = [];
  for (const script of document.querySelectorAll('script[type="application/ld+json" i]')) {
    const text = (script.textContent ?? '')
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
      .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
      .trim();
    if (!text) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    collect(parsed, nodes, 0);
  }
  return nodes;
}

function collect(value: unknown, into: LdNode[], depth: number): void {
  if (depth > 4 || value == null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collect(v, into, depth + 1);
    return;
  }
  const node = value as LdNode;
  if (node['@type']) into.push(node);
  if (node['@graph']) collect(node['@graph'], into, depth + 1);
}

function typeMatches(node: LdNode, pattern: RegExp): boolean {
  const type = node['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && pattern.test(t.replace(/^.*[/#:]/, '')));
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return stringOf(value[0]);
  if (value && typeof value === 'object' && '@value' in value) return stringOf((value as LdNode)['@value']);
  if (value && typeof value === 'object' && 'name' in value) return stringOf((value as LdNode).name);
  return undefined;
}

function ldName(node: LdNode | undefined): string | undefined {
  return node ? stringOf(node.name) : undefined;
}

function ldAuthors(nodes: LdNode[], siteName: string | undefined): string[] {
  for (const node of nodes) {
    const raw = node.author ?? node.creator;
    if (raw == null) continue;
    const people = Array.isArray(raw) ? raw : [raw];
    const marked: string[] = [];
    const free: string[] = [];
    for (const person of people) {
      if (typeof person === 'string') {
        if (!isUrl(person)) free.push(person);
        continue;
      }
      if (!person || typeof person !== 'object') continue;
      const p = person as LdNode;
      const family = stringOf(p.familyName);
      const given = stringOf(p.givenName);
      if (family) {
        // A family name alone ('Ortega y Gasset') is kept as it is, never read as 'Given Surname'.
        const person = given ? surnameFirst(`${family}, ${given}`) : family;
        if (person) marked.push(person);
      } else {
        const name = stringOf(p.name);
        if (name && !isUrl(name)) free.push(name);
      }
    }
    // Marked names are already 'Surname, Given': only free text goes through the name splitter.
    const authors = dedupe([...marked, ...authorsOf(free, siteName)]);
    if (authors.length > 0) return authors;
  }
  return [];
}

// --- helpers -------------------------------------------------------------------------------------

/**
 * Author fields through the shared name splitter, except the site's own name given as author
 * ('Mac & i', 'BBC News'): an organisation, kept whole. Profile URLs are not names.
 */
function authorsOf(values: string[], siteName: string | undefined): string[] {
  const site = siteName?.trim().toLowerCase();
  const authors: string[] = [];
  for (const value of values) {
    if (isUrl(value)) continue;
    if (site && value.trim().toLowerCase() === site) authors.push(value.trim());
    else authors.push(...authorsFromMetadata(value));
  }
  return dedupe(authors);
}

/**
 * Authors of tags that name one author each (Highwire `citation_author`, Dublin Core `creator`): there a
 * single comma parts 'Surname, Given' ('Chan May, Jorge Alberto', 'Ek Chablé, María Fernanda'), never two
 * names (`authorsFromTags`).
 */
function onePerTag(values: string[], siteName: string | undefined): string[] {
  const site = siteName?.trim().toLowerCase();
  const authors: string[] = [];
  for (const value of values) {
    if (isUrl(value)) continue;
    if (site && value.trim().toLowerCase() === site) authors.push(value.trim());
    else authors.push(...authorsFromTags([value]));
  }
  return dedupe(authors);
}

function firstClean(candidates: (string | null | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    const title = cleanTitle(candidate ? decodeEntities(candidate) : candidate);
    if (title) return title;
  }
  return undefined;
}

function firstNonEmpty(sources: (() => string[])[]): string[] {
  for (const source of sources) {
    const values = source();
    if (values.length > 0) return values;
  }
  return [];
}

function dedupe(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isUrl(text: string): boolean {
  return /^(?:https?:)?\/\//i.test(text.trim()) || /^www\./i.test(text.trim());
}

/**
 * 'Obama admits … - BBC News' → 'Obama admits …' when the tail is the site's name (og:site_name) or the
 * site's host ('Mozilla - Wikipedia' on wikipedia.org). The title is kept whole when the rest would be short.
 */
export function withoutSiteSuffix(title: string, siteName: string | undefined, url: string | undefined): string {
  const match = /^(.{8,}?)\s+(?:[-|–—·•:]|::)\s+([^-|–—·•]{2,60})$/u.exec(title);
  if (!match) return title;
  const [, head, tail] = match as unknown as [string, string, string];
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const tailKey = key(tail);
  if (!tailKey) return title;
  const names = [siteName].filter((s): s is string => Boolean(s)).map(key);
  const host = key(hostOf(url).replace(/^www\d?\./, ''));
  const isSite = names.some((n) => n === tailKey || n.startsWith(tailKey)) || (host !== '' && host.includes(tailKey));
  return isSite ? head.trim() : title;
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

import { createRequire } from 'node:module';
import { cslRegistry } from './citation-js';

/**
 * citeproc engines by style and locale, each dropped after a time without use. citation-js keeps every
 * engine it builds for the life of the process, and one engine of a long style holds tens of MB (APA 7:
 * ~140,000 compiled tokens and their closures); a personal server that formatted a few references while
 * reading a batch kept them forever. These are built as citation-js builds them (its styles, locales and
 * options), reused while in use, and built again (tens of ms) after `keepCitationEnginesFor`'s time.
 */

/** The part of a citeproc engine Folio uses. */
export interface CiteprocEngine {
  opt: { xclass: string; development_extensions: { wrap_url_and_doi: boolean } };
  sys: { retrieveItem: (id: string) => unknown; wrapBibliographyEntry?: unknown };
  setOutputFormat(format: string): void;
  updateItems(ids: string[]): void;
  rebuildProcessorState(citations: unknown[], format: string, uncited: unknown[]): unknown;
  makeBibliography(): [{ bibstart: string; bibend: string }, string[]] | false;
}

type EngineClass = new (sys: object, style: string, locale: string | undefined, force: boolean) => CiteprocEngine;

// citeproc has no type declarations; it is the engine citation-js's CSL plugin constructs. Loaded with the
// first engine, as citation-js is.
const citeproc = (): EngineClass => (createRequire(import.meta.url)('citeproc') as { Engine: EngineClass }).Engine;

let idleMs = 5 * 60_000;
const kept = new Map<string, { engine: CiteprocEngine; timer?: NodeJS.Timeout }>();

/** How long an engine is kept without use (FOLIO_ENGINE_IDLE_MINUTES); 0 keeps engines for good. */
export function keepCitationEnginesFor(ms: number): void {
  idleMs = ms;
}

/** How many engines are held now. */
export function heldCitationEngines(): number {
  return kept.size;
}

/** Drops every held engine now (the next formatting builds them again). */
export function dropCitationEngines(): void {
  for (const { timer } of kept.values()) clearTimeout(timer);
  kept.clear();
}

/** A locale's XML as citation-js's plugin looks it up (`xx-YY`, then `xx_YY`), or nothing. */
function retrieveLocale(locale: string): unknown {
  const locales = cslRegistry().locales;
  if (locales.has(locale)) return locales.get(locale);
  const unnormalised = locale.replace('-', '_');
  return locales.has(unnormalised) ? locales.get(unnormalised) : {};
}

/**
 * An engine for the style registered as `styleName`, in `locale`, formatting `items` in `format` (citeproc's
 * 'html' or 'text'): the one held for that style and locale, given these items, or a new one.
 */
export function citationEngine(
  styleName: string,
  locale: string,
  items: Record<string, unknown>[],
  format: 'html' | 'text' = 'html',
): CiteprocEngine {
  const { styles, locales } = cslRegistry();
  if (!styles.has(styleName)) throw new TypeError(`Cannot find style '${styleName}'`);
  const byId = new Map(items.map((item) => [String(item.id), item]));
  const retrieveItem = (id: string) => {
    const item = byId.get(id);
    if (!item) throw new Error(`Cannot find entry with id '${id}'`);
    return item;
  };
  const lang: string | undefined = locales.has(locale) ? locale : undefined;
  const key = `${styleName}|${lang ?? ''}`;
  let entry = kept.get(key);
  if (entry) {
    clearTimeout(entry.timer);
    entry.engine.sys.retrieveItem = retrieveItem;
    entry.engine.sys.wrapBibliographyEntry = undefined;
    entry.engine.updateItems([]);
  } else {
    const Engine = citeproc();
    entry = { engine: new Engine({ retrieveLocale, retrieveItem }, styles.get(styleName), lang, true) };
    kept.set(key, entry);
  }
  entry.engine.setOutputFormat(format);
  entry.engine.opt.development_extensions.wrap_url_and_doi = false;
  // unref: a held engine's timer never keeps the process alive.
  if (idleMs) entry.timer = setTimeout(() => kept.delete(key), idleMs).unref();
  return entry.engine;
}

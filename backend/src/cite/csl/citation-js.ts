import { createRequire } from 'node:module';
import type * as CitationJs from '@citation-js/core';

const require = createRequire(import.meta.url);

/**
 * citation-js with its CSL and BibTeX plugins, loaded with the first citation, reference or export rather
 * than when the server starts: ~19 MB an idle server does not hold. citation-js is CommonJS, so `require`
 * gives the one instance an `import` would, and stays synchronous for the formatting that calls it.
 */
export function citationJs(): typeof CitationJs {
  require('@citation-js/plugin-csl');
  require('@citation-js/plugin-bibtex');
  return require('@citation-js/core') as typeof CitationJs;
}

/** citation-js's CSL plugin registry: the styles and locales it formats with. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const cslRegistry = (): { styles: any; locales: any } => citationJs().plugins.config.get('@csl');

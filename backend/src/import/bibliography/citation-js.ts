import { createRequire } from 'node:module';
import type * as CitationJs from '@citation-js/core';

const require = createRequire(import.meta.url);

/** One parse step of citation-js: `input` read as the format `type` names, with no further steps. */
export type ParseStep = (input: unknown, type: string) => unknown;

/** What the readers use of citation-js. */
export interface CitationJsInput {
  parse: ParseStep;
  /**
   * citation-js's check of CSL-JSON items: each field of the wrong shape left out, dates and names as CSL
   * has them, an item type CSL does not have dropped.
   */
  cleanCsl: (items: unknown[]) => Record<string, unknown>[];
  /** A BibTeX field's LaTeX (`{\"{u}}`, `\~n`) as Unicode text, as citation-js reads a `note`. */
  latexText: (text: string) => string;
  /** The BibTeX and BibLaTeX entry types its BibTeX plugin maps to a CSL type, in lower case. */
  bibtexTypes: Set<string>;
}

/**
 * citation-js's input parsing with its BibTeX/BibLaTeX and RIS plugins, loaded with the first import rather
 * than when the server starts (as `cite/csl/citation-js.ts` loads its formatting). CommonJS through
 * `require`, so the plugins register on the one instance of the core.
 */
export function citationJsInput(): CitationJsInput {
  require('@citation-js/plugin-bibtex');
  require('@citation-js/plugin-ris');
  const { plugins } = require('@citation-js/core') as typeof CitationJs;
  const types = (plugins.config.get('@bibtex') as { types: Record<string, { source: Record<string, string> }> }).types;
  return {
    cleanCsl: (items) =>
      (plugins.input as unknown as { util: { clean: (i: unknown[]) => Record<string, unknown>[] } }).util.clean(items),
    latexText: (text) =>
      (
        require('@citation-js/plugin-bibtex/lib/input/value.js') as {
          parse: (text: string, field: string) => string;
        }
      ).parse(text, 'note'),
    parse: (input, type) => (plugins.input as unknown as { data: ParseStep }).data(input, type),
    bibtexTypes: new Set(Object.values(types).flatMap((t) => Object.keys(t.source))),
  };
}

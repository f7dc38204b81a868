import { Cite } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { cslItem, type ReferenceInput } from './csl/csl-item';
import { spanishApa } from './csl/registry';

export type { ReferenceInput } from './csl/csl-item';

/**
 * The APA reference of a document (Spanish locale: 'y' between authors, as cite's APA in Spanish writes it),
 * built by citation-js from its metadata.
 */
export function apaReference(doc: ReferenceInput): string {
  const text = new Cite([cslItem('doc', doc)]).format('bibliography', {
    format: 'text',
    template: spanishApa(),
    lang: 'es-ES',
  }) as string;
  return text.trim();
}

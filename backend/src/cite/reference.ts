import { citationEngine } from './csl/citeproc-engines';
import { cslItem, type ReferenceInput } from './csl/csl-item';
import { spanishApa } from './csl/registry';

export type { ReferenceInput } from './csl/csl-item';

/**
 * The APA reference of a document (Spanish locale: 'y' between authors, as cite's APA in Spanish writes it),
 * formatted as plain text by citeproc, as citation-js formats a bibliography, from its metadata.
 */
export function apaReference(doc: ReferenceInput): string {
  const engine = citationEngine(spanishApa(), 'es-ES', [cslItem('doc', doc)], 'text');
  engine.updateItems(['doc']);
  const bibliography = engine.makeBibliography();
  if (!bibliography) return '';
  const [{ bibstart, bibend }, entries] = bibliography;
  return (bibstart + entries.join('') + bibend).trim();
}

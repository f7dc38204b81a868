import type { Fuente, Respuesta } from '../contract/pasaje';
import { blocks, inline } from './inline';
import { passageItem } from './search';

/**
 * The definition of footnote `[^n]` at the end of an answer: `[^n]: cita — [localizador](enlace)`, all three
 * from the stored anchor (an empty locator is linked as 'abrir').
 */
export function footnoteDefinition(f: Fuente): string {
  return `[^${f.n}]: ${inline(f.cita)} — [${inline(f.localizador) || 'abrir'}](${f.enlace})`;
}

/** The footnote definitions of an answer's sources, one per line, in footnote order. */
export function footnoteDefinitions(fuentes: readonly Fuente[]): string {
  return [...fuentes]
    .sort((a, b) => a.n - b.n)
    .map(footnoteDefinition)
    .join('\n');
}

/**
 * The Markdown form of an answer (`POST /preguntar` with `formato=markdown`): the answer text with its footnote
 * definitions (as `respuesta` holds it), then a sources block headed with the confidence,
 * '## Fuentes (confianza: alta)', listing each source under its footnote number with its literal text quoted
 * and `cita — [localizador](enlace)`. An answer without sources says so under the heading.
 */
export function answerMarkdown(r: Respuesta): string {
  const heading = `## Fuentes (confianza: ${r.confianza})`;
  const sources =
    r.fuentes.length > 0
      ? [...r.fuentes]
          .sort((a, b) => a.n - b.n)
          .map((f) => passageItem(f, f.n))
          .join('\n\n')
      : 'Ninguna: la respuesta no cita pasajes de tu biblioteca.';
  return blocks([r.respuesta.trim(), heading, sources]);
}

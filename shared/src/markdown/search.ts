import type { Busqueda, Pasaje } from '../contract/pasaje';
import { blocks, inline } from './inline';

/**
 * The Markdown form of a search (`GET /buscar` with `formato=markdown`): a heading with the query, then a numbered
 * list of passages, each its literal text as a blockquote and a line `cita — [localizador](enlace)`, which
 * says '(texto leído de una imagen)' for a passage read by OCR.
 * When nothing was found it says so: 'No se encontró nada en tu biblioteca.'.
 */
export function searchMarkdown(b: Busqueda): string {
  const title = `# Resultados para «${inline(b.consulta)}»`;
  const body =
    b.pasajes.length > 0
      ? b.pasajes.map((p, i) => passageItem(p, i + 1)).join('\n\n')
      : 'No se encontró nada en tu biblioteca.';
  return blocks([title, body]);
}

/**
 * One passage as an item of a numbered Markdown list: its literal text as a blockquote, then the line
 * `cita — [localizador](enlace)`, followed by `note` when given (e.g. a verification's relation).
 */
export function passageItem(p: Pasaje, n: number, note?: string): string {
  const marker = `${n}. `;
  const indent = ' '.repeat(marker.length);
  const quote = p.texto
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`));
  const read = p.visual ? ' (texto leído de una imagen)' : '';
  const source = `${inline(p.cita)} — [${inline(p.localizador) || 'abrir'}](${p.enlace})${read}${note ? ` · ${note}` : ''}`;
  const lines = p.texto.trim() === '' ? [source] : [...quote, '', source];
  // Continuation lines are indented to the marker's width so they stay inside the list item.
  return lines.map((line, i) => (i === 0 ? marker + line : line === '' ? '' : indent + line)).join('\n');
}

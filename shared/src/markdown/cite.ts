import type { Citado } from '../contract/pasaje';
import { blocks, inline } from './inline';

/** Options of {@link citeMarkdown}. */
export interface CiteMarkdownOptions {
  /** The bibliography with Markdown emphasis (italic titles); `bibliografia` as plain text otherwise. */
  bibliografia?: string[];
}

/**
 * The Markdown form of a cite job (`POST /citar`, `GET /citar/{id}` with `formato=markdown`): when done, the
 * cited text, then a heading 'Referencias' and the references as a list (each work once, in the style's
 * order), and `nota` when the lexical judge left claims uncited that a passage came close to. When nothing was
 * cited there is no references section (an empty heading would be pasted along with the text): the text stays
 * as it was and a quoted line says that no passage backs it. While working, its state and where to poll; on
 * failure, the reason.
 */
export function citeMarkdown(c: Citado, opts: CiteMarkdownOptions = {}): string {
  if (c.estado === 'error') return blocks([`# Citas: error`, inline(c.error ?? 'No se pudo citar el texto.')]);
  if (c.estado !== 'listo') {
    const poll = c.progreso_url ? `Consulta el resultado en ${c.progreso_url}` : '';
    return blocks([`# Citas: ${c.estado === 'en_cola' ? 'en cola' : 'procesando'}`, poll]);
  }
  const references = opts.bibliografia ?? c.bibliografia ?? [];
  const list = references.map((r) => `- ${inline(r)}`).join('\n');
  // With a note, the lexical judge came close to some claims: saying nothing backs them would overstate it.
  const none = c.nota
    ? 'Ningún pasaje de tu biblioteca dice con las mismas palabras lo que afirma el texto.'
    : 'Ningún pasaje de tu biblioteca respalda el texto.';
  const note = c.nota ? `> ${inline(c.nota)}` : '';
  if (!list) return blocks([(c.texto ?? '').trimEnd(), `> ${none}`, note]);
  return blocks([(c.texto ?? '').trimEnd(), '## Referencias', list, note]);
}

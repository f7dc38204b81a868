import type { Texto, UnidadTexto } from '../contract/texto';
import { blocks, heading, inline } from './inline';

/**
 * The Markdown form of a text read (`GET /documentos/{id}/texto` with `formato=markdown`): the title, then
 * each unit under a `##` heading with its locator (`[posicion]` when it has none), its literal text and a line
 * `cita · [abrir](enlace)`; when more text remains, a last line tells to continue with `desde=<siguiente>`.
 */
export function textMarkdown(texto: Texto): string {
  const units = texto.unidades.length > 0 ? texto.unidades.map(unit) : ['No hay texto en este tramo.'];
  const next = texto.siguiente ? `Hay más texto: continúa con \`desde=${texto.siguiente}\`.` : '';
  return blocks([heading(texto.documento.titulo), ...units, next]);
}

function unit(u: UnidadTexto): string {
  const locator = inline(u.localizador) || `[${u.posicion}]`;
  return blocks([`## ${locator}`, u.texto.trim(), `${inline(u.cita)} · [abrir](${u.enlace})`]).trimEnd();
}

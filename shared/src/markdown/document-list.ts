import type { Documento, ListaDocumentos } from '../contract/documento';
import { blocks, inline } from './inline';

/**
 * The Markdown form of a library page (`GET /documentos` with `formato=markdown`): a heading with the total,
 * one line per document — `- **Título** — Autores (año) · tipo · estado · \`id\`` (a reference without a file
 * says 'solo referencia' for its tipo) — and, when there is
 * a next page, the cursor to ask for it. An empty page says 'No hay documentos.'.
 */
export function documentListMarkdown(lista: ListaDocumentos): string {
  const title = `# Biblioteca (${lista.total} ${lista.total === 1 ? 'documento' : 'documentos'})`;
  const body = lista.documentos.length > 0 ? lista.documentos.map(item).join('\n') : 'No hay documentos.';
  const next = lista.siguiente ? `Hay más documentos: pide la página siguiente con \`cursor=${lista.siguiente}\`.` : '';
  return blocks([title, body, next]);
}

function item(doc: Documento): string {
  const authors = doc.autores.map(inline).filter((name) => name !== '');
  const byline = authors.length > 0 ? ` — ${authors.join('; ')}` : '';
  const year = doc.anio === undefined ? 's. f.' : String(doc.anio);
  const tipo = doc.solo_referencia ? 'solo referencia' : doc.tipo;
  return `- **${inline(doc.titulo) || 'Sin título'}**${byline} (${year}) · ${tipo} · ${doc.estado} · \`${doc.id}\``;
}

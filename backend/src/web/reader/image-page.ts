import { html } from 'hono/html';
import type { ImageView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/** The image itself beside the text read from it. */
export function imageBody(v: ImageView, s: ReaderStrings): Markup {
  const id = encodeURIComponent(v.doc.id);
  return html`<main id="lector">
    ${v.doc.archivo ? html`<figure class="imagen"><img src="/leer/${id}/archivo" alt="${v.doc.titulo}" /></figure>` : ''}
    <section class="texto-imagen">
      <h2>${s.t('image_text')}</h2>
      ${v.texto.trim() ? v.texto.split(/\n\s*\n/).map((p) => html`<p>${p}</p>`) : html`<p>${s.t('no_text')}</p>`}
    </section>
  </main>`;
}

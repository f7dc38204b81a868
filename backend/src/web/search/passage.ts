import type { Pasaje } from '@folio/shared';
import { html } from 'hono/html';
import type { Markup } from '../layout';
import type { SearchStrings } from './strings';

/** A passage quoted with its citation, as pasted: the language's quotation marks, then the `cita`. */
export function quotedWithCitation(lang: string, p: Pick<Pasaje, 'texto' | 'cita'>): string {
  const [open, close] = lang === 'en' ? ['“', '”'] : ['«', '»'];
  return `${open}${p.texto.trim()}${close} ${p.cita}`;
}

/**
 * One passage as a list item: its document's title (a link to the reader), the quoted text, `cita` and
 * `localizador` exactly as the service gave them (from the stored anchor), the reader link, and the copy
 * buttons, hidden until search.js shows them (without scripts there is nothing to copy with).
 * `extra` goes under the title (verify puts the relation and the support there).
 */
export function passageItem(ss: SearchStrings, p: Pasaje, id: string, extra: Markup | string = '') {
  const title = p.documento.titulo;
  return html`<li class="result">
    <h3 id="${id}" class="result-title"><a href="${p.enlace}">${title}</a></h3>
    ${extra}
    <blockquote class="passage" cite="${p.enlace}">
      <p>${p.texto}</p>
    </blockquote>
    <dl class="cite-info">
      <div>
        <dt>${ss.t('cita')}</dt>
        <dd class="cita">${p.cita}</dd>
      </div>
      <div>
        <dt>${ss.t('localizador')}</dt>
        <dd class="localizador">${p.localizador}</dd>
      </div>
    </dl>
    <div class="result-actions">
      <a class="read" href="${p.enlace}"
        >${ss.t('read')}<span class="visually-hidden">: ${ss.t('read_place', { title, place: p.localizador })}</span></a
      >
      <button type="button" class="copy" hidden data-copy="${p.cita}" aria-describedby="${id}">
        ${ss.t('copy_cita')}
      </button>
      <button type="button" class="copy" hidden data-copy="${quotedWithCitation(ss.lang, p)}" aria-describedby="${id}">
        ${ss.t('copy_both')}
      </button>
    </div>
  </li>`;
}

/** The strings search.js announces, on the list that holds the copy buttons. */
export function copyAttributes(ss: SearchStrings) {
  return html`data-copied="${ss.t('copied')}" data-copy-failed="${ss.t('copy_failed')}"`;
}

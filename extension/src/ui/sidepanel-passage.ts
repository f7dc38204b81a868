import type { Pasaje } from '@folio/shared';
import { singleLine } from '@folio/shared/text/whitespace';
import { el, webHref } from './dom';

/** Copies text; false when the browser refused. */
export type CopyText = (text: string) => Promise<boolean>;

/**
 * One passage of the side panel (a search result or an answer's source): its document, `cita` and
 * `localizador`, its literal text, the copy buttons and the reader link. `n` makes it footnote `nota-n`.
 */
export function passageItem(p: Pasaje, idPrefix: string, copy: CopyText, n?: number): HTMLLIElement {
  return el(
    'li',
    { class: 'passage', id: n === undefined ? undefined : `nota-${n}` },
    el('p', { class: 'doc' }, p.documento.titulo),
    el(
      'p',
      { class: 'cite', id: `${idPrefix}-cita` },
      el('strong', {}, p.cita),
      p.localizador ? el('span', { class: 'locator' }, ` · ${p.localizador}`) : null,
    ),
    el('blockquote', {}, p.texto),
    passageActions(p, idPrefix, copy),
  );
}

function passageActions(p: Pasaje, idPrefix: string, copy: CopyText): HTMLElement {
  const copyBtn = (label: string, text: string) => {
    const b = el('button', { type: 'button', class: 'secondary', 'aria-describedby': `${idPrefix}-cita` }, label);
    b.addEventListener('click', async () => {
      const ok = await copy(text);
      b.textContent = ok ? 'Copiado' : 'No se pudo copiar';
      setTimeout(() => (b.textContent = label), 1500);
    });
    return b;
  };
  const href = webHref(p.enlace);
  const quote = `“${singleLine(p.texto)}” ${p.cita}`;
  return el(
    'div',
    { class: 'actions' },
    copyBtn('Copiar cita', p.cita),
    copyBtn('Copiar texto y cita', quote),
    href ? el('a', { href, target: '_blank', rel: 'noopener' }, 'Abrir en el lector') : null,
  );
}

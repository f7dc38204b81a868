import { html } from 'hono/html';
import type { PendingView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/** A document with nothing to read yet: why. */
export function pendingBody(v: PendingView, s: ReaderStrings): Markup {
  const { estado, error } = v.doc;
  const message =
    estado === 'error'
      ? s.t('pending_error', { error: error ?? '' })
      : estado === 'listo'
        ? s.t('pending_empty')
        : s.t(estado === 'en_cola' ? 'pending_en_cola' : 'pending_procesando');
  return html`<main id="lector" data-estado="${estado}"><p class="aviso" role="status">${message}</p></main>`;
}

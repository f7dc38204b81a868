import type { CampoRevisable, DudaMetadato } from '@folio/shared';
import { html } from 'hono/html';
import type { Markup } from '../layout';
import type { DocumentStrings } from './strings';

/** Where a doubted value came from, in plain words, or why a missing one matters. */
export function doubtText(t: DocumentStrings, duda: DudaMetadato): string {
  if (duda.motivo === 'falta') return t.t(`falta_${duda.campo}`);
  const key = `duda_${duda.origen}`;
  return t.has(key) ? t.t(key) : t.t('duda_otro');
}

/**
 * The edit form's address with the field focused (`campo`: the form sets `autofocus`, which also scrolls to
 * it; a `#campo` fragment would scroll the field's label out of sight).
 */
export function fixHref(documentId: string, campo: CampoRevisable): string {
  return `/biblioteca/documentos/${encodeURIComponent(documentId)}/editar?campo=${campo}`;
}

/** The words of the mark (never colour alone): 'Por revisar' or 'Falta'. */
const markText = (t: DocumentStrings, duda: DudaMetadato) =>
  t.t(duda.motivo === 'falta' ? 'doubt_mark_falta' : 'doubt_mark_origen');

/**
 * A doubted field's note: the mark, where the value came from, and, when the page has a form elsewhere
 * (`fix`), the link that opens it on the field. `id` lets the field name the note in `aria-describedby`.
 */
export function doubtNote(
  t: DocumentStrings,
  duda: DudaMetadato,
  opts: { id: string; fix?: string; tag?: 'p' | 'dd'; confirm?: { action: string; csrf: Markup } },
): Markup {
  const action = duda.motivo === 'falta' ? t.t(`add_${duda.campo}`) : t.t(`fix_${duda.campo}`);
  // A value found right is confirmed in one step; a missing one can only be written.
  const confirm =
    opts.confirm && duda.motivo === 'origen'
      ? html`<form class="duda-confirmar" method="post" action="${opts.confirm.action}">
          ${opts.confirm.csrf}<input type="hidden" name="campo" value="${duda.campo}" />
          <button
            type="submit"
            class="link"
            aria-label="${t.t('doubt_confirm_label', { campo: t.t(`f_${duda.campo}`) })}"
          >
            ${t.t('doubt_confirm')}
          </button>
        </form>`
      : '';
  const body = html`<span class="duda-marca" data-motivo="${duda.motivo}">${markText(t, duda)}</span>
    <span class="duda-texto">${doubtText(t, duda)}</span>
    ${opts.fix ? html`<a class="duda-corregir" href="${opts.fix}">${action}</a>` : ''} ${confirm}`;
  return opts.tag === 'dd'
    ? html`<dd class="duda" id="${opts.id}">${body}</dd>`
    : html`<p class="duda" id="${opts.id}">${body}</p>`;
}

import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../http/env';
import type { Strings } from '../i18n';
import type { Markup } from '../layout';
import { setNoticeCookie, takeNoticeCookie } from '../notice-cookie';

/** One field a correction changed, by its form name, with its value before and after as the form shows it. */
export interface SavedChange {
  campo: string;
  antes: string;
  despues: string;
}

/** The changes travel to the document page in a cookie, read once, like the other notices. */
const COOKIE = 'folio_cambios';
/** Each value is cut to this many characters, and the list stops at this many bytes of JSON (a cookie holds ~4 KB). */
const VALUE_MAX = 100;
const LIST_BYTES = 2400;

const cut = (value: string) =>
  [...value].length > VALUE_MAX ? `${[...value].slice(0, VALUE_MAX - 1).join('')}…` : value;

/**
 * Keeps what a saved correction changed, for the document page the save leads back to. Long values are cut
 * and a long list keeps its first fields and the count of the rest, so the cookie stays within its limits.
 */
export function rememberSavedChanges(c: Context<AppEnv>, changes: readonly SavedChange[]): void {
  const shown: SavedChange[] = [];
  let bytes = 0;
  for (const change of changes) {
    const next = { campo: change.campo, antes: cut(change.antes), despues: cut(change.despues) };
    bytes += Buffer.byteLength(JSON.stringify(next));
    if (bytes > LIST_BYTES) break;
    shown.push(next);
  }
  const value = { cambios: shown, mas: changes.length - shown.length };
  setNoticeCookie(c, COOKIE, value);
}

/** A field's name as the correction form labels it, without the form's hint in brackets. */
function label(s: Strings, campo: string): string {
  const key = `edit_field_${campo}`;
  return s.has(key) ? s.t(key).replace(/\s*\(.*\)$/, '') : campo;
}

/** A value as the notice shows it: a kind of work by its name, lines joined with '; ', nothing said as such. */
function shown(s: Strings, campo: string, value: string) {
  if (value === '') return html`<span class="empty">${s.t('edit_value_empty')}</span>`;
  const kind = `tipo_obra_${value}`;
  const text = campo === 'tipo_obra' && s.has(kind) ? s.t(kind) : value.split('\n').join('; ');
  return s.lang === 'es' ? html`«${text}»` : html`“${text}”`;
}

/**
 * The notice of the changes a correction saved, read once from its cookie: one line per field, «before» →
 * «after» (the page's heading names the document). Undefined when there is none (or it cannot be read).
 */
export function takeSavedChanges(c: Context<AppEnv>, s: Strings): Markup | undefined {
  const value = takeNoticeCookie(c, COOKIE) as { cambios: SavedChange[]; mas: number } | undefined;
  try {
    const ok =
      typeof value === 'object' &&
      value !== null &&
      Array.isArray(value.cambios) &&
      Number.isInteger(value.mas) &&
      value.cambios.every((x) => [x.campo, x.antes, x.despues].every((v) => typeof v === 'string'));
    if (!ok) return undefined;
  } catch {
    return undefined;
  }
  if (value.cambios.length === 0 && value.mas <= 0) {
    return html`<p class="notice">${s.t('edit_unchanged')}</p>`;
  }
  return html`<div class="notice saved-changes">
    <p>${s.t('edit_saved_changes')}</p>
    <ul>
      ${value.cambios.map(
        (x) =>
          html`<li>
            <strong>${label(s, x.campo)}:</strong> ${shown(s, x.campo, x.antes)} → ${shown(s, x.campo, x.despues)}
          </li>`,
      )}
      ${value.mas > 0 ? html`<li>${s.t('edit_more_changes', { n: value.mas })}</li>` : ''}
    </ul>
  </div>`;
}

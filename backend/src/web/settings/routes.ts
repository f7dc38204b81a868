import { SCOPES, type Scope } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { ApiKeyRow } from '../../db/api-keys.repo';
import type { AppEnv } from '../../http/env';
import { createApiKey, listKeysOf, revokeKey } from '../../services/accounts/api-keys';
import { formatBytes, storeSizes, type StoreSizes } from '../../services/store/store-sizes';
import { webCsrf } from '../csrf';
import { formOf } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderPage, takeFlash, type Markup } from '../layout';
import { requireWebUser, sessionCsrfToken, type WebUser } from '../session';
import { securityHeaders } from '../security-headers';
import type { StringKey } from '../strings/es';

const NAME_MAX = 100;

/** A key's purposes, each with the scopes it needs; the first is the one a new key starts with. */
export const KEY_PRESETS = [
  { id: 'extension', scopes: ['lectura', 'escritura'] },
  { id: 'agent', scopes: ['lectura', 'mcp'] },
  { id: 'read', scopes: ['lectura'] },
] as const satisfies readonly { id: string; scopes: readonly Scope[] }[];

type PresetId = (typeof KEY_PRESETS)[number]['id'];

const presetOf = (scopes: readonly Scope[]): PresetId | undefined =>
  KEY_PRESETS.find((p) => p.scopes.length === scopes.length && p.scopes.every((x) => scopes.includes(x)))?.id;

/** The settings' card of the store's size on disk (the same figures as `disco` in GET /health). */
function diskCard(s: Strings, sizes: StoreSizes | { error: string }) {
  const size = (n: number | null) => (n === null ? s.t('disk_unknown') : formatBytes(n, s.lang));
  const body =
    'error' in sizes
      ? html`<p class="hint">${s.t('disk_error', { error: sizes.error })}</p>`
      : html`<dl class="disk">
          <div>
            <dt>${s.t('disk_database')}</dt>
            <dd>${size(sizes.database)}</dd>
          </div>
          <div>
            <dt>${s.t('disk_wal')}</dt>
            <dd title="${sizes.walReason ?? ''}">${size(sizes.wal)}</dd>
          </div>
          <div>
            <dt>${s.t(sizes.originalsInDatabase ? 'disk_originals_inside' : 'disk_originals')}</dt>
            <dd>${size(sizes.originals)}</dd>
          </div>
          <div class="total">
            <dt>${s.t('disk_total')}</dt>
            <dd>${size(sizes.total)}</dd>
          </div>
        </dl>`;
  // The command is shown literally: it is the same in every language.
  const [before, after] = s.t('disk_compact').split('{command}');
  return html`<section class="card disk-card" aria-labelledby="disco-titulo">
    <h2 id="disco-titulo">${s.t('disk_title')}</h2>
    <p class="hint">${s.t('disk_intro')}</p>
    ${body}
    <p class="hint">${before}<code>npm run folio -- compact</code>${after}</p>
  </section>`;
}

function keyRow(s: Strings, k: ApiKeyRow, csrf: string | undefined) {
  const name = k.name ?? s.t('key_unnamed');
  return html`<tr data-prefijo="${k.prefix}" class="${k.revoked ? 'revoked' : ''}">
    <th scope="row">${name}</th>
    <td data-label="${s.t('col_prefix')}"><code>folio_${k.prefix}_…</code></td>
    <td data-label="${s.t('col_scopes')}">${k.scopes.join(', ')}</td>
    <td data-label="${s.t('col_created')}"><time datetime="${k.created.toISOString()}">${s.date(k.created)}</time></td>
    <td data-label="${s.t('col_last_used')}">
      ${k.last_used ? html`<time datetime="${k.last_used.toISOString()}">${s.date(k.last_used)}</time>` : s.t('never')}
    </td>
    <td class="state" data-label="${s.t('col_state')}">
      ${
        k.revoked
          ? s.t('key_revoked', { date: s.date(k.revoked) })
          : html`<span class="badge estado-listo">${s.t('key_active')}</span>`
      }
    </td>
    <td>
      ${
        k.revoked
          ? ''
          : html`<form
              method="post"
              action="/ajustes/claves/${k.prefix}/revocar"
              data-confirm="${s.t('revoke_confirm', { name, prefix: k.prefix })}"
              data-confirm-yes="${s.t('revoke')}"
              data-cancel="${s.t('cancel')}"
            >
              ${csrfField(csrf)}
              <button type="submit" class="danger" aria-label="${s.t('revoke')}: ${name}">${s.t('revoke')}</button>
            </form>`
      }
    </td>
  </tr>`;
}

async function keysPage(
  c: Context<AppEnv>,
  s: Strings,
  user: WebUser,
  o: {
    created?: { key: string; name: string };
    error?: string;
    notice?: string;
    status?: number;
    name?: string;
    scopes?: readonly Scope[];
  } = {},
) {
  const csrf = sessionCsrfToken(c);
  const keys = ((await listKeysOf(c.var.deps.db, user.email)) ?? []).slice().reverse();
  const { db, blobs } = c.var.deps;
  const sizes = await storeSizes(db, blobs).catch((err: Error) => ({ error: err.message }));
  const created: Markup = o.created
    ? html`<section class="card created" aria-labelledby="creada-titulo">
        <h2 id="creada-titulo">${s.t('key_created_title')}</h2>
        <p class="warning"><strong>${s.t('key_created_once')}</strong></p>
        <label for="clave-nueva">${s.t('key_created_label')} (${o.created.name})</label>
        <div class="copy-row">
          <input id="clave-nueva" class="secret" type="text" readonly value="${o.created.key}" spellcheck="false" />
          <button
            type="button"
            data-copy="clave-nueva"
            data-copied="${s.t('copied')}"
            data-copy-failed="${s.t('copy_failed')}"
          >
            ${s.t('copy')}
          </button>
        </div>
        <p id="copiado" class="visually-hidden" role="status"></p>
      </section>`
    : html``;
  const scopeKey = (scope: Scope) => `scope_${scope}` as StringKey;
  // What the user ticked survives a refused form; a new form starts with the browser extension's scopes.
  const ticked: readonly Scope[] = o.scopes ?? KEY_PRESETS[0].scopes;
  const preset = presetOf(ticked);
  return renderPage(c, s, {
    title: s.t('keys_title'),
    user,
    csrf,
    active: 'claves',
    path: '/ajustes/claves',
    scripts: ['confirm.js', 'keys.js'],
    notice: o.notice,
    error: o.error,
    status: o.status,
    body: html`<p class="intro">${s.t('keys_intro')}</p>
      ${created}
      <section class="card" aria-labelledby="nueva-titulo">
        <h2 id="nueva-titulo">${s.t('key_new')}</h2>
        <form method="post" action="/ajustes/claves" class="key-form">
          ${csrfField(csrf)}
          <label for="nombre">${s.t('key_name')}</label>
          <input
            id="nombre"
            name="nombre"
            type="text"
            maxlength="${NAME_MAX}"
            required
            aria-describedby="nombre-ayuda"
            value="${o.name ?? ''}"
          />
          <p id="nombre-ayuda" class="hint">${s.t('key_name_hint')}</p>
          <fieldset class="presets">
            <legend>${s.t('key_purpose')}</legend>
            ${KEY_PRESETS.map(
              (p) =>
                html`<label class="check"
                  ><input
                    type="radio"
                    name="uso"
                    value="${p.id}"
                    data-alcances="${p.scopes.join(' ')}"
                    ${p.id === preset ? 'checked' : ''}
                  />
                  ${s.t(`preset_${p.id}` as StringKey)} <span class="hint">(${p.scopes.join(' + ')})</span></label
                >`,
            )}
            <label class="check"
              ><input type="radio" name="uso" value="custom" ${preset ? '' : 'checked'} />
              ${s.t('preset_custom')}</label
            >
          </fieldset>
          <fieldset class="scopes">
            <legend>${s.t('key_scopes')}</legend>
            <p class="hint">${s.t('key_scopes_hint')}</p>
            ${SCOPES.map(
              (scope) =>
                html`<label class="check"
                  ><input type="checkbox" name="alcance" value="${scope}" ${ticked.includes(scope) ? 'checked' : ''} />
                  <code>${scope}</code> — ${s.t(scopeKey(scope))}</label
                >`,
            )}
          </fieldset>
          <button type="submit" class="primary">${s.t('key_create')}</button>
        </form>
      </section>
      <section aria-labelledby="lista-titulo">
        <h2 id="lista-titulo">${s.t('keys_list')}</h2>
        ${
          keys.length
            ? html`<div class="table-wrap">
                <table class="keys">
                  <thead>
                    <tr>
                      <th scope="col">${s.t('col_name')}</th>
                      <th scope="col">${s.t('col_prefix')}</th>
                      <th scope="col">${s.t('col_scopes')}</th>
                      <th scope="col">${s.t('col_created')}</th>
                      <th scope="col">${s.t('col_last_used')}</th>
                      <th scope="col">${s.t('col_state')}</th>
                      <th scope="col"><span class="visually-hidden">${s.t('col_actions')}</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    ${keys.map((k) => keyRow(s, k, csrf))}
                  </tbody>
                </table>
              </div>`
            : html`<p class="empty">${s.t('keys_none')}</p>`
        }
      </section>
      ${diskCard(s, sizes)}`,
  });
}

/** Settings → 'Claves de API': list, create (shown once), revoke. */
export function keyRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders({ referrer: 'none' }), requireWebUser()] as const;

  app.get('/ajustes', (c) => c.redirect('/ajustes/claves', 302));

  app.get('/ajustes/claves', ...guard, async (c) => {
    const s = pageStrings(c);
    return keysPage(c, s, c.var.webUser!, { notice: takeFlash(c, s) });
  });

  app.post('/ajustes/claves', ...guard, webCsrf('session'), async (c) => {
    const s = pageStrings(c);
    const user = c.var.webUser!;
    const form = await formOf(c);
    const name = (form.get('nombre') ?? '').trim();
    const scopes = [...new Set(form.getAll('alcance'))].filter((x): x is Scope =>
      (SCOPES as readonly string[]).includes(x),
    );
    const refuse = (key: StringKey) => keysPage(c, s, user, { error: s.t(key), status: 400, name, scopes });
    if (!scopes.length) return refuse('scopes_required');
    if ([...name].length > NAME_MAX) return refuse('key_name_too_long');
    const created = await createApiKey(c.var.deps.db, user.email, scopes, name || undefined);
    return keysPage(c, s, user, { created: { key: created.key, name: name || s.t('key_unnamed') } });
  });

  app.post('/ajustes/claves/:prefix/revocar', ...guard, webCsrf('session'), async (c) => {
    const s = pageStrings(c);
    const user = c.var.webUser!;
    const prefix = c.req.param('prefix');
    const form = await formOf(c);
    const own = ((await listKeysOf(c.var.deps.db, user.email)) ?? []).find((k) => k.prefix === prefix && !k.revoked);
    if (!own) return keysPage(c, s, user, { error: s.t('key_not_found'), status: 404 });
    if (form.get('confirmado') !== '1') {
      // Without the page's script, the confirmation is a page of its own.
      const name = own.name ?? s.t('key_unnamed');
      return renderPage(c, s, {
        title: s.t('confirm_title'),
        user,
        csrf: sessionCsrfToken(c),
        active: 'claves',
        path: '/ajustes/claves',
        body: html`<form class="card narrow" method="post" action="/ajustes/claves/${prefix}/revocar">
          <p>${s.t('revoke_confirm', { name, prefix })}</p>
          ${csrfField(sessionCsrfToken(c))}
          <input type="hidden" name="confirmado" value="1" />
          <div class="actions">
            <a href="/ajustes/claves">${s.t('cancel')}</a>
            <button type="submit" class="danger">${s.t('revoke')}</button>
          </div>
        </form>`,
      });
    }
    await revokeKey(c.var.deps.db, prefix);
    flash(c, 'revoked_done', { prefix });
    return c.redirect('/ajustes/claves', 303);
  });
}

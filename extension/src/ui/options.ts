import { normalizeServerUrl } from '@folio/shared';
import type { SettingsCheck, SettingsView } from '../messaging/protocol';
import { el } from './dom';

/** What the options page asks the background and the browser. */
export interface OptionsApi {
  getSettings(): Promise<SettingsView>;
  saveSettings(data: { serverUrl: string; apiKey?: string }): Promise<SettingsCheck>;
  /**
   * Asks for the host permission of the server (`permissions.request`); true when granted. Called first in
   * the submit handler, while the click still counts as a user gesture.
   */
  requestHostPermission(pattern: string): Promise<boolean>;
}

/** The address shown to a fresh install: `npm start` on this machine. */
const DEFAULT_SERVER_URL = 'http://127.0.0.1:8787';

/**
 * The options page: the server address and the API key. Saving checks both against the server first
 * (`/health`, then an authenticated call) and says in Spanish what is wrong; the background stores them,
 * and the key is never shown again (only its last characters).
 */
export function mountOptions(root: HTMLElement, api: OptionsApi): { ready: Promise<void> } {
  const server = el('input', {
    id: 'servidor',
    name: 'servidor',
    type: 'url',
    required: true,
    autocomplete: 'url',
    spellcheck: 'false',
    'aria-describedby': 'servidor-ayuda',
    placeholder: DEFAULT_SERVER_URL,
  });
  const key = el('input', {
    id: 'clave',
    name: 'clave',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'clave-ayuda',
  });
  const keyHelp = el(
    'p',
    { id: 'clave-ayuda', class: 'help' },
    'La clave que Folio mostró al arrancar por primera vez (o una creada con «npm run folio -- keys create»), con los permisos lectura y escritura.',
  );
  const status = el('p', { id: 'resultado', role: 'status', 'aria-live': 'polite', class: 'status' });
  const submit = el('button', { type: 'submit', class: 'primary' }, 'Guardar y comprobar');
  const form = el(
    'form',
    { id: 'ajustes', novalidate: true },
    el('h1', {}, 'Folio: conexión con tu servidor'),
    el('label', { for: 'servidor' }, 'Dirección del servidor'),
    server,
    el('p', { id: 'servidor-ayuda', class: 'help' }, `Por ejemplo ${DEFAULT_SERVER_URL} (lo que inicia «npm start»).`),
    el('label', { for: 'clave' }, 'Clave de API'),
    key,
    keyHelp,
    submit,
    status,
  );
  root.replaceChildren(form);

  let hasKey = false;
  const ready = api
    .getSettings()
    .then((view) => {
      server.value = view.serverUrl || DEFAULT_SERVER_URL;
      hasKey = view.hasKey;
      if (view.hasKey) key.placeholder = `Guardada (${view.keyHint ?? '…'}); escribe otra para cambiarla`;
    })
    .catch(() => {
      server.value = DEFAULT_SERVER_URL;
      show({ ok: false, campo: 'serverUrl', mensaje: 'No se pudo leer la configuración guardada.' });
    });

  function show(result: SettingsCheck | { ok: false; campo?: undefined; mensaje: string }) {
    server.removeAttribute('aria-invalid');
    key.removeAttribute('aria-invalid');
    status.dataset.tone = result.ok ? 'ok' : 'error';
    status.replaceChildren(result.mensaje);
    if (result.ok && result.aviso) status.append(el('br'), result.aviso);
    if (!result.ok && result.campo) {
      const field = result.campo === 'serverUrl' ? server : key;
      field.setAttribute('aria-invalid', 'true');
      field.focus();
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const serverUrl = server.value.trim();
    const apiKey = key.value.trim();
    if (!apiKey && !hasKey) {
      show({ ok: false, campo: 'apiKey', mensaje: 'Escribe tu clave de API de Folio.' });
      return;
    }
    let pattern: string | undefined;
    try {
      const root = new URL(normalizeServerUrl(serverUrl));
      pattern = `${root.protocol}//${root.hostname}/*`;
    } catch {
      // The background explains what is wrong with the address.
    }
    submit.disabled = true;
    status.dataset.tone = 'ok';
    status.replaceChildren('Comprobando…');
    try {
      if (pattern && !(await api.requestHostPermission(pattern).catch(() => false))) {
        show({
          ok: false,
          campo: 'serverUrl',
          mensaje: `Sin el permiso para ${pattern.replace(/\/\*$/, '')} la extensión no puede hablar con el servidor. Vuelve a guardar y acéptalo.`,
        });
        return;
      }
      const result = await api.saveSettings({ serverUrl, apiKey: apiKey || undefined });
      show(result);
      if (result.ok) {
        server.value = result.serverUrl;
        key.value = '';
        hasKey = true;
        const view = await api.getSettings().catch(() => undefined);
        if (view?.hasKey) key.placeholder = `Guardada (${view.keyHint ?? '…'}); escribe otra para cambiarla`;
      }
    } catch {
      show({ ok: false, mensaje: 'No se pudo hablar con la extensión. Recarga esta página.' });
    } finally {
      submit.disabled = false;
    }
  });

  return { ready };
}

// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { SettingsCheck } from '../messaging/protocol';
import { mountOptions, type OptionsApi } from './options';

function mount(over: Partial<OptionsApi> = {}) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const api: OptionsApi = {
    getSettings: vi.fn(async () => ({ serverUrl: '', hasKey: false })),
    saveSettings: vi.fn(async (): Promise<SettingsCheck> => ({
      ok: true,
      serverUrl: 'http://127.0.0.1:8787',
      mensaje: 'Conectado con Folio en http://127.0.0.1:8787.',
    })),
    requestHostPermission: vi.fn(async () => true),
    ...over,
  };
  const { ready } = mountOptions(root, api);
  const server = root.querySelector<HTMLInputElement>('#servidor')!;
  const key = root.querySelector<HTMLInputElement>('#clave')!;
  const status = root.querySelector<HTMLElement>('#resultado')!;
  const submit = () => root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  return { root, api, ready, server, key, status, submit };
}

describe('mountOptions', () => {
  it('starts from the local server address and asks for a key', async () => {
    const { ready, server, key, status, submit, api } = mount();
    await ready;
    expect(server.value).toBe('http://127.0.0.1:8787');
    submit();
    expect(status.textContent).toBe('Escribe tu clave de API de Folio.');
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(api.saveSettings).not.toHaveBeenCalled();
  });

  it('asks for the host permission of the server, then saves through the background', async () => {
    const { ready, server, key, status, submit, api } = mount();
    await ready;
    server.value = 'https://folio.example.org/api/v1';
    key.value = ' folio_abc ';
    submit();
    await vi.waitFor(() => expect(status.textContent).toBe('Conectado con Folio en http://127.0.0.1:8787.'));
    expect(api.requestHostPermission).toHaveBeenCalledWith('https://folio.example.org/*');
    expect(api.saveSettings).toHaveBeenCalledWith({
      serverUrl: 'https://folio.example.org/api/v1',
      apiKey: 'folio_abc',
    });
    expect(key.value).toBe('');
    expect(status.dataset.tone).toBe('ok');
  });

  it('shows the Spanish reason on the field at fault (401, unreachable)', async () => {
    const answers: SettingsCheck[] = [
      { ok: false, campo: 'apiKey', mensaje: 'Folio rechazó la clave de API: no es válida o fue revocada.' },
      { ok: false, campo: 'serverUrl', mensaje: 'No se pudo conectar con http://127.0.0.1:8787.' },
    ];
    const { ready, key, server, status, submit } = mount({ saveSettings: vi.fn(async () => answers.shift()!) });
    await ready;
    key.value = 'folio_bad';
    submit();
    await vi.waitFor(() =>
      expect(status.textContent).toBe('Folio rechazó la clave de API: no es válida o fue revocada.'),
    );
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(key);
    submit();
    await vi.waitFor(() => expect(status.textContent).toBe('No se pudo conectar con http://127.0.0.1:8787.'));
    expect(server.getAttribute('aria-invalid')).toBe('true');
    expect(key.hasAttribute('aria-invalid')).toBe(false);
    expect(status.dataset.tone).toBe('error');
  });

  it('stops when the host permission is refused', async () => {
    const { ready, key, status, submit, api } = mount({ requestHostPermission: vi.fn(async () => false) });
    await ready;
    key.value = 'folio_abc';
    submit();
    await vi.waitFor(() =>
      expect(status.textContent).toMatch(/^Sin el permiso para http:\/\/127\.0\.0\.1 la extensión/),
    );
    expect(api.saveSettings).not.toHaveBeenCalled();
  });

  it('keeps a saved key without showing it', async () => {
    const { ready, key, submit, api } = mount({
      getSettings: vi.fn(async () => ({ serverUrl: 'http://127.0.0.1:8787', hasKey: true, keyHint: '…a1b2' })),
    });
    await ready;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Guardada (…a1b2); escribe otra para cambiarla');
    submit();
    await vi.waitFor(() =>
      expect(api.saveSettings).toHaveBeenCalledWith({ serverUrl: 'http://127.0.0.1:8787', apiKey: undefined }),
    );
  });
});

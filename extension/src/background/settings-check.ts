import { ApiError, createClient, type FetchLike, normalizeServerUrl } from '@folio/shared';
import type { SettingsCheck } from '../messaging/protocol';

/**
 * Checks a server address and key before they are saved, with a Spanish message for each way it can go
 * wrong: not an address, nothing answering, something answering that is not Folio (`GET /health`), a key
 * refused (401) or lacking `lectura` or `escritura` (403). On success `serverUrl` is the normalised root.
 */
export async function checkSettings(
  input: { serverUrl: string; apiKey: string },
  fetch?: FetchLike,
): Promise<SettingsCheck> {
  let root: string;
  try {
    root = normalizeServerUrl(input.serverUrl);
  } catch {
    return {
      ok: false,
      campo: 'serverUrl',
      mensaje: 'La dirección del servidor no es válida. Escribe, por ejemplo, http://127.0.0.1:8787.',
    };
  }
  const apiKey = input.apiKey.trim();
  if (apiKey === '') {
    return { ok: false, campo: 'apiKey', mensaje: 'Escribe tu clave de API de Folio.' };
  }
  const client = createClient({ baseUrl: root, apiKey, fetch });

  let degraded: boolean;
  try {
    degraded = (await client.health()).estado !== 'ok';
  } catch (err) {
    return { ok: false, campo: 'serverUrl', mensaje: serverMessage(root, err) };
  }

  try {
    const access = await client.checkKey();
    if (!access.lectura || !access.escritura) {
      const falta = !access.lectura ? 'lectura' : 'escritura';
      const uso = falta === 'lectura' ? 'buscar en tu biblioteca' : 'guardar capturas';
      return {
        ok: false,
        campo: 'apiKey',
        mensaje:
          `La clave no tiene el permiso «${falta}»: con ella no podrás ${uso}. ` +
          'Crea una clave con los permisos lectura y escritura.',
      };
    }
  } catch (err) {
    if (err instanceof ApiError && err.codigo === 'no_autenticado') {
      return {
        ok: false,
        campo: 'apiKey',
        mensaje:
          'Folio rechazó la clave de API: no es válida o fue revocada. Copia la clave que Folio mostró al ' +
          'arrancar por primera vez, o crea otra con «npm run folio -- keys create».',
      };
    }
    return { ok: false, campo: 'serverUrl', mensaje: serverMessage(root, err) };
  }

  return {
    ok: true,
    serverUrl: root,
    mensaje: `Conectado con Folio en ${root}.`,
    aviso: degraded
      ? 'El servidor informa un estado degradado: su base de datos o su cola no responden del todo.'
      : undefined,
  };
}

function serverMessage(root: string, err: unknown): string {
  if (!(err instanceof ApiError)) return `Error inesperado al comprobar ${root}.`;
  if (err.codigo === 'sin_conexion') {
    return `No se pudo conectar con ${root}. Comprueba que Folio esté en marcha y que la dirección sea correcta.`;
  }
  if (err.codigo === 'respuesta_invalida') {
    return `${root} responde, pero no es un servidor Folio (GET /health no da el informe de Folio). Revisa la dirección.`;
  }
  return err.mensaje;
}

import { AppError } from '../errors';

/**
 * NUL (U+0000) has no place in any field Folio stores or searches, and PostgreSQL refuses it in text
 * (22P05): a request carrying one is refused at the door, naming where it is, instead of failing deep
 * inside as an internal error.
 */
export function nulRefused(campo: string): AppError {
  return new AppError('peticion_invalida', {
    mensaje: `${campo} contiene un carácter nulo (U+0000), que no se admite.`,
    message: `${campo} contains a null character (U+0000), which is not accepted.`,
    detalles: { campo },
  });
}

/** The path of the first string holding a NUL in a parsed JSON value ('q', 'documentos[0]'), or undefined. */
export function nulInJson(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'cuerpo' : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = nulInJson(v, `${at}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return at ? `${at}.${k}` : k;
      const found = nulInJson(v, at ? `${at}.${k}` : k);
      if (found) return found;
    }
  }
  return undefined;
}

/** Throws when the URL's path or a query parameter (name or value) holds a NUL once decoded. */
export function refuseNulInUrl(url: string): void {
  const u = new URL(url);
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return; // a malformed escape is for the route to refuse
  }
  if (path.includes('\u0000')) throw nulRefused('ruta');
  for (const [name, value] of u.searchParams) {
    if (name.includes('\u0000') || value.includes('\u0000')) throw nulRefused(name.replaceAll('\u0000', ''));
  }
}

/** Throws when a form field (name or value) holds a NUL. */
export function refuseNulInFields(fields: Record<string, string>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (name.includes('\u0000') || value.includes('\u0000')) throw nulRefused(name.replaceAll('\u0000', ''));
  }
}

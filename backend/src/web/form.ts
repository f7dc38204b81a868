import type { Context } from 'hono';
import { AppError } from '../errors';
import { readLimited } from '../http/read-body';

/** Forms of these pages are small: an email, a password, a key name, a URL. */
const FORM_LIMIT = 64 * 1024;

const forms = new WeakMap<Request, Promise<URLSearchParams>>();

/**
 * The request's url-encoded form, read once (at most 64 KB) and shared by the CSRF check and the
 * handler. Any other body gives an empty form.
 */
export function formOf(c: Context): Promise<URLSearchParams> {
  let form = forms.get(c.req.raw);
  if (!form) {
    form = (async () => {
      if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
        return new URLSearchParams();
      }
      const bytes = await readLimited(c.req.raw, FORM_LIMIT);
      try {
        return new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        throw new AppError('peticion_invalida', {
          mensaje: 'El formulario no es UTF-8 válido.',
          message: 'The form is not valid UTF-8.',
        });
      }
    })();
    forms.set(c.req.raw, form);
  }
  return form;
}

/** Whether the caller is one of our scripts wanting JSON rather than a page. */
export function wantsJson(c: Context): boolean {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

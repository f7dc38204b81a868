import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../http/env';

/**
 * No framing (a consent page in a hidden frame is the classic clickjack), no scripts, nothing cached. No
 * `form-action`: browsers apply it to the redirect after the POST, which goes to the client's own address.
 */
const HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f5f1;color:#1d1d1b}
main{max-width:34rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #ddd;border-radius:8px}
h1{font-size:1.4rem;margin-top:0}.nota{color:#555;font-size:.9rem}code{background:#eee;padding:0 .25rem}
.acciones{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;
border:1px solid #555;background:#fff;cursor:pointer}button.aprobar{background:#1d4e89;color:#fff;border-color:#1d4e89}`;

function page(c: Context<AppEnv>, title: string, body: ReturnType<typeof html>, status: 200 | 400 | 403 = 200) {
  return c.html(
    html`<!doctype html>
      <html lang="es">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${title} · Folio</title>
          <style>
            ${STYLE}
          </style>
        </head>
        <body>
          <main>${body}</main>
        </body>
      </html>`,
    status,
    HEADERS,
  );
}

/** What the consent page shows. */
export interface ConsentView {
  clientName?: string;
  clientId: string;
  /** Where the browser goes after the answer: shown, since the client's name is only its own claim. */
  redirectUri: string;
  email: string;
  scope: string;
  requestId: string;
  csrf: string;
}

/** The consent page: which application asks, for which permission, on whose library; approve or deny. */
export function consentPage(c: Context<AppEnv>, v: ConsentView): Response | Promise<Response> {
  const name = v.clientName ?? 'Una aplicación sin nombre';
  const destination = new URL(v.redirectUri);
  const where = destination.protocol.startsWith('http') ? destination.host : `${destination.protocol}//`;
  return page(
    c,
    `Autorizar a ${name}`,
    html`<h1>¿Dar acceso a tu biblioteca?</h1>
      <p><strong>${name}</strong> pide acceder a tu biblioteca de Folio como <strong>${v.email}</strong>.</p>
      <p class="nota">
        El nombre lo declara la propia aplicación (identificador <code>${v.clientId}</code>). Al responder volverás a
        <code>${where}</code>.
      </p>
      <h2>Permiso solicitado: <code>${v.scope}</code> (servidor MCP)</h2>
      <ul>
        <li>Buscar en tus documentos y leer sus páginas.</li>
        <li>Verificar afirmaciones y citar textos con tus fuentes (cuenta en tu cuota de citas, si la hay).</li>
      </ul>
      <p>
        No podrá subir ni borrar documentos ni ver tus claves de API. El acceso caduca si la aplicación deja de usarlo
        durante 30 días.
      </p>
      <form method="post" action="/oauth/autorizar">
        <input type="hidden" name="solicitud" value="${v.requestId}" />
        <input type="hidden" name="csrf" value="${v.csrf}" />
        <div class="acciones">
          <button type="submit" name="decision" value="aprobar" class="aprobar">Permitir</button>
          <button type="submit" name="decision" value="denegar">Denegar</button>
        </div>
      </form>`,
  );
}

/** A refusal the browser is shown instead of being sent to a client (unknown client, expired request, CSRF). */
export function consentErrorPage(
  c: Context<AppEnv>,
  message: string,
  detail: string,
  status: 400 | 403,
): Response | Promise<Response> {
  return page(
    c,
    'No se puede autorizar',
    html`<h1>No se puede autorizar</h1>
      <p>${message}</p>
      <p class="nota">${detail}</p>`,
    status,
  );
}

import type { TestResponse, TestServer } from './harness';

/**
 * A browser stand-in for web-app tests: keeps cookies between requests, sends the same-origin
 * `Origin` a browser sends with a form post, and reads the CSRF field of the last page.
 */
export class WebClient {
  readonly cookies = new Map<string, string>();
  lastCsrf: string | undefined;

  constructor(
    private readonly server: TestServer,
    private readonly origin = 'http://folio.test',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: RequestInit = {}): Promise<TestResponse> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    if (!headers.has('accept')) headers.set('accept', 'text/html,application/xhtml+xml');
    if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', this.origin);
    const res = await this.server.request(path, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** GETs a page and remembers its CSRF field; returns status and HTML. */
  async page(path: string, headers: Record<string, string> = {}) {
    const res = await this.request(path, { headers });
    const text = await res.text();
    this.lastCsrf = /name="_csrf" value="([^"]*)"/.exec(text)?.[1] ?? this.lastCsrf;
    return { res, text };
  }

  /** Posts a url-encoded form with the last page's CSRF field unless `_csrf` is given. */
  async post(path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
    const body = new URLSearchParams();
    if (!('_csrf' in fields) && this.lastCsrf) body.set('_csrf', this.lastCsrf);
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    const res = await this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    const text = await res.text();
    this.lastCsrf = /name="_csrf" value="([^"]*)"/.exec(text)?.[1] ?? this.lastCsrf;
    return { res, text };
  }

  /** Signs in through the form; returns the POST's response. */
  async signIn(email: string, password: string, next?: string) {
    await this.page('/entrar');
    return this.post('/entrar', { correo: email, contrasena: password, ...(next && { siguiente: next }) });
  }
}

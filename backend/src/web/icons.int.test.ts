import { describe, expect, it } from 'vitest';
import { setPassword } from '../services/accounts/set-password';
import { useTestServer } from '../testing/harness';
import { WebClient } from '../testing/web-client';

const t = useTestServer({}, { workers: false });

/** The images an ICO file holds: [width, height] each, read from its directory. */
function icoSizes(bytes: Uint8Array): number[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([view.getUint16(0, true), view.getUint16(2, true)]).toEqual([0, 1]);
  return Array.from({ length: view.getUint16(4, true) }, (_, i) => [bytes[6 + 16 * i]!, bytes[7 + 16 * i]!]);
}

describe("the web app's icon", () => {
  it('is served at /favicon.ico, where browsers ask for it, as an ICO of 16, 32 and 48 px', async () => {
    const res = await t.server.request('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(icoSizes(new Uint8Array(await res.arrayBuffer()))).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ]);
  });

  it('has an SVG and an apple-touch icon beside it', async () => {
    const svg = await t.server.request('/web/icon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const touch = await t.server.request('/web/apple-touch-icon.png');
    expect(touch.status).toBe(200);
    expect(touch.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await touch.arrayBuffer());
    expect([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(new DataView(png.buffer).getUint32(16)).toBe(180); // IHDR width
  });

  it('is linked from the pages, signed out and signed in', async () => {
    const links = (page: string) =>
      [...page.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => m[2]);
    const web = new WebClient(t.server);
    const signIn = await web.page('/entrar');
    expect(links(signIn.text)).toEqual(['/favicon.ico', '/web/icon.svg', '/web/apple-touch-icon.png']);
    await setPassword(t.server.runtime.deps.db, 'iris@example.org', 'una frase larga para los iconos');
    await web.signIn('iris@example.org', 'una frase larga para los iconos');
    expect(links((await web.page('/biblioteca')).text)).toContain('/favicon.ico');
  });
});

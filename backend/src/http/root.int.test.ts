import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness';

const ctx = useTestServer({}, { workers: false });

describe('GET /', () => {
  it('sends a browser to the library and tells a program where everything is', async () => {
    const page = await ctx.server.request('/', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/biblioteca');
    const map = await ctx.server.request('/');
    expect(map.status).toBe(200);
    expect(await map.json()).toMatchObject({
      nombre: 'Folio',
      api: 'http://folio.test/api/v1',
      mcp: 'http://folio.test/mcp',
    });
  });
});

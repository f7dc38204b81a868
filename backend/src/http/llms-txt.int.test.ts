import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness';

const ctx = useTestServer({}, { workers: false });
let text: string;
let doc: { paths: Record<string, Record<string, { operationId: string; 'x-scope': string | string[] }>> };

beforeAll(async () => {
  const res = await ctx.server.request('/api/v1/llms.txt');
  expect(res.status).toBe(200);
  text = await res.text();
  doc = await (await ctx.server.request('/api/v1/openapi.json')).json();
});

/** The bullet of llms.txt that describes an operation, by its opening `METHOD /path` (operationId). */
function bullet(head: string): string {
  const line = text.split('\n').find((l) => l.startsWith(`- \`${head}\``));
  expect(line, head).toBeDefined();
  return line!;
}

describe('llms.txt', () => {
  it('names every operation of the API, each with its real method, path and operationId', () => {
    const named = [...text.matchAll(/^- `(GET|POST|PATCH|DELETE) ([^`?]+)[^`]*` \((\w+)/gm)].map(
      ([, method, p, id]) => ({ method: method!.toLowerCase(), p: p!, id: id! }),
    );
    expect(named.length).toBeGreaterThanOrEqual(11);
    for (const { method, p, id } of named) expect(doc.paths[p]?.[method]?.operationId, `${method} ${p}`).toBe(id);
    // Every route is mentioned somewhere, as `METHOD /path`.
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) expect(text, `${method} ${p}`).toContain(`\`${method.toUpperCase()} ${p}`);
    }
  });

  it('gives the parameters of search', () => {
    const get = bullet('GET /buscar');
    for (const param of ['`q`', '`k`', 'max 50', '`documento`', '`biblioteca`', 'double quotes']) {
      expect(get).toContain(param);
    }
    const post = bullet('POST /buscar');
    for (const param of ['q', 'k', 'documentos', 'biblioteca']) expect(post).toMatch(new RegExp(`[{ ]${param}[,} ]`));
  });

  it('gives the parameters of verify and what anio does to later sources', () => {
    const verify = bullet('POST /verificar');
    for (const param of ['afirmacion (required)', 'anio', 'k (passages weighed, default 10, max 50)', 'documentos']) {
      expect(verify).toContain(param);
    }
    expect(verify).toMatch(/listed last as `IMPOSIBLE_TEMPORAL` with `respaldo` 0/);
    expect(verify).toContain('scope `lectura`');
  });

  it('no longer says that search or verify may be unavailable', () => {
    expect(text).not.toMatch(/does not offer one yet/);
    expect(text).not.toMatch(/see the OpenAPI description; a server/);
  });

  it('states the scopes as the routes require them', () => {
    expect(text).toMatch(/`lectura` \([^)]*verify[^)]*read cite jobs\)/);
    expect(doc.paths['/verificar']!.post!['x-scope']).toBe('lectura');
    expect(bullet('POST /citar')).toContain('`GET /citar/{id}` (citado; scope `lectura` or `escritura`');
    expect(doc.paths['/citar/{id}']!.get!['x-scope']).toEqual(['lectura', 'escritura']);
  });

  it('says what a reused Idempotency-Key with another request gets', () => {
    expect(bullet('POST /documentos')).toMatch(
      /same key with a different file, body or metadata is refused with 409 `conflicto`/,
    );
    expect(bullet('POST /citar')).toMatch(/different text or options: 409 `conflicto`/);
  });

  it('names the RateLimit fields every limited answer carries, and Retry-After on 429', () => {
    const line = text.split('\n').find((l) => l.startsWith('Rate limit:'));
    expect(line).toBeDefined();
    for (const field of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) {
      expect(line).toContain(`\`${field}\``);
    }
    expect(line).toContain('429 `limite_de_ritmo`');
  });
});

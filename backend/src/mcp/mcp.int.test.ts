import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';
import { NOTHING_FOUND } from './rules';

const ctx = useTestServer();
let key: string;
let otherKey: string;
let pdfId: string;
let otherId: string;
const clients: Client[] = [];

/** The app behind `fetch`, so the SDK's own client talks HTTP to it without a socket. */
const appFetch = (url: string | URL, init?: RequestInit) => {
  const u = new URL(url);
  return ctx.server.request(u.pathname + u.search, init) as unknown as Promise<Response>;
};

/** The SDK's client over Streamable HTTP with `headers` on every request. */
async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'folio-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('http://folio.test/mcp'), {
    requestInit: { headers },
    fetch: appFetch,
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    structuredContent?: any;
  };
}
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

const NITRATOS = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';

beforeAll(async () => {
  key = await ctx.server.key('mcp@example.org');
  otherKey = await ctx.server.key('ajena@example.org');
  const pdf = await readFile(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
  const up = await ctx.server.request('/api/v1/documentos?nombre=muestra.pdf', {
    method: 'POST',
    body: pdf,
    headers: auth(key),
  });
  expect(up.status).toBe(201);
  pdfId = (await up.json()).id;
  const other = await ctx.server.request('/api/v1/documentos?nombre=ajeno.md&titulo=Diario%20ajeno', {
    method: 'POST',
    body: '# Diario ajeno\n\nLos ajolotes de Xochimilco regeneran sus branquias en primavera.',
    headers: auth(otherKey, { 'Content-Type': 'text/plain' }),
  });
  expect(other.status).toBe(201);
  otherId = (await other.json()).id;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('the MCP server over Streamable HTTP, with an API key that has the mcp scope', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(auth(key));
  });

  it('names itself, states the rules for agents and lists the four tools with their schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'folio' });
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('Copy `cita` and `localizador` verbatim');
    expect(instructions).toContain('verify_claim');

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['cite', 'open_page', 'search', 'verify_claim']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.search!.inputSchema).toMatchObject({ type: 'object', required: ['q'] });
    expect(Object.keys(byName.search!.inputSchema.properties!)).toEqual(['q', 'k', 'documentos', 'biblioteca']);
    expect(byName.open_page!.inputSchema).toMatchObject({ required: ['documento', 'localizador'] });
    expect(byName.verify_claim!.inputSchema).toMatchObject({ required: ['afirmacion'] });
    expect(Object.keys(byName.cite!.inputSchema.properties!)).toContain('trabajo');
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
      expect(tool.description, tool.name).toContain('verbatim');
      expect(tool.description, tool.name).toContain('`enlace`');
    }
    expect(byName.search!.description).toContain('nothing was found');
    expect(byName.verify_claim!.description).toContain('before you assert');
    expect(byName.search!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('search answers the Pasaje fields exactly as GET /buscar does, and Markdown beside them', async () => {
    const result = await call(client, 'search', { q: 'nitratos Homún', k: 3 });
    expect(result.isError).toBeFalsy();
    const { pasajes } = result.structuredContent;
    expect(pasajes.length).toBeGreaterThan(0);
    expect(Object.keys(pasajes[0]).sort()).toEqual(
      ['ancla', 'cita', 'documento', 'enlace', 'id', 'localizador', 'puntuacion', 'texto'].sort(),
    );
    expect(pasajes[0]).toMatchObject({
      documento: { id: pdfId, titulo: 'Cuaderno de campo del acuífero de Yucatán' },
      localizador: 'p. 2',
      cita: '(Pérez Canul, 2021, p. 2)',
      ancla: { tipo: 'pagina', fisica: 6 },
    });
    const rest = await (
      await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent('nitratos Homún')}&k=3`, { headers: auth(key) })
    ).json();
    const fields = (p: Record<string, unknown>) => ({
      id: p.id,
      cita: p.cita,
      localizador: p.localizador,
      enlace: p.enlace,
      texto: p.texto,
      ancla: p.ancla,
    });
    expect(pasajes.map(fields)).toEqual(rest.pasajes.map(fields));
    const text = textOf(result);
    expect(text).toContain('# Resultados para «nitratos Homún»');
    expect(text).toContain(`(Pérez Canul, 2021, p. 2) — [p. 2](${pasajes[0].enlace})`);
  });

  it('says so when nothing is found, and never shows another user’s documents', async () => {
    const result = await call(client, 'search', { q: 'ajolotes Xochimilco branquias' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.pasajes).toEqual([]);
    expect(textOf(result)).toContain('No se encontró nada en tu biblioteca.');
    expect(textOf(result)).toContain(NOTHING_FOUND);
    // The same words find the other user's document through that user's own key.
    const theirs = await connect(auth(otherKey));
    const found = await call(theirs, 'search', { q: 'ajolotes Xochimilco branquias' });
    expect(found.structuredContent.pasajes[0].documento.id).toBe(otherId);
    // Naming the other user's document does not reach it either.
    const filtered = await call(client, 'search', { q: 'ajolotes', documentos: [otherId] });
    expect(filtered.structuredContent.pasajes).toEqual([]);
    const page = await call(client, 'open_page', { documento: otherId, localizador: '[1]' });
    expect(page.isError).toBe(true);
    expect(textOf(page)).toContain('no_encontrado');
    expect(textOf(page)).not.toContain('ajolotes');
    const verified = await call(client, 'verify_claim', {
      afirmacion: 'Los ajolotes de Xochimilco regeneran sus branquias.',
    });
    expect(verified.structuredContent.pasajes).toEqual([]);
    expect(verified.structuredContent.veredicto).toBe('sin_respaldo');
    expect(textOf(verified)).toContain(NOTHING_FOUND);
  });

  it('open_page reads a unit by printed roman folio, as /texto reads it, with its anchor', async () => {
    const result = await call(client, 'open_page', { documento: pdfId, localizador: 'iii' });
    expect(result.isError).toBeFalsy();
    const rest = await (
      await ctx.server.request(`/api/v1/documentos/${pdfId}/texto?desde=iii&hasta=iii`, { headers: auth(key) })
    ).json();
    const unit = rest.unidades[0];
    expect(result.structuredContent).toMatchObject({
      documento: { id: pdfId, tipo: 'pdf' },
      posicion: 3,
      localizador: 'p. iii',
      cita: '(Pérez Canul, 2021, p. iii)',
      enlace: unit.enlace,
      texto: unit.texto,
      ancla: { tipo: 'pagina', fisica: 3, impresa: 'iii' },
      anterior: '[2]',
      siguiente: '[4]',
    });
    expect(result.structuredContent.texto).toContain('Prólogo');
    const text = textOf(result);
    expect(text).toContain('## p. iii');
    expect(text).toContain(`(Pérez Canul, 2021, p. iii) · [abrir](${unit.enlace})`);
    // The locator as search gives it back works too.
    const again = await call(client, 'open_page', { documento: pdfId, localizador: 'p. iii' });
    expect(again.structuredContent.posicion).toBe(3);
  });

  it('open_page reads a unit by physical position [n], and refuses a folio the document does not have', async () => {
    const result = await call(client, 'open_page', { documento: pdfId, localizador: '[6]' });
    expect(result.structuredContent).toMatchObject({
      posicion: 6,
      localizador: 'p. 2',
      cita: '(Pérez Canul, 2021, p. 2)',
      ancla: { tipo: 'pagina', fisica: 6, impresa: '2' },
    });
    expect(result.structuredContent.texto).toContain('44.9 mg/L');
    const missing = await call(client, 'open_page', { documento: pdfId, localizador: 'xl' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(
      /^Error peticion_invalida \[desde\]: No hay ninguna página con el folio impreso 'xl'/,
    );
    const outside = await call(client, 'open_page', { documento: pdfId, localizador: '[99]' });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain('La posición [99] no existe');
  });

  it('verify_claim gives POST /verificar’s verdict with the backing passage’s Pasaje fields', async () => {
    const result = await call(client, 'verify_claim', { afirmacion: NITRATOS });
    expect(result.isError).toBeFalsy();
    const rest = await (
      await ctx.server.request('/api/v1/verificar', {
        method: 'POST',
        body: JSON.stringify({ afirmacion: NITRATOS }),
        headers: auth(key, { 'Content-Type': 'application/json' }),
      })
    ).json();
    const v = result.structuredContent;
    expect(v).toMatchObject({ afirmacion: NITRATOS, veredicto: 'respaldada', respaldada: true });
    expect(v.veredicto).toBe(rest.veredicto);
    expect(v.pasajes[0]).toMatchObject({
      cita: '(Pérez Canul, 2021, p. 2)',
      localizador: 'p. 2',
      enlace: rest.pasajes[0].enlace,
      relacion: 'APOYO_DIRECTO',
    });
    expect(v.pasajes[0].respaldo).toBeGreaterThanOrEqual(0.7);
    expect(textOf(result)).toContain('**Veredicto: respaldada**');

    const wrong = await call(client, 'verify_claim', {
      afirmacion: 'En Homún la concentración de nitratos alcanzó 80 mg/L en 2019.',
    });
    expect(wrong.structuredContent.veredicto).not.toBe('respaldada');
  });

  it('cite inserts the citation a passage backs and gives its Pasaje fields', async () => {
    const texto = `${NITRATOS} A mi abuela le gustaba mucho el teatro barroco de Calderón.`;
    const result = await call(client, 'cite', { texto });
    expect(result.isError).toBeFalsy();
    const citado = result.structuredContent;
    expect(citado).toMatchObject({ estado: 'listo', estilo: 'apa' });
    expect(citado.citas).toHaveLength(1);
    expect(citado.citas[0]).toMatchObject({
      afirmacion: NITRATOS.slice(0, -1),
      cita: '(Pérez Canul, 2021, p. 2)',
      localizador: 'p. 2',
      documento: pdfId,
      fragmento: expect.stringMatching(new RegExp(`^${pdfId}:\\d+$`)),
      enlace: expect.stringContaining(`/leer/${pdfId}`),
    });
    expect(citado.citas[0].pasaje).toContain('44.9 mg/L');
    expect(citado.texto).toContain('44.9 mg/L en 2019 (Pérez Canul, 2021, p. 2).');
    expect(citado.texto).toContain('teatro barroco de Calderón.');
    expect(textOf(result)).toContain('## Referencias');

    // The finished job can be read again through `trabajo`; another user's key cannot read it.
    const again = await call(client, 'cite', { trabajo: citado.id });
    expect(again.structuredContent.citas).toEqual(citado.citas);
    const theirs = await connect(auth(otherKey));
    const foreign = await call(theirs, 'cite', { trabajo: citado.id });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain('no_encontrado');
    // Nothing backed: the text as it was, no empty references section, and the rule not to cite from memory.
    const bare = await call(client, 'cite', { texto: 'El teatro barroco español alcanzó su apogeo con Calderón.' });
    expect(bare.structuredContent.citas).toEqual([]);
    expect(textOf(bare)).not.toContain('Referencias');
    expect(textOf(bare)).toContain('> Ningún pasaje de tu biblioteca');
    expect(textOf(bare)).toContain(NOTHING_FOUND);
    const none = await call(client, 'cite', {});
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('Error peticion_invalida [texto]');
  }, 60_000);
});

describe('authentication at /mcp', () => {
  const initialize = (headers: Record<string, string>) =>
    ctx.server.request('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      }),
    });
  const metadata = 'http://folio.test/.well-known/oauth-protected-resource';

  it('answers 401 in the spec’s shape with the challenge that points to the resource metadata', async () => {
    const res = await initialize({});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata}", scope="mcp"`);
    const body = await res.json();
    expect(body.error).toMatchObject({ codigo: 'no_autenticado', estado: 401 });
    expect(body.error.mensaje).toContain('Authorization');

    const wrong = await initialize(auth('folio_0000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${metadata}", scope="mcp"`,
    );
  });

  it('answers 403 prohibido to a key without the mcp scope, and lets the same user in with one', async () => {
    const readOnly = await ctx.server.key('mcp@example.org', ['lectura', 'escritura']);
    const res = await initialize(auth(readOnly));
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", resource_metadata="${metadata}", scope="mcp"`,
    );
    expect((await res.json()).error).toMatchObject({ codigo: 'prohibido', estado: 403, detalles: { requiere: 'mcp' } });
    await expect(connect(auth(readOnly))).rejects.toThrow();

    const mcpOnly = await ctx.server.key('mcp@example.org', ['mcp']);
    const ok = await initialize(auth(mcpOnly));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/event-stream');
    expect(await ok.text()).toContain('"serverInfo":{"name":"folio"');
  });

  it('refuses another origin (DNS rebinding) and has no session stream to GET', async () => {
    const foreign = await initialize({ ...auth(key), Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.codigo).toBe('prohibido');
    const own = await initialize({ ...auth(key), Origin: 'http://folio.test' });
    expect(own.status).toBe(200);
    const get = await ctx.server.request('/mcp', { headers: { ...auth(key), Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('is named in /health and llms.txt', async () => {
    const health = await (await ctx.server.request('/health')).json();
    expect(health.mcp).toMatchObject({
      url: 'http://folio.test/mcp',
      herramientas: ['search', 'open_page', 'verify_claim', 'cite'],
      metadatos_oauth: metadata,
    });
    const llms = await (await ctx.server.request('/api/v1/llms.txt')).text();
    expect(llms).toContain('MCP server (Streamable HTTP): http://folio.test/mcp');
    expect(llms).toContain('`open_page`');
  });
});

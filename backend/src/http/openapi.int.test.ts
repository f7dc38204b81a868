import { EXTENSION_MARK, EXTENSION_NOTE } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness';

const ctx = useTestServer({}, { workers: false });

// The document is walked as plain JSON of any shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
let doc: Json;

beforeAll(async () => {
  const res = await ctx.server.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});

/** Every operation as [method, path, operation]. */
const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([p, ops]) =>
    Object.entries(ops as Json).map(([method, op]) => [method, p, op] as [string, string, Json]),
  );

/** Every object in the document with the JSON pointer that leads to it. */
function* walk(node: unknown, pointer = '#'): Generator<[string, Json]> {
  if (!node || typeof node !== 'object') return;
  yield [pointer, node as Json];
  for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc);
}

/**
 * What the contract (api-v1) defines for each operation: its parameters and the fields of its JSON bodies.
 * Everything else the document offers must be marked as an extension.
 */
const CONTRACT_PARAMS: Record<string, string[]> = {
  subir: ['nombre', 'titulo', 'autores', 'anio', 'esperar', 'formato', 'idempotency-key', 'prefer'],
  listar: ['q', 'estado', 'limite', 'cursor', 'formato'],
  documento: ['id', 'esperar', 'formato'],
  borrar: ['id'],
  texto: ['id', 'desde', 'hasta', 'limite', 'formato'],
  buscar: ['q', 'k', 'documento', 'biblioteca', 'formato'],
  buscarPost: ['formato'],
  preguntar: ['formato'],
  verificar: ['formato'],
  citar: ['estilo', 'esperar', 'formato', 'idempotency-key', 'prefer'],
  citado: ['id', 'esperar', 'formato'],
};
const CONTRACT_FIELDS: Record<string, string[]> = {
  SubirUrl: ['url', 'titulo', 'autores', 'anio', 'tipo', 'modo'],
  SubirMultipart: ['archivo', 'titulo', 'autores', 'anio'],
  BuscarPeticion: ['q', 'k', 'documentos', 'biblioteca', 'formato'],
  PreguntarPeticion: ['pregunta', 'k', 'documentos', 'biblioteca', 'stream'],
  CitarPeticion: ['texto', 'estilo', 'idioma', 'umbral', 'documentos', 'biblioteca'],
  VerificarPeticion: ['afirmacion', 'anio', 'k', 'documentos'],
  // Documento as the contract lists it (`Not shown: any fields of the document record beyond those above`).
  Documento: [
    ...['id', 'titulo', 'autores', 'anio', 'tipo', 'estado', 'progreso', 'fase', 'unidades', 'duracion', 'idioma'],
    ...['url', 'referencia', 'duplicado', 'error', 'creado', 'enlace', 'texto_url', 'progreso_url'],
  ],
  Pasaje: ['id', 'documento', 'texto', 'cita', 'localizador', 'ancla', 'enlace', 'puntuacion'],
};

const isExtension = (node: Json | undefined) => node?.[EXTENSION_MARK] === true;

describe('the OpenAPI document', () => {
  it('is a well-formed OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Folio API', version: '1.0.0' });
    expect(doc.servers[0].url).toBe('http://folio.test/api/v1');
    // Every reference resolves.
    for (const [at, node] of walk(doc)) {
      if (typeof node.$ref === 'string') expect(resolve(node.$ref), `${at} → ${node.$ref}`).toBeDefined();
    }
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [method, p, op] of operations()) {
      const where = `${method} ${p}`;
      // HEAD: where an upload in parts stands (tus).
      expect(['get', 'post', 'patch', 'delete', 'put', 'head'], where).toContain(method);
      expect(op.operationId, where).toMatch(/^[a-zA-Z]+$/);
      expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
      for (const [status, res] of Object.entries(op.responses as Json)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(typeof res.description, `${where} ${status}`).toBe('string');
      }
      // Each {name} of the path is a required path parameter, and no other path parameter is declared.
      const inPath = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((x: Json) => x.in === 'path');
      expect(declared.map((x: Json) => x.name).sort(), where).toEqual(inPath);
      for (const x of declared) expect(x.required, where).toBe(true);
      for (const x of op.parameters ?? []) expect(['query', 'header', 'path', 'cookie'], where).toContain(x.in);
      // Security names a declared scheme.
      for (const req of op.security)
        for (const name of Object.keys(req)) expect(doc.components.securitySchemes[name]).toBeDefined();
    }
  });

  it('states a licence', () => {
    expect(typeof doc.info.license?.name).toBe('string');
    expect(doc.info.license.name.length).toBeGreaterThan(0);
    // OpenAPI 3.1: `identifier` and `url` exclude each other.
    expect(doc.info.license.identifier && doc.info.license.url).toBeFalsy();
  });

  it('declares the RateLimit fields on every answer of every limited operation', () => {
    const fields = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
    for (const [method, p, op] of operations()) {
      // The parts of an upload in parts are not counted (http/routes/subidas.ts); every other operation is.
      if (p.startsWith('/subidas/')) continue;
      for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
        for (const field of fields) {
          expect(answer.headers?.[field]?.schema, `${method} ${p} ${status} ${field}`).toMatchObject({
            type: 'integer',
          });
        }
      }
    }
  });

  it('declares Retry-After on every 429', () => {
    for (const [method, p, op] of operations()) {
      const limited = op.responses['429'];
      expect(limited, `${method} ${p}`).toBeDefined();
      expect(limited.headers?.['Retry-After']?.schema, `${method} ${p}`).toMatchObject({ type: 'integer' });
    }
  });

  it('marks every extension of the contract, and only those, with x-folio-extension and its description', () => {
    const byId: Record<string, Json> = Object.fromEntries(operations().map(([, , op]) => [op.operationId, op]));
    for (const [id, op] of Object.entries(byId)) {
      const contract = id in CONTRACT_PARAMS;
      expect(isExtension(op), id).toBe(!contract);
      if (!contract) expect(op.description, id).toMatch(new RegExp(`^${EXTENSION_NOTE.replace('.', '\\.')}`));
      if (!contract) continue;
      for (const param of op.parameters ?? []) {
        const extra = !CONTRACT_PARAMS[id]!.includes(param.name);
        expect(isExtension(param.schema), `${id} ${param.in} ${param.name}`).toBe(extra);
      }
    }
    for (const [name, fields] of Object.entries(CONTRACT_FIELDS)) {
      for (const [field, schema] of Object.entries(doc.components.schemas[name].properties as Json)) {
        expect(isExtension(schema), `${name}.${field}`).toBe(!fields.includes(field));
      }
    }
    // The marker and the description always go together.
    for (const [at, node] of walk(doc)) {
      if (isExtension(node)) expect(node.description, at).toMatch(/^Extension of the contract\./);
      else if (typeof node.description === 'string' && node.description.startsWith(EXTENSION_NOTE)) {
        expect(isExtension(node) || isExtension(node.schema), at).toBe(true);
      }
    }
    // Exported reference formats are the extension values of `formato`.
    for (const op of [byId.listar, byId.documento]) {
      const formato = op!.parameters.find((x: Json) => x.name === 'formato');
      expect(formato.schema.description ?? formato.description).toMatch(/an extension of the contract/);
    }
  });

  it('documents the 409 of a reused Idempotency-Key on the operations that honour it', () => {
    for (const [p, method] of [
      ['/documentos', 'post'],
      ['/citar', 'post'],
    ] as const) {
      const op = doc.paths[p][method];
      expect(op.responses['409'].description).toMatch(/Idempotency-Key .*different request/);
      const header = op.parameters.find((x: Json) => x.name === 'idempotency-key');
      expect(header.in).toBe('header');
      expect(header.description).toMatch(/409 conflicto/);
    }
  });

  it('lets lectura read a cite job and keeps creating one for escritura', () => {
    expect(doc.paths['/citar/{id}'].get['x-scope']).toEqual(['lectura', 'escritura']);
    expect(doc.paths['/citar/{id}'].get.description).toMatch(/`lectura` or `escritura`/);
    expect(doc.paths['/citar'].post['x-scope']).toBe('escritura');
  });

  it('says that verify keeps later sources as IMPOSIBLE_TEMPORAL and why', () => {
    const verify = doc.paths['/verificar'].post;
    expect(verify.description).toMatch(/listed last, as IMPOSIBLE_TEMPORAL/);
    expect(doc.components.schemas.VerificarPeticion.properties.anio.description).toMatch(/IMPOSIBLE_TEMPORAL/);
  });
});

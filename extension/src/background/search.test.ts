import 'fake-indexeddb/auto';
import { createClient, type Pasaje } from '@folio/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { FolioDb } from './db';
import { MAX_CACHED_SEARCHES, cacheSearch, offlineSearch, queryTerms } from './offline-search';
import { searchLibrary } from './search';
import { fakeFolio } from './testing/fake-folio';

const dbs: FolioDb[] = [];
function freshDb(): FolioDb {
  const db = new FolioDb(`search-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function pasaje(id: string, texto: string, titulo = 'Cenotes de Yucatán'): Pasaje {
  return {
    id,
    documento: { id: id.split(':')[0]!, titulo, autores: ['Pérez Canul'], anio: 2021 },
    texto,
    cita: `(Pérez Canul, 2021, p. ${id.split(':')[1]})`,
    localizador: `p. ${id.split(':')[1]}`,
    ancla: { tipo: 'pagina', fisica: Number(id.split(':')[1]) },
    enlace: `http://folio.test/leer/${id.split(':')[0]}?pagina=${id.split(':')[1]}`,
  };
}

const NITRATOS = pasaje('d1:3', 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.');
const ACUIFERO = pasaje('d1:1', 'El acuífero kárstico corre bajo la península y aflora en los cenotes.');
const TEATRO = pasaje('d2:7', 'La música barroca en Sevilla.', 'Teatro');

describe('queryTerms', () => {
  it('folds case and accents and drops stop words', () => {
    expect(queryTerms('¿Qué concentración de Nitratos hubo en Homún?')).toEqual([
      'concentracion',
      'nitratos',
      'hubo',
      'homun',
    ]);
  });
});

describe('offline search from the cache', () => {
  it('answers a repeated query with its cached results, and others by query terms over cached passages', async () => {
    const db = freshDb();
    await cacheSearch(db, 'cenotes', 10, [ACUIFERO, NITRATOS], 1);
    await cacheSearch(db, 'música', 10, [TEATRO], 2);
    expect(await offlineSearch(db, 'Cenotes', 10)).toEqual([ACUIFERO, NITRATOS]);
    // Never searched before: matched by its terms, accents and plurals folded ('nitrato' finds 'nitratos').
    expect((await offlineSearch(db, 'nitrato en Homun', 5)).map((p) => p.id)).toEqual(['d1:3']);
    expect((await offlineSearch(db, 'acuífero nitratos', 5)).map((p) => p.id)).toEqual(['d1:1', 'd1:3']);
    expect(await offlineSearch(db, 'volcanes', 5)).toEqual([]);
  });

  it('keeps only the most recent searches', async () => {
    const db = freshDb();
    for (let i = 0; i <= MAX_CACHED_SEARCHES; i++) await cacheSearch(db, `q${i}`, 10, [], i);
    expect(await db.searches.count()).toBe(MAX_CACHED_SEARCHES);
    expect(await db.searches.get('q0|10')).toBeUndefined();
  });
});

describe('searchLibrary', () => {
  it('answers from the server and caches, then from the cache with offline: true when the server is gone', async () => {
    const db = freshDb();
    const server = fakeFolio({ pasajes: [NITRATOS, ACUIFERO] });
    const client = createClient({ baseUrl: server.baseUrl, apiKey: 'k', fetch: server.fetch });
    expect(await searchLibrary(db, client, { q: 'nitratos Homún', k: 5 })).toEqual({
      pasajes: [NITRATOS, ACUIFERO],
      offline: false,
    });
    server.state.online = false;
    expect(await searchLibrary(db, client, { q: 'nitratos Homún', k: 5 })).toEqual({
      pasajes: [NITRATOS, ACUIFERO],
      offline: true,
    });
    expect(await searchLibrary(db, client, { q: 'concentración de nitratos' })).toEqual({
      pasajes: [NITRATOS],
      offline: true,
    });
    expect(await searchLibrary(db, client, { q: 'volcanes' })).toEqual({
      pasajes: [],
      offline: true,
      error: 'Sin conexión con Folio, y nada de lo guardado coincide con la búsqueda.',
    });
  });

  it('does not fall back to the cache when the server refuses the key', async () => {
    const db = freshDb();
    await cacheSearch(db, 'nitratos', 10, [NITRATOS]);
    const server = fakeFolio({ apiKey: 'good' });
    const client = createClient({ baseUrl: server.baseUrl, apiKey: 'bad', fetch: server.fetch });
    expect(await searchLibrary(db, client, { q: 'nitratos' })).toEqual({
      pasajes: [],
      offline: false,
      error: 'La clave de API no es válida o fue revocada.',
    });
  });

  it('answers from the cache, saying so, before the extension is configured', async () => {
    const db = freshDb();
    await cacheSearch(db, 'nitratos', 10, [NITRATOS]);
    expect(await searchLibrary(db, null, { q: 'nitratos' })).toMatchObject({ pasajes: [NITRATOS], offline: true });
  });
});

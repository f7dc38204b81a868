import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestRegistry, type TestRegistry } from '../../testing/registry-server';
import { lookUpDoi, recordFromCsl } from './doi-lookup';
import { normalizeIsbn } from './isbn';
import { lookUpIsbn } from './isbn-lookup';

/** The PLDI '09 TraceMonkey paper as Crossref's CSL transform returns it (trimmed to the fields Folio reads). */
const TRACEMONKEY = {
  type: 'paper-conference',
  DOI: '10.1145/1542476.1542528',
  URL: 'https://doi.org/10.1145/1542476.1542528',
  title: 'Trace-based just-in-time type specialization for dynamic languages',
  'container-title': 'Proceedings of the 30th ACM SIGPLAN Conference on Programming Language Design and Implementation',
  publisher: 'ACM',
  'publisher-place': 'New York, NY, USA',
  page: '465-478',
  issued: { 'date-parts': [[2009, 6, 15]] },
  author: [
    { given: 'Andreas', family: 'Gal', sequence: 'first', affiliation: [] },
    { given: 'Brendan', family: 'Eich', sequence: 'additional', affiliation: [] },
    { given: 'Mohammad R.', family: 'Haghighat', sequence: 'additional', affiliation: [] },
  ],
};

/** A Spanish book as Open Library's `jscmd=data` returns it. */
const CIEN_ANOS = {
  url: 'https://openlibrary.org/books/OL123M/Cien_años_de_soledad',
  title: 'Cien años de soledad',
  authors: [{ url: 'https://openlibrary.org/authors/OL1A/Gabriel_García_Márquez', name: 'Gabriel García Márquez' }],
  publishers: [{ name: 'Cátedra' }],
  publish_places: [{ name: 'Madrid' }],
  publish_date: '2007',
  number_of_pages: 550,
};

let registry: TestRegistry;
const options = () => ({ baseUrl: registry.url, timeoutMs: 2000 });

beforeAll(async () => {
  registry = await startTestRegistry();
  registry.works.set(TRACEMONKEY.DOI, TRACEMONKEY);
  registry.books.set('9788437604947', CIEN_ANOS);
});
afterAll(() => registry.close());
beforeEach(() => {
  registry.requests.length = 0;
  registry.delayMs = 0;
});

describe('DOI look-up by content negotiation', () => {
  it("follows the resolver's redirect to the agency and keeps its record in Folio's fields", async () => {
    const outcome = await lookUpDoi('10.1145/1542476.1542528', options());
    expect(outcome).toEqual({
      record: {
        fuente: new URL(registry.url).host,
        titulo: 'Trace-based just-in-time type specialization for dynamic languages',
        autores: ['Gal, Andreas', 'Eich, Brendan', 'Haghighat, Mohammad R.'],
        anio: 2009,
        tipo_obra: 'paper-conference',
        contenedor: 'Proceedings of the 30th ACM SIGPLAN Conference on Programming Language Design and Implementation',
        paginas: '465-478',
        editorial: 'ACM',
        lugar: 'New York, NY, USA',
        doi: '10.1145/1542476.1542528',
        url: 'https://doi.org/10.1145/1542476.1542528',
      },
    });
    expect(registry.requests.map((r) => r.path)).toEqual([
      '/10.1145/1542476.1542528',
      '/works/10.1145%2F1542476.1542528/transform/application/vnd.citationstyles.csl+json',
    ]);
    expect(registry.requests[0]!.accept).toBe('application/vnd.citationstyles.csl+json');
  });

  it('an unknown DOI, a registry that does not answer in time, or none at all is a failure, never a throw', async () => {
    expect(await lookUpDoi('10.9999/nope', options())).toEqual({
      failure: `HTTP 404 from ${new URL(registry.url).host}`,
    });
    registry.delayMs = 500;
    const started = Date.now();
    const slow = await lookUpDoi('10.1145/1542476.1542528', { baseUrl: registry.url, timeoutMs: 100 });
    expect(slow).toEqual({ failure: `no answer from ${new URL(registry.url).host} within 100 ms` });
    expect(Date.now() - started).toBeLessThan(450);
    const down = await lookUpDoi('10.1145/1542476.1542528', { baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    expect('failure' in down && down.failure).toMatch(/^127\.0\.0\.1:9: /);
  });
});

describe("a registry's record in Folio's names", () => {
  it("maps registries' type names to kinds of work, editors and genre too; an unknown type is left out", () => {
    const record = recordFromCsl(
      {
        type: 'book-chapter',
        title: 'El agua',
        editor: [{ family: 'Pérez', given: 'Juan' }],
        genre: 'Capítulo',
      },
      'doi.org',
    );
    expect(record).toMatchObject({ tipo_obra: 'chapter', editores: ['Pérez, Juan'], genero: 'Capítulo' });
    expect(recordFromCsl({ type: 'dissertation', title: 'T' }, 'doi.org').tipo_obra).toBe('thesis');
    expect(recordFromCsl({ type: 'peer-review', title: 'T' }, 'doi.org').tipo_obra).toBeUndefined();
  });
});

describe('ISBN look-up in Open Library', () => {
  it('reads the book and inverts its authors', async () => {
    const outcome = await lookUpIsbn('978-84-376-0494-7', options());
    expect(outcome).toMatchObject({
      record: {
        titulo: 'Cien años de soledad',
        anio: 2007,
        editorial: 'Cátedra',
        lugar: 'Madrid',
        tipo_obra: 'book',
        isbn: '9788437604947',
      },
    });
    expect('record' in outcome && outcome.record.autores).toEqual(['García Márquez, Gabriel']);
    expect(registry.requests[0]!.path).toBe('/api/books?bibkeys=ISBN%3A9788437604947&format=json&jscmd=data');
  });

  it('refuses a misread ISBN without asking, and says when Open Library has no such book', async () => {
    expect(normalizeIsbn('0-306-40615-2')).toBe('0306406152');
    expect(normalizeIsbn('978-84-376-0494-8')).toBeUndefined();
    expect(await lookUpIsbn('978-84-376-0494-8', options())).toEqual({
      failure: '978-84-376-0494-8: not a valid ISBN',
    });
    expect(registry.requests).toEqual([]);
    expect(await lookUpIsbn('9780140449136', options())).toEqual({
      failure: 'ISBN:9780140449136: Open Library has no such book',
    });
  });
});

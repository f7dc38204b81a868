import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMetaOfCsl } from '../csl-metadata';
import type { ImportedItem, LibraryReading } from '../imported-item';
import { ImportSourceError } from '../import-source-error';
import { zoteroRepo } from '../zotero/testing/zotero-schema-files';
import { readZoteroRdf } from './read-zotero-rdf';
import { writeSampleExport } from './testing/sample-export';
import { BEFORE_Z_PATH, zoteroFileAt } from './testing/zotero-files';
import { writeZoteroRdfExport } from './testing/zotero-rdf-export';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-zotero-rdf-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string | Buffer) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};
const byKey = (reading: LibraryReading, key: string): ImportedItem => {
  const item = reading.items.find((i) => i.key === key);
  if (!item) throw new Error(`no item ${key} in ${reading.items.map((i) => i.key).join(', ')}`);
  return item;
};
async function sourceError(target: string): Promise<ImportSourceError> {
  const error = await readZoteroRdf(target).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportSourceError);
  return error as ImportSourceError;
}

describe.skipIf(!zoteroRepo.present)(zoteroRepo.title('readZoteroRdf on Zotero’s own RDF test data'), () => {
  it('reads zotero_rdf.xml: a book keyed by its ISBN with its two notes, a web page keyed by its URL', async () => {
    const file = write(path.join(root, 'real', 'zotero_rdf.xml'), zoteroRepo.file('test/tests/data/zotero_rdf.xml'));
    const reading = await readZoteroRdf(file);
    expect(reading.origen).toBe('Zotero RDF (zotero_rdf.xml)');
    expect(reading.items).toEqual([
      {
        source: 'zotero-rdf',
        key: 'urn:isbn:1-4214-0283-1',
        record: { type: 'book', title: 'A', ISBN: '1-4214-0283-1' },
        files: [],
        collections: [],
        tags: [],
        notes: ['C', 'D'],
      },
      {
        source: 'zotero-rdf',
        key: 'http://example.com',
        record: { type: 'webpage', title: 'B', URL: 'http://example.com' },
        files: [],
        collections: [],
        tags: [],
        notes: [],
      },
    ]);
    expect(reading.skipped).toEqual([]);
  });

  it('reads book_and_snapshot.rdf from its folder: the snapshot as the book’s stored file, there or missing', async () => {
    const dir = path.join(root, 'book-and-snapshot');
    write(path.join(dir, 'book_and_snapshot.rdf'), zoteroRepo.file('test/tests/data/book_and_snapshot.rdf'));
    const missing = await readZoteroRdf(dir);
    expect(missing.items).toHaveLength(1);
    expect(missing.items[0]).toMatchObject({ key: '#item_1', record: { type: 'book', title: 'Test' } });
    const snapshot = path.join(dir, 'files', '2', 'test.html');
    expect(missing.items[0]!.files).toEqual([
      { path: snapshot, exists: false, link: 'stored', contentType: 'text/html', title: 'Test' },
    ]);
    write(snapshot, '<html><body>Test</body></html>');
    const there = await readZoteroRdf(dir);
    expect(there.items[0]!.files[0]).toMatchObject({ path: snapshot, exists: true });
  });

  const before = zoteroFileAt(BEFORE_Z_PATH, 'test/tests/data/book_and_snapshot.rdf');
  it.skipIf(before === undefined)(
    'reads exports before March 2026, whose file is an <rdf:resource> element conforming parsers refuse',
    async () => {
      expect(before).toContain('<rdf:resource rdf:resource="files/2/test.html"/>');
      const dir = path.join(root, 'book-and-snapshot-old');
      write(path.join(dir, 'book_and_snapshot.rdf'), before!);
      write(path.join(dir, 'files', '2', 'test.html'), '<html></html>');
      const reading = await readZoteroRdf(dir);
      expect(reading.items[0]!.files).toEqual([
        {
          path: path.join(dir, 'files', '2', 'test.html'),
          exists: true,
          link: 'stored',
          contentType: 'text/html',
          title: 'Test',
        },
      ]);
    },
  );

  const oldTest = zoteroFileAt(BEFORE_Z_PATH, 'test/tests/importExportTest.js');
  it.skipIf(oldTest === undefined)(
    'imports standalone attachments (Zotero’s importExportTest) as items of their own, one without a URL',
    async () => {
      const rdf = /describe\("standalone attachments"[\s\S]*?var rdf = `([\s\S]*?)`;/.exec(oldTest!)![1]!;
      const dir = path.join(root, 'standalone');
      write(path.join(dir, 'export.rdf'), rdf);
      write(path.join(dir, 'files', '1234', 'test1.pdf'), '%PDF-1.4\n');
      const reading = await readZoteroRdf(dir);
      expect(
        reading.items.map((i) => [i.key, i.record, i.files.map((f) => [path.relative(dir, f.path), f.exists])]),
      ).toEqual([
        ['#item_1234', { type: 'document', title: 'Test 1' }, [['files/1234/test1.pdf', true]]],
        ['#item_2345', { type: 'document', title: 'Test 2' }, [['files/2345/test2.pdf', false]]],
      ]);
    },
  );
});

describe.each(['z:path', 'rdf:resource'] as const)(
  'readZoteroRdf on an export written as Zotero writes it (%s)',
  (pathElement) => {
    let dir: string;
    let reading: LibraryReading;
    const item = (key: string) => byKey(reading, key);
    beforeAll(async () => {
      dir = path.join(root, `sample-${pathElement.replace(':', '-')}`);
      writeSampleExport(dir, { pathElement });
      reading = await readZoteroRdf(dir);
    });

    it('reads every regular item and the standalone PDF, in the file’s order, each keyed by its resource', () => {
      expect(reading.items.map((i) => i.key)).toEqual([
        'https://example.org/lectura',
        'urn:isbn:978-84-670-4189-7',
        '#item_30',
        '#item_40',
        'https://example.org/slow',
        '#item_60',
        '#item_70',
        '#item_80',
        // The second book with the same ISBN: Zotero names it by its id.
        '#item_90',
        '#item_100',
      ]);
      expect(reading.origen).toBe('Zotero RDF (Exported Items.rdf)');
      expect(reading.items.every((i) => i.source === 'zotero-rdf')).toBe(true);
    });

    it('maps a journal article: container, identifiers on the container, date, creators in order with roles', () => {
      expect(item('https://example.org/lectura').record).toEqual({
        type: 'article-journal',
        title: 'Sobre la lectura lenta',
        'container-title': 'Revista de Occidente',
        volume: '12',
        issue: '3',
        page: '45-67',
        issued: { 'date-parts': [[2019, 3, 15]] },
        DOI: '10.1234/lectura.2019',
        ISSN: '0034-8635',
        URL: 'https://example.org/lectura',
        language: 'es',
        abstract: 'Un estudio de la lectura.',
        note: 'PMID: 123456',
        author: [
          { family: '王', given: '小波' },
          { family: 'Арсеньев', given: 'Владимир' },
          { family: 'Pérez Galdós', given: 'Benito' },
        ],
        translator: [{ family: 'Martín', given: 'Ana' }],
      });
    });

    it('keeps its file, collections (nested, two of them), tags manual and automatic, notes as text', () => {
      const article = item('https://example.org/lectura');
      expect(article.files).toEqual([
        {
          path: path.join(dir, 'files', '12', 'Wang - 2019 - Sobre la lectura.pdf'),
          exists: true,
          link: 'stored',
          contentType: 'application/pdf',
          title: 'Full Text PDF',
        },
      ]);
      expect(article.collections).toEqual([['Tesis', 'Capítulo 2'], ['読書会']]);
      expect(article.tags).toEqual(['lectura', 'Reading']);
      expect(article.notes).toEqual(['Leer despacio.\n\nSegunda idea & más.', 'Nota del PDF']);
    });

    it('maps a book: an organisation as a literal name, editor, publisher and place, a date in words', () => {
      const book = item('urn:isbn:978-84-670-4189-7');
      expect(book.record).toEqual({
        type: 'book',
        title: 'Diccionario de la lengua española',
        issued: { 'date-parts': [[2014, 10]] },
        ISBN: '978-84-670-4189-7',
        publisher: 'Espasa',
        'publisher-place': 'Madrid',
        edition: '23',
        author: [{ literal: 'Real Academia Española' }],
        editor: [{ family: 'Blecua', given: 'José Manuel' }],
      });
      // The export names the file, but it is not there: listed as missing, not dropped.
      expect(book.files).toEqual([
        {
          path: path.join(dir, 'files', '21', 'dle.pdf'),
          exists: false,
          link: 'stored',
          contentType: 'application/pdf',
          title: 'Diccionario',
        },
      ]);
      expect(book.collections).toEqual([['Tesis']]);
      expect(userMetaOfCsl(book.record, 'zotero-rdf')).toMatchObject({
        autores: ['Real Academia Española'],
        anio: 2014,
        detalles: { isbn: '9788467041897', editorial: 'Espasa', lugar: 'Madrid', editores: ['Blecua, José Manuel'] },
        importado: { origen: 'zotero' },
      });
    });

    it('maps a chapter (book title, series, the book’s author left out) and a thesis in Japanese', () => {
      expect(item('#item_30').record).toEqual({
        type: 'chapter',
        title: 'El método',
        'container-title': 'Escritos reunidos',
        'collection-title': 'Biblioteca de ensayo',
        page: '101-130',
        issued: { 'date-parts': [[2019, 3, 15]] },
        publisher: 'Cátedra',
        'publisher-place': 'Madrid',
        author: [{ family: 'Ortega y Gasset', given: 'José' }],
        editor: [{ family: 'Zamora', given: 'Javier' }],
      });
      const thesis = item('#item_40');
      expect(thesis.record).toEqual({
        type: 'thesis',
        title: '近代日本の読書',
        issued: { 'date-parts': [[2018, 3]] },
        publisher: '東京大学',
        'publisher-place': '東京',
        genre: '博士論文',
        language: 'ja',
        author: [{ family: '山田', given: '花子' }],
      });
      expect(thesis.files.map((f) => [path.relative(dir, f.path), f.exists, f.link, f.contentType])).toEqual([
        ['files/41/Tesis final – versión 2 (50%).pdf', true, 'stored', 'application/pdf'],
        // A linked file 'Export Files' copied into the export.
        ['files/42/libro.epub', true, 'stored', 'application/epub+zip'],
      ]);
      expect(thesis.collections).toEqual([['Tesis', 'Capítulo 2', 'Борхес']]);
      expect(thesis.tags).toEqual(['読書']);
    });

    it('maps a web page, a report (its number is no issue), a film (director as author), a conference paper', () => {
      expect(item('https://example.org/slow').record).toEqual({
        type: 'webpage',
        title: 'Slow reading',
        'container-title': 'The Reading Blog',
        URL: 'https://example.org/slow',
        issued: { 'date-parts': [[2021]] },
        language: 'en',
        author: [{ family: 'Smith', given: 'Jane' }],
      });
      expect(item('https://example.org/slow').files).toEqual([]);
      expect(item('#item_60').record).toEqual({
        type: 'report',
        title: 'Informe anual',
        publisher: 'CSIC',
        issued: { 'date-parts': [[2020, 6]] },
        author: [{ literal: 'Consejo Superior de Investigaciones Científicas' }],
      });
      expect(item('#item_70').record).toEqual({
        type: 'motion_picture',
        title: 'La lectora',
        issued: { 'date-parts': [[1988]] },
        author: [{ family: 'Deville', given: 'Michel' }],
      });
      expect(item('#item_80').record).toEqual({
        type: 'paper-conference',
        title: 'Lectura distante',
        'container-title': 'Actas del congreso',
        DOI: '10.5555/actas.8',
        issued: { 'date-parts': [[2017, 9, 1]] },
        author: [{ family: 'Moretti', given: 'Franco' }],
      });
    });

    it('imports a standalone PDF as a document of its own, with its collection and tags', () => {
      expect(item('#item_100')).toEqual({
        source: 'zotero-rdf',
        key: '#item_100',
        record: { type: 'document', title: 'Apuntes sueltos.pdf' },
        files: [
          {
            path: path.join(dir, 'files', '100', 'Apuntes sueltos.pdf'),
            exists: true,
            link: 'stored',
            contentType: 'application/pdf',
            title: 'Apuntes sueltos.pdf',
          },
        ],
        collections: [['Tesis', 'Capítulo 2', 'Борхес']],
        tags: ['suelto'],
        notes: [],
      });
    });

    it('says what it leaves out: an attachment with no file in the export, a link to a page, a standalone note', () => {
      expect(reading.skipped).toEqual([
        {
          key: '#item_22',
          what: 'Snapshot',
          motivo: 'la exportación no incluye su archivo (Zotero no lo tenía, o se exportó sin «Exportar archivos»)',
        },
        { key: '#item_51', what: 'Página', motivo: 'enlace a una página web, no un archivo' },
        { key: '#item_110', what: 'nota: Ideas para la tesis', motivo: 'nota suelta, sin documento al que pertenezca' },
      ]);
    });
  },
);

describe('readZoteroRdf: where the export is', () => {
  it('takes the .rdf file itself, or the folder an unzipped zip of the export’s folder gives', async () => {
    const outer = path.join(root, 'unzipped');
    const { rdfFile } = writeZoteroRdfExport(path.join(outer, 'Exported Items'), [
      { id: 1, itemType: 'book', fields: { title: 'Uno' } },
    ]);
    fs.mkdirSync(path.join(outer, '__MACOSX'));
    expect((await readZoteroRdf(rdfFile)).items.map((i) => i.record.title)).toEqual(['Uno']);
    expect((await readZoteroRdf(outer)).items.map((i) => i.record.title)).toEqual(['Uno']);
  });

  it('refuses a path climbing out of the export, and follows absolute paths only when asked', async () => {
    const dir = path.join(root, 'paths');
    const outside = write(path.join(root, 'outside.pdf'), '%PDF-1.4\n');
    write(
      path.join(dir, 'e.rdf'),
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:z="http://www.zotero.org/namespaces/export#"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:link="http://purl.org/rss/1.0/modules/link/">
  <rdf:Description rdf:about="#item_1"><z:itemType>book</z:itemType><dc:title>T</dc:title>
    <link:link rdf:resource="#item_2"/><link:link rdf:resource="#item_3"/><link:link rdf:resource="#item_4"/>
    <link:link rdf:resource="#item_5"/></rdf:Description>
  <z:Attachment rdf:about="#item_2"><z:itemType>attachment</z:itemType><z:path rdf:resource="../outside.pdf"/></z:Attachment>
  <z:Attachment rdf:about="#item_3"><z:itemType>attachment</z:itemType><z:path rdf:resource="${outside}"/><z:linkMode>2</z:linkMode></z:Attachment>
  <z:Attachment rdf:about="#item_4"><z:itemType>attachment</z:itemType><z:path rdf:resource="storage:a.pdf"/></z:Attachment>
  <z:Attachment rdf:about="#item_5"><z:itemType>attachment</z:itemType><z:path rdf:resource="files/5/link.pdf"/></z:Attachment>
</rdf:RDF>`,
    );
    // A symbolic link an unzipped upload may carry, pointing out of the export.
    fs.mkdirSync(path.join(dir, 'files', '5'), { recursive: true });
    fs.symlinkSync(outside, path.join(dir, 'files', '5', 'link.pdf'));

    const uploaded = await readZoteroRdf(dir);
    expect(uploaded.items[0]!.files).toEqual([]);
    expect(uploaded.skipped.map((s) => [s.key, s.motivo])).toEqual([
      ['#item_2', 'ruta de archivo que no se puede situar: ../outside.pdf'],
      ['#item_3', `archivo enlazado fuera de la exportación, que no se lee desde ella: ${outside}`],
      ['#item_4', 'ruta de archivo que no se puede situar: storage:a.pdf'],
      ['#item_5', 'enlace simbólico que sale de la exportación: files/5/link.pdf'],
    ]);

    const local = await readZoteroRdf(dir, { linkedFiles: true });
    expect(local.items[0]!.files).toEqual([{ path: outside, exists: true, link: 'linked' }]);
    expect(local.skipped.map((s) => s.key)).toEqual(['#item_2', '#item_4', '#item_5']);
  });

  it('takes from a container two items share only its title and ISSN, not one article’s DOI or volume', async () => {
    const file = write(
      path.join(root, 'shared', 'e.rdf'),
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:z="http://www.zotero.org/namespaces/export#"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:bib="http://purl.org/net/biblio#"
 xmlns:prism="http://prismstandard.org/namespaces/1.2/basic/">
  <bib:Article rdf:about="#item_1"><z:itemType>journalArticle</z:itemType><dcterms:isPartOf rdf:resource="urn:issn:1234-5678"/><dc:title>Uno</dc:title></bib:Article>
  <bib:Article rdf:about="#item_2"><z:itemType>journalArticle</z:itemType><dcterms:isPartOf rdf:resource="urn:issn:1234-5678"/><dc:title>Dos</dc:title></bib:Article>
  <bib:Journal rdf:about="urn:issn:1234-5678"><dc:title>Revista</dc:title><prism:volume>7</prism:volume>
    <dc:identifier>DOI 10.1/uno</dc:identifier><dc:identifier>ISSN 1234-5678</dc:identifier></bib:Journal>
</rdf:RDF>`,
    );
    const reading = await readZoteroRdf(file);
    expect(reading.items.map((i) => i.record)).toEqual([
      { type: 'article-journal', title: 'Uno', 'container-title': 'Revista', ISSN: '1234-5678' },
      { type: 'article-journal', title: 'Dos', 'container-title': 'Revista', ISSN: '1234-5678' },
    ]);
  });

  it('says plainly when there is nothing to read', async () => {
    expect((await sourceError(path.join(root, 'nowhere'))).problema).toBe('no_existe');

    const empty = path.join(root, 'empty');
    write(path.join(empty, 'files', '1', 'a.pdf'), '%PDF');
    const none = await sourceError(empty);
    expect(none.problema).toBe('sin_base_de_datos');
    expect(none.mensaje).toContain('no contiene ningún archivo .rdf');

    const two = path.join(root, 'two');
    write(path.join(two, 'a.rdf'), '<x/>');
    write(path.join(two, 'b.rdf'), '<x/>');
    const several = await sourceError(two);
    expect(several.problema).toBe('no_es_la_fuente');
    expect(several.mensaje).toContain('varios archivos .rdf (a.rdf, b.rdf)');

    const broken = await sourceError(
      write(
        path.join(root, 'broken', 'x.rdf'),
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><a></b></rdf:RDF>',
      ),
    );
    expect(broken.problema).toBe('no_es_la_fuente');
    expect(broken.mensaje).toMatch(/^x\.rdf no se puede leer como RDF\/XML/);

    const foaf = write(
      path.join(root, 'foaf', 'me.rdf'),
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:foaf="http://xmlns.com/foaf/0.1/">
  <foaf:Person rdf:about="#me"><foaf:name>Ana</foaf:name></foaf:Person></rdf:RDF>`,
    );
    const notZotero = await sourceError(foaf);
    expect(notZotero.problema).toBe('no_es_la_fuente');
    expect(notZotero.mensaje).toContain('no una exportación «Zotero RDF»');
  });
});

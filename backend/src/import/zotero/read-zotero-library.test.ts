import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withZip } from '../../formats/zip';
import type { ImportedItem, LibraryReading } from '../imported-item';
import { ImportSourceError } from '../import-source-error';
import { readZoteroLibrary } from './read-zotero-library';
import { buildSampleLibrary, type SampleLibrary } from './testing/sample-library';
import { ZoteroTestLibrary } from './testing/zotero-database';
import { ZOTERO_RELEASES, zoteroRepo, zoteroSchemaSql, type ZoteroSchemaSql } from './testing/zotero-schema-files';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-zotero-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let sql: ZoteroSchemaSql;
let sample: SampleLibrary;
let reading: LibraryReading;
const byKey = (key: string): ImportedItem => {
  const item = reading.items.find((i) => i.key === key);
  if (!item) throw new Error(`no item ${key}`);
  return item;
};

describe.skipIf(!zoteroRepo.present)(
  zoteroRepo.title('readZoteroLibrary on a database built from Zotero’s schema'),
  () => {
    beforeAll(async () => {
      sql = zoteroSchemaSql();
      sample = buildSampleLibrary(path.join(root, 'sample'), sql);
      reading = await readZoteroLibrary(sample.dataDir);
    });

    it('tells the schema version it read', () => {
      expect(reading.origen).toMatch(/^Zotero \(esquema userdata \d+\)$/);
      expect(reading.origen).toContain(String(Number(/^--\s*(\d+)/.exec(sql.userdata)![1])));
    });

    it('reads every regular item and each standalone file, not notes, attachments or annotations', () => {
      const k = sample.keys;
      expect(reading.items.map((i) => i.key)).toEqual([
        k.article,
        k.book,
        k.chapter,
        k.thesis,
        k.report,
        k.paper,
        k.webpage,
        k.magazine,
        k.newspaper,
        k.software,
        k.standaloneFile,
      ]);
      expect(reading.items.every((i) => i.source === 'zotero')).toBe(true);
    });

    it('maps a journal article: its fields, its date, its creators in order with their roles', () => {
      expect(byKey(sample.keys.article).record).toEqual({
        type: 'article-journal',
        title: 'Sobre la lectura lenta',
        issued: { 'date-parts': [[2019, 3, 15]] },
        'container-title': 'Revista de Occidente',
        volume: '12',
        issue: '3',
        page: '45-67',
        DOI: '10.1234/lectura.2019',
        ISSN: '0034-8635',
        language: 'es',
        abstract: 'Un estudio de la lectura.',
        URL: 'https://example.org/lectura',
        note: 'PMID: 123456',
        author: [
          { family: '王', given: '小波' },
          { family: 'Арсеньев', given: 'Владимир' },
          { family: 'Pérez Galdós', given: 'Benito' },
        ],
        translator: [{ family: 'Martín', given: 'Ana' }],
      });
    });

    it('maps type-specific fields through their base fields', () => {
      expect(byKey(sample.keys.chapter).record).toMatchObject({ type: 'chapter', 'container-title': 'Obras reunidas' });
      expect(byKey(sample.keys.thesis).record).toMatchObject({
        type: 'thesis',
        publisher: 'Universidad de Salamanca',
        genre: 'Tesis doctoral',
        'publisher-place': 'Salamanca',
        issued: { 'date-parts': [[2020]] },
      });
      expect(byKey(sample.keys.report).record).toMatchObject({
        type: 'report',
        publisher: 'CSIC',
        genre: 'Informe interno',
      });
      expect(byKey(sample.keys.paper).record).toMatchObject({
        type: 'paper-conference',
        'container-title': 'Actas del congreso',
      });
      expect(byKey(sample.keys.webpage).record).toMatchObject({
        type: 'webpage',
        'container-title': 'El sitio',
        URL: 'https://example.org/pagina',
        issued: { raw: 'primavera de 2020' },
      });
      expect(byKey(sample.keys.magazine).record).toMatchObject({
        type: 'article-magazine',
        'container-title': 'Letras Libres',
      });
      expect(byKey(sample.keys.newspaper).record).toMatchObject({
        type: 'article-newspaper',
        'container-title': 'El País',
      });
    });

    it('keeps a single-field creator whole, editors apart, and the book author of a chapter out', () => {
      expect(byKey(sample.keys.book).record).toMatchObject({
        type: 'book',
        author: [{ literal: 'UNESCO' }],
        editor: [{ family: 'López Pérez', given: 'María' }],
        ISBN: '978-92-3-303779-9',
        edition: '2',
        publisher: 'Ediciones UNESCO',
        'publisher-place': 'París',
        'collection-title': 'Informes',
      });
      const chapter = byKey(sample.keys.chapter).record;
      expect(chapter.author).toEqual([{ family: 'Cortázar', given: 'Julio' }]);
      expect(chapter.editor).toEqual([{ family: 'Bioy Casares', given: 'Adolfo' }]);
    });

    it("makes the item type's primary creator (a program's programmer) the author", () => {
      expect(byKey(sample.keys.software).record).toEqual({
        type: 'software',
        title: 'Programa',
        author: [{ family: 'Torvalds', given: 'Linus' }],
      });
    });

    it('lists stored and linked files, present or missing, with their content type and title', () => {
      const [stored] = byKey(sample.keys.article).files;
      expect(stored).toEqual({
        path: expect.stringMatching(/\/Zotero\/storage\/[A-Z0-9]{8}\/lectura\.pdf$/),
        exists: true,
        link: 'stored',
        contentType: 'application/pdf',
        title: 'Full Text PDF',
      });
      expect(fs.readFileSync(stored!.path).subarray(0, 5).toString()).toBe('%PDF-');
      expect(byKey(sample.keys.thesis).files).toEqual([
        {
          path: path.join(sample.linkedDir, 'vinculado.pdf'),
          exists: true,
          link: 'linked',
          contentType: 'application/pdf',
          title: 'Tesis (enlace)',
        },
        {
          path: expect.stringMatching(/\/storage\/[A-Z0-9]{8}\/perdido\.pdf$/),
          exists: false,
          link: 'stored',
          contentType: 'application/pdf',
          title: 'Perdido',
        },
      ]);
    });

    it('makes a standalone attachment an item of its own', () => {
      const standalone = byKey(sample.keys.standaloneFile);
      expect(standalone.record).toEqual({ type: 'document', title: 'Apuntes escaneados' });
      expect(standalone.files).toEqual([
        expect.objectContaining({ exists: true, link: 'stored', path: expect.stringContaining('apuntes.pdf') }),
      ]);
      expect(standalone.collections).toEqual([['Tesis']]);
      expect(standalone.notes).toEqual(['Escaneado en la biblioteca']);
    });

    it('gives collections as paths from the top, leaving a collection in the trash out, and tags', () => {
      const article = byKey(sample.keys.article);
      expect(article.collections).toEqual([['Tesis', 'Capítulo 2']]);
      expect(article.tags).toEqual(['lectura', '阅读']);
      expect(byKey(sample.keys.book).collections).toEqual([['Tesis']]);
    });

    it('gives child notes as text, then annotations in reading order, leaving notes in the trash out', () => {
      expect(byKey(sample.keys.article).notes).toEqual([
        'Resumen\n\nLa lectura lenta es atenta.\n\n- Primera idea\n\n- Segunda idea',
        'p. 45: Revisar la cita',
        'p. 47: «leer despacio» — clave',
      ]);
    });

    it('lists what it left out, with why', () => {
      const k = sample.keys;
      const motivo = (key: string) => reading.skipped.find((s) => s.key === key)?.motivo;
      expect(motivo(k.trashed)).toBe('en la papelera de Zotero');
      expect(motivo(k.standaloneNote)).toContain('nota suelta');
      expect(motivo(k.webLink)).toContain('página web');
      expect(motivo(k.imageAnnotation)).toContain('sin texto');
      expect(motivo(k.relativeLink)).toContain('baseAttachmentPath');
      expect(motivo(k.trashedNote)).toContain('papelera');
      expect(reading.skipped.find((s) => s.key === k.standaloneNote)?.what).toBe('nota: Una nota suelta');
      expect(reading.skipped).toHaveLength(6);
    });

    it("resolves relative linked files against the base folder in the profile's prefs.js", async () => {
      const profile = path.join(root, 'perfil');
      fs.mkdirSync(profile, { recursive: true });
      fs.writeFileSync(
        path.join(profile, 'prefs.js'),
        `user_pref("extensions.zotero.baseAttachmentPath", ${JSON.stringify(sample.linkedDir)});\n`,
      );
      const withBase = await readZoteroLibrary(sample.dataDir, { profileDir: profile });
      const thesis = withBase.items.find((i) => i.key === sample.keys.thesis)!;
      expect(thesis.files[2]).toEqual({
        path: path.join(sample.linkedDir, 'capitulos', 'relativo.pdf'),
        exists: true,
        link: 'linked',
        contentType: 'application/pdf',
      });
      expect(withBase.skipped.some((s) => s.key === sample.keys.relativeLink)).toBe(false);
    });

    it('never writes to the data directory', async () => {
      const snapshot = () =>
        fs
          .readdirSync(sample.dataDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => {
            const file = path.join(e.parentPath, e.name);
            return `${file} ${fs.statSync(file).mtimeMs} ${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
          })
          .sort();
      const before = snapshot();
      await readZoteroLibrary(sample.dataDir);
      expect(snapshot()).toEqual(before);
    });

    it('reads while Zotero holds its exclusive lock, including what is still only in the -wal file', async () => {
      const dataDir = path.join(root, 'abierta');
      const z = new ZoteroTestLibrary(dataDir, sql);
      z.addItem('book', { title: 'Antes' });
      z.db.exec('PRAGMA journal_mode = WAL');
      z.db.exec('PRAGMA wal_autocheckpoint = 0');
      z.addItem('book', { title: 'Sólo en el WAL' });
      z.db.exec('PRAGMA locking_mode = EXCLUSIVE');
      z.db.exec('BEGIN EXCLUSIVE; COMMIT');
      try {
        expect(fs.existsSync(path.join(dataDir, 'zotero.sqlite-wal'))).toBe(true);
        const open = await readZoteroLibrary(dataDir);
        expect(open.items.map((i) => i.record.title)).toEqual(['Antes', 'Sólo en el WAL']);
      } finally {
        z.close();
      }
    });

    it('leaves out the items of feeds, which are not the library', async () => {
      const dataDir = path.join(root, 'feeds');
      const z = new ZoteroTestLibrary(dataDir, sql);
      z.addItem('book', { title: 'Mío' });
      z.db.exec("INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (2, 'feed', 0, 0)");
      const feedItem = z.addItem('journalArticle', { title: 'De un RSS' });
      z.db.prepare('UPDATE items SET libraryID = 2 WHERE itemID = ?').run(feedItem.id);
      z.close();
      const read = await readZoteroLibrary(dataDir);
      expect(read.items.map((i) => i.record.title)).toEqual(['Mío']);
    });

    it('says why it cannot read a database too old, a file that is not a Zotero database, or none', async () => {
      const expectProblem = async (dir: string, problema: string, mensaje: RegExp) => {
        const error = await readZoteroLibrary(dir).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ImportSourceError);
        expect(error).toMatchObject({ problema, mensaje: expect.stringMatching(mensaje) });
        expect((error as Error).message).toMatch(/[a-z]/);
      };
      await expectProblem(path.join(root, 'no-existe'), 'no_existe', /No existe la carpeta/);
      const empty = path.join(root, 'vacia');
      fs.mkdirSync(empty);
      await expectProblem(empty, 'sin_base_de_datos', /no contiene zotero\.sqlite/);
      const text = path.join(root, 'texto');
      fs.mkdirSync(text);
      fs.writeFileSync(path.join(text, 'zotero.sqlite'), 'esto no es una base de datos '.repeat(100));
      await expectProblem(text, 'no_es_la_fuente', /no es un archivo SQLite/);
      const other = path.join(root, 'otra');
      fs.mkdirSync(other);
      new DatabaseSync(path.join(other, 'zotero.sqlite')).exec('CREATE TABLE notas (texto TEXT)');
      await expectProblem(other, 'no_es_la_fuente', /no tiene la tabla version/);
      // Zotero 1.0's shape: a version table, but items without keys.
      const old = path.join(root, 'antigua');
      fs.mkdirSync(old);
      new DatabaseSync(path.join(old, 'zotero.sqlite')).exec(`
      CREATE TABLE version (schema TEXT PRIMARY KEY, version INT NOT NULL);
      INSERT INTO version VALUES ('userdata', 20);
      CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT, title TEXT);
      CREATE TABLE itemTypes (itemTypeID INTEGER PRIMARY KEY, typeName TEXT);
      CREATE TABLE itemData (itemID INT, fieldID INT, valueID INT);
      CREATE TABLE itemDataValues (valueID INTEGER PRIMARY KEY, value);
      CREATE TABLE fields (fieldID INTEGER PRIMARY KEY, fieldName TEXT);
      CREATE TABLE creators (creatorID INTEGER PRIMARY KEY, firstName TEXT, lastName TEXT);
      CREATE TABLE itemCreators (itemID INT, creatorID INT, creatorTypeID INT, orderIndex INT);
      CREATE TABLE itemNotes (itemID INTEGER PRIMARY KEY, sourceItemID INT, note TEXT);
      CREATE TABLE itemAttachments (itemID INTEGER PRIMARY KEY, sourceItemID INT, linkMode INT, mimeType TEXT, path TEXT);
    `);
      await expectProblem(old, 'version_antigua', /esquema userdata 20.*demasiado antigua/);
    });
  },
);

describe.skipIf(!zoteroRepo.present)(zoteroRepo.title('readZoteroLibrary on the schema of each Zotero release'), () => {
  let head: LibraryReading;
  beforeAll(async () => {
    head = await readZoteroLibrary(buildSampleLibrary(path.join(root, 'head'), zoteroSchemaSql()).dataDir);
  });

  /**
   * What a reading says of each item, with paths relative to the data directory's parent and without
   * item keys (which differ where an older schema has fewer items: no annotations in Zotero 5).
   */
  const summary = (read: LibraryReading, dataDir: string) =>
    read.items.map(({ key: _, ...item }) => ({
      ...item,
      files: item.files.map((f) => ({
        ...f,
        path: path.relative(path.dirname(dataDir), f.path).replace(/storage\/\w{8}\//, 'storage/…/'),
      })),
    }));

  it.each(ZOTERO_RELEASES)('reads the same library built with Zotero %s’s schema', async (release) => {
    const built = buildSampleLibrary(path.join(root, `release-${release}`), zoteroSchemaSql(release));
    const read = await readZoteroLibrary(built.dataDir);
    expect(read.origen).toMatch(/^Zotero \(esquema userdata \d+\)$/);
    const expected = summary(head, path.join(root, 'head', 'Zotero'));
    // Zotero 5 has no annotations: the article's notes are its child note alone.
    if (!release.startsWith('5.')) expect(summary(read, built.dataDir)).toEqual(expected);
    else {
      expect(summary(read, built.dataDir).map(({ notes: _, ...rest }) => rest)).toEqual(
        expected.map(({ notes: _, ...rest }) => rest),
      );
      expect(read.items[0]!.notes).toEqual([expected[0]!.notes[0]]);
    }
  });
});

describe.skipIf(!zoteroRepo.present)(
  zoteroRepo.title('readZoteroLibrary on Zotero’s own Zotero 4.0 test database'),
  () => {
    it('reads the creator from creatorData and the note from sourceItemID', async () => {
      const dataDir = path.join(root, 'zotero-4.0');
      fs.mkdirSync(dataDir, { recursive: true });
      await withZip(zoteroRepo.file('test/tests/data/zotero-4.0.sqlite.zip'), {}, async (zip) => {
        fs.writeFileSync(path.join(dataDir, 'zotero.sqlite'), await zip.read('zotero.sqlite'));
      });
      const read = await readZoteroLibrary(dataDir);
      expect(read.origen).toBe('Zotero (esquema userdata 77)');
      expect(read.items).toHaveLength(1);
      const [guide] = read.items;
      expect(guide).toMatchObject({
        key: 'ABCD2345',
        record: {
          type: 'webpage',
          title: 'Zotero Quick Start Guide',
          URL: 'http://zotero.org/support/quick_start_guide',
          author: [{ literal: 'Center for History and New Media' }],
        },
        files: [],
      });
      expect(guide!.notes).toHaveLength(1);
      expect(guide!.notes[0]).toMatch(/^Welcome to Zotero!\n\nView the Quick Start Guide/);
    });
  },
);

import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportSourceError } from '../import-source-error';
import { readBibliographyFile } from './read-bibliography-file';

const SAMPLE_PDF = path.resolve(import.meta.dirname, '../../../../test/fixtures/muestra.pdf');

// An export folder with a file beside it (files/muestra.pdf), a folder elsewhere on disk (other/b.pdf) and
// a separate files folder (library/c.pdf); names a test expects missing are never written.
let root = '';
let exportDir = '';
let other = '';
let library = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-bib-'));
  exportDir = path.join(root, 'export');
  other = path.join(root, 'other');
  library = path.join(root, 'library');
  for (const dir of [path.join(exportDir, 'files'), other, library]) await mkdir(dir, { recursive: true });
  await copyFile(SAMPLE_PDF, path.join(exportDir, 'files', 'muestra.pdf'));
  await copyFile(SAMPLE_PDF, path.join(other, 'b.pdf'));
  await copyFile(SAMPLE_PDF, path.join(library, 'c.pdf'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const write = async (name: string, text: string | Uint8Array) => {
  const file = path.join(exportDir, name);
  await writeFile(file, text);
  return file;
};

describe('readBibliographyFile: BibTeX and BibLaTeX', () => {
  it("reads LaTeX accents and braces as Unicode text, names with their particles, and CSL's fields", async () => {
    const file = await write(
      'accents.bib',
      String.raw`@phdthesis{garcia2020,
  author = {Garc{\'i}a M{\'a}rquez, Gabriel and van der Berg, Jan and de la Fontaine, Jean},
  editor = {M\"uller, J{\"u}rgen},
  translator = {Pe\~na, Ana},
  title = {{{NASA}} y la {\'E}cole de Espa\~na: {\"u}ber \textit{todo}},
  school = {Universidad de Salamanca}, address = {Salamanca}, type = {Tesis doctoral},
  year = {2020}, month = mar, doi = {10.1234/abc}, isbn = {978-84-000-0000-0},
  url = {https://example.org/t}, language = {spanish}, abstract = {Un resumen.}, note = {Nota pública},
}
@incollection{cap, title = {Cap{\'i}tulo}, booktitle = {El libro}, volume = {3},
  pages = {10--20}, edition = {2}, publisher = {Ed. {\c{C}}a}, year = 1999}
@article{art, title = {Art}, journal = {Revista}, volume = {7}, number = {2}, year = 2001}`,
    );
    const { items, skipped, origen } = await readBibliographyFile(file);
    expect(skipped).toEqual([]);
    expect(origen).toBe('BibTeX');
    const [thesis, chapter, article] = items;
    expect(thesis!.key).toBe('garcia2020');
    expect(thesis!.source).toBe('bibtex');
    expect(thesis!.record).toMatchObject({
      type: 'thesis',
      title: 'NASA y la École de España: über todo',
      author: [
        { family: 'García Márquez', given: 'Gabriel' },
        { family: 'Berg', given: 'Jan', 'non-dropping-particle': 'van der' },
        { family: 'Fontaine', given: 'Jean', 'non-dropping-particle': 'de la' },
      ],
      editor: [{ family: 'Müller', given: 'Jürgen' }],
      translator: [{ family: 'Peña', given: 'Ana' }],
      issued: { 'date-parts': [[2020, 3]] },
      DOI: '10.1234/abc',
      ISBN: '978-84-000-0000-0',
      publisher: 'Universidad de Salamanca',
      'publisher-place': 'Salamanca',
      genre: 'Tesis doctoral',
      URL: 'https://example.org/t',
      language: 'spanish',
      abstract: 'Un resumen.',
      note: 'Nota pública',
    });
    expect(chapter!.record).toMatchObject({
      type: 'chapter',
      title: 'Capítulo',
      'container-title': 'El libro',
      volume: '3',
      page: '10-20',
      edition: '2',
      publisher: 'Ed. Ça',
    });
    expect(article!.record).toMatchObject({ 'container-title': 'Revista', volume: '7', issue: '2' });
  });

  it('resolves each file syntax, checks it on disk, and tells stored from linked', async () => {
    const outside = path.join(other, 'b.pdf');
    const file = await write(
      'files.bib',
      String.raw`@article{jabref, title = {J}, year = 2001,
  file = {Texto:files/muestra.pdf:PDF;Falta:files/falta.pdf:PDF;Web:http\://arxiv.org/pdf/1:PDF}}
@article{bbt, title = {B}, year = 2002, file = {${outside};${path.join(other, 'nada.pdf')}}}
@article{mendeley, title = {M}, year = 2003, file = {:${outside.slice(1)}:pdf}}
@article{zotero, title = {Z}, year = 2004, file = {Full Text:files/muestra.pdf:application/pdf}}
@article{biblatex, title = {L}, year = 2005, pdf = {../other/b.pdf}}
@article{windows, title = {W}, year = 2006, file = {:C\:\\Users\\ana\\a.pdf:PDF}}`,
    );
    const byKey = Object.fromEntries((await readBibliographyFile(file)).items.map((i) => [i.key, i.files]));
    const beside = path.join(exportDir, 'files', 'muestra.pdf');
    expect(byKey.jabref).toEqual([
      { path: beside, exists: true, link: 'stored', title: 'Texto', contentType: 'application/pdf' },
      {
        path: path.join(exportDir, 'files', 'falta.pdf'),
        exists: false,
        link: 'stored',
        title: 'Falta',
        contentType: 'application/pdf',
      },
    ]);
    expect(byKey.bbt).toEqual([
      { path: outside, exists: true, link: 'linked' },
      { path: path.join(other, 'nada.pdf'), exists: false, link: 'linked' },
    ]);
    // Mendeley leaves out the leading slash of an absolute path.
    expect(byKey.mendeley).toEqual([{ path: outside, exists: true, link: 'linked', contentType: 'application/pdf' }]);
    expect(byKey.zotero).toEqual([
      { path: beside, exists: true, link: 'stored', title: 'Full Text', contentType: 'application/pdf' },
    ]);
    expect(byKey.biblatex).toEqual([{ path: outside, exists: true, link: 'linked' }]);
    expect(byKey.windows).toEqual([
      { path: 'C:\\Users\\ana\\a.pdf', exists: false, link: 'linked', contentType: 'application/pdf' },
    ]);
  });

  it('resolves relative paths against filesDir when given', async () => {
    const file = await write(
      'dir.bib',
      '@book{k, title = {T}, year = 2000, file = {:c.pdf:PDF;:files/muestra.pdf:PDF}}',
    );
    const [item] = (await readBibliographyFile(file, { filesDir: library })).items;
    expect(item!.files.map((f) => [f.path, f.exists, f.link])).toEqual([
      [path.join(library, 'c.pdf'), true, 'stored'],
      [path.join(library, 'files', 'muestra.pdf'), false, 'stored'],
    ]);
  });

  it("resolves a JabRef library's relative links against the file directory it names", async () => {
    const file = await write(
      'filedir.bib',
      '@book{k, title = {T}, year = 2000, file = {:b.pdf:PDF}}\n@Comment{jabref-meta: fileDirectory:../other;}',
    );
    const [item] = (await readBibliographyFile(file)).items;
    expect(item!.files).toEqual([
      { path: path.join(other, 'b.pdf'), exists: true, link: 'stored', contentType: 'application/pdf' },
    ]);
  });

  it("takes keywords and groups as tags, JabRef's static groups as collections, annote and note as notes", async () => {
    const file = await write(
      'jabref.bib',
      String.raw`% This file was created with JabRef 5.15.
% Encoding: UTF-8
@Article{a1, title = {Uno}, year = 2020, keywords = {historia, Espa{\~n}a; archivo},
  groups = {Capítulo 2, Leídos}, annote = {Leer otra vez}, note = {Reimpreso en 2021}}
@Comment{jabref-meta: databaseType:biblatex;}
@Comment{jabref-meta: grouping:
0 AllEntriesGroup:;
1 StaticGroup:Tesis\;0\;1\;0x8a8a8aff\;\;\;;
2 StaticGroup:Capítulo 2\;0\;1\;\;\;\;;
1 KeywordGroup:Leídos\;0\;readstatus\;read\;0\;0\;1\;\;\;\;;
}`,
    );
    const { items, origen } = await readBibliographyFile(file);
    expect(origen).toBe('BibLaTeX (JabRef)');
    expect(items[0]).toMatchObject({
      collections: [['Tesis', 'Capítulo 2']],
      tags: ['historia', 'España', 'archivo', 'Capítulo 2', 'Leídos'],
      notes: ['Leer otra vez', 'Reimpreso en 2021'],
    });
  });

  it('skips a broken entry alone, and entries of types it does not read, each with why', async () => {
    const file = await write(
      'broken.bib',
      String.raw`@article{bien, title = {Bien}, year = 2001}
@misc{roto, title = {Sin cerrar, year = 2002,
@weirdtype{raro, title = {Raro}}
@set{conjunto, entryset = {bien}}
@book{otro, title = {Otro}, year = 2003}`,
    );
    const { items, skipped } = await readBibliographyFile(file);
    expect(items.map((i) => i.key)).toEqual(['bien', 'otro']);
    expect(skipped).toEqual([
      { key: 'roto', what: '@misc', motivo: expect.stringMatching(/^entrada BibTeX mal formada/) },
      { key: 'raro', what: 'Raro', motivo: 'tipo de entrada @weirdtype no admitido' },
      { key: 'conjunto', what: '@set', motivo: '@set agrupa otras entradas; no es una obra' },
    ]);
  });

  it('gives an entry without citation key a key made from its content, the same on every reading', async () => {
    const text = '@article{,\n title = {Sin clave}, author = {Ruiz, Ana}, year = 2010}\n@book{ title = {Otra}}';
    const first = await readBibliographyFile(await write('nokey.bib', text));
    const again = await readBibliographyFile(await write('nokey2.bib', text));
    expect(first.items.map((i) => i.record.title)).toEqual(['Sin clave', 'Otra']);
    expect(first.items[0]!.key).toMatch(/^bibtex-[0-9a-f]{16}$/);
    expect(first.items[0]!.key).not.toBe(first.items[1]!.key);
    expect(again.items.map((i) => i.key)).toEqual(first.items.map((i) => i.key));
  });

  it('decodes a UTF-16 export and reads Mendeley’s own entry types', async () => {
    const text = '\uFEFF@web_page{w, title = {Página}, url = {https://example.org}, year = 2019}';
    const { items } = await readBibliographyFile(await write('utf16.bib', Buffer.from(text, 'utf16le')));
    expect(items[0]!.record).toMatchObject({ type: 'webpage', title: 'Página', URL: 'https://example.org' });
  });
});

describe('readBibliographyFile: RIS', () => {
  it('reads ID, L1 file attachments, L2 and UR as URLs, L4 figures, KW tags and N1 notes', async () => {
    const file = await write(
      'export.ris',
      [
        'TY  - JOUR',
        'ID  - perez2019',
        'AU  - Pérez, Juan',
        'TI  - Título del artículo',
        'T2  - Revista',
        'PY  - 2019',
        'DO  - 10.5555/xyz',
        'KW  - archivo',
        'KW  - memoria',
        `L1  - file://${path.join(exportDir, 'files', 'muestra.pdf')}`,
        'L1  - internal-pdf://0123456789/c.pdf',
        'L2  - https://example.org/articulo',
        'L4  - files/figura.png',
        'N1  - Una nota',
        'ER  - ',
        '',
        'TY  - BOOK',
        'AU  - Ruiz, Ana',
        'TI  - Libro sin ID',
        'PY  - 2001',
        'UR  - https://example.org/libro',
        'ER  - ',
        '',
      ].join('\r\n'),
    );
    const { items, skipped, origen } = await readBibliographyFile(file, { filesDir: library });
    expect(origen).toBe('RIS');
    expect(skipped).toEqual([]);
    const [article, book] = items;
    expect(article).toMatchObject({
      source: 'ris',
      key: 'perez2019',
      record: {
        type: 'article-journal',
        title: 'Título del artículo',
        author: [{ family: 'Pérez', given: 'Juan' }],
        'container-title': 'Revista',
        DOI: '10.5555/xyz',
        URL: 'https://example.org/articulo',
        issued: { 'date-parts': [[2019]] },
      },
      tags: ['archivo', 'memoria'],
      notes: ['Una nota'],
    });
    expect(article!.files).toEqual([
      { path: path.join(exportDir, 'files', 'muestra.pdf'), exists: true, link: 'stored' },
      { path: path.join(library, '0123456789', 'c.pdf'), exists: false, link: 'stored' },
      { path: path.join(library, 'files', 'figura.png'), exists: false, link: 'stored', title: 'Figura' },
    ]);
    expect(book!.record).toMatchObject({ type: 'book', title: 'Libro sin ID', URL: 'https://example.org/libro' });
    expect(book!.key).toMatch(/^ris-[0-9a-f]{16}$/);
    const again = await readBibliographyFile(file, { filesDir: library });
    expect(again.items[1]!.key).toBe(book!.key);
  });
});

describe('readBibliographyFile: CSL-JSON', () => {
  it('reads id as key and keyword as tags; skips items without id or with a type CSL does not have', async () => {
    const file = await write(
      'export.json',
      JSON.stringify([
        {
          id: 'ruiz2010',
          type: 'article-journal',
          title: 'Un <i>artículo</i>',
          author: [{ family: 'Ruiz', given: 'Ana', 'non-dropping-particle': 'de' }],
          issued: { 'date-parts': [[2010, 5]] },
          'container-title': 'Revista',
          page: '1-10',
          keyword: 'historia, archivo',
        },
        { id: 'c2', type: 'book', title: 'Fechas', issued: { 'date-parts': [['2020', '5']] }, author: 'Smith' },
        { type: 'book', title: 'Sin id' },
        { id: 'z1', type: 'journalArticle', title: 'Tipo de Zotero' },
      ]),
    );
    const { items, skipped, origen } = await readBibliographyFile(file);
    expect(origen).toBe('CSL-JSON');
    expect(items).toEqual([
      {
        source: 'csl-json',
        key: 'ruiz2010',
        record: {
          type: 'article-journal',
          title: 'Un artículo',
          author: [{ family: 'Ruiz', given: 'Ana', 'non-dropping-particle': 'de' }],
          issued: { 'date-parts': [[2010, 5]] },
          'container-title': 'Revista',
          page: '1-10',
        },
        files: [],
        collections: [],
        tags: ['historia', 'archivo'],
        notes: [],
      },
      {
        source: 'csl-json',
        key: 'c2',
        // citation-js's check: date parts as numbers, an author that is no list of names left out
        record: { type: 'book', title: 'Fechas', issued: { 'date-parts': [[2020, 5]] } },
        files: [],
        collections: [],
        tags: [],
        notes: [],
      },
    ]);
    expect(skipped).toEqual([
      { key: '', what: 'Sin id', motivo: 'elemento CSL-JSON sin id' },
      { key: 'z1', what: 'Tipo de Zotero', motivo: 'tipo CSL journalArticle no admitido' },
    ]);
  });
});

describe('readBibliographyFile: the format', () => {
  it('is told from the content, not the extension', async () => {
    const bib = await readBibliographyFile(await write('bib.txt', '@book{b, title = {B}, year = 2000}'));
    const ris = await readBibliographyFile(await write('ris.bib', 'TY  - BOOK\nID  - r\nTI  - R\nER  - \n'));
    const csl = await readBibliographyFile(await write('csl.ris', '[{"id": "c", "type": "book", "title": "C"}]'));
    expect([bib, ris, csl].map((r) => r.items[0]!.source)).toEqual(['bibtex', 'ris', 'csl-json']);
  });

  it('throws ImportSourceError for a file of none of the three formats, saying why in Spanish', async () => {
    const cases = {
      'notas.txt': 'Unas notas sueltas, sin referencias.',
      'zotero.json': '{"config": {}, "items": [{"itemType": "book"}]}',
      'vacio.bib': '  \n',
    };
    for (const [name, text] of Object.entries(cases)) {
      const error = await readBibliographyFile(await write(name, text)).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ImportSourceError);
      expect((error as ImportSourceError).problema, name).toBe('no_es_la_fuente');
      expect((error as ImportSourceError).mensaje, name).toContain(name);
      expect((error as ImportSourceError).message, name).toContain(name);
    }
  });
});

import type { ExportCollection, ExportItem, ExportOptions } from './zotero-rdf-export';
import { writeZoteroRdfExport } from './zotero-rdf-export';

/**
 * A researcher's library as Zotero exports it: several item types, names in Chinese, Russian, Japanese and
 * Spanish, a single-field (organisation) author, nested collections with non-Latin names, tags manual and
 * automatic, child notes and an attachment's note, a stored PDF, an EPUB, a file named with spaces and
 * accents, a file the export names but is missing, an attachment Zotero had no file for, a link to a web
 * page, a standalone PDF and a standalone note, and two books with one ISBN.
 */
export const SAMPLE_ITEMS: ExportItem[] = [
  {
    id: 10,
    itemType: 'journalArticle',
    fields: {
      title: 'Sobre la lectura lenta',
      publicationTitle: 'Revista de Occidente',
      volume: '12',
      issue: '3',
      pages: '45-67',
      date: '2019-03-15',
      DOI: '10.1234/lectura.2019',
      ISSN: '0034-8635',
      url: 'https://example.org/lectura',
      language: 'es',
      abstractNote: 'Un estudio de la lectura.',
      extra: 'PMID: 123456',
      accessDate: '2024-01-02 10:00:00',
      libraryCatalog: 'Dialnet',
    },
    creators: [
      { creatorType: 'author', lastName: '王', firstName: '小波' },
      { creatorType: 'author', lastName: 'Арсеньев', firstName: 'Владимир' },
      { creatorType: 'translator', lastName: 'Martín', firstName: 'Ana' },
      { creatorType: 'author', lastName: 'Pérez Galdós', firstName: 'Benito' },
    ],
    tags: ['lectura', { tag: 'Reading', type: 1 }, 'lectura'],
    notes: [{ id: 11, html: '<p>Leer <b>despacio</b>.</p><p>Segunda idea &amp; más.</p>' }],
    attachments: [
      {
        id: 12,
        linkMode: 1,
        title: 'Full Text PDF',
        contentType: 'application/pdf',
        fileName: 'Wang - 2019 - Sobre la lectura.pdf',
        url: 'https://example.org/lectura.pdf',
        note: '<p>Nota del PDF</p>',
      },
    ],
  },
  {
    id: 20,
    itemType: 'book',
    fields: {
      title: 'Diccionario de la lengua española',
      date: 'octubre de 2014',
      ISBN: '978-84-670-4189-7',
      publisher: 'Espasa',
      place: 'Madrid',
      edition: '23',
    },
    creators: [
      { creatorType: 'author', lastName: 'Real Academia Española' },
      { creatorType: 'editor', lastName: 'Blecua', firstName: 'José Manuel' },
    ],
    attachments: [
      {
        id: 21,
        linkMode: 0,
        title: 'Diccionario',
        contentType: 'application/pdf',
        fileName: 'dle.pdf',
        fileMissing: true,
      },
      { id: 22, linkMode: 1, title: 'Snapshot', contentType: 'text/html' },
    ],
  },
  {
    id: 30,
    itemType: 'bookSection',
    fields: {
      title: 'El método',
      publicationTitle: 'Escritos reunidos',
      series: 'Biblioteca de ensayo',
      pages: '101-130',
      date: '15 de marzo de 2019',
      publisher: 'Cátedra',
      place: 'Madrid',
    },
    creators: [
      { creatorType: 'author', lastName: 'Ortega y Gasset', firstName: 'José' },
      { creatorType: 'editor', lastName: 'Zamora', firstName: 'Javier' },
      { creatorType: 'bookAuthor', lastName: 'Ortega y Gasset', firstName: 'José' },
    ],
  },
  {
    id: 40,
    itemType: 'thesis',
    fields: {
      title: '近代日本の読書',
      date: 'March 2018',
      publisher: '東京大学',
      type: '博士論文',
      place: '東京',
      language: 'ja',
    },
    creators: [{ creatorType: 'author', lastName: '山田', firstName: '花子' }],
    tags: ['読書'],
    attachments: [
      {
        id: 41,
        linkMode: 0,
        title: 'Tesis',
        contentType: 'application/pdf',
        fileName: 'Tesis final – versión 2 (50%).pdf',
      },
      {
        id: 42,
        linkMode: 2,
        title: 'Libro',
        contentType: 'application/epub+zip',
        fileName: 'libro.epub',
        content: 'PK\u0003\u0004',
      },
    ],
  },
  {
    id: 50,
    itemType: 'webpage',
    fields: {
      title: 'Slow reading',
      publicationTitle: 'The Reading Blog',
      url: 'https://example.org/slow',
      date: '2021',
      language: 'en',
    },
    creators: [{ creatorType: 'author', lastName: 'Smith', firstName: 'Jane' }],
    attachments: [{ id: 51, linkMode: 3, title: 'Página', contentType: 'text/html', url: 'https://example.org/slow' }],
  },
  {
    id: 60,
    itemType: 'report',
    fields: { title: 'Informe anual', number: 'WP-7', publisher: 'CSIC', date: '2020-06' },
    creators: [{ creatorType: 'author', lastName: 'Consejo Superior de Investigaciones Científicas' }],
  },
  {
    id: 70,
    itemType: 'film',
    fields: { title: 'La lectora', date: '1988' },
    creators: [{ creatorType: 'director', lastName: 'Deville', firstName: 'Michel' }],
  },
  {
    id: 80,
    itemType: 'conferencePaper',
    fields: {
      title: 'Lectura distante',
      publicationTitle: 'Actas del congreso',
      DOI: '10.5555/actas.8',
      date: '2017-09-01',
    },
    creators: [{ creatorType: 'author', lastName: 'Moretti', firstName: 'Franco' }],
  },
  {
    id: 90,
    itemType: 'book',
    fields: { title: 'Diccionario (reimpresión)', ISBN: '978-84-670-4189-7', date: '2015' },
  },
  {
    id: 100,
    itemType: 'attachment',
    attachment: {
      id: 100,
      linkMode: 0,
      title: 'Apuntes sueltos.pdf',
      contentType: 'application/pdf',
      fileName: 'Apuntes sueltos.pdf',
    },
    tags: ['suelto'],
  },
  { id: 110, itemType: 'note', note: '<h1>Ideas para la tesis</h1><p>Leer a Ortega.</p>' },
];

/** Tesis › Capítulo 2 › Борхес, and a second top collection; one article in two collections. */
export const SAMPLE_COLLECTIONS: ExportCollection[] = [
  {
    id: 1,
    name: 'Tesis',
    children: [20, { id: 2, name: 'Capítulo 2', children: [10, 30, { id: 3, name: 'Борхес', children: [40, 100] }] }],
  },
  { id: 4, name: '読書会', children: [10, 50] },
];

/** Writes the sample export into `dir`. */
export function writeSampleExport(dir: string, opts: ExportOptions = {}) {
  return writeZoteroRdfExport(dir, SAMPLE_ITEMS, SAMPLE_COLLECTIONS, opts);
}

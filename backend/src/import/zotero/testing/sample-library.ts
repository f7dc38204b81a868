import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../testing/fixtures';
import { LINK_MODE } from '../attachment-path';
import { ZoteroTestLibrary } from './zotero-database';
import type { ZoteroSchemaSql } from './zotero-schema-files';

/** The keys of what `buildSampleLibrary` put in, for tests to find each item by. */
export interface SampleLibrary {
  dataDir: string;
  /** A folder outside the data directory holding the linked files. */
  linkedDir: string;
  keys: Record<
    | 'article'
    | 'book'
    | 'chapter'
    | 'thesis'
    | 'report'
    | 'paper'
    | 'webpage'
    | 'magazine'
    | 'newspaper'
    | 'software'
    | 'standaloneFile'
    | 'standaloneNote'
    | 'trashed'
    | 'imageAnnotation'
    | 'webLink'
    | 'relativeLink'
    | 'trashedNote',
    string
  >;
}

/**
 * A Zotero data directory with what a real library holds: items of every common type, names in Chinese,
 * Russian and Spanish (two surnames), an organisation as a single-field creator, nested collections (one
 * in the trash), tags, notes, annotations, stored PDFs (test/fixtures/muestra.pdf), a linked file, a
 * linked file relative to the base folder, a stored file that is missing, a link to a web page, a
 * standalone attachment, a standalone note and an item in the trash.
 */
export function buildSampleLibrary(root: string, sql: ZoteroSchemaSql): SampleLibrary {
  const dataDir = path.join(root, 'Zotero');
  const linkedDir = path.join(root, 'Lecturas');
  fs.mkdirSync(linkedDir, { recursive: true });
  const pdf = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
  fs.writeFileSync(path.join(linkedDir, 'vinculado.pdf'), pdf);
  fs.mkdirSync(path.join(linkedDir, 'capitulos'), { recursive: true });
  fs.writeFileSync(path.join(linkedDir, 'capitulos', 'relativo.pdf'), pdf);
  const z = new ZoteroTestLibrary(dataDir, sql);

  const article = z.addItem(
    'journalArticle',
    {
      title: 'Sobre la lectura lenta',
      date: '2019-03-15 15 de marzo de 2019',
      publicationTitle: 'Revista de Occidente',
      volume: '12',
      issue: '3',
      pages: '45-67',
      DOI: '10.1234/lectura.2019',
      ISSN: '0034-8635',
      language: 'es',
      abstractNote: 'Un estudio de la lectura.',
      url: 'https://example.org/lectura',
      extra: 'PMID: 123456',
    },
    [
      { last: '王', first: '小波' },
      { last: 'Арсеньев', first: 'Владимир' },
      { last: 'Pérez Galdós', first: 'Benito' },
      { last: 'Martín', first: 'Ana', type: 'translator' },
    ],
  );
  const articlePdf = z.addAttachment(
    {
      parentID: article.id,
      linkMode: LINK_MODE.importedFile,
      path: 'storage:lectura.pdf',
      contentType: 'application/pdf',
      title: 'Full Text PDF',
    },
    pdf,
  );
  z.addNote(
    article.id,
    '<div data-schema-version="9"><h1>Resumen</h1><p>La lectura <strong>lenta</strong> es atenta.</p><ul><li>Primera idea</li><li>Segunda idea</li></ul></div>',
  );
  const annotations = z.has('itemAnnotations');
  if (annotations)
    z.addAnnotation(articlePdf.id, {
      type: 1,
      text: 'leer despacio',
      comment: 'clave',
      pageLabel: '47',
      sortIndex: '00002|000100|00050',
    });
  if (annotations)
    z.addAnnotation(articlePdf.id, {
      type: 2,
      comment: '<p>Revisar la cita</p>',
      pageLabel: '45',
      sortIndex: '00000|000010|00010',
    });
  const imageAnnotation =
    annotations && z.addAnnotation(articlePdf.id, { type: 3, pageLabel: '46', sortIndex: '00001|000000|00000' });
  const webLink = z.addAttachment({
    parentID: article.id,
    linkMode: LINK_MODE.linkedUrl,
    path: null,
    title: 'Página de la revista',
  });
  const trashedNote = z.addNote(article.id, '<p>Borrada</p>');
  z.trash(trashedNote.id);
  z.tag(article.id, 'lectura');
  z.tag(article.id, '阅读');

  const book = z.addItem(
    'book',
    {
      title: 'Informe mundial sobre la educación',
      date: '2001-00-00 2001',
      publisher: 'Ediciones UNESCO',
      place: 'París',
      ISBN: '978-92-3-303779-9',
      edition: '2',
      series: 'Informes',
    },
    [{ single: 'UNESCO' }, { last: 'López Pérez', first: 'María', type: 'editor' }],
  );
  const chapter = z.addItem(
    'bookSection',
    {
      title: 'El capítulo',
      bookTitle: 'Obras reunidas',
      pages: '10-20',
      publisher: 'Alianza',
      date: '1998-05-00 mayo 1998',
    },
    [
      { last: 'Cortázar', first: 'Julio' },
      { last: 'Borges', first: 'Jorge Luis', type: 'bookAuthor' },
      { last: 'Bioy Casares', first: 'Adolfo', type: 'editor' },
    ],
  );
  const thesis = z.addItem(
    'thesis',
    {
      title: 'Memoria de la lectura',
      university: 'Universidad de Salamanca',
      thesisType: 'Tesis doctoral',
      place: 'Salamanca',
      date: '2020-00-00 2020',
    },
    [{ last: 'Ruiz de la Fuente', first: 'Lucía' }],
  );
  z.addAttachment({
    parentID: thesis.id,
    linkMode: LINK_MODE.linkedFile,
    path: path.join(linkedDir, 'vinculado.pdf'),
    contentType: 'application/pdf',
    title: 'Tesis (enlace)',
  });
  z.addAttachment({
    parentID: thesis.id,
    linkMode: LINK_MODE.importedFile,
    path: 'storage:perdido.pdf',
    contentType: 'application/pdf',
    title: 'Perdido',
  });
  const relativeLink = z.addAttachment({
    parentID: thesis.id,
    linkMode: LINK_MODE.linkedFile,
    path: 'attachments:capitulos/relativo.pdf',
    contentType: 'application/pdf',
  });

  const report = z.addItem(
    'report',
    { title: 'Informe técnico', institution: 'CSIC', reportType: 'Informe interno', reportNumber: '7' },
    [{ last: 'Gómez', first: 'Pilar' }],
  );
  const paper = z.addItem(
    'conferencePaper',
    { title: 'Ponencia', proceedingsTitle: 'Actas del congreso', date: '2018-09-12 2018-09-12' },
    [{ last: 'Sánchez', first: 'Íñigo' }],
  );
  const webpage = z.addItem(
    'webpage',
    {
      title: 'Una página',
      websiteTitle: 'El sitio',
      url: 'https://example.org/pagina',
      date: '0000-00-00 primavera de 2020',
    },
    [],
  );
  const magazine = z.addItem(
    'magazineArticle',
    { title: 'Artículo de revista', publicationTitle: 'Letras Libres' },
    [],
  );
  const newspaper = z.addItem(
    'newspaperArticle',
    { title: 'Noticia', publicationTitle: 'El País', date: '2021-01-02 2 ene 2021' },
    [],
  );
  const software = z.addItem('computerProgram', { title: 'Programa' }, [
    { last: 'Torvalds', first: 'Linus', type: 'programmer' },
  ]);

  const standaloneFile = z.addAttachment(
    {
      parentID: null,
      linkMode: LINK_MODE.importedFile,
      path: 'storage:apuntes.pdf',
      contentType: 'application/pdf',
      title: 'Apuntes escaneados',
      note: '<p>Escaneado en la biblioteca</p>',
    },
    pdf,
  );
  const standaloneNote = z.addNote(null, '<p>Una nota suelta</p>');
  const trashed = z.addItem('journalArticle', { title: 'Borrado' }, []);
  z.trash(trashed.id);

  const tesis = z.addCollection('Tesis');
  const capitulo = z.addCollection('Capítulo 2', tesis);
  const old = z.addCollection('Antigua');
  const trashedCollections = z.has('deletedCollections');
  if (trashedCollections) z.trash(old, true);
  z.collect(capitulo, article.id);
  z.collect(tesis, book.id);
  if (trashedCollections) z.collect(old, book.id);
  z.collect(tesis, standaloneFile.id);
  z.close();

  const keys = {
    article: article.key,
    book: book.key,
    chapter: chapter.key,
    thesis: thesis.key,
    report: report.key,
    paper: paper.key,
    webpage: webpage.key,
    magazine: magazine.key,
    newspaper: newspaper.key,
    software: software.key,
    standaloneFile: standaloneFile.key,
    standaloneNote: standaloneNote.key,
    trashed: trashed.key,
    imageAnnotation: imageAnnotation ? imageAnnotation.key : '',
    webLink: webLink.key,
    relativeLink: relativeLink.key,
    trashedNote: trashedNote.key,
  };
  return { dataDir, linkedDir, keys };
}

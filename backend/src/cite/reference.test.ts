import { Cite } from '@citation-js/core';
import '@citation-js/plugin-csl';
import { formatCitation } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { cslItem } from './csl/csl-item';
import { spanishApa } from './csl/registry';
import { risOf } from './csl/export';
import { apaReference, type ReferenceInput } from './reference';

/** citation-js's own APA (es-ES) of a CSL item: the bibliography entry and the in-text citation. */
function citationJs(item: Record<string, unknown>): { referencia: string; cita: string } {
  const cite = new Cite([{ id: 'x', ...item }]);
  // plugin-csl takes the bibliography's options for citations too; core's types only know its own.
  // APA as its Spanish edition writes it ('y' between authors), the style Folio's referencia uses.
  const opts = { format: 'text', template: spanishApa(), lang: 'es-ES' } as const;
  return {
    referencia: (cite.format('bibliography', opts) as string).trim(),
    cita: cite.format('citation', opts as never) as string,
  };
}

const year = (y: number) => ({ 'date-parts': [[y]] });
const CAPTURED = new Date('2024-03-05T10:00:00Z');

/**
 * Each kind of work as Folio stores it (a document's metadata, as a reading, a registry or a correction
 * leaves it), the CSL item a careful librarian would write for it by hand, and the APA reference that
 * item gives. Folio's `referencia` must be that reference, and its `cita` the style's in-text citation.
 */
const KINDS: { kind: string; doc: ReferenceInput; librarian: Record<string, unknown>; apa: string }[] = [
  {
    kind: 'journal article (named by a registry)',
    doc: {
      titulo: 'Nitratos en cenotes de Yucatán',
      autores: ['Pérez Gómez, Ana', 'Chan, Luis'],
      anio: 2021,
      tipo: 'pdf',
      doi: '10.1234/hidro.2021.5',
      detalles: {
        tipo_obra: 'article-journal',
        contenedor: 'Hidrobiológica',
        volumen: '31',
        numero: '2',
        paginas: '45-67',
      },
    },
    librarian: {
      type: 'article-journal',
      title: 'Nitratos en cenotes de Yucatán',
      author: [
        { family: 'Pérez Gómez', given: 'Ana' },
        { family: 'Chan', given: 'Luis' },
      ],
      issued: year(2021),
      'container-title': 'Hidrobiológica',
      volume: '31',
      issue: '2',
      page: '45-67',
      DOI: '10.1234/hidro.2021.5',
    },
    apa: 'Pérez Gómez, A. y Chan, L. (2021). Nitratos en cenotes de Yucatán. Hidrobiológica, 31(2), 45-67. https://doi.org/10.1234/hidro.2021.5',
  },
  {
    kind: 'journal article (a PDF with a journal and a volume, no tipo_obra)',
    doc: {
      titulo: 'Caudal del río Lerma',
      autores: ['Ruiz, Eva'],
      anio: 2019,
      tipo: 'pdf',
      detalles: { contenedor: 'Tecnología y Ciencias del Agua', volumen: '10', paginas: '1-20' },
    },
    librarian: {
      type: 'article-journal',
      title: 'Caudal del río Lerma',
      author: [{ family: 'Ruiz', given: 'Eva' }],
      issued: year(2019),
      'container-title': 'Tecnología y Ciencias del Agua',
      volume: '10',
      page: '1-20',
    },
    apa: 'Ruiz, E. (2019). Caudal del río Lerma. Tecnología y Ciencias del Agua, 10, 1-20.',
  },
  {
    kind: 'book (an EPUB)',
    doc: {
      titulo: 'Cien años de soledad',
      autores: ['García Márquez, Gabriel'],
      anio: 2007,
      tipo: 'epub',
      detalles: { editorial: 'Real Academia Española', lugar: 'Madrid', edicion: '2', isbn: '9788420471839' },
    },
    librarian: {
      type: 'book',
      title: 'Cien años de soledad',
      author: [{ family: 'García Márquez', given: 'Gabriel' }],
      issued: year(2007),
      publisher: 'Real Academia Española',
      'publisher-place': 'Madrid',
      edition: '2',
      ISBN: '9788420471839',
    },
    apa: 'García Márquez, G. (2007). Cien años de soledad (2.ª ed.). Real Academia Española.',
  },
  {
    kind: 'book (a PDF with an ISBN and no container)',
    doc: {
      titulo: 'Hidrogeología kárstica',
      autores: ['Bauer-Gottwein, Peter'],
      anio: 2011,
      tipo: 'pdf',
      detalles: { editorial: 'Springer', isbn: '9783642123456' },
    },
    librarian: {
      type: 'book',
      title: 'Hidrogeología kárstica',
      author: [{ family: 'Bauer-Gottwein', given: 'Peter' }],
      issued: year(2011),
      publisher: 'Springer',
      ISBN: '9783642123456',
    },
    apa: 'Bauer-Gottwein, P. (2011). Hidrogeología kárstica. Springer.',
  },
  {
    kind: 'book chapter (the book as container, its editors, the pages)',
    doc: {
      titulo: 'El agua subterránea',
      autores: ['López, Luis'],
      anio: 2018,
      tipo: 'pdf',
      detalles: {
        tipo_obra: 'chapter',
        contenedor: 'Los cenotes de la península',
        editores: ['Pérez, Juan', 'Mora, Elena'],
        paginas: '10-32',
        editorial: 'Akal',
      },
    },
    librarian: {
      type: 'chapter',
      title: 'El agua subterránea',
      author: [{ family: 'López', given: 'Luis' }],
      editor: [
        { family: 'Pérez', given: 'Juan' },
        { family: 'Mora', given: 'Elena' },
      ],
      issued: year(2018),
      'container-title': 'Los cenotes de la península',
      page: '10-32',
      publisher: 'Akal',
    },
    apa: 'López, L. (2018). El agua subterránea. En J. Pérez y E. Mora (Eds.), Los cenotes de la península (pp. 10-32). Akal.',
  },
  {
    kind: 'thesis (genre, the university as publisher, the repository URL)',
    doc: {
      titulo: 'Calidad del agua en acuíferos kársticos',
      autores: ['Ruiz, Eva'],
      anio: 2018,
      tipo: 'pdf',
      url: 'https://digibug.ugr.es/handle/10481/1',
      detalles: { tipo_obra: 'thesis', genero: 'Tesis doctoral', editorial: 'Universidad de Granada' },
    },
    librarian: {
      type: 'thesis',
      title: 'Calidad del agua en acuíferos kársticos',
      author: [{ family: 'Ruiz', given: 'Eva' }],
      issued: year(2018),
      genre: 'Tesis doctoral',
      publisher: 'Universidad de Granada',
      URL: 'https://digibug.ugr.es/handle/10481/1',
    },
    apa: 'Ruiz, E. (2018). Calidad del agua en acuíferos kársticos [Tesis doctoral, Universidad de Granada]. https://digibug.ugr.es/handle/10481/1',
  },
  {
    kind: 'thesis of unknown level',
    doc: {
      titulo: 'Calidad del agua',
      autores: ['Ruiz, Eva'],
      anio: 2018,
      tipo: 'pdf',
      detalles: { tipo_obra: 'thesis', editorial: 'Universidad de Granada' },
    },
    librarian: {
      type: 'thesis',
      title: 'Calidad del agua',
      author: [{ family: 'Ruiz', given: 'Eva' }],
      issued: year(2018),
      genre: 'Tesis',
      publisher: 'Universidad de Granada',
    },
    // Without a URL the style takes it as unpublished: the university follows the brackets.
    apa: 'Ruiz, E. (2018). Calidad del agua [Tesis]. Universidad de Granada.',
  },
  {
    kind: 'report (an organisation as author, its number)',
    doc: {
      titulo: 'Estadísticas del agua en México',
      autores: ['Comisión Nacional del Agua'],
      anio: 2020,
      tipo: 'pdf',
      detalles: { tipo_obra: 'report', numero: '12', editorial: 'Semarnat' },
    },
    librarian: {
      type: 'report',
      title: 'Estadísticas del agua en México',
      author: [{ literal: 'Comisión Nacional del Agua' }],
      issued: year(2020),
      number: '12',
      publisher: 'Semarnat',
    },
    apa: 'Comisión Nacional del Agua. (2020). Estadísticas del agua en México (No. 12). Semarnat.',
  },
  {
    kind: 'web page without a date (a capture: site as container, the day it was consulted)',
    doc: {
      titulo: 'Cómo citar un cenote',
      autores: ['Soto, Ana'],
      tipo: 'web',
      url: 'https://normas.example/citar',
      created: CAPTURED,
      detalles: { contenedor: 'Blog de Normas' },
    },
    librarian: {
      type: 'webpage',
      title: 'Cómo citar un cenote',
      author: [{ family: 'Soto', given: 'Ana' }],
      'container-title': 'Blog de Normas',
      URL: 'https://normas.example/citar',
      accessed: { 'date-parts': [[2024, 3, 5]] },
    },
    apa: 'Soto, A. (s.\u00a0f.). Cómo citar un cenote. Blog de Normas. Recuperado 5 de marzo de 2024, de https://normas.example/citar',
  },
  {
    kind: 'web page with a date',
    doc: {
      titulo: 'Cenotes y turismo',
      autores: ['Soto, Ana'],
      anio: 2022,
      tipo: 'web',
      url: 'https://normas.example/turismo',
      created: CAPTURED,
      detalles: { contenedor: 'Blog de Normas' },
    },
    librarian: {
      type: 'webpage',
      title: 'Cenotes y turismo',
      author: [{ family: 'Soto', given: 'Ana' }],
      issued: year(2022),
      'container-title': 'Blog de Normas',
      URL: 'https://normas.example/turismo',
      accessed: { 'date-parts': [[2024, 3, 5]] },
    },
    apa: 'Soto, A. (2022). Cenotes y turismo. Blog de Normas. https://normas.example/turismo',
  },
  {
    kind: 'web page whose site is its author',
    doc: {
      titulo: 'Cenotes en riesgo',
      autores: ['BBC News'],
      anio: 2020,
      tipo: 'web',
      url: 'https://www.bbc.com/mundo/cenotes',
      created: CAPTURED,
      detalles: { contenedor: 'BBC News' },
    },
    librarian: {
      type: 'webpage',
      title: 'Cenotes en riesgo',
      author: [{ literal: 'BBC News' }],
      issued: year(2020),
      URL: 'https://www.bbc.com/mundo/cenotes',
      accessed: { 'date-parts': [[2024, 3, 5]] },
    },
    apa: 'BBC News. (2020). Cenotes en riesgo. https://www.bbc.com/mundo/cenotes',
  },
  {
    kind: 'video from a URL (the platform from its address)',
    doc: {
      titulo: 'Buceo en el cenote Dos Ojos',
      autores: ['Harvard University'],
      anio: 2019,
      tipo: 'video',
      url: 'https://www.youtube.com/watch?v=abc123',
      created: CAPTURED,
    },
    librarian: {
      type: 'motion_picture',
      title: 'Buceo en el cenote Dos Ojos',
      author: [{ literal: 'Harvard University' }],
      issued: year(2019),
      medium: 'Video',
      publisher: 'YouTube',
      URL: 'https://www.youtube.com/watch?v=abc123',
    },
    apa: 'Harvard University. (2019). Buceo en el cenote Dos Ojos [Video]. YouTube. https://www.youtube.com/watch?v=abc123',
  },
  {
    kind: 'video with its channel named',
    doc: {
      titulo: 'Cenotes',
      autores: ['Mora, Elena'],
      anio: 2023,
      tipo: 'video',
      url: 'https://media.example/v/9',
      detalles: { tipo_obra: 'video', contenedor: 'Canal del Agua' },
    },
    librarian: {
      type: 'motion_picture',
      title: 'Cenotes',
      author: [{ family: 'Mora', given: 'Elena' }],
      issued: year(2023),
      medium: 'Video',
      publisher: 'Canal del Agua',
      URL: 'https://media.example/v/9',
    },
    apa: 'Mora, E. (2023). Cenotes [Video]. Canal del Agua. https://media.example/v/9',
  },
  {
    kind: 'podcast episode (audio read from a feed, the show as container)',
    doc: {
      titulo: 'Episodio 12: el anillo de cenotes',
      autores: ['Chan, Luis'],
      anio: 2023,
      tipo: 'audio',
      url: 'https://podcast.example/feed.xml#ep12',
      detalles: { contenedor: 'Agua Dulce' },
    },
    librarian: {
      // CSL has no podcast type; a broadcast with APA's genre reads right in Spanish ('En Agua Dulce').
      type: 'broadcast',
      title: 'Episodio 12: el anillo de cenotes',
      author: [{ family: 'Chan', given: 'Luis' }],
      issued: year(2023),
      genre: 'Episodio de pódcast de audio',
      'container-title': 'Agua Dulce',
      URL: 'https://podcast.example/feed.xml#ep12',
    },
    apa: 'Chan, L. (2023). Episodio 12: el anillo de cenotes [Episodio de pódcast de audio]. En Agua Dulce. https://podcast.example/feed.xml#ep12',
  },
  {
    kind: 'podcast episode (named by the user)',
    doc: {
      titulo: 'Agua y ciudad',
      autores: ['Chan, Luis'],
      anio: 2024,
      tipo: 'audio',
      detalles: { tipo_obra: 'podcast', contenedor: 'Agua Dulce', url: 'https://agua.example/12' },
    },
    librarian: {
      type: 'broadcast',
      title: 'Agua y ciudad',
      author: [{ family: 'Chan', given: 'Luis' }],
      issued: year(2024),
      genre: 'Episodio de pódcast de audio',
      'container-title': 'Agua Dulce',
      URL: 'https://agua.example/12',
    },
    apa: 'Chan, L. (2024). Agua y ciudad [Episodio de pódcast de audio]. En Agua Dulce. https://agua.example/12',
  },
  {
    kind: 'an uploaded audio recording',
    doc: { titulo: 'Entrevista a una buzo', autores: ['Mora, Elena'], anio: 2022, tipo: 'audio' },
    librarian: {
      type: 'song',
      title: 'Entrevista a una buzo',
      author: [{ family: 'Mora', given: 'Elena' }],
      issued: year(2022),
      medium: 'Grabación de audio',
    },
    apa: 'Mora, E. (2022). Entrevista a una buzo [Grabación de audio].',
  },
];

describe('APA referencia of each kind of work', () => {
  it.each(KINDS)('$kind', ({ doc, librarian, apa }) => {
    const expected = citationJs(librarian);
    expect(expected.referencia).toBe(apa);
    expect(apaReference(doc)).toBe(expected.referencia);
    // Folio's own `cita` says what the style's in-text citation says: the same names, 'y' and year.
    expect(formatCitation(doc, '')).toBe(expected.cita.replace(/\u00a0/g, ' '));
  });
});

describe('the same item in RIS', () => {
  const kind = (name: string) => KINDS.find((k) => k.kind.startsWith(name))!.doc;

  it("carries a chapter's editors, a thesis's genre and a page's consulted day", () => {
    const chapter = risOf(cslItem('c', kind('book chapter')));
    expect(chapter).toContain('TY  - CHAP\n');
    expect(chapter).toContain('A2  - Pérez, Juan\nA2  - Mora, Elena\n');
    expect(chapter).toContain('T2  - Los cenotes de la península\n');
    expect(risOf(cslItem('t', kind('thesis (genre')))).toContain('M3  - Tesis doctoral\n');
    expect(risOf(cslItem('w', kind('web page without a date')))).toContain('Y2  - 2024/03/05\n');
    expect(risOf(cslItem('p', kind('podcast episode (audio')))).toContain('TY  - SOUND\n');
  });
});

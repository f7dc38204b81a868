import { describe, expect, it } from 'vitest';
import { nameOfCsl, userMetaOfCsl, yearOfCsl } from './csl-metadata';

describe('an imported CSL record as the user layer of a document', () => {
  it('writes names as Folio does: surname first, suffix with it, particles after the given names, literals whole', () => {
    expect(nameOfCsl({ family: 'Pérez García', given: 'Ana María' })).toBe('Pérez García, Ana María');
    expect(nameOfCsl({ family: 'King', given: 'Martin Luther', suffix: 'Jr.' })).toBe('King Jr., Martin Luther');
    expect(nameOfCsl({ family: 'Gogh', given: 'Vincent', 'non-dropping-particle': 'van' })).toBe('Gogh, Vincent van');
    expect(nameOfCsl({ family: 'Fuente', given: 'Juan', 'dropping-particle': 'de la' })).toBe('Fuente, Juan de la');
    expect(nameOfCsl({ literal: 'Organización Mundial de la Salud' })).toBe('Organización Mundial de la Salud');
    expect(nameOfCsl({ family: '王', given: '小波' })).toBe('王, 小波');
    expect(nameOfCsl({ family: 'Platón' })).toBe('Platón');
    expect(nameOfCsl({})).toBeUndefined();
  });

  it('reads the year from date parts, or from the raw text when they are missing', () => {
    expect(yearOfCsl({ 'date-parts': [[2019, 3, 2]] })).toBe(2019);
    expect(yearOfCsl({ 'date-parts': [['2017']] })).toBe(2017);
    expect(yearOfCsl({ raw: 'primavera de 1998' })).toBe(1998);
    expect(yearOfCsl({ literal: 's. f.' })).toBeUndefined();
    expect(yearOfCsl(undefined)).toBeUndefined();
  });

  it("keeps every field the record gives, each marked as the imported library's", () => {
    const meta = userMetaOfCsl(
      {
        type: 'chapter',
        title: '  El agua   subterránea de Yucatán ',
        author: [{ family: 'Pérez García', given: 'Ana' }, { literal: 'CONAGUA' }],
        editor: [{ family: 'Silva', given: 'João' }],
        issued: { 'date-parts': [[2020]] },
        DOI: 'https://doi.org/10.1234/ABC.5',
        ISBN: '978-0-00-000000-2; 0-00-000000-0',
        'container-title': 'Hidrología de México',
        page: '10--25',
        publisher: 'UNAM',
        'publisher-place': 'Ciudad de México',
        language: 'Spanish',
      },
      'zotero',
    );
    expect(meta).toEqual({
      titulo: 'El agua subterránea de Yucatán',
      autores: ['Pérez García, Ana', 'CONAGUA'],
      anio: 2020,
      doi: '10.1234/ABC.5',
      idioma: 'es',
      detalles: {
        tipo_obra: 'chapter',
        contenedor: 'Hidrología de México',
        editores: ['Silva, João'],
        paginas: '10–25',
        editorial: 'UNAM',
        lugar: 'Ciudad de México',
        isbn: '9780000000002',
      },
      importado: {
        origen: 'zotero',
        campos: [
          'titulo',
          'autores',
          'anio',
          'doi',
          'idioma',
          'tipo_obra',
          'contenedor',
          'editores',
          'paginas',
          'editorial',
          'lugar',
          'isbn',
        ],
      },
    });
  });

  it('leaves out what the record lacks or gets wrong, for the file and the registries to fill', () => {
    const meta = userMetaOfCsl(
      { type: 'article', title: 'Notas', DOI: 'not a doi', ISBN: '12', language: 'klingon' },
      'bibtex',
    );
    expect(meta).toEqual({
      titulo: 'Notas',
      detalles: { tipo_obra: 'article-journal' },
      importado: { origen: 'bibliografia', campos: ['titulo', 'tipo_obra'] },
    });
    expect(userMetaOfCsl({ type: 'some-new-type' }, 'ris')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { cslDateOf, cslNameOf, cslRecordOf, cslRole, cslType } from './csl-mapping';

describe('cslType', () => {
  it("maps Zotero's item types as Zotero's CSL export does", () => {
    expect(cslType('journalArticle')).toBe('article-journal');
    expect(cslType('bookSection')).toBe('chapter');
    expect(cslType('conferencePaper')).toBe('paper-conference');
    expect(cslType('newspaperArticle')).toBe('article-newspaper');
    expect(cslType('computerProgram')).toBe('software');
    expect(cslType('preprint')).toBe('article');
  });

  it("gives 'document' for a type it does not know", () => {
    expect(cslType('someFutureType')).toBe('document');
  });
});

describe('cslDateOf', () => {
  it("reads Zotero's stored 'YYYY-MM-DD original' form, dropping the parts stored as 00", () => {
    expect(cslDateOf('2019-03-15 15 de marzo de 2019')).toEqual({ 'date-parts': [[2019, 3, 15]] });
    expect(cslDateOf('1998-05-00 mayo 1998')).toEqual({ 'date-parts': [[1998, 5]] });
    expect(cslDateOf('2001-00-00 2001')).toEqual({ 'date-parts': [[2001]] });
  });

  it('keeps the original text as raw when Zotero could not tell the year', () => {
    expect(cslDateOf('0000-00-00 primavera de 2020')).toEqual({ raw: 'primavera de 2020' });
  });

  it('keeps a value not in the stored form as raw', () => {
    expect(cslDateOf('hacia 1900')).toEqual({ raw: 'hacia 1900' });
  });
});

describe('cslRole', () => {
  it("makes the item type's primary creator the author", () => {
    expect(cslRole('author', 'author')).toBe('author');
    expect(cslRole('programmer', 'programmer')).toBe('author');
    expect(cslRole('director', 'director')).toBe('author');
  });

  it('keeps editors and translators, and leaves out roles the record has no place for', () => {
    expect(cslRole('editor', 'author')).toBe('editor');
    expect(cslRole('translator', 'author')).toBe('translator');
    expect(cslRole('bookAuthor', 'author')).toBeUndefined();
    expect(cslRole('seriesEditor', 'author')).toBeUndefined();
  });
});

describe('cslNameOf', () => {
  it('keeps a single-field creator whole', () => {
    expect(cslNameOf({ firstName: '', lastName: 'Organización Mundial de la Salud', fieldMode: 1 })).toEqual({
      literal: 'Organización Mundial de la Salud',
    });
  });

  it('keeps both surnames of a Spanish name in family', () => {
    expect(cslNameOf({ firstName: 'Benito', lastName: 'Pérez Galdós', fieldMode: 0 })).toEqual({
      family: 'Pérez Galdós',
      given: 'Benito',
    });
  });

  it('gives a name with no given name as family only', () => {
    expect(cslNameOf({ firstName: '', lastName: 'Platón', fieldMode: 0 })).toEqual({ family: 'Platón' });
  });
});

describe('cslRecordOf', () => {
  it('maps base fields to CSL variables and leaves out fields CSL has no place for here', () => {
    const fields = new Map([
      ['title', 'Memoria'],
      ['publisher', 'Universidad de Salamanca'],
      ['type', 'Tesis doctoral'],
      ['extra', 'PMID: 1'],
      ['accessDate', '2020-01-01 10:00:00'],
      ['pages', ' '],
    ]);
    expect(cslRecordOf('thesis', fields)).toEqual({
      type: 'thesis',
      title: 'Memoria',
      publisher: 'Universidad de Salamanca',
      genre: 'Tesis doctoral',
      note: 'PMID: 1',
    });
  });

  it("takes a DOI or ISBN from Extra's 'DOI: …' lines when the type has no such field, as Zotero does", () => {
    const fields = new Map([
      ['title', 'Capítulo'],
      ['extra', 'DOI: 10.1000/xyz\nOriginal date: 1950\nisbn: 978-84-376-0494-7'],
    ]);
    expect(cslRecordOf('bookSection', fields)).toEqual({
      type: 'chapter',
      title: 'Capítulo',
      DOI: '10.1000/xyz',
      ISBN: '978-84-376-0494-7',
      note: 'Original date: 1950',
    });
  });

  it('leaves a DOI line in Extra when the record has its own DOI', () => {
    const fields = new Map([
      ['DOI', '10.1/own'],
      ['extra', 'DOI: 10.1/other'],
    ]);
    expect(cslRecordOf('journalArticle', fields)).toMatchObject({ DOI: '10.1/own', note: 'DOI: 10.1/other' });
  });
});

import { describe, expect, it } from 'vitest';
import { surnameFirst } from './surname-first';
import { cleanTitle, normalizeLanguage, authorsFromMetadata, yearFromDate, findDoi } from './clean-fields';

describe('cleanTitle', () => {
  it('keeps real titles, tidied', () => {
    expect(cleanTitle('  Geometrie und   Topologie ')).toBe('Geometrie und Topologie');
    expect(cleanTitle('- Benutzerhandbuch')).toBe('Benutzerhandbuch');
    expect(cleanTitle('Losing the Cabin')).toBe('Losing the Cabin');
  });

  it('drops the version and review status appended in brackets, and keeps other brackets', () => {
    expect(cleanTitle('Tidal mixing [version 1; peer review: 2 approved]')).toBe('Tidal mixing');
    expect(cleanTitle('Tidal mixing [v2; ref status: indexed, http://example.org/x]')).toBe('Tidal mixing');
    expect(cleanTitle('Ensayos [1910-1930]')).toBe('Ensayos [1910-1930]');
  });

  it('drops producer junk and file names', () => {
    for (const junk of [
      'Microsoft Word - Document1',
      'Microsoft Word - tesis final.docx',
      'untitled',
      'Untitled-1',
      'Sin título',
      'Document1',
      'Presentación de PowerPoint',
      'tesis_final_v2',
      'informe.pdf',
      'C:\\Users\\ana\\informe',
      '12345',
      '',
      null,
      undefined,
    ]) {
      expect(cleanTitle(junk), String(junk)).toBeUndefined();
    }
  });
});

describe('authorsFromMetadata', () => {
  it('splits on semicolons and conjunctions and inverts simple names', () => {
    expect(authorsFromMetadata('Ana Pérez; John Smith and Jane Doe')).toEqual([
      'Pérez, Ana',
      'Smith, John',
      'Doe, Jane',
    ]);
    expect(authorsFromMetadata('María López y Juan Gil')).toEqual(['López, María', 'Gil, Juan']);
    expect(authorsFromMetadata('Smith & Jones')).toEqual(['Smith', 'Jones']);
  });

  it('keeps names already inverted and organisations, and inverts longer names', () => {
    expect(authorsFromMetadata('Thoma, Martin')).toEqual(['Thoma, Martin']);
    expect(authorsFromMetadata('INFORM GmbH, Aachen')).toEqual(['INFORM GmbH, Aachen']);
    expect(authorsFromMetadata('Gabriel García Márquez')).toEqual(['García Márquez, Gabriel']);
    expect(authorsFromMetadata('José Ortega y Gasset')).toEqual(['Ortega y Gasset, José']);
  });

  it('splits comma lists of full names', () => {
    expect(authorsFromMetadata('John Smith, Jane Doe')).toEqual(['Smith, John', 'Doe, Jane']);
  });

  it('reads XMP lists, drops login names, placeholders and duplicates', () => {
    expect(authorsFromMetadata(['Martin Thoma', 'Martin Thoma'])).toEqual(['Thoma, Martin']);
    expect(authorsFromMetadata('brianc')).toEqual([]);
    expect(authorsFromMetadata('Administrator')).toEqual([]);
    expect(authorsFromMetadata('Mary')).toEqual(['Mary']);
    expect(authorsFromMetadata('Ana Pérez <ana@example.org>')).toEqual(['Pérez, Ana']);
    expect(authorsFromMetadata(undefined)).toEqual([]);
  });
});

describe('surnameFirst', () => {
  it('inverts personal names and keeps organisations and lone surnames', () => {
    expect(surnameFirst('Martin Thoma')).toBe('Thoma, Martin');
    expect(surnameFirst('J. Smith')).toBe('Smith, J.');
    expect(surnameFirst("Conan O'Brien")).toBe("O'Brien, Conan");
    expect(surnameFirst('Ronald McDonald')).toBe('McDonald, Ronald');
    expect(surnameFirst('INFORM GmbH')).toBe('INFORM GmbH');
    expect(surnameFirst('NASA')).toBe('NASA');
    expect(surnameFirst('van Gogh')).toBe('van Gogh');
  });
});

describe('yearFromDate / normalizeLanguage', () => {
  it('reads PDF and ISO dates', () => {
    expect(yearFromDate("D:20161231184323+01'00'")).toBe(2016);
    expect(yearFromDate('2011-01-28T15:30:22-05:00')).toBe(2011);
    expect(yearFromDate('D:00000101')).toBeUndefined();
    expect(yearFromDate('ayer')).toBeUndefined();
  });

  it('canonicalises language tags', () => {
    expect(normalizeLanguage('EN-us')).toBe('en-US');
    expect(normalizeLanguage('de')).toBe('de');
    expect(normalizeLanguage('es_ES')).toBe('es-ES');
    expect(normalizeLanguage('x')).toBeUndefined();
    expect(normalizeLanguage('')).toBeUndefined();
  });
});

describe('findDoi', () => {
  it('finds a DOI in its usual written forms and drops the punctuation around it', () => {
    expect(findDoi('doi:10.1016/j.watres.2019.05.012.')).toBe('10.1016/j.watres.2019.05.012');
    expect(findDoi('Disponible en https://doi.org/10.1371/journal.pone.0213441, consultado')).toBe(
      '10.1371/journal.pone.0213441',
    );
    expect(findDoi('(véase 10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0)')).toBe(
      '10.1002/(SICI)1097-4571(199806)49:8',
    );
    expect(findDoi('(DOI 10.5281/zenodo.1234567)')).toBe('10.5281/zenodo.1234567');
  });

  it('takes the latest version of a versioned DOI the page lists', () => {
    const page =
      'v2 First published: 12 Aug 2014 (doi: 10.5555/review.4767.1) Latest published: 27 Jan 2015 (doi: 10.5555/review.4767.2)';
    expect(findDoi(page)).toBe('10.5555/review.4767.2');
    // Another work's DOI, or a longer number, is no version of this one.
    expect(findDoi('doi:10.1371/journal.pone.0213441; see 10.1371/journal.pone.0213442')).toBe(
      '10.1371/journal.pone.0213441',
    );
    expect(findDoi('10.5555/review.4767.1 and 10.5555/other.4767.3')).toBe('10.5555/review.4767.1');
  });

  it('finds nothing where there is no DOI', () => {
    expect(findDoi('Versión 10.2 del manual, página 10/12')).toBeUndefined();
    expect(findDoi(undefined)).toBeUndefined();
  });
});

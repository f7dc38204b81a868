// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { citedWorkOf, citedWorksKey, memoryCitedWorks, sessionCitedWorks } from './cited-works';
import { pasaje, pasajeWeb } from './testing/pasajes';

const eco = citedWorkOf(pasaje());
const paramo = citedWorkOf(pasajeWeb());

describe('cited works', () => {
  it('takes the reference data from the passage: documento, and the origin of a web page, never the reader link', () => {
    expect(eco).toEqual({ id: 'eco77', titulo: 'Tratado de semiótica general', autores: ['Eco, Umberto'], anio: 1977 });
    expect(paramo).toEqual({
      id: 'paramo',
      titulo: 'El páramo y el agua',
      autores: ['Pérez Canul, Ana', 'Ruiz, Luis'],
      anio: 2021,
      url: 'https://example.org/paramo',
      consultada: '2024-05-03',
    });
    expect(JSON.stringify(paramo)).not.toContain('/leer/');
  });

  it('keeps one list per page (origin and path) in sessionStorage, in order of first citation', () => {
    sessionStorage.clear();
    const doc = sessionCitedWorks(sessionStorage, 'https://docs.google.com/document/d/abc/edit#heading=h.1');
    doc.add(eco);
    doc.add(paramo);
    doc.add({ ...eco, titulo: 'Tratado de semiótica general (2.ª ed.)' });
    const again = sessionCitedWorks(sessionStorage, 'https://docs.google.com/document/d/abc/edit?tab=t.0');
    expect(again.list().map((w) => [w.id, w.titulo])).toEqual([
      ['eco77', 'Tratado de semiótica general (2.ª ed.)'],
      ['paramo', 'El páramo y el agua'],
    ]);
    expect(sessionCitedWorks(sessionStorage, 'https://docs.google.com/document/d/other/edit').list()).toEqual([]);
    expect(sessionStorage.getItem(citedWorksKey('https://docs.google.com/document/d/abc/edit'))).toContain('eco77');
    again.clear();
    expect(doc.list()).toEqual([]);
  });

  it('survives unreadable storage and works in memory', () => {
    sessionStorage.setItem(citedWorksKey('https://example.org/a'), '{not json');
    expect(sessionCitedWorks(sessionStorage, 'https://example.org/a').list()).toEqual([]);
    const memory = memoryCitedWorks();
    memory.add(eco);
    memory.add(eco);
    expect(memory.list()).toEqual([eco]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Ancla } from '../contract/ancla';
import { buildLink, documentLink } from './link';

const BASE = 'https://folio.example/api/v1';

describe('documentLink', () => {
  it('joins base, /leer/ and the id', () => {
    expect(documentLink(BASE, 'd7k2')).toBe('https://folio.example/api/v1/leer/d7k2');
  });

  it('drops trailing slashes of the base', () => {
    expect(documentLink(`${BASE}/`, 'd7k2')).toBe('https://folio.example/api/v1/leer/d7k2');
    expect(documentLink(`${BASE}///`, 'd7k2')).toBe('https://folio.example/api/v1/leer/d7k2');
  });

  it('percent-encodes the id', () => {
    expect(documentLink(BASE, 'a/b c?d')).toBe('https://folio.example/api/v1/leer/a%2Fb%20c%3Fd');
  });
});

describe('buildLink', () => {
  it('is the bare reader link without anchor', () => {
    expect(buildLink(BASE, 'd1')).toBe(`${BASE}/leer/d1`);
    expect(buildLink(BASE, 'd1', null)).toBe(`${BASE}/leer/d1`);
    expect(buildLink(`${BASE}/`, 'd1', undefined)).toBe(`${BASE}/leer/d1`);
  });

  it('opens a page at its physical number', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'pagina', fisica: 51, impresa: '45' })).toBe(`${BASE}/leer/d1?pagina=51`);
  });

  it('opens a time at t0 and ends it at t1, in seconds with at most three decimals', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 75, t1: 80 })).toBe(`${BASE}/leer/d1?t=75&hasta=80`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 75.5, t1: 80 })).toBe(`${BASE}/leer/d1?t=75.5&hasta=80`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 4.5, t1: 10 })).toBe(`${BASE}/leer/d1?t=4.5&hasta=10`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 75.25, t1: 80.125 })).toBe(
      `${BASE}/leer/d1?t=75.25&hasta=80.125`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 1.23456, t1: 2.34567 })).toBe(
      `${BASE}/leer/d1?t=1.235&hasta=2.346`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 12.0004, t1: 13 })).toBe(`${BASE}/leer/d1?t=12&hasta=13`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 0.1 + 0.2, t1: 0.4 + 0.2 })).toBe(
      `${BASE}/leer/d1?t=0.3&hasta=0.6`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 0, t1: 1 })).toBe(`${BASE}/leer/d1?t=0&hasta=1`);
  });

  it('writes no end for a time that does not end after it starts, once rounded', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 75, t1: 75 })).toBe(`${BASE}/leer/d1?t=75`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 75, t1: 70 })).toBe(`${BASE}/leer/d1?t=75`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 1.2341, t1: 1.2344 })).toBe(`${BASE}/leer/d1?t=1.234`);
  });

  it('opens a slide', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'diapositiva', n: 4 })).toBe(`${BASE}/leer/d1?diapositiva=4`);
  });

  it('opens a sheet at its rows, encoding the sheet name', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 10 })).toBe(
      `${BASE}/leer/d1?hoja=Datos&filas=2-10`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', hoja: 'Año 2024/Q1 & más', filaDesde: 2, filaHasta: 3 })).toBe(
      `${BASE}/leer/d1?hoja=A%C3%B1o+2024%2FQ1+%26+m%C3%A1s&filas=2-3`,
    );
  });

  it('writes each part of a sheet only when known', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', filaDesde: 2, filaHasta: 10 })).toBe(`${BASE}/leer/d1?filas=2-10`);
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', hoja: 'Datos' })).toBe(`${BASE}/leer/d1?hoja=Datos`);
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', hoja: 'Datos', filaDesde: 4 })).toBe(
      `${BASE}/leer/d1?hoja=Datos&filas=4-4`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', filaHasta: 9 })).toBe(`${BASE}/leer/d1?filas=9-9`);
  });

  it('opens a section or web paragraph, with the unit when given', () => {
    const seccion: Ancla = { tipo: 'seccion', ruta: ['Métodos'], parrafo: 3 };
    expect(buildLink(BASE, 'd1', seccion)).toBe(`${BASE}/leer/d1?parrafo=3`);
    expect(buildLink(BASE, 'd1', seccion, 7)).toBe(`${BASE}/leer/d1?parrafo=3&u=7`);
    expect(buildLink(BASE, 'd1', { tipo: 'web', url: 'https://x.example', parrafo: 2 })).toBe(
      `${BASE}/leer/d1?parrafo=2`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'web', parrafo: 2 }, 1)).toBe(`${BASE}/leer/d1?parrafo=2&u=1`);
  });

  it('falls back to the unit when the anchor has no finer place', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'imagen' })).toBe(`${BASE}/leer/d1`);
    expect(buildLink(BASE, 'd1', { tipo: 'imagen' }, 3)).toBe(`${BASE}/leer/d1?u=3`);
    expect(buildLink(BASE, 'd1', null, 3)).toBe(`${BASE}/leer/d1?u=3`);
    expect(buildLink(BASE, 'd1', undefined, 3)).toBe(`${BASE}/leer/d1?u=3`);
    expect(buildLink(BASE, 'd1', { tipo: 'web', url: 'https://x.example' }, 5)).toBe(`${BASE}/leer/d1?u=5`);
    expect(buildLink(BASE, 'd1', { tipo: 'web' })).toBe(`${BASE}/leer/d1`);
    expect(buildLink(BASE, 'd1', { tipo: 'hoja' }, 2)).toBe(`${BASE}/leer/d1?u=2`);
  });

  it('does not add the unit when the anchor already has a finer place', () => {
    expect(buildLink(BASE, 'd1', { tipo: 'pagina', fisica: 5 }, 5)).toBe(`${BASE}/leer/d1?pagina=5`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 3, t1: 4 }, 2)).toBe(`${BASE}/leer/d1?t=3&hasta=4`);
    expect(buildLink(BASE, 'd1', { tipo: 'diapositiva', n: 4 }, 4)).toBe(`${BASE}/leer/d1?diapositiva=4`);
    expect(buildLink(BASE, 'd1', { tipo: 'hoja', hoja: 'Datos' }, 2)).toBe(`${BASE}/leer/d1?hoja=Datos`);
  });

  it('names the passage on a page, and only there', () => {
    const pagina: Ancla = { tipo: 'pagina', fisica: 51, impresa: '45' };
    expect(buildLink(BASE, 'd1', pagina, 51, 130)).toBe(`${BASE}/leer/d1?pagina=51&pasaje=130`);
    expect(buildLink(BASE, 'd1', pagina, undefined, 1)).toBe(`${BASE}/leer/d1?pagina=51&pasaje=1`);
    expect(buildLink(BASE, 'd1', { tipo: 'tiempo', t0: 3, t1: 4 }, 2, 9)).toBe(`${BASE}/leer/d1?t=3&hasta=4`);
    expect(buildLink(BASE, 'd1', { tipo: 'seccion', ruta: [], parrafo: 3 }, 7, 9)).toBe(
      `${BASE}/leer/d1?parrafo=3&u=7`,
    );
    expect(buildLink(BASE, 'd1', { tipo: 'imagen' }, 3, 9)).toBe(`${BASE}/leer/d1?u=3`);
    expect(buildLink(BASE, 'd1', null, undefined, 9)).toBe(`${BASE}/leer/d1`);
  });

  it('encodes the id and drops trailing slashes of the base', () => {
    expect(buildLink(`${BASE}/`, 'a b', { tipo: 'pagina', fisica: 2 })).toBe(`${BASE}/leer/a%20b?pagina=2`);
  });
});

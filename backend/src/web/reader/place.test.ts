import { buildLink } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { parsePlace } from './place';

const query = (link: string) => Object.fromEntries(new URL(link).searchParams);

describe('parsePlace', () => {
  it('reads back every place buildLink writes', () => {
    const base = 'http://folio.test';
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'pagina', fisica: 51 }, 51, 130)))).toEqual({
      pagina: 51,
      pasaje: 130,
    });
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'tiempo', t0: 75.25, t1: 80 })))).toEqual({
      t: 75.25,
      hasta: 80,
    });
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'tiempo', t0: 0, t1: 1.2345 })))).toEqual({
      t: 0,
      hasta: 1.235,
    });
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'tiempo', t0: 4, t1: 4 })))).toEqual({ t: 4 });
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'diapositiva', n: 4 })))).toEqual({ diapositiva: 4 });
    expect(
      parsePlace(query(buildLink(base, 'd', { tipo: 'hoja', hoja: 'Año 2024/Q1 & más', filaDesde: 2, filaHasta: 9 }))),
    ).toEqual({ hoja: 'Año 2024/Q1 & más', filas: { desde: 2, hasta: 9 } });
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'seccion', ruta: ['A'], parrafo: 3 }, 7)))).toEqual({
      parrafo: 3,
      u: 7,
    });
    expect(parsePlace(query(buildLink(base, 'd', { tipo: 'imagen' }, 2)))).toEqual({ u: 2 });
  });

  it('drops values that do not parse, so a damaged link still opens the document', () => {
    expect(
      parsePlace({
        pagina: '0',
        pasaje: '-3',
        t: '1:02',
        diapositiva: 'x',
        filas: '2-',
        parrafo: '1e3',
        u: ' 2',
        hoja: ' ',
      }),
    ).toEqual({});
    expect(parsePlace({ t: '12.3456' })).toEqual({});
  });

  it('reads hasta only as the end of a range after t', () => {
    expect(parsePlace({ t: '4.5', hasta: '10' })).toEqual({ t: 4.5, hasta: 10 });
    expect(parsePlace({ t: '4.5', hasta: '4.501' })).toEqual({ t: 4.5, hasta: 4.501 });
    expect(parsePlace({ t: '4.5', hasta: '4.5' })).toEqual({ t: 4.5 });
    expect(parsePlace({ t: '4.5', hasta: '3' })).toEqual({ t: 4.5 });
    expect(parsePlace({ hasta: '10' })).toEqual({});
    expect(parsePlace({ t: '1:02', hasta: '10' })).toEqual({});
    for (const hasta of ['', '10.1234', '-10', '1e3', '0:10', ' 10', 'x']) {
      expect(parsePlace({ t: '4.5', hasta }), hasta).toEqual({ t: 4.5 });
    }
  });

  it('reads one row and reversed rows', () => {
    expect(parsePlace({ filas: '7' })).toEqual({ filas: { desde: 7, hasta: 7 } });
    expect(parsePlace({ filas: '9-4' })).toEqual({ filas: { desde: 4, hasta: 9 } });
  });
});

import { describe, expect, it } from 'vitest';
import { CONFIANZA_ORIGEN, ORIGENES_METADATO, type OrigenMetadato } from './documento';
import { CONFIANZA_SIN_DUDA, dudasDeMetadatos, esProcedenciaDudosa } from './metadata-doubt';

const from = (origen: OrigenMetadato) => ({ origen, confianza: CONFIANZA_ORIGEN[origen] });

describe('esProcedenciaDudosa', () => {
  it('doubts what Folio guessed and trusts what someone who knew the work wrote down', () => {
    const doubted = ORIGENES_METADATO.filter((o) => esProcedenciaDudosa(from(o)));
    expect(doubted).toEqual([
      'primera_pagina',
      'pagina',
      'texto',
      'propiedades',
      'info',
      'fecha_creacion',
      'nombre_archivo',
      'url',
    ]);
    expect(esProcedenciaDudosa(undefined)).toBe(false);
  });

  it('reads the confidence the document carries, so the bar holds whatever the table says', () => {
    expect(esProcedenciaDudosa({ origen: 'xmp', confianza: CONFIANZA_SIN_DUDA - 0.01 })).toBe(true);
    expect(esProcedenciaDudosa({ origen: 'info', confianza: CONFIANZA_SIN_DUDA })).toBe(false);
  });
});

describe('dudasDeMetadatos', () => {
  it('flags a year from the creation date and a cover-read title, not what the user gave', () => {
    const dudas = dudasDeMetadatos({
      titulo: 'Estudio de validación tomográfica',
      autores: ['Cortés López, Jorge Aldair'],
      anio: 2016,
      origen_metadatos: { titulo: from('primera_pagina'), autores: from('usuario'), anio: from('fecha_creacion') },
    });
    expect(dudas).toEqual([
      { campo: 'titulo', motivo: 'origen', origen: 'primera_pagina', confianza: 0.75 },
      { campo: 'anio', motivo: 'origen', origen: 'fecha_creacion', confianza: 0.3 },
    ]);
  });

  it('says a missing title, author list or year is missing, but not a missing DOI', () => {
    expect(dudasDeMetadatos({ titulo: '  ', autores: [], origen_metadatos: {} })).toEqual([
      { campo: 'titulo', motivo: 'falta' },
      { campo: 'autores', motivo: 'falta' },
      { campo: 'anio', motivo: 'falta' },
    ]);
  });

  it('doubts a DOI printed in the text, and trusts one from the XMP or a registry', () => {
    const base = { titulo: 'T', autores: ['A, B'], anio: 2020, doi: '10.1234/abc' };
    expect(dudasDeMetadatos({ ...base, origen_metadatos: { doi: from('pagina') } })).toEqual([
      { campo: 'doi', motivo: 'origen', origen: 'pagina', confianza: 0.7 },
    ]);
    expect(dudasDeMetadatos({ ...base, origen_metadatos: { doi: from('xmp') } })).toEqual([]);
    expect(dudasDeMetadatos({ ...base, origen_metadatos: { doi: from('registro') } })).toEqual([]);
  });

  it('leaves the language alone and does not doubt values of a document without origins', () => {
    expect(
      dudasDeMetadatos({ titulo: 'T', autores: ['A, B'], anio: 2020, origen_metadatos: { idioma: from('texto') } }),
    ).toEqual([]);
    expect(dudasDeMetadatos({ titulo: 'T', autores: ['A, B'], anio: 2020 })).toEqual([]);
  });

  it('ignores an origin recorded for a field that has no value: the absence is what is said', () => {
    expect(
      dudasDeMetadatos({ titulo: 'T', autores: [], anio: 2020, origen_metadatos: { autores: from('info') } }),
    ).toEqual([{ campo: 'autores', motivo: 'falta' }]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DocumentRow } from '../../db/documents.repo';
import type { FileMetadata } from '../../metadata/metadata-types';
import { resolveMetadata, valuesOf } from '../../metadata/resolve-metadata';
import { sourceMetaOf, storedLayers } from './metadata-layers';

const row = (given: Partial<DocumentRow>): DocumentRow =>
  ({
    id: 'd1',
    tipo: 'pdf',
    titulo: 'Título leído',
    autores: ['Pérez, Ana'],
    anio: 2009,
    doi: '10.1/x',
    idioma: 'es',
    url: null,
    file_name: 'articulo.pdf',
    user_meta: {},
    detalles: {},
    source_meta: {},
    origen_metadatos: {},
    ...given,
  }) as DocumentRow;

describe('storedLayers', () => {
  it("rebuilds a row written before the layers were kept: the registry's fields and details, the page's, the file's", () => {
    const legacy = row({
      source_meta: { titulo: 'Página', contenedor: 'El Sitio', anio: 2009, registro: ['anio'] },
      detalles: { contenedor: 'Revista', volumen: '3', tipo_obra: 'article-journal' },
      user_meta: { detalles: { volumen: '4' } },
      origen_metadatos: { titulo: 'primera_pagina', autores: 'info', anio: 'registro', doi: 'pagina', idioma: 'texto' },
    });
    const layers = storedLayers(legacy);
    expect(layers.registry).toEqual({ anio: 2009, contenedor: 'Revista', tipo_obra: 'article-journal' });
    expect(layers.page).toEqual({ titulo: 'Página', contenedor: 'El Sitio' });
    expect(layers.file).toEqual({
      titulo: 'Título leído',
      autores: ['Pérez, Ana'],
      doi: '10.1/x',
      idioma: 'es',
      origen: { titulo: 'primera_pagina', autores: 'info', doi: 'pagina', idioma: 'texto' },
      origenDetalles: 'propiedades',
    });
    expect(layers.fileName).toBe('articulo.pdf');
    // Resolved again, the record is the one in force: the user's volume, the registry's year and kind.
    expect(valuesOf(resolveMetadata(layers))).toMatchObject({
      titulo: 'Página',
      anio: 2009,
      detalles: { contenedor: 'Revista', volumen: '4', tipo_obra: 'article-journal' },
    });
  });

  it("leaves a title of the file name or the URL to the stand-ins, not to the file's layer", () => {
    const layers = storedLayers(row({ titulo: 'articulo', origen_metadatos: { titulo: 'nombre_archivo' } }));
    expect(layers.file?.titulo).toBeUndefined();
    expect(layers.standIn).toEqual({ titulo: 'articulo', origen: 'nombre_archivo' });
  });

  it('reads a row that keeps its layers as they are, and keeps them as they were given', () => {
    const archivo: FileMetadata = { titulo: 'T', origen: { titulo: 'xmp' }, origenDetalles: 'primera_pagina' };
    const kept = { titulo: 'Página', ficha_registro: { anio: 2020 }, archivo };
    const layers = storedLayers(row({ source_meta: kept, detalles: { volumen: '9' } }));
    expect(layers).toMatchObject({ page: { titulo: 'Página' }, registry: { anio: 2020 }, file: archivo });
    expect(sourceMetaOf(layers)).toEqual(kept);
  });
});

import { describe, expect, it } from 'vitest';
import type { Documento } from '../contract/documento';
import { documentMarkdown } from './document';

const base: Documento = {
  id: 'd7k2',
  titulo: 'Obra abierta',
  autores: ['Eco, Umberto'],
  anio: 1962,
  tipo: 'pdf',
  estado: 'listo',
  unidades: 312,
  creado: '2025-01-02T10:00:00Z',
  enlace: 'https://folio.example/api/v1/leer/d7k2',
  texto_url: 'https://folio.example/api/v1/documentos/d7k2/texto',
};

describe('documentMarkdown', () => {
  it('renders a ready document as a card', () => {
    const doc: Documento = {
      ...base,
      autores: ['Eco, Umberto', 'Pérez, Ana'],
      idioma: 'es',
      biblioteca: 'tesis',
      referencia: 'Eco, U. (1962). Obra abierta. Bompiani.',
      duplicado: false,
    };
    expect(documentMarkdown(doc)).toBe(
      [
        '# Obra abierta',
        '',
        '- Id: `d7k2`',
        '- Autores: Eco, Umberto; Pérez, Ana',
        '- Año: 1962',
        '- Tipo: pdf',
        '- Estado: listo',
        '- Unidades: 312',
        '- Idioma: es',
        '- Biblioteca: tesis',
        '- Duplicado: no',
        '',
        'Eco, U. (1962). Obra abierta. Bompiani.',
        '',
        '- Leer: https://folio.example/api/v1/leer/d7k2',
        '- Texto: https://folio.example/api/v1/documentos/d7k2/texto',
        '',
      ].join('\n'),
    );
  });

  it('lists the bibliographic details after the library, each under its label', () => {
    const md = documentMarkdown({
      ...base,
      biblioteca: 'tesis',
      detalles_bibliograficos: {
        tipo_obra: 'article-journal',
        contenedor: 'Revista de Hidrología',
        volumen: '12',
        paginas: '45-67',
        doi: '10.1234/abc',
      },
    });
    expect(md).toContain(
      [
        '- Biblioteca: tesis',
        '- Tipo de obra: article-journal',
        '- Publicado en: Revista de Hidrología',
        '- Volumen: 12',
        '- Páginas: 45-67',
        '- DOI: 10.1234/abc',
      ].join('\n'),
    );
    expect(md).not.toContain('- Editorial');
  });

  it('shows progress, phase and the progress link while processing', () => {
    const doc: Documento = {
      ...base,
      tipo: 'video',
      estado: 'procesando',
      progreso: 0.456,
      fase: 'transcripcion',
      duracion: 3723.4,
      url: 'https://video.example/v/1',
      duplicado: true,
      progreso_url: 'https://folio.example/api/v1/documentos/d7k2?esperar=60',
    };
    const md = documentMarkdown(doc);
    expect(md).toContain('\n- Estado: procesando (46 %, fase: transcripcion)\n');
    expect(md).toContain('\n- Duración: 1:02:03\n');
    expect(md).toContain('\n- URL: https://video.example/v/1\n');
    expect(md).toContain('\n- Duplicado: sí\n');
    expect(md).toMatch(/- Progreso: https:\/\/folio\.example\/api\/v1\/documentos\/d7k2\?esperar=60\n$/);
  });

  it('shows only what is known of the progress', () => {
    expect(documentMarkdown({ ...base, estado: 'procesando', progreso: 0 })).toContain('- Estado: procesando (0 %)\n');
    expect(documentMarkdown({ ...base, estado: 'procesando', fase: 'ocr' })).toContain(
      '- Estado: procesando (fase: ocr)\n',
    );
    expect(documentMarkdown({ ...base, estado: 'procesando' })).toContain('- Estado: procesando\n');
  });

  it('leaves progress out once the document is no longer processing', () => {
    expect(documentMarkdown({ ...base, estado: 'listo', progreso: 1, fase: 'fin' })).toContain('- Estado: listo\n');
  });

  it('shows the failure of a document in error', () => {
    const md = documentMarkdown({ ...base, estado: 'error', error: 'No se pudo leer\nel archivo.' });
    expect(md).toContain('- Estado: error\n');
    expect(md).toContain('- Error: No se pudo leer el archivo.\n');
  });

  it('omits absent and empty fields', () => {
    const md = documentMarkdown({ ...base, autores: [], anio: undefined, idioma: '' });
    expect(md).not.toContain('Autores');
    expect(md).not.toContain('Año');
    expect(md).not.toContain('Idioma');
    expect(md).not.toContain('Duración');
    expect(md).not.toContain('Duplicado');
    expect(md).not.toContain('Progreso');
    expect(md).toBe(
      [
        '# Obra abierta',
        '',
        '- Id: `d7k2`',
        '- Tipo: pdf',
        '- Estado: listo',
        '- Unidades: 312',
        '',
        '- Leer: https://folio.example/api/v1/leer/d7k2',
        '- Texto: https://folio.example/api/v1/documentos/d7k2/texto',
        '',
      ].join('\n'),
    );
  });

  it('shows zero units', () => {
    expect(documentMarkdown({ ...base, unidades: 0 })).toContain('- Unidades: 0\n');
  });

  it('keeps a multi-line title on the heading line', () => {
    expect(documentMarkdown({ ...base, titulo: 'Obra\nabierta:\n  forma e indeterminación' })).toMatch(
      /^# Obra abierta: forma e indeterminación\n\n- Id/,
    );
  });
});

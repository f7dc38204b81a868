import { describe, expect, it } from 'vitest';
import type { Documento } from '../contract/documento';
import { documentListMarkdown } from './document-list';

const doc = (over: Partial<Documento>): Documento => ({
  id: 'd1',
  titulo: 'Obra abierta',
  autores: ['Eco'],
  anio: 1962,
  tipo: 'pdf',
  estado: 'listo',
  unidades: 10,
  creado: '2025-01-02T10:00:00Z',
  enlace: 'https://folio.example/api/v1/leer/d1',
  texto_url: 'https://folio.example/api/v1/documentos/d1/texto',
  ...over,
});

describe('documentListMarkdown', () => {
  it('lists one line per document with the total in the heading', () => {
    const md = documentListMarkdown({
      documentos: [
        doc({}),
        doc({
          id: 'x9',
          titulo: 'Prospect theory',
          autores: ['Kahneman', 'Tversky'],
          anio: 1979,
          estado: 'procesando',
        }),
      ],
      total: 2,
    });
    expect(md).toBe(
      [
        '# Biblioteca (2 documentos)',
        '',
        '- **Obra abierta** — Eco (1962) · pdf · listo · `d1`',
        '- **Prospect theory** — Kahneman; Tversky (1979) · pdf · procesando · `x9`',
        '',
      ].join('\n'),
    );
  });

  it('writes s. f. without a year and drops the byline without authors', () => {
    const md = documentListMarkdown({
      documentos: [doc({ autores: [], anio: undefined, tipo: 'web', titulo: 'Una página' })],
      total: 1,
    });
    expect(md).toBe('# Biblioteca (1 documento)\n\n- **Una página** (s. f.) · web · listo · `d1`\n');
  });

  it('says a reference without a file is one, in place of its tipo', () => {
    const md = documentListMarkdown({
      documentos: [doc({ tipo: 'documento', unidades: 0, solo_referencia: true, titulo: 'Sin su PDF' })],
      total: 1,
    });
    expect(md).toBe('# Biblioteca (1 documento)\n\n- **Sin su PDF** — Eco (1962) · solo referencia · listo · `d1`\n');
  });

  it('names the cursor of the next page', () => {
    const md = documentListMarkdown({ documentos: [doc({})], total: 120, siguiente: 'c_50' });
    expect(md).toMatch(/^# Biblioteca \(120 documentos\)\n/);
    expect(md).toMatch(/\n\nHay más documentos: pide la página siguiente con `cursor=c_50`\.\n$/);
  });

  it('says so when the page is empty', () => {
    expect(documentListMarkdown({ documentos: [], total: 0 })).toBe(
      '# Biblioteca (0 documentos)\n\nNo hay documentos.\n',
    );
  });

  it('keeps a multi-line title inside its line', () => {
    const md = documentListMarkdown({ documentos: [doc({ titulo: 'Obra\n\nabierta', autores: ['Eco\n'] })], total: 1 });
    expect(md).toContain('\n- **Obra abierta** — Eco (1962) · pdf · listo · `d1`\n');
  });
});

import { describe, expect, it } from 'vitest';
import { cslItem, type ReferenceInput } from './csl-item';

const doc = (given: Partial<ReferenceInput>): ReferenceInput => ({
  titulo: 'Nitratos en cenotes',
  autores: ['Pérez Canul, Lucía'],
  anio: 2021,
  tipo: 'pdf',
  ...given,
});

describe('the CSL type of a document', () => {
  it('is the kind of work in force when there is one', () => {
    expect(cslItem('a', doc({ doi: '10.1/x', detalles: { tipo_obra: 'report' } })).type).toBe('report');
  });

  it('is inferred by the same rule as a resolution for a document resolved before kinds were inferred', () => {
    expect(cslItem('a', doc({ doi: '10.1/x' })).type).toBe('article-journal');
    expect(cslItem('a', doc({ detalles: { isbn: '9780306406157' } })).type).toBe('book');
    expect(cslItem('a', doc({ doi: '10.5281/zenodo.1' })).type).toBe('document');
  });

  it('is the kind of file for pages and media, whatever their details', () => {
    expect(cslItem('a', doc({ tipo: 'web', doi: '10.1/x' })).type).toBe('webpage');
    expect(cslItem('a', doc({ tipo: 'video', url: 'https://youtu.be/x' })).type).toBe('motion_picture');
    expect(cslItem('a', doc({ tipo: 'audio', url: 'https://example.org/feed' })).type).toBe('broadcast');
    expect(cslItem('a', doc({ tipo: 'audio' })).type).toBe('song');
    expect(cslItem('a', doc({ tipo: 'epub' })).type).toBe('book');
  });
});

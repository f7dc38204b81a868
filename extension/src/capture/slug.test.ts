import { describe, expect, it } from 'vitest';
import { captureFileName, slugify } from './slug';

describe('slugify', () => {
  it('folds accents and letters without ASCII forms, and joins words with single dashes', () => {
    expect(slugify('Análisis del acuífero: ¿qué pasó en 2019?')).toBe('analisis-del-acuifero-que-paso-en-2019');
    expect(slugify('  Straße, Œuvre & Ørsted — Łódź  ')).toBe('strasse-oeuvre-orsted-lodz');
    expect(slugify('日本語のタイトル')).toBe('');
  });

  it('cuts long titles at a dash near the limit', () => {
    const slug = slugify(
      'Nitratos en el acuífero kárstico de Yucatán: cuarenta cenotes en dos temporadas de muestreo',
      40,
    );
    expect(slug).toBe('nitratos-en-el-acuifero-karstico-de');
    expect(slugify('a'.repeat(100), 40)).toHaveLength(40);
  });
});

describe('captureFileName', () => {
  it('names the file by its title, with a Spanish default when the title gives nothing', () => {
    expect(captureFileName('Los cenotes de Homún', 'vtt')).toBe('los-cenotes-de-homun.vtt');
    expect(captureFileName('日本語', 'html')).toBe('pagina.html');
    expect(captureFileName(undefined, 'vtt')).toBe('subtitulos.vtt');
    expect(captureFileName(null, 'pdf')).toBe('documento.pdf');
  });
});

import { describe, expect, it } from 'vitest';
import type { Texto, UnidadTexto } from '../contract/texto';
import { textMarkdown } from './text';

const documento: Texto['documento'] = { id: 'd1', titulo: 'Obra abierta', autores: ['Eco'], anio: 1962, tipo: 'pdf' };

const unit = (posicion: number, localizador: string, texto: string): UnidadTexto => ({
  posicion,
  localizador,
  cita: `(Eco, 1962, ${localizador})`,
  enlace: `https://folio.example/api/v1/leer/d1?pagina=${posicion}`,
  texto,
});

describe('textMarkdown', () => {
  it('renders each unit under its locator with its citation and link', () => {
    const md = textMarkdown({
      documento,
      unidades: [unit(51, 'p. 45', 'Primer párrafo.\n\nSegundo párrafo.\n'), unit(52, 'p. 46', 'Otra página.')],
    });
    expect(md).toBe(
      [
        '# Obra abierta',
        '',
        '## p. 45',
        '',
        'Primer párrafo.',
        '',
        'Segundo párrafo.',
        '',
        '(Eco, 1962, p. 45) · [abrir](https://folio.example/api/v1/leer/d1?pagina=51)',
        '',
        '## p. 46',
        '',
        'Otra página.',
        '',
        '(Eco, 1962, p. 46) · [abrir](https://folio.example/api/v1/leer/d1?pagina=52)',
        '',
      ].join('\n'),
    );
  });

  it('heads a unit without locator with its bracketed position', () => {
    const u = { ...unit(3, '', 'Imagen sin texto reconocible.'), cita: '(Eco, 1962)' };
    const md = textMarkdown({ documento, unidades: [u] });
    expect(md).toContain('\n## [3]\n\nImagen sin texto reconocible.\n\n(Eco, 1962) · [abrir](');
  });

  it('skips the text paragraph of an empty unit', () => {
    const md = textMarkdown({ documento, unidades: [unit(4, 'p. 4', '  \n')] });
    expect(md).toContain('## p. 4\n\n(Eco, 1962, p. 4) · [abrir](');
  });

  it('tells how to continue when more text remains', () => {
    const md = textMarkdown({ documento, unidades: [unit(20, 'p. 20', 'Fin.')], siguiente: '[21]' });
    expect(md).toMatch(/\n\nHay más texto: continúa con `desde=\[21\]`\.\n$/);
  });

  it('does not mention continuing when nothing remains', () => {
    expect(textMarkdown({ documento, unidades: [unit(20, 'p. 20', 'Fin.')] })).not.toContain('desde=');
  });

  it('says so when the range holds no units', () => {
    expect(textMarkdown({ documento, unidades: [] })).toBe('# Obra abierta\n\nNo hay texto en este tramo.\n');
  });

  it('keeps a multi-line title and locator on their heading lines', () => {
    const md = textMarkdown({
      documento: { ...documento, titulo: 'Obra\nabierta' },
      unidades: [unit(1, 'Métodos,\n párr. 3', 'Texto.')],
    });
    expect(md).toMatch(/^# Obra abierta\n\n## Métodos, párr. 3\n\nTexto\.\n/);
  });

  it('renders time units by their locator', () => {
    const u: UnidadTexto = {
      posicion: 2,
      localizador: '1:02:03',
      cita: '(Smith et al., s. f., 1:02:03)',
      enlace: 'https://folio.example/api/v1/leer/v1?t=3723',
      texto: 'Hola a todos.',
      t0: 3723,
      t1: 3750,
    };
    const md = textMarkdown({ documento: { ...documento, tipo: 'video' }, unidades: [u] });
    expect(md).toContain(
      '## 1:02:03\n\nHola a todos.\n\n(Smith et al., s. f., 1:02:03) · [abrir](https://folio.example/api/v1/leer/v1?t=3723)\n',
    );
  });
});

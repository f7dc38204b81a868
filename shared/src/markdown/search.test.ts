import { describe, expect, it } from 'vitest';
import type { Pasaje } from '../contract/pasaje';
import { searchMarkdown } from './search';

const pasaje = (n: number, texto: string, localizador = `p. ${n}`): Pasaje => ({
  id: `d1:${n}`,
  documento: { id: 'd1', titulo: 'Obra abierta', autores: ['Eco'], anio: 1962 },
  texto,
  cita: localizador ? `(Eco, 1962, ${localizador})` : '(Eco, 1962)',
  localizador,
  ancla: { tipo: 'pagina', fisica: n },
  enlace: `https://folio.example/api/v1/leer/d1?pagina=${n}`,
  puntuacion: 0.9,
});

describe('searchMarkdown', () => {
  it('numbers passages with the text quoted and the citation linked to the place', () => {
    const md = searchMarkdown({
      consulta: 'obra abierta',
      pasajes: [pasaje(45, 'La obra es abierta.'), pasaje(7, 'Otra.')],
    });
    expect(md).toBe(
      [
        '# Resultados para «obra abierta»',
        '',
        '1. > La obra es abierta.',
        '',
        '   (Eco, 1962, p. 45) — [p. 45](https://folio.example/api/v1/leer/d1?pagina=45)',
        '',
        '2. > Otra.',
        '',
        '   (Eco, 1962, p. 7) — [p. 7](https://folio.example/api/v1/leer/d1?pagina=7)',
        '',
      ].join('\n'),
    );
  });

  it('says when a passage was read from an image', () => {
    const md = searchMarkdown({ consulta: 'q', pasajes: [{ ...pasaje(2, 'Escaneado.'), visual: true }] });
    expect(md).toContain(
      '(Eco, 1962, p. 2) — [p. 2](https://folio.example/api/v1/leer/d1?pagina=2) (texto leído de una imagen)',
    );
  });

  it('quotes every line of a multi-line passage inside its list item', () => {
    const md = searchMarkdown({ consulta: 'q', pasajes: [pasaje(3, 'Línea uno.\nLínea dos.\n\nOtro párrafo.\n')] });
    expect(md).toContain(
      '1. > Línea uno.\n   > Línea dos.\n   >\n   > Otro párrafo.\n\n   (Eco, 1962, p. 3) — [p. 3](',
    );
  });

  it('indents to the width of two-digit markers', () => {
    const pasajes = Array.from({ length: 10 }, (_, i) => pasaje(i + 1, `Texto ${i + 1}.\nSigue.`));
    const md = searchMarkdown({ consulta: 'q', pasajes });
    expect(md).toContain('\n9. > Texto 9.\n   > Sigue.\n');
    expect(md).toContain('\n10. > Texto 10.\n    > Sigue.\n\n    (Eco, 1962, p. 10) — [p. 10](');
  });

  it('links an empty locator as abrir', () => {
    const md = searchMarkdown({ consulta: 'q', pasajes: [pasaje(1, 'Una imagen.', '')] });
    expect(md).toContain('(Eco, 1962) — [abrir](https://folio.example/api/v1/leer/d1?pagina=1)');
  });

  it('keeps a multi-line query on the heading line', () => {
    expect(searchMarkdown({ consulta: 'obra\n  abierta', pasajes: [] })).toMatch(/^# Resultados para «obra abierta»\n/);
  });

  it('says so when nothing was found', () => {
    expect(searchMarkdown({ consulta: 'nada', pasajes: [], ms: 12 })).toBe(
      '# Resultados para «nada»\n\nNo se encontró nada en tu biblioteca.\n',
    );
  });
});

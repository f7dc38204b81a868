import { describe, expect, it } from 'vitest';
import type { Fuente } from '../contract/pasaje';
import { answerMarkdown, footnoteDefinitions } from './answer';

const fuente = (n: number, pagina: number, texto: string, localizador = `p. ${pagina}`): Fuente => ({
  n,
  id: `d1:${pagina}`,
  documento: { id: 'd1', titulo: 'Obra abierta', autores: ['Eco'], anio: 1962 },
  texto,
  cita: localizador ? `(Eco, 1962, ${localizador})` : '(Eco, 1962)',
  localizador,
  ancla: { tipo: 'pagina', fisica: pagina },
  enlace: `https://folio.example/leer/d1?pagina=${pagina}`,
});

describe('footnoteDefinitions', () => {
  it('defines each footnote with the citation and the locator linked to the place, in footnote order', () => {
    expect(footnoteDefinitions([fuente(2, 7, 'b'), fuente(1, 45, 'a'), fuente(3, 1, 'c', '')])).toBe(
      [
        '[^1]: (Eco, 1962, p. 45) — [p. 45](https://folio.example/leer/d1?pagina=45)',
        '[^2]: (Eco, 1962, p. 7) — [p. 7](https://folio.example/leer/d1?pagina=7)',
        '[^3]: (Eco, 1962) — [abrir](https://folio.example/leer/d1?pagina=1)',
      ].join('\n'),
    );
  });
});

describe('answerMarkdown', () => {
  it('is the answer with its definitions, then the sources headed by the confidence', () => {
    const fuentes = [fuente(1, 45, 'La obra es abierta.'), fuente(2, 7, 'Otra.\nSigue.')];
    const md = answerMarkdown({
      pregunta: '¿Qué es una obra abierta?',
      respuesta: `Es abierta.[^1] Y otra.[^2]\n\n${footnoteDefinitions(fuentes)}`,
      fuentes,
      confianza: 'alta',
      ms: 12,
    });
    expect(md).toBe(
      [
        'Es abierta.[^1] Y otra.[^2]',
        '',
        '[^1]: (Eco, 1962, p. 45) — [p. 45](https://folio.example/leer/d1?pagina=45)',
        '[^2]: (Eco, 1962, p. 7) — [p. 7](https://folio.example/leer/d1?pagina=7)',
        '',
        '## Fuentes (confianza: alta)',
        '',
        '1. > La obra es abierta.',
        '',
        '   (Eco, 1962, p. 45) — [p. 45](https://folio.example/leer/d1?pagina=45)',
        '',
        '2. > Otra.',
        '   > Sigue.',
        '',
        '   (Eco, 1962, p. 7) — [p. 7](https://folio.example/leer/d1?pagina=7)',
        '',
      ].join('\n'),
    );
  });

  it('says there are no sources when nothing was found', () => {
    const md = answerMarkdown({
      pregunta: '¿Zarzuela?',
      respuesta: 'No encontré en tu biblioteca nada que responda a esta pregunta.',
      fuentes: [],
      confianza: 'baja',
    });
    expect(md).toBe(
      'No encontré en tu biblioteca nada que responda a esta pregunta.\n\n## Fuentes (confianza: baja)\n\n' +
        'Ninguna: la respuesta no cita pasajes de tu biblioteca.\n',
    );
  });
});

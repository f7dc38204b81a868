import { describe, expect, it } from 'vitest';
import type { Verificacion } from '../contract/pasaje';
import { verificationMarkdown } from './verification';

const pasaje = (n: number, relacion: string, respaldo: number): Verificacion['pasajes'][number] => ({
  id: `d1:${n}`,
  documento: { id: 'd1', titulo: 'Obra abierta', autores: ['Eco'], anio: 1962 },
  texto: 'La obra es abierta.',
  cita: `(Eco, 1962, p. ${n})`,
  localizador: `p. ${n}`,
  ancla: { tipo: 'pagina', fisica: n },
  enlace: `https://folio.example/api/v1/leer/d1?pagina=${n}`,
  relacion,
  respaldo,
});

describe('verificationMarkdown', () => {
  it('states the verdict, then each passage quoted and cited with its relation and support', () => {
    const md = verificationMarkdown({
      afirmacion: 'La obra\nes abierta.',
      veredicto: 'respaldada',
      respaldada: true,
      probabilidad: 0.912,
      pasajes: [pasaje(45, 'APOYO_DIRECTO', 0.912), pasaje(7, 'IMPOSIBLE_TEMPORAL', 0)],
    });
    expect(md).toBe(
      [
        '# Verificación de «La obra es abierta.»',
        '',
        '**Veredicto: respaldada** — respaldada por tu biblioteca (probabilidad de respaldo: 91 %).',
        '',
        '1. > La obra es abierta.',
        '',
        '   (Eco, 1962, p. 45) — [p. 45](https://folio.example/api/v1/leer/d1?pagina=45) · apoyo directo, respaldo 91 %',
        '',
        '2. > La obra es abierta.',
        '',
        '   (Eco, 1962, p. 7) — [p. 7](https://folio.example/api/v1/leer/d1?pagina=7) · posterior a la afirmación: no puede respaldarla, respaldo 0 %',
        '',
      ].join('\n'),
    );
  });

  it('says when nothing was weighed, and shows an unnamed relation as it is', () => {
    const none = verificationMarkdown({
      afirmacion: 'x',
      veredicto: 'sin_respaldo',
      respaldada: false,
      probabilidad: 0,
      pasajes: [],
    });
    expect(none).toContain('**Veredicto: sin_respaldo** — sin respaldo en tu biblioteca');
    expect(none).toContain('No se encontró nada en tu biblioteca sobre esta afirmación.');
    const other = verificationMarkdown({
      afirmacion: 'x',
      veredicto: 'parcial',
      respaldada: false,
      probabilidad: 0.5,
      pasajes: [pasaje(1, 'OTRA_RELACION', 0.5)],
    });
    expect(other).toContain('· OTRA_RELACION, respaldo 50 %');
  });

  it('with the lexical judge and no backing, says no passage states the claim in the same words and shows the closest', () => {
    const md = verificationMarkdown({
      afirmacion: 'La obra invita al lector a completarla.',
      veredicto: 'sin_respaldo',
      respaldada: false,
      probabilidad: 0.41,
      pasajes: [pasaje(3, 'CONTEXTO', 0.2), pasaje(45, 'CONTEXTO', 0.41)],
      juez: 'lexico',
    });
    expect(md).toContain(
      '**Veredicto: sin_respaldo** — ningún pasaje de tu biblioteca la dice con las mismas palabras (probabilidad de respaldo: 41 %).',
    );
    expect(md).not.toContain('sin respaldo en tu biblioteca');
    const doubt = md.slice(md.indexOf('El pasaje más cercano'), md.indexOf('1. >'));
    expect(doubt).toContain('El pasaje más cercano (respaldo 41 %):');
    expect(doubt).toContain('> La obra es abierta.');
    expect(doubt).toContain('(Eco, 1962, p. 45) — [p. 45](https://folio.example/api/v1/leer/d1?pagina=45)');
    expect(doubt).toContain('no reconoce una paráfrasis');
    expect(doubt).toContain('`npm run folio -- models pull nli`');
  });

  it('keeps the plain words when the NLI model judged', () => {
    const md = verificationMarkdown({
      afirmacion: 'La obra invita al lector a completarla.',
      veredicto: 'sin_respaldo',
      respaldada: false,
      probabilidad: 0.41,
      pasajes: [pasaje(45, 'CONTEXTO', 0.41)],
      juez: 'nli',
    });
    expect(md).toContain('**Veredicto: sin_respaldo** — sin respaldo en tu biblioteca');
    expect(md).not.toContain('El pasaje más cercano');
    expect(md).not.toContain('models pull nli');
  });
});

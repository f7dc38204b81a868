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
});

import type { Ancla } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';
import { splitPassages } from '../../ingest/passages';
import { parseTranscript, unitsFromCues } from '../../ingest/media/cues';
import { segmentAt, transcriptSegments } from './transcript';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.300
<v Ana Pérez>Hola, bienvenidos a Folio.

00:00:02.300 --> 00:00:04.700
<v Ana Pérez>Hoy hablamos de bibliotecas personales.

00:00:05.200 --> 00:00:08.700
<v Luis Gil>Gracias, Ana. Cada cita conserva su ancla.
`;

/** Units and passages exactly as ingestion stores them for this transcript. */
function stored() {
  const units = unitsFromCues(parseTranscript(VTT, 'vtt'));
  const passages: ReaderPassageRow[] = splitPassages(units).map((p) => ({ ...p, ancla: p.ancla as Ancla }));
  const rows: UnitRow[] = units.map((u, i) => ({
    posicion: i + 1,
    texto: u.texto,
    ancla: u.ancla,
    impresa: null,
    t0: u.t0 ?? null,
    t1: u.t1 ?? null,
  }));
  return { passages, rows };
}

describe('transcriptSegments', () => {
  it('is the stored passages: one speaker each, their cues as lines, with their times', () => {
    const { passages, rows } = stored();
    expect(transcriptSegments(passages, rows)).toEqual([
      {
        t0: 0,
        t1: 4.7,
        hablante: 'Ana Pérez',
        lineas: ['Hola, bienvenidos a Folio.', 'Hoy hablamos de bibliotecas personales.'],
      },
      { t0: 5.2, t1: 8.7, hablante: 'Luis Gil', lineas: ['Gracias, Ana. Cada cita conserva su ancla.'] },
    ]);
  });

  it('falls back to the timed units when there are no passages', () => {
    const { rows } = stored();
    const segments = transcriptSegments([], rows);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ t0: 0, t1: 8.7 });
    expect(segments[0]!.lineas).toEqual([
      'Ana Pérez: Hola, bienvenidos a Folio. Hoy hablamos de bibliotecas personales.',
      'Luis Gil: Gracias, Ana. Cada cita conserva su ancla.',
    ]);
  });
});

describe('segmentAt', () => {
  const segments = [{ t0: 0 }, { t0: 5.2 }, { t0: 9 }];

  it('is the last segment starting at or before t', () => {
    expect(segmentAt(segments, 0)).toBe(0);
    expect(segmentAt(segments, 5)).toBe(0);
    expect(segmentAt(segments, 5.2)).toBe(1);
    expect(segmentAt(segments, 8.99)).toBe(1);
    expect(segmentAt(segments, 100)).toBe(2);
  });

  it('lands on a segment from a link that rounded its t0 to milliseconds', () => {
    expect(segmentAt([{ t0: 0 }, { t0: 1.2344999 }], 1.234)).toBe(1);
  });

  it('is -1 before the first segment or with none', () => {
    expect(segmentAt([{ t0: 3 }], 1)).toBe(-1);
    expect(segmentAt([], 1)).toBe(-1);
  });
});

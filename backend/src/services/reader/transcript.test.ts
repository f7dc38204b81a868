import type { Ancla } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import type { ReaderPassageRow } from '../../db/reader.repo';
import { storedBlocks, type UnitRow } from '../../db/units.repo';
import { splitPassages } from '../../ingest/passages';
import { parseTranscript, unitsFromCues } from '../../ingest/media/cues';
import { segmentAt, segmentsOverlapping, transcriptSegments } from './transcript';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.300
<v Ana Pérez>Hola, bienvenidos a Folio.

00:00:02.300 --> 00:00:04.700
<v Ana Pérez>Hoy hablamos de bibliotecas personales.

00:00:05.200 --> 00:00:08.700
<v Luis Gil>Gracias, Ana. Cada cita conserva su ancla.
`;

/**
 * Units and passages exactly as ingestion stores them for this transcript; `withBlocks: false` as they
 * were stored before units kept their blocks.
 */
function stored(vtt = VTT, { withBlocks = true } = {}) {
  const units = unitsFromCues(parseTranscript(vtt, 'vtt'));
  const passages: ReaderPassageRow[] = splitPassages(units).map((p) => ({ ...p, ancla: p.ancla as Ancla }));
  const rows: UnitRow[] = units.map((u, i) => ({
    posicion: i + 1,
    texto: u.texto,
    ancla: u.ancla,
    impresa: null,
    t0: u.t0 ?? null,
    t1: u.t1 ?? null,
    bloques: withBlocks ? storedBlocks(u) : null,
  }));
  return { passages, rows };
}

describe('transcriptSegments', () => {
  it('lists every cue of a unit stored with its blocks, each with its own times and speaker', () => {
    const { passages, rows } = stored();
    expect(rows).toHaveLength(1);
    expect(transcriptSegments(passages, rows)).toEqual([
      { t0: 0, t1: 2.3, hablante: 'Ana Pérez', lineas: ['Hola, bienvenidos a Folio.'] },
      { t0: 2.3, t1: 4.7, hablante: 'Ana Pérez', lineas: ['Hoy hablamos de bibliotecas personales.'] },
      { t0: 5.2, t1: 8.7, hablante: 'Luis Gil', lineas: ['Gracias, Ana. Cada cita conserva su ancla.'] },
    ]);
  });

  it('takes its passage for a unit of a single cue (stored without blocks), and cues where a unit has them', () => {
    const vtt = `WEBVTT

00:00:00.000 --> 00:01:01.000
<v Ana Pérez>Una introducción larga.

00:01:05.000 --> 00:01:07.000
<v Luis Gil>Y las citas se comprueban.

00:01:07.000 --> 00:01:09.500
<v Luis Gil>Contra el texto guardado.
`;
    const { passages, rows } = stored(vtt);
    expect(rows.map((r) => r.bloques?.length ?? 0)).toEqual([0, 2]);
    expect(transcriptSegments(passages, rows)).toEqual([
      { t0: 0, t1: 61, hablante: 'Ana Pérez', lineas: ['Una introducción larga.'] },
      { t0: 65, t1: 67, hablante: 'Luis Gil', lineas: ['Y las citas se comprueban.'] },
      { t0: 67, t1: 69.5, hablante: 'Luis Gil', lineas: ['Contra el texto guardado.'] },
    ]);
  });

  it('is the stored passages for units stored before blocks: one speaker each, their cues as lines', () => {
    const { passages, rows } = stored(VTT, { withBlocks: false });
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

  it('falls back to the timed units when there are neither blocks nor passages', () => {
    const { rows } = stored(VTT, { withBlocks: false });
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

describe('segmentsOverlapping', () => {
  const segments = [
    { t0: 0, t1: 2.3 },
    { t0: 2.3, t1: 4.7 },
    { t0: 5.2, t1: 8.7 },
    { t0: 8.7, t1: 10 },
  ];

  it('is every segment sharing time with the range, in order', () => {
    expect(segmentsOverlapping(segments, 0, 4.7)).toEqual([0, 1]);
    expect(segmentsOverlapping(segments, 1, 6)).toEqual([0, 1, 2]);
    expect(segmentsOverlapping(segments, 5.2, 8.7)).toEqual([2]);
    expect(segmentsOverlapping(segments, 9, 20)).toEqual([3]);
  });

  it('leaves out segments that only touch its ends, also as links round them', () => {
    expect(segmentsOverlapping(segments, 2.3, 4.7)).toEqual([1]);
    expect(
      segmentsOverlapping(
        [
          { t0: 0, t1: 2.3000004 },
          { t0: 2.3000004, t1: 4.7000004 },
          { t0: 4.7000004, t1: 6 },
        ],
        2.3,
        4.7,
      ),
    ).toEqual([1]);
  });

  it('is empty for a range in a gap or past the end', () => {
    expect(segmentsOverlapping(segments, 4.8, 5.1)).toEqual([]);
    expect(segmentsOverlapping(segments, 11, 12)).toEqual([]);
    expect(segmentsOverlapping([], 0, 1)).toEqual([]);
  });
});

import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';

/** A stretch of the transcript with its times: what the reader highlights while the media plays. */
export interface TranscriptSegment {
  t0: number;
  t1: number;
  hablante?: string;
  /** Its text: one cue, or the cues (or paragraphs) of a passage or unit, in order. */
  lineas: string[];
}

/** Links carry t0 rounded to milliseconds; a segment starting within this of t is the one linked. */
const LINK_PRECISION = 0.0005;

/**
 * The transcript in timed segments, as finely as each unit was stored: one segment per cue from the
 * unit's stored blocks (each with its own t0–t1 and speaker); for a unit without them (a single cue, or
 * stored before blocks were) its passages (one speaker each, their cues joined by blank lines, t0–t1
 * widened over them); for a unit without timed passages, the unit itself (a cue group with t0/t1).
 */
export function transcriptSegments(
  passages: readonly ReaderPassageRow[],
  units: readonly UnitRow[],
): TranscriptSegment[] {
  const byUnit = Map.groupBy(passages, (p) => p.unidad);
  const segments = units.flatMap((u) => {
    const cues = cueSegments(u);
    if (cues.length > 0) return cues;
    const fromPassages = (byUnit.get(u.posicion) ?? []).flatMap((p) => timed(p.ancla, p.texto));
    if (fromPassages.length > 0) return fromPassages;
    return u.t0 != null ? [{ t0: u.t0, t1: u.t1 ?? u.t0, lineas: lines(u.texto) }] : [];
  });
  return segments.sort((a, b) => a.t0 - b.t0);
}

function cueSegments(unit: UnitRow): TranscriptSegment[] {
  return (unit.bloques ?? []).flatMap((b) => timed(b.ancla, b.texto));
}

function timed(ancla: UnitRow['ancla'], texto: string): TranscriptSegment[] {
  if (ancla.tipo !== 'tiempo') return [];
  return [{ t0: ancla.t0, t1: ancla.t1, ...(ancla.hablante && { hablante: ancla.hablante }), lineas: lines(texto) }];
}

function lines(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * Index of the segment playing at `t`: the last one starting at or before it (so a link to a segment's
 * t0 lands on that segment even where the one before overlaps it); -1 before the first.
 */
export function segmentAt(segments: readonly { t0: number }[], t: number): number {
  let found = -1;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i]!.t0 <= t + LINK_PRECISION) found = i;
    else break;
  }
  return found;
}

/**
 * Indexes of the segments overlapping `t0`–`t1` (a cited range), in order. Links round both ends to
 * milliseconds, so a segment merely touching the range (ending at its start, starting at its end) stays out.
 */
export function segmentsOverlapping(segments: readonly { t0: number; t1: number }[], t0: number, t1: number): number[] {
  return segments.flatMap((s, i) => (s.t0 < t1 - LINK_PRECISION && s.t1 > t0 + LINK_PRECISION ? [i] : []));
}

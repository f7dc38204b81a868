import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';

/** A stretch of the transcript with its times: what the reader highlights while the media plays. */
export interface TranscriptSegment {
  t0: number;
  t1: number;
  hablante?: string;
  /** Its cues (or paragraphs), in order. */
  lineas: string[];
}

/** Links carry t0 rounded to milliseconds; a segment starting within this of t is the one linked. */
const LINK_PRECISION = 0.0005;

/**
 * The transcript in timed segments. Passages are the finest timed pieces stored (one speaker each,
 * their cues joined by blank lines, t0–t1 widened over them), so they are the segments; a document
 * without passages falls back to its units (cue groups with t0/t1).
 */
export function transcriptSegments(
  passages: readonly ReaderPassageRow[],
  units: readonly UnitRow[],
): TranscriptSegment[] {
  const fromPassages = passages.flatMap((p): TranscriptSegment[] =>
    p.ancla.tipo === 'tiempo'
      ? [
          {
            t0: p.ancla.t0,
            t1: p.ancla.t1,
            ...(p.ancla.hablante && { hablante: p.ancla.hablante }),
            lineas: lines(p.texto),
          },
        ]
      : [],
  );
  if (fromPassages.length > 0) return fromPassages.sort((a, b) => a.t0 - b.t0);
  return units
    .filter((u) => u.t0 != null)
    .map((u) => ({ t0: u.t0!, t1: u.t1 ?? u.t0!, lineas: lines(u.texto) }))
    .sort((a, b) => a.t0 - b.t0);
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

import { runFfmpeg } from '../tools/ffmpeg';

/** A stretch of silence, in seconds from the start of the file; `end` is Infinity when the file ends silent. */
export interface Silence {
  start: number;
  end: number;
}

export interface FindSilencesOptions {
  /** Level under which audio counts as silent. Default -35 dB. */
  noiseDb?: number;
  /** Shortest pause that counts. Default 0.4 s. */
  minSeconds?: number;
  signal?: AbortSignal;
  /** Default 30 minutes. */
  timeoutMs?: number;
}

/**
 * Finds the pauses in the first audio track of a media file with ffmpeg's `silencedetect`, in one
 * streaming pass over the whole file. The audio is judged as mono 16 kHz, the way it is sent for
 * transcription.
 *
 * `silencedetect` reports on stderr, which `runFfmpeg` keeps only the tail of; `ametadata` prints the same
 * reports to stdout instead, so the run keeps every bound `runFfmpeg` gives (timeout, abort, output size).
 */
export async function findSilences(path: string, opts: FindSilencesOptions = {}): Promise<Silence[]> {
  const { noiseDb = -35, minSeconds = 0.4, signal, timeoutMs = 30 * 60 * 1000 } = opts;
  const filter = [
    'aformat=sample_rates=16000:channel_layouts=mono',
    `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`,
    'ametadata=mode=print:file=-',
  ].join(',');
  const out = await runFfmpeg(
    ['-i', `file:${path}`, '-map', '0:a:0', '-vn', '-sn', '-dn', '-af', filter, '-f', 'null', '-'],
    {
      signal,
      timeoutMs,
      maxOutputBytes: 64 * 1024 * 1024,
    },
  );
  return parseSilences(out.toString('utf8'));
}

const REPORT = /silence_(start|end)\s*[:=]\s*(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)/gi;

/**
 * Reads `silencedetect` reports, either as ffmpeg logs them on stderr (`silence_start: 3.2`,
 * `silence_end: 4.0 | silence_duration: 0.8`) or as `ametadata` prints them (`lavfi.silence_start=3.2`).
 * A silence still open when the text ends lasts to the end of the file (Infinity).
 */
export function parseSilences(text: string): Silence[] {
  const silences: Silence[] = [];
  let open: number | undefined;
  for (const [, kind, value] of text.matchAll(REPORT)) {
    const seconds = Number(value);
    if (!Number.isFinite(seconds)) continue;
    if (kind!.toLowerCase() === 'start') open ??= Math.max(0, seconds);
    else if (open !== undefined) {
      if (seconds > open) silences.push({ start: open, end: seconds });
      open = undefined;
    }
  }
  if (open !== undefined) silences.push({ start: open, end: Infinity });
  return silences;
}

/**
 * Where to cut `duration` seconds into pieces of at most `maxSeconds`: the boundaries, from 0 to
 * `duration`. Each cut is the point nearest the middle of the latest silence that reaches into the last
 * `window` (a fraction) of the piece's longest span; with no silence there, the cut falls at the longest
 * span. Cuts are whole milliseconds, never past the longest span, so each piece still fits.
 */
export function planCuts(duration: number, maxSeconds: number, silences: readonly Silence[], window = 0.2): number[] {
  if (!(maxSeconds > 0)) throw new RangeError('planCuts: maxSeconds must be positive');
  const cuts = [0];
  let start = 0;
  while (duration - start > maxSeconds + 1e-6) {
    const limit = start + maxSeconds;
    const earliest = start + maxSeconds * (1 - window);
    let cut = limit;
    let best: number | undefined;
    for (const silence of silences) {
      const from = Math.max(silence.start, earliest);
      const to = Math.min(silence.end, limit);
      if (from >= to) continue;
      const candidate = Math.min(Math.max((silence.start + silence.end) / 2, from), to);
      if (best === undefined || candidate > best) best = candidate;
    }
    if (best !== undefined) cut = best;
    // The small bias keeps float noise (34.2 * 1000 = 34199.99…) from costing a millisecond.
    start = Math.max(Math.floor(cut * 1000 + 1e-6) / 1000, start + 0.001);
    cuts.push(start);
  }
  cuts.push(duration);
  return cuts;
}

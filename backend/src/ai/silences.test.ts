import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFfmpeg } from '../tools/ffmpeg';
import { findSilences, parseSilences, planCuts } from './silences';

/** What the bundled ffmpeg wrote to stderr for `-af silencedetect=noise=-35dB:d=0.4 -f null -` over tones and pauses. */
const STDERR = `Input #0, lavfi, from 'aevalsrc=...':
  Duration: N/A, start: 0.000000, bitrate: 1024 kb/s
    Stream #0:0: Audio: pcm_f64le, 16000 Hz, mono, dbl, 1024 kb/s
Stream mapping:
  Stream #0:0 -> #0:0 (pcm_f64le (native) -> pcm_s16le (native))
Output #0, null, to 'pipe:':
  Metadata:
    encoder         : Lavf58.24.100
    Stream #0:0: Audio: pcm_s16le, 16000 Hz, mono, s16, 256 kb/s
[silencedetect @ 0xb3cf940] silence_start: 3
[silencedetect @ 0xb3cf940] silence_end: 3.80006 | silence_duration: 0.800063
[silencedetect @ 0xb3cf940] silence_start: 6.8
[silencedetect @ 0xb3cf940] silence_end: 7.60006 | silence_duration: 0.800063
[silencedetect @ 0xb3cf940] silence_start: 9.27
size=N/A time=00:00:10.00 bitrate=N/A speed= 707x
video:0kB audio:312kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown
`;

/** The same reports as `ametadata=mode=print:file=-` prints them on stdout. */
const METADATA = `frame:26   pts:53248   pts_time:3.328
lavfi.silence_start=3
frame:29   pts:59392   pts_time:3.712
lavfi.silence_end=3.80006
lavfi.silence_duration=0.800063
frame:56   pts:114688  pts_time:7.168
lavfi.silence_start=-0.0123
frame:59   pts:120832  pts_time:7.552
lavfi.silence_end=1.2e1
lavfi.silence_duration=12.0123
`;

describe('parseSilences', () => {
  it('reads silencedetect as logged on stderr, a silence open at the end lasting to the end', () => {
    expect(parseSilences(STDERR)).toEqual([
      { start: 3, end: 3.80006 },
      { start: 6.8, end: 7.60006 },
      { start: 9.27, end: Infinity },
    ]);
  });

  it('reads the same reports as ametadata prints them, clamping a start before 0', () => {
    expect(parseSilences(METADATA)).toEqual([
      { start: 3, end: 3.80006 },
      { start: 0, end: 12 },
    ]);
  });

  it('finds nothing in output without reports', () => {
    expect(parseSilences('')).toEqual([]);
    expect(parseSilences('size=N/A time=00:00:10.00\nsilence_end: 4.0\n')).toEqual([]);
  });
});

describe('planCuts', () => {
  const pauses = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => ({ start: 3.8 * k + 3, end: 3.8 * k + 3.8 }));

  it('cuts in the middle of the latest pause in the last fifth of each span', () => {
    expect(planCuts(40, 12, pauses)).toEqual([0, 11, 22.4, 33.8, 40]);
  });

  it('cuts at the span where no pause reaches into its last fifth', () => {
    expect(planCuts(40, 12, [])).toEqual([0, 12, 24, 36, 40]);
    expect(planCuts(40, 12, [{ start: 1, end: 9.5 }])).toEqual([0, 12, 24, 36, 40]);
  });

  it('keeps a cut inside the span and inside the pause when the pause runs past the span', () => {
    // Middle 12.5 is past the span; the cut is the span's end, still in the pause.
    expect(planCuts(20, 12, [{ start: 11, end: 14 }])).toEqual([0, 12, 20]);
    // Middle 9 is before the last fifth (9.6–12); the cut is the first point of the pause in it.
    expect(planCuts(20, 12, [{ start: 7, end: 11 }])).toEqual([0, 9.6, 20]);
    // A pause open to the end of the file.
    expect(planCuts(20, 12, [{ start: 10, end: Infinity }])).toEqual([0, 12, 20]);
  });

  it('leaves audio that fits in one piece whole', () => {
    expect(planCuts(12, 12, pauses)).toEqual([0, 12]);
    expect(planCuts(8.723, 12, [])).toEqual([0, 8.723]);
  });
});

describe('findSilences', () => {
  it('finds the pauses of a stereo 44.1 kHz file with the bundled ffmpeg, one open to the end', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-silences-test-'));
    try {
      const path = join(dir, 'pausas.wav');
      // Tones of 3 s with 0.8 s pauses, ending in a pause (from 10.6 s to 11 s).
      const source = "aevalsrc='if(lt(mod(t,3.8),3),0.5*sin(2*PI*440*t),0)':s=44100:d=11";
      await runFfmpeg(['-f', 'lavfi', '-i', source, '-ac', '2', '-c:a', 'pcm_s16le', '-y', `file:${path}`]);
      const silences = await findSilences(path);
      expect(silences).toHaveLength(3);
      for (const [k, silence] of silences.entries()) {
        expect(silence.start).toBeCloseTo(3.8 * k + 3, 2);
        // A pause open at the end is closed at the end of the file by newer ffmpeg, left open by older.
        if (k < 2) expect(silence.end).toBeCloseTo(3.8 * k + 3.8, 2);
        else expect(silence.end === Infinity || Math.abs(silence.end - 11) < 0.01).toBe(true);
      }
      const aborted = new AbortController();
      aborted.abort(new Error('cancelado'));
      await expect(findSilences(path, { signal: aborted.signal })).rejects.toThrow('cancelado');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { captionCandidates, extractEmbeddedCaptions } from './embedded-captions';
import { probeMedia, type ProbedStream } from './probe';

const MEDIA = fileURLToPath(new URL('../../../../test/fixtures/media/', import.meta.url));

const sub = (subtitleIndex: number, codec: string, extra: Partial<ProbedStream> = {}): ProbedStream => ({
  index: subtitleIndex + 2,
  kind: 'subtitle',
  codec,
  subtitleIndex,
  ...extra,
});

describe('captionCandidates', () => {
  it('prefers the document language, then Spanish, then English; full before forced; skips bitmaps', () => {
    const streams = [
      sub(0, 'hdmv_pgs_subtitle', { idioma: 'es' }),
      sub(1, 'subrip', { idioma: 'fr' }),
      sub(2, 'ass', { idioma: 'en' }),
      sub(3, 'subrip', { idioma: 'es', forced: true }),
      sub(4, 'webvtt', { idioma: 'es' }),
      sub(5, 'dvd_subtitle', { idioma: 'fr' }),
      sub(6, 'mov_text'),
    ];
    expect(captionCandidates(streams).map((s) => s.subtitleIndex)).toEqual([4, 3, 2, 1, 6]);
    expect(captionCandidates(streams, 'fr-CA').map((s) => s.subtitleIndex)).toEqual([1, 4, 3, 2, 6]);
  });
});

describe('extractEmbeddedCaptions', () => {
  it('takes the Spanish WebVTT track of the MKV over the English SubRip one, with its voices', async () => {
    const path = join(MEDIA, 'video-subtitulos.mkv');
    const probe = await probeMedia(path);
    const found = await extractEmbeddedCaptions(path, probe.streams);
    expect(found?.stream).toMatchObject({ codec: 'webvtt', idioma: 'es' });
    expect(found!.cues.map((c) => [c.hablante, c.texto])).toEqual([
      ['Ana Pérez', 'Hola, bienvenidos a Folio.'],
      ['Ana Pérez', 'Hoy hablamos de bibliotecas personales.'],
      ['Luis Gil', 'Gracias, Ana. Cada cita conserva su ancla.'],
    ]);
    // Matroska timestamps may start a few milliseconds late (codec delay): within 50 ms of the source.
    const expected = [
      [0, 2.3],
      [2.3, 4.7],
      [5.2, 8.7],
    ];
    found!.cues.forEach((cue, i) => {
      expect(Math.abs(cue.t0 - expected[i]![0]!)).toBeLessThan(0.05);
      expect(Math.abs(cue.t1 - expected[i]![1]!)).toBeLessThan(0.05);
    });
  });

  it('reads the English track when English is the document language', async () => {
    const path = join(MEDIA, 'video-subtitulos.mkv');
    const probe = await probeMedia(path);
    const found = await extractEmbeddedCaptions(path, probe.streams, { idioma: 'en' });
    expect(found?.stream).toMatchObject({ codec: 'subrip', idioma: 'en' });
    expect(found!.cues.map((c) => c.texto)).toEqual([
      'Hello, welcome to Folio. Today we talk about personal libraries.',
      'Thanks, Ana. Every citation keeps its anchor.',
    ]);
  });

  it('converts an MP4 mov_text track and reads the speakers from Name: prefixes', async () => {
    const path = join(MEDIA, 'video-subtitulos.mp4');
    const found = await extractEmbeddedCaptions(path, (await probeMedia(path)).streams);
    expect(found!.cues).toEqual([
      { t0: 0, t1: 2.3, texto: 'Hola, bienvenidos a Folio.', hablante: 'Ana Pérez' },
      { t0: 2.3, t1: 4.7, texto: 'Hoy hablamos de bibliotecas personales.', hablante: 'Ana Pérez' },
      { t0: 5.2, t1: 8.7, texto: 'Gracias, Ana. Cada cita conserva su ancla.', hablante: 'Luis Gil' },
    ]);
  });

  it('finds nothing in a file without subtitle streams, and skips a stream that fails', async () => {
    const path = join(MEDIA, 'video-sin-subtitulos.webm');
    expect(await extractEmbeddedCaptions(path, (await probeMedia(path)).streams)).toBeUndefined();
    // A stream the probe listed but ffmpeg cannot map: skipped without throwing.
    expect(await extractEmbeddedCaptions(path, [sub(0, 'subrip', { idioma: 'es' })])).toBeUndefined();
  });
});

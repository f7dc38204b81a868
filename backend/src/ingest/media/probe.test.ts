import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError } from '../converter';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';
import { probeMedia } from './probe';

const MEDIA = fileURLToPath(new URL('../../../../test/fixtures/media/', import.meta.url));
const TAGS = { titulo: 'Bibliotecas personales', autores: ['Pérez, Ana'], anio: 2023 };

let tmp: TmpFiles;
beforeAll(async () => {
  tmp = await tmpFiles('folio-probe-');
});
afterAll(() => tmp.cleanup());

describe('probeMedia', () => {
  it.each([
    // MP4-family containers have no language tag at file level; the others carry 'spa'.
    ['voz.wav', { ...TAGS, idioma: 'es' }],
    ['voz.flac', { ...TAGS, idioma: 'es' }],
    ['voz.ogg', { ...TAGS, idioma: 'es' }],
    ['voz.mp3', { ...TAGS, idioma: 'es' }],
    ['voz.m4a', TAGS],
  ])('reads %s as audio with its duration and tags', async (name, metadatos) => {
    const probe = await probeMedia(join(MEDIA, name));
    expect(probe.tipo).toBe('audio');
    expect(probe.hasAudio).toBe(true);
    expect(probe.duracion).toBeGreaterThan(8.5);
    expect(probe.duracion).toBeLessThan(9.1);
    expect(probe.metadatos).toEqual(metadatos);
    expect(probe.streams.filter((s) => s.kind === 'subtitle')).toEqual([]);
  });

  it('does not take cover art for video', async () => {
    const probe = await probeMedia(join(MEDIA, 'voz.mp3'));
    expect(probe.streams.find((s) => s.kind === 'video')).toMatchObject({ codec: 'png', picture: true });
    expect(probe.tipo).toBe('audio');
  });

  it('lists the subtitle streams of an MKV with their language, disposition and position', async () => {
    const probe = await probeMedia(join(MEDIA, 'video-subtitulos.mkv'));
    expect(probe.tipo).toBe('video');
    expect(probe.metadatos).toEqual({ ...TAGS, idioma: 'es' });
    expect(probe.duracion).toBeGreaterThan(8.5);
    expect(probe.streams.filter((s) => s.kind === 'subtitle')).toEqual([
      { index: 2, kind: 'subtitle', codec: 'subrip', idioma: 'en', default: true, subtitleIndex: 0 },
      { index: 3, kind: 'subtitle', codec: 'webvtt', idioma: 'es', subtitleIndex: 1 },
    ]);
  });

  it('reads an MP4 with a mov_text track and a WebM without one', async () => {
    const mp4 = await probeMedia(join(MEDIA, 'video-subtitulos.mp4'));
    expect(mp4.tipo).toBe('video');
    expect(mp4.metadatos).toEqual(TAGS);
    expect(mp4.streams.filter((s) => s.kind === 'subtitle')).toMatchObject([
      { codec: 'mov_text', idioma: 'es', subtitleIndex: 0 },
    ]);

    const webm = await probeMedia(join(MEDIA, 'video-sin-subtitulos.webm'));
    expect(webm.tipo).toBe('video');
    expect(webm.metadatos).toEqual({ titulo: 'Vídeo sin subtítulos' });
    expect(webm.duracion).toBeGreaterThan(8.5);
    expect(webm.streams.map((s) => s.kind)).toEqual(['video', 'audio']);
  });

  it('refuses files that are not audio or video', async () => {
    const text = await tmp.write('nota.txt', 'Esto no es un audio.\n');
    await expect(probeMedia(text)).rejects.toBeInstanceOf(ConversionError);
    // ffprobe reads a WebVTT file as a subtitle-only "media": still neither audio nor video.
    const error = await probeMedia(join(MEDIA, 'voz.vtt')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toContain('no contiene audio ni vídeo');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelado');
    controller.abort(reason);
    await expect(probeMedia(join(MEDIA, 'voz.ogg'), { signal: controller.signal })).rejects.toBe(reason);
  });
});

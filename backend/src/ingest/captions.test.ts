import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnclaTiempo } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../testing/fixtures';
import { captionsConverter, convertCaptionText } from './captions';
import { ConversionError } from './converter';
import { convertFile } from './registry';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';

const PODCAST = fixturePath('podcast');
const havePodcast = hasFixture('podcast');

const VTT = [
  'WEBVTT',
  'Kind: captions',
  'Language: es',
  '',
  '00:00:01.000 --> 00:00:04.500',
  'Bienvenidos al curso.',
  '',
  '00:00:04.500 --> 00:00:09.250',
  'Hoy hablamos del <c.highlight>acuífero</c> de Yucatán.',
  '',
  '00:02:10.000 --> 00:02:15.000',
  'Y de los cenotes.',
  '',
].join('\n');

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:04,500',
  'Bienvenidos al curso.',
  '',
  '2',
  '00:00:04,500 --> 00:00:09,250',
  'Hoy hablamos del acuífero',
  'de Yucatán.',
  '',
].join('\r\n');

describe('convertCaptionText', () => {
  it('reads WebVTT into cue groups with tiempo anchors, one block per cue', () => {
    const { tipo, unidades, metadatos } = convertCaptionText(VTT);
    expect(tipo).toBe('video');
    expect(metadatos).toEqual({ duracion: 135, idioma: 'es' });
    // A unit never spans more than two minutes: the third cue starts the second one.
    expect(unidades).toHaveLength(2);
    expect(unidades[0]).toMatchObject({
      texto: 'Bienvenidos al curso. Hoy hablamos del acuífero de Yucatán.',
      ancla: { tipo: 'tiempo', t0: 1, t1: 9.25 },
      t0: 1,
      t1: 9.25,
    });
    expect(unidades[0]!.bloques?.map((b) => b.ancla)).toEqual<AnclaTiempo[]>([
      { tipo: 'tiempo', t0: 1, t1: 4.5 },
      { tipo: 'tiempo', t0: 4.5, t1: 9.25 },
    ]);
    expect(unidades[1]).toMatchObject({ texto: 'Y de los cenotes.', ancla: { tipo: 'tiempo', t0: 130, t1: 135 } });
  });

  it('reads SubRip the same way', () => {
    const { tipo, unidades, metadatos } = convertCaptionText(SRT);
    expect(tipo).toBe('video');
    expect(metadatos).toEqual({ duracion: 9.25 });
    expect(unidades).toEqual([
      expect.objectContaining({
        texto: 'Bienvenidos al curso. Hoy hablamos del acuífero de Yucatán.',
        ancla: { tipo: 'tiempo', t0: 1, t1: 9.25 },
      }),
    ]);
  });

  it('refuses caption files without timed text', () => {
    expect(() => convertCaptionText('WEBVTT\n\n00:01.000 --> 00:02.000\n\n')).toThrow(ConversionError);
    expect(() => convertCaptionText('Notas sueltas.')).toThrow(/no timed text/);
  });

  it.skipIf(!havePodcast)(titleNeeding('keeps the speakers of a real Podcasting 2.0 transcript', 'podcast'), () => {
    const { unidades } = convertCaptionText(readFileSync(resolve(PODCAST, 'transcript-example.vtt'), 'utf8'));
    expect(unidades[0]!.texto).toMatch(/^Sarah: In today's episode/);
    expect(unidades[0]!.bloques?.[0]?.ancla).toEqual({ tipo: 'tiempo', t0: 0, t1: 2.76, hablante: 'Sarah' });
    const srt = convertCaptionText(readFileSync(resolve(PODCAST, 'transcript-example.srt'), 'utf8'));
    expect(srt.unidades[0]!.bloques?.[0]?.ancla).toEqual({ tipo: 'tiempo', t0: 0.179, t1: 2.399, hablante: 'Travis' });
  });
});

describe('captionsConverter', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  it('is what the registry picks for a caption file, with or without a name', async () => {
    const progress: number[] = [];
    const path = await tmp.write('pista', SRT);
    const conversion = await convertFile(
      { path, size: SRT.length, url: 'https://video.example.org/ver/42' },
      { progress: async (f) => void progress.push(f) },
    );
    expect(conversion).toMatchObject({ kind: 'subtitulos', tipo: 'video' });
    expect(progress).toEqual([1]);
    const direct = await captionsConverter.convert({ path, size: 0 }, { progress: async () => {} });
    expect(direct.unidades).toEqual(conversion.unidades);
  });
});

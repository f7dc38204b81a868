import type { AnclaTiempo } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../converter';
import { parseTimedText } from './timedtext';
import { convertCaptions, findVideo, rankTracks, type CaptionTrack, type FetchText } from './video-page';

const PAGE = 'https://videos.example/charla';

const VTT_ES = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v Ana>Bienvenidos a la charla sobre el agua.

00:00:04.500 --> 00:00:08.000
<v Ana>Hoy hablamos de acueductos romanos.
`;

/** A page whose text is the video: little else on it. */
function html5Page(tracks: string, extra = ''): string {
  return `<!doctype html><html lang="es"><head><title>Charla sobre el agua</title>
    <meta name="author" content="Ana Pérez"></head><body>
    <h1>Charla sobre el agua</h1>
    <video controls src="/media/charla.mp4">${tracks}</video>${extra}</body></html>`;
}

describe('findVideo', () => {
  it('finds <video> caption tracks, resolved against the page, own language first', () => {
    const video = findVideo(
      html5Page(`<track kind="subtitles" src="subs/en.vtt" srclang="en" label="English">
        <track kind="captions" src="subs/es.vtt" srclang="es">
        <track kind="chapters" src="subs/chapters.vtt" srclang="es">
        <track kind="captions" src="subs/fr.srt" srclang="fr">`),
      PAGE,
    );
    expect(video?.platform).toBe('html5');
    expect(video?.captions.map((c) => [c.url, c.format, c.lang])).toEqual([
      ['https://videos.example/subs/es.vtt', 'vtt', 'es'],
      ['https://videos.example/subs/en.vtt', 'vtt', 'en'],
      ['https://videos.example/subs/fr.srt', 'srt', 'fr'],
    ]);
    expect(video?.media).toEqual({ url: 'https://videos.example/media/charla.mp4' });
    expect(video?.metadatos).toMatchObject({ titulo: 'Charla sobre el agua', autores: ['Pérez, Ana'], idioma: 'es' });
  });

  it('does not take an article that embeds a clip for a video page', () => {
    const article = `<p>${'Texto del artículo con muchas palabras sobre el tema. '.repeat(60)}</p>`;
    expect(findVideo(html5Page('<track src="a.vtt" srclang="es">', article), PAGE)).toBeUndefined();
  });

  it('takes og:video as the video when og:type says the page is one and the URL is a file', () => {
    const page = (type: string, video: string) =>
      `<html><head><meta property="og:type" content="${type}"><meta property="og:video" content="${video}">
       <meta property="og:title" content="Un vídeo"></head><body><p>x</p></body></html>`;
    expect(findVideo(page('video.other', 'https://cdn.example/v.mp4'), PAGE)).toMatchObject({
      platform: 'opengraph',
      media: { url: 'https://cdn.example/v.mp4' },
      metadatos: { titulo: 'Un vídeo' },
    });
    expect(findVideo(page('video.other', 'https://player.example/embed/1'), PAGE)).toBeUndefined();
    expect(findVideo(page('article', 'https://cdn.example/v.mp4'), PAGE)).toBeUndefined();
  });

  it('reads a YouTube watch page: caption tracks, videoDetails and microformat', () => {
    const player = {
      videoDetails: {
        videoId: 'abc',
        title: 'Cómo funciona {un} "acueducto"',
        author: 'Canal de Historia',
        lengthSeconds: '125',
      },
      microformat: { playerMicroformatRenderer: { publishDate: '2019-05-20', ownerChannelName: 'Canal de Historia' } },
      captions: {
        playerCaptionsTracklistRenderer: {
          captionTracks: [
            {
              baseUrl: 'https://www.youtube.com/api/timedtext?v=abc&lang=en',
              languageCode: 'en',
              name: { simpleText: 'English' },
            },
            {
              baseUrl: '/api/timedtext?v=abc&lang=es&kind=asr',
              languageCode: 'es',
              kind: 'asr',
              name: { runs: [{ text: 'Español (generados automáticamente)' }] },
            },
            { baseUrl: '/api/timedtext?v=abc&lang=es', languageCode: 'es', name: { simpleText: 'Español' } },
          ],
        },
      },
    };
    const html = `<html><head><title>x - YouTube</title></head><body><script>var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = {};</script></body></html>`;
    const video = findVideo(html, 'https://www.youtube.com/watch?v=abc');
    expect(video?.platform).toBe('youtube');
    expect(video?.metadatos).toEqual({
      titulo: 'Cómo funciona {un} "acueducto"',
      autores: ['Canal de Historia'],
      anio: 2019,
      duracion: 125,
      idioma: 'es',
    });
    // Spoken Spanish (the recognised track says so): written Spanish, then recognised, then English.
    expect(video?.captions.map((c) => c.url)).toEqual([
      'https://www.youtube.com/api/timedtext?v=abc&lang=es&fmt=vtt',
      'https://www.youtube.com/api/timedtext?v=abc&lang=es&kind=asr&fmt=vtt',
      'https://www.youtube.com/api/timedtext?v=abc&lang=en&fmt=vtt',
    ]);
  });

  it('returns nothing for a page without video', () => {
    expect(findVideo('<html><body><p>Hola</p></body></html>', PAGE)).toBeUndefined();
  });
});

describe('rankTracks', () => {
  const t = (lang: string | undefined, auto = false): CaptionTrack => ({
    url: `u-${lang}-${auto}`,
    format: 'vtt',
    ...(lang && { lang }),
    ...(auto && { auto }),
  });
  it('prefers the own language, then es, then en', () => {
    expect(rankTracks([t('fr'), t('en'), t('es'), t('de')], 'de').map((x) => x.lang)).toEqual(['de', 'es', 'en', 'fr']);
    expect(rankTracks([t('en'), t('pt'), t('es-MX')], undefined).map((x) => x.lang)).toEqual(['es-MX', 'en', 'pt']);
    expect(rankTracks([t('en', true), t('en')], 'en').map((x) => x.auto ?? false)).toEqual([false, true]);
  });
});

describe('parseTimedText', () => {
  it('reads the classic and srv3 XML formats', () => {
    expect(
      parseTimedText(
        '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.5" dur="2">It&amp;#39;s one</text><text start="3" dur="1.5">two</text></transcript>',
      ),
    ).toEqual([
      { t0: 0.5, t1: 2.5, texto: "It's one" },
      { t0: 3, t1: 4.5, texto: 'two' },
    ]);
    expect(
      parseTimedText(
        '<timedtext format="3"><body><p t="1000" d="2500"><s>hola</s><s> mundo</s></p></body></timedtext>',
      ),
    ).toEqual([{ t0: 1, t1: 3.5, texto: 'hola mundo' }]);
    expect(parseTimedText('WEBVTT\n\n')).toBeUndefined();
  });
});

describe('convertCaptions', () => {
  const video = findVideo(html5Page(`<track src="/broken.vtt" srclang="es"><track src="/es.vtt" srclang="es">`), PAGE)!;

  it('reads the first track that gives cues into units with tiempo anchors', async () => {
    const asked: string[] = [];
    const fetchText: FetchText = async (url) => {
      asked.push(url);
      if (url.endsWith('/broken.vtt')) throw new ConversionError('no', 'no');
      return VTT_ES;
    };
    const c = await convertCaptions(video, fetchText);
    expect(asked).toEqual(['https://videos.example/broken.vtt', 'https://videos.example/es.vtt']);
    expect(c?.tipo).toBe('video');
    const anchors = c!.unidades.flatMap((u) => u.bloques!.map((b) => b.ancla as AnclaTiempo));
    expect(anchors).toEqual([
      { tipo: 'tiempo', t0: 1, t1: 4, hablante: 'Ana' },
      { tipo: 'tiempo', t0: 4.5, t1: 8, hablante: 'Ana' },
    ]);
    expect(c!.metadatos).toMatchObject({ titulo: 'Charla sobre el agua', idioma: 'es', duracion: 8 });
  });

  it('gives undefined when no track gives cues', async () => {
    expect(await convertCaptions(video, async () => 'not captions')).toBeUndefined();
  });

  it('stops on abort', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(convertCaptions(video, async () => VTT_ES, controller.signal)).rejects.toThrow('stop');
  });
});

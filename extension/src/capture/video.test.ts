// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { CaptureError } from './capture-error';
import { captureVideo, type CapturedVideo } from './video';
import { parseCaptions } from './vtt';
import type { FetchLike } from './web';
import { playerResponseIn, rankYoutubeTracks, youtubeVideoId, type YtCaptionTrack } from './youtube';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

function pageAt(html: string, url: string): Document {
  return new JSDOM(html, { url }).window.document;
}

/** A fetch that answers from a table of URLs (by prefix) and records what it was asked. */
function fakeFetch(routes: Record<string, string | (() => Response)>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const impl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const key = Object.keys(routes).find((k) => url.startsWith(k));
    if (key === undefined) return new Response('', { status: 404 });
    const route = routes[key]!;
    return typeof route === 'string' ? new Response(route, { status: 200 }) : route();
  };
  return { impl, calls };
}

function setTime(video: Element | null, seconds: number, playing = false) {
  Object.defineProperty(video, 'currentTime', { value: seconds, configurable: true });
  Object.defineProperty(video, 'paused', { value: !playing, configurable: true });
}

const YT_WATCH = 'https://www.youtube.com/watch?v=Xk3Qh0Cenot&list=PL123&index=2&t=42s';
const TIMEDTEXT = 'https://www.youtube.com/api/timedtext?';

const MANUAL_ES = `WEBVTT
Kind: captions
Language: es-419

00:00:01.000 --> 00:00:04.500
Bienvenidos a los cenotes de Homún.

00:00:04.500 --> 00:00:09.250
Aquí el agua del acuífero aflora entre raíces.
`;

describe('captureVideo on a YouTube watch page', () => {
  it("takes the written track in the page's language, as YouTube wrote it, and the second being watched", async () => {
    const doc = pageAt(fixture('youtube-watch.html'), YT_WATCH);
    setTime(doc.querySelector('#movie_player video'), 83.2567, true);
    const { impl, calls } = fakeFetch({ [TIMEDTEXT]: MANUAL_ES });

    const video = await captureVideo(doc, impl);

    expect(video).toEqual<CapturedVideo>({
      kind: 'video',
      url: 'https://www.youtube.com/watch?v=Xk3Qh0Cenot',
      titulo: 'Los cenotes de Homún: un recorrido {con llaves} y "comillas"',
      nombre: 'los-cenotes-de-homun-un-recorrido-con-llaves-y-comillas.vtt',
      contentType: 'text/vtt',
      vtt: MANUAL_ES,
      t: 83.257,
      idioma: 'es-419',
    });
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0]!.url);
    expect(asked.searchParams.get('lang')).toBe('es-419');
    expect(asked.searchParams.get('kind')).toBeNull();
    expect(asked.searchParams.get('fmt')).toBe('vtt');
    expect(asked.searchParams.get('signature')).toBe('4F1A8C2B9D.0E7F3A');
    expect(calls[0]!.init?.credentials).toBe('include');
  });

  it('rebuilds recognised captions without their rolling repeats', async () => {
    // Only the recognised track keeps an address.
    const onlyAsr = fixture('youtube-watch.html').replace(/"baseUrl": "[^"]*&lang=(?:en|es-419)"/g, '"baseUrl": ""');
    const doc = pageAt(onlyAsr, 'https://m.youtube.com/watch?v=Xk3Qh0Cenot');
    const asr = [
      'WEBVTT',
      'Kind: captions',
      'Language: es',
      '',
      '00:00:00.160 --> 00:00:02.790 align:start position:0%',
      ' ',
      'bienvenidos<00:00:00.400><c> a</c><00:00:01.000><c> Homún</c>',
      '',
      '00:00:02.790 --> 00:00:02.800 align:start position:0%',
      'bienvenidos a Homún',
      ' ',
      '',
      '00:00:02.800 --> 00:00:05.430 align:start position:0%',
      'bienvenidos a Homún',
      'en<00:00:03.120><c> Yucatán</c>',
      '',
    ].join('\n');
    const { impl, calls } = fakeFetch({ [TIMEDTEXT]: asr });

    const video = await captureVideo(doc, impl);

    expect(new URL(calls[0]!.url).searchParams.get('kind')).toBe('asr');
    expect(video).toMatchObject({
      url: 'https://www.youtube.com/watch?v=Xk3Qh0Cenot',
      idioma: 'es',
      automaticos: true,
      t: 0,
    });
    expect(parseCaptions(video!.vtt)).toEqual([
      { start: 0.16, end: 2.79, text: 'bienvenidos a Homún' },
      { start: 2.8, end: 5.43, text: 'en Yucatán' },
    ]);
    expect(video!.vtt).toMatch(/^WEBVTT\nLanguage: es\n/);
  });

  it('fetches the watch page again when the inline player response is of an earlier video', async () => {
    const doc = pageAt(fixture('youtube-watch.html'), 'https://www.youtube.com/watch?v=Otro_Video1');
    const fresh = fixture('youtube-watch.html')
      .replaceAll('Xk3Qh0Cenot', 'Otro_Video1')
      .replace('"title": "Los cenotes de Homún:', '"title": "Otro:');
    const { impl, calls } = fakeFetch({ 'https://www.youtube.com/watch?v=Otro_Video1': fresh, [TIMEDTEXT]: MANUAL_ES });

    const video = await captureVideo(doc, impl);

    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/watch', '/api/timedtext']);
    expect(new URL(calls[1]!.url).searchParams.get('v')).toBe('Otro_Video1');
    expect(video?.titulo).toMatch(/^Otro: un recorrido/);
    expect(video?.url).toBe('https://www.youtube.com/watch?v=Otro_Video1');
  });

  it("retries with the player's own timedtext request when the bare track address answers nothing", async () => {
    const doc = pageAt(fixture('youtube-watch.html'), YT_WATCH);
    const played =
      'https://www.youtube.com/api/timedtext?v=Xk3Qh0Cenot&caps=asr&xoaf=5&hl=es-419&lang=es-419&fmt=json3&pot=MnQ0k2&c=WEB&tlang=fr';
    Object.defineProperty(doc.defaultView!.performance, 'getEntriesByType', {
      value: () => [{ name: 'https://www.youtube.com/s/player/abc/base.js' }, { name: played }],
    });
    const { impl, calls } = fakeFetch({
      'https://www.youtube.com/api/timedtext?v=Xk3Qh0Cenot&caps=asr&xoaf=5&hl=es-419&lang=es-419&fmt=vtt&pot=':
        MANUAL_ES,
      [TIMEDTEXT]: '',
    });

    const video = await captureVideo(doc, impl);

    expect(calls).toHaveLength(2);
    const retried = new URL(calls[1]!.url);
    expect(retried.searchParams.get('pot')).toBe('MnQ0k2');
    expect(retried.searchParams.get('fmt')).toBe('vtt');
    expect(retried.searchParams.get('tlang')).toBeNull();
    expect(video?.vtt).toBe(MANUAL_ES);
  });

  it('says so when YouTube gives no captions at all', async () => {
    const doc = pageAt(fixture('youtube-watch.html'), YT_WATCH);
    const { impl } = fakeFetch({ [TIMEDTEXT]: '' });
    await expect(captureVideo(doc, impl)).rejects.toThrow(CaptureError);
    await expect(captureVideo(doc, impl)).rejects.toThrow(/Activa los subtítulos/);

    const bare = pageAt(
      fixture('youtube-watch.html').replace(/"captions": \{.*?"defaultAudioTrackIndex": 0\}\}, /, ''),
      YT_WATCH,
    );
    await expect(captureVideo(bare, impl)).rejects.toThrow('Este vídeo de YouTube no tiene subtítulos que guardar.');
  });
});

describe('YouTube facts', () => {
  it('knows a watch page by its address', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=Xk3Qh0Cenot&t=1s')).toBe('Xk3Qh0Cenot');
    expect(youtubeVideoId('https://m.youtube.com/watch?v=Xk3Qh0Cenot')).toBe('Xk3Qh0Cenot');
    expect(youtubeVideoId('https://www.youtube.com/results?search_query=cenotes')).toBeUndefined();
    expect(youtubeVideoId('https://www.youtube.com.example.org/watch?v=Xk3Qh0Cenot')).toBeUndefined();
    expect(youtubeVideoId('https://example.org/watch?v=Xk3Qh0Cenot')).toBeUndefined();
  });

  it('reads the player response past braces and quotes inside its strings', () => {
    const player = playerResponseIn(fixture('youtube-watch.html'));
    expect(player?.videoDetails).toMatchObject({ videoId: 'Xk3Qh0Cenot', author: 'Acuífero Maya' });
    expect(player?.captions?.playerCaptionsTracklistRenderer?.captionTracks).toHaveLength(3);
  });

  it('ranks written tracks first, then the page language, then the language spoken', () => {
    const t = (languageCode: string, kind?: string): YtCaptionTrack => ({
      baseUrl: `u-${languageCode}-${kind}`,
      languageCode,
      kind,
    });
    const tracks = [t('fr'), t('en'), t('es', 'asr'), t('es')];
    expect(rankYoutubeTracks(tracks, 'en-GB').map((x) => x.baseUrl)).toEqual([
      'u-en-undefined',
      'u-es-undefined',
      'u-fr-undefined',
      'u-es-asr',
    ]);
    expect(rankYoutubeTracks(tracks, 'de').map((x) => x.baseUrl)).toEqual([
      'u-es-undefined',
      'u-fr-undefined',
      'u-en-undefined',
      'u-es-asr',
    ]);
  });
});

describe('captureVideo on a page with an HTML5 video', () => {
  const PAGE = 'https://museo.example.org/charlas/agua#inicio';
  const routes = () => ({
    'https://museo.example.org/subtitulos/charla-es.vtt': fixture('charla-es.vtt'),
    'https://museo.example.org/charlas/subtitulos/charla-en.srt': fixture('charla-en.srt'),
  });

  it("takes the track in the page's language, converting SubRip to WebVTT, from the video with captions", async () => {
    const doc = pageAt(fixture('video-charla.html'), PAGE);
    setTime(doc.querySelector('#promo'), 12, true);
    setTime(doc.querySelector('#charla'), 131.5);
    const { impl, calls } = fakeFetch(routes());

    const video = await captureVideo(doc, impl);

    expect(calls.map((c) => c.url)).toEqual(['https://museo.example.org/charlas/subtitulos/charla-en.srt']);
    expect(calls[0]!.init?.credentials).toBe('same-origin');
    expect(video).toMatchObject({
      kind: 'video',
      url: 'https://museo.example.org/charlas/agua',
      titulo: 'Charla: el agua bajo Yucatán',
      nombre: 'charla-el-agua-bajo-yucatan.vtt',
      contentType: 'text/vtt',
      t: 131.5,
      idioma: 'en',
    });
    expect(video!.vtt).toMatch(/^WEBVTT\nLanguage: en\n\n1\n00:00:01\.000 --> 00:00:04\.500\nGood afternoon/);
    expect(parseCaptions(video!.vtt).map((c) => [c.start, c.end])).toEqual([
      [1, 4.5],
      [4.5, 9.25],
      [130, 135.5],
    ]);
  });

  it('takes the default track when none is in the page language, as served', async () => {
    const doc = pageAt(fixture('video-charla.html').replace('lang="en"', 'lang="de"'), PAGE);
    const { impl } = fakeFetch(routes());
    const video = await captureVideo(doc, impl);
    expect(video).toMatchObject({ idioma: 'es', t: 0 });
    expect(video!.vtt).toBe(fixture('charla-es.vtt'));
  });

  it('falls back to the next track when one cannot be fetched', async () => {
    const doc = pageAt(fixture('video-charla.html'), PAGE);
    const { impl, calls } = fakeFetch({
      'https://museo.example.org/subtitulos/charla-es.vtt': fixture('charla-es.vtt'),
    });
    const video = await captureVideo(doc, impl);
    expect(calls).toHaveLength(2);
    expect(video?.idioma).toBe('es');
  });

  it('reads cues the browser already loaded, voices included, without fetching', async () => {
    const doc = pageAt(fixture('video-charla.html'), PAGE);
    const element = doc.querySelector('track[srclang=en]')!;
    Object.defineProperty(element, 'track', {
      value: {
        kind: 'subtitles',
        mode: 'showing',
        cues: [{ startTime: 2, endTime: 3.5, text: '<v Ana>Hello &amp; welcome' }],
      },
    });
    const { impl, calls } = fakeFetch({});
    const video = await captureVideo(doc, impl);
    expect(calls).toHaveLength(0);
    expect(parseCaptions(video!.vtt)).toEqual([{ start: 2, end: 3.5, text: 'Hello & welcome', voice: 'Ana' }]);
  });

  it('wakes a track it cannot fetch by showing it hidden, then puts its mode back', async () => {
    const doc = pageAt(fixture('video-charla.html').replace(/<track kind="captions"[^>]*>/, ''), PAGE);
    const element = doc.querySelector('track[srclang=en]')!;
    const modes: string[] = [];
    const track = {
      kind: 'subtitles',
      cues: null as null | { startTime: number; endTime: number; text: string }[],
      _mode: 'disabled',
      get mode() {
        return this._mode;
      },
      set mode(value: string) {
        modes.push(value);
        this._mode = value;
        if (value === 'hidden') {
          setTimeout(() => {
            this.cues = [{ startTime: 130, endTime: 135.5, text: 'In the dry season' }];
            element.dispatchEvent(new doc.defaultView!.Event('load'));
          }, 5);
        }
      },
    };
    Object.defineProperty(element, 'track', { value: track });
    const { impl } = fakeFetch({});

    const video = await captureVideo(doc, impl);

    expect(parseCaptions(video!.vtt)).toEqual([{ start: 130, end: 135.5, text: 'In the dry season' }]);
    expect(modes).toEqual(['hidden', 'disabled']);
  });

  it('is undefined for a page whose videos have no captions, or no video at all', async () => {
    const { impl } = fakeFetch({});
    const noCaptions = pageAt(
      '<!doctype html><title>x</title><video src="/a.mp4"><track kind="chapters" src="/c.vtt"></video>',
      PAGE,
    );
    expect(await captureVideo(noCaptions, impl)).toBeUndefined();
    expect(await captureVideo(pageAt('<!doctype html><title>x</title><p>Texto</p>', PAGE), impl)).toBeUndefined();
  });

  it('says so when no track of the video can be read', async () => {
    const doc = pageAt(fixture('video-charla.html'), PAGE);
    await expect(captureVideo(doc, fakeFetch({}).impl)).rejects.toThrow(
      'No se pudieron leer los subtítulos de este vídeo.',
    );
  });
});

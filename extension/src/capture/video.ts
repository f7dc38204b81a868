import { CaptureError } from './capture-error';
import { captureFileName } from './slug';
import { absoluteUrl, withoutFragment, type FetchLike } from './web';
import { collapseRollingCaptions, cueText, parseCaptions, toWebVtt, type TimedText } from './vtt';
import {
  YOUTUBE,
  playerResponseIn,
  playerResponseOf,
  playerTimedtextUrl,
  rankYoutubeTracks,
  vttUrlOf,
  youtubeVideoId,
  type YtCaptionTrack,
  type YtPlayerResponse,
} from './youtube';

/**
 * The captions of the video being watched, ready to upload as a file: `POST /documentos?nombre=…&url=…&titulo=…`
 * with `vtt` as the body (content type `text/vtt`). The backend reads a caption file that comes with its
 * page's URL as that video, with `tiempo` anchors; `t` is the second the user was at, for 'cite this moment'.
 */
export interface CapturedVideo {
  kind: 'video';
  /** The video's page without its fragment (on YouTube, `https://www.youtube.com/watch?v=<id>` alone). */
  url: string;
  /** The video's title: send it as the upload's `titulo` (a caption file has none of its own). */
  titulo: string;
  /** The upload's `nombre`: '<slug of the title>.vtt'. */
  nombre: string;
  contentType: 'text/vtt';
  /** The caption track as WebVTT. */
  vtt: string;
  /** The current playback position, in seconds (millisecond precision). */
  t: number;
  /** The track's language, when the page says it. */
  idioma?: string;
  /** Captions made by speech recognition (YouTube's automatic ones), not written by someone. */
  automaticos?: boolean;
}

/**
 * Captures the captions of the video on the page, for the content script: on a YouTube watch page the track
 * the player response offers (written before recognised, the page's language first); elsewhere an HTML5
 * `<video>` with a `<track kind=subtitles|captions>` (the playing one first; the track in the page's
 * language, else the default one), read from the cues the browser already loaded or fetched from its
 * `src`. Undefined when the page has no video with captions to offer; a {@link CaptureError} when it has
 * one whose captions cannot be had.
 */
export async function captureVideo(doc: Document, fetchImpl: FetchLike = fetch): Promise<CapturedVideo | undefined> {
  const youtubeId = youtubeVideoId(doc.URL);
  if (youtubeId) return captureYoutube(doc, youtubeId, fetchImpl);
  return captureHtml5(doc, fetchImpl);
}

// --- YouTube -------------------------------------------------------------------------------------

async function captureYoutube(doc: Document, videoId: string, fetchImpl: FetchLike): Promise<CapturedVideo> {
  const player = await currentPlayerResponse(doc, videoId, fetchImpl);
  const tracks = rankYoutubeTracks(
    player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [],
    pageLanguage(doc),
  );
  if (tracks.length === 0) throw new CaptureError('Este vídeo de YouTube no tiene subtítulos que guardar.');

  const track = tracks[0]!;
  const auto = track.kind === YOUTUBE.recognisedKind;
  const text = await youtubeTrackText(doc, videoId, track, fetchImpl);
  let cues = parseCaptions(text);
  if (auto) cues = collapseRollingCaptions(cues);
  if (cues.length === 0) {
    throw new CaptureError(
      'YouTube no entregó los subtítulos. Activa los subtítulos (CC) del vídeo y vuelve a intentarlo.',
    );
  }
  const idioma = track.languageCode?.trim() || undefined;
  // A written track goes as YouTube wrote it (voices, line breaks); a recognised one had to be rebuilt.
  const vtt = !auto && /^WEBVTT/.test(text.replace(/^\uFEFF/, '')) ? text : toWebVtt(cues, { language: idioma });
  const titulo = player.videoDetails?.title?.trim() || doc.title.replace(/\s+-\s+YouTube\s*$/, '').trim() || videoId;
  const page = new URL(doc.URL);
  const url = `${page.origin.replace('//m.', '//www.')}${YOUTUBE.watchPath}?${YOUTUBE.videoParam}=${videoId}`;
  return {
    kind: 'video',
    url,
    titulo,
    nombre: captureFileName(titulo, 'vtt'),
    contentType: 'text/vtt',
    vtt,
    t: currentSecond(doc.querySelector<HTMLVideoElement>(YOUTUBE.videoSelector) ?? doc.querySelector('video')),
    ...(idioma && { idioma }),
    ...(auto && { automaticos: true }),
  };
}

/**
 * The page's inline player response is that of the first video the tab opened: after moving to another
 * video inside YouTube it is stale, and the watch page is fetched again for the current one.
 */
async function currentPlayerResponse(doc: Document, videoId: string, fetchImpl: FetchLike): Promise<YtPlayerResponse> {
  const inline = playerResponseOf(doc);
  if (inline?.videoDetails?.videoId === videoId) return inline;
  const watch = new URL(doc.URL);
  watch.search = `?${YOUTUBE.videoParam}=${encodeURIComponent(videoId)}`;
  watch.hash = '';
  try {
    const res = await fetchImpl(watch.href, { credentials: 'include' });
    const fetched = res.ok ? playerResponseIn(await res.text()) : undefined;
    if (fetched?.videoDetails?.videoId === videoId) return fetched;
  } catch {
    // Offline or blocked: said below.
  }
  throw new CaptureError(
    'No se encontraron los datos del vídeo en la página de YouTube. Recárgala y vuelve a intentarlo.',
  );
}

async function youtubeTrackText(
  doc: Document,
  videoId: string,
  track: YtCaptionTrack,
  fetchImpl: FetchLike,
): Promise<string> {
  const first = await fetchText(fetchImpl, vttUrlOf(track.baseUrl!, doc.URL), 'include');
  if (first?.trim()) return first;
  const played = playerTimedtextUrl(resourceUrls(doc), videoId, track);
  const second = played ? await fetchText(fetchImpl, played, 'include') : undefined;
  return second ?? '';
}

function resourceUrls(doc: Document): string[] {
  try {
    return (doc.defaultView?.performance.getEntriesByType('resource') ?? []).map((e) => e.name);
  } catch {
    return [];
  }
}

// --- HTML5 video ---------------------------------------------------------------------------------

/** A `<track>` or a script-added text track of a video. */
interface Candidate {
  video: HTMLVideoElement;
  element?: HTMLTrackElement;
  track?: TextTrack;
  lang?: string;
  isDefault: boolean;
}

async function captureHtml5(doc: Document, fetchImpl: FetchLike): Promise<CapturedVideo | undefined> {
  const videos = Array.from(doc.querySelectorAll('video'))
    .map((video, i) => ({ video, i, candidates: candidatesOf(video) }))
    .filter((v) => v.candidates.length > 0)
    .sort((a, b) => watched(b.video) - watched(a.video) || a.i - b.i);
  if (videos.length === 0) return undefined;
  const { video, candidates } = videos[0]!;

  const page = pageLanguage(doc);
  const ranked = [...candidates].sort((a, b) => rankCandidate(a, page) - rankCandidate(b, page));
  for (const candidate of ranked) {
    const vtt = await candidateVtt(candidate, doc, fetchImpl);
    if (!vtt) continue;
    const titulo = videoTitle(doc);
    return {
      kind: 'video',
      url: withoutFragment(doc.URL),
      titulo,
      nombre: captureFileName(titulo, 'vtt'),
      contentType: 'text/vtt',
      vtt,
      t: currentSecond(video),
      ...(candidate.lang && { idioma: candidate.lang }),
    };
  }
  throw new CaptureError('No se pudieron leer los subtítulos de este vídeo.');
}

function candidatesOf(video: HTMLVideoElement): Candidate[] {
  const found: Candidate[] = [];
  const seen = new Set<TextTrack>();
  for (const element of Array.from(video.querySelectorAll('track'))) {
    const kind = (element.getAttribute('kind') ?? 'subtitles').trim().toLowerCase();
    if (kind !== 'subtitles' && kind !== 'captions') continue;
    const track = element.track ?? undefined;
    if (track) seen.add(track);
    found.push({
      video,
      element,
      track,
      lang: element.getAttribute('srclang')?.trim() || undefined,
      isDefault: element.hasAttribute('default'),
    });
  }
  // Tracks a player added from script (addTextTrack) have cues but no element.
  const tracks = video.textTracks as TextTrackList | undefined;
  for (const track of tracks ? Array.from(tracks) : []) {
    if (seen.has(track) || (track.kind !== 'subtitles' && track.kind !== 'captions')) continue;
    if (!track.cues?.length) continue;
    found.push({ video, track, lang: track.language || undefined, isDefault: track.mode === 'showing' });
  }
  return found;
}

function rankCandidate(c: Candidate, pageLang: string | undefined): number {
  const primary = (tag: string | undefined) => tag?.toLowerCase().split(/[-_]/)[0];
  if (pageLang && primary(c.lang) === primary(pageLang)) return 0;
  return c.isDefault ? 1 : 2;
}

/** Playing first, then paused part-way, then untouched. */
function watched(video: HTMLVideoElement): number {
  if (!video.paused && !video.ended) return 2;
  return video.currentTime > 0 ? 1 : 0;
}

/**
 * A track as WebVTT: the cues the browser has loaded; else the file at its `src` (WebVTT as served, SubRip
 * or XML converted); else, when the file is out of reach (another origin without CORS), the cues the browser
 * loads once the track is switched to `hidden` (not shown), after which its mode is put back.
 */
async function candidateVtt(c: Candidate, doc: Document, fetchImpl: FetchLike): Promise<string | undefined> {
  const loaded = cuesOf(c.track);
  if (loaded.length > 0) return toWebVtt(loaded, { language: c.lang });
  const src = c.element?.getAttribute('src');
  const url = src ? absoluteUrl(src, doc.baseURI) : undefined;
  if (url) {
    const text = await fetchText(fetchImpl, url, 'same-origin');
    if (text && /^\uFEFF?WEBVTT/.test(text) && parseCaptions(text).length > 0) return text;
    const cues = text ? parseCaptions(text) : [];
    if (cues.length > 0) return toWebVtt(cues, { language: c.lang });
  }
  const woken = c.element && c.track ? await loadHidden(c.element, c.track) : [];
  return woken.length > 0 ? toWebVtt(woken, { language: c.lang }) : undefined;
}

function cuesOf(track: TextTrack | undefined): TimedText[] {
  const cues: TimedText[] = [];
  for (const cue of track?.cues ? Array.from(track.cues) : []) {
    const raw = (cue as VTTCue).text;
    if (typeof raw !== 'string') continue;
    const { text, voice } = cueText(raw);
    if (text) cues.push({ start: cue.startTime, end: cue.endTime, text, ...(voice && { voice }) });
  }
  return cues;
}

const TRACK_LOAD_MS = 5000;

async function loadHidden(element: HTMLTrackElement, track: TextTrack): Promise<TimedText[]> {
  if (track.mode !== 'disabled') return cuesOf(track);
  track.mode = 'hidden';
  try {
    if (element.readyState !== 2 /* LOADED */) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          element.removeEventListener('load', done);
          element.removeEventListener('error', done);
          resolve();
        };
        const timer = setTimeout(done, TRACK_LOAD_MS);
        element.addEventListener('load', done);
        element.addEventListener('error', done);
      });
    }
    return cuesOf(track);
  } finally {
    track.mode = 'disabled';
  }
}

// --- helpers -------------------------------------------------------------------------------------

async function fetchText(
  fetchImpl: FetchLike,
  url: string,
  credentials: RequestCredentials,
): Promise<string | undefined> {
  try {
    const res = await fetchImpl(url, { credentials });
    return res.ok ? await res.text() : undefined;
  } catch {
    return undefined;
  }
}

function currentSecond(video: HTMLVideoElement | null): number {
  const t = video?.currentTime;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? Math.round(t * 1000) / 1000 : 0;
}

function pageLanguage(doc: Document): string | undefined {
  return doc.documentElement.getAttribute('lang')?.trim() || undefined;
}

function videoTitle(doc: Document): string {
  const og = doc.querySelector('meta[property="og:title" i]')?.getAttribute('content')?.trim();
  return og || doc.title.trim() || withoutFragment(doc.URL);
}

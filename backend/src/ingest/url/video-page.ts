import { jsonAfter } from '@folio/shared';
import { parseHTML } from 'linkedom';
import { ConversionError, type Conversion, type FoundMetadata, type TranscriptFormat } from '../converter';
import { normalizeLanguage, yearFromDate, cleanTitle } from '../metadata/clean-fields';
import { isTimed, parseTranscript, unitsFromCues, type Cue } from '../media/cues';
import { pageMetadata, type MetaDocument } from './page-metadata';
import { parseTimedText } from './timedtext';

/** A caption file a video page offers. */
export interface CaptionTrack {
  url: string;
  format: TranscriptFormat;
  lang?: string;
  label?: string;
  /** Recognised by the platform (YouTube 'asr'), not written by a person. */
  auto?: boolean;
}

/** What a page says about the video it shows. */
export interface VideoPage {
  platform: 'html5' | 'youtube' | 'opengraph';
  /** Caption tracks, the one to try first first. */
  captions: CaptionTrack[];
  /** A direct media file (not a player page), when the page names one. */
  media?: { url: string; type?: string };
  metadatos: FoundMetadata;
}

/** Fetches a caption file and returns its text; the caller enforces the fetch rules (safeFetch). */
export type FetchText = (url: string, accept: string) => Promise<string>;

/** A page whose own text is shorter than this is there for its video. */
const VIDEO_PAGE_MAX_WORDS = 250;

/**
 * Finds the video a page is about: a YouTube watch page (the inline `ytInitialPlayerResponse`, its caption
 * tracks and `videoDetails`), an HTML `<video>` with `<track kind=captions|subtitles>` or a direct source,
 * or an `og:video` on a page whose `og:type` is a video. An article that merely embeds a clip is not a video
 * page: a `<video>` counts only when the page has little text of its own (or says `og:type=video.*`).
 * Tracks come in order of preference: the video's own language first (YouTube's recognised track tells
 * it; otherwise the page's lang), then Spanish, then English; written captions before recognised ones.
 */
export function findVideo(html: string, pageUrl: string): VideoPage | undefined {
  const youtube = youtubeVideo(html, pageUrl);
  if (youtube) return youtube;

  const { document } = parseHTML(html);
  const base = baseUrl(document, pageUrl);
  const found = pageMetadata(document as unknown as MetaDocument, { url: pageUrl });
  const ogType = metaContent(document, 'og:type')?.toLowerCase() ?? '';
  const saysVideo = ogType.startsWith('video');

  const videos = Array.from(document.querySelectorAll('video')) as unknown as El[];
  if (videos.length > 0 && (saysVideo || wordsOutsideMedia(document) < VIDEO_PAGE_MAX_WORDS)) {
    const captions: CaptionTrack[] = [];
    let media: VideoPage['media'];
    for (const video of videos) {
      for (const track of Array.from(video.querySelectorAll('track'))) {
        const kind = (track.getAttribute('kind') ?? 'subtitles').toLowerCase();
        const src = absolute(track.getAttribute('src'), base);
        if (!src || (kind !== 'captions' && kind !== 'subtitles')) continue;
        captions.push({
          url: src,
          format: /\.srt(?:$|[?#])/i.test(src) ? 'srt' : 'vtt',
          ...optional('lang', normalizeLanguage(track.getAttribute('srclang'))),
          ...optional('label', track.getAttribute('label') ?? undefined),
        });
      }
      media ??= videoSource(video, base);
    }
    if (captions.length > 0 || media) {
      return {
        platform: 'html5',
        captions: rankTracks(captions, found.idioma),
        ...(media && { media }),
        metadatos: found,
      };
    }
  }

  if (saysVideo) {
    const url = absolute(
      metaContent(document, 'og:video:secure_url') ??
        metaContent(document, 'og:video:url') ??
        metaContent(document, 'og:video'),
      base,
    );
    const type = metaContent(document, 'og:video:type')?.toLowerCase();
    if (url && isDirectMedia(url, type)) {
      return { platform: 'opengraph', captions: [], media: { url, ...(type && { type }) }, metadatos: found };
    }
  }
  return undefined;
}

/**
 * Reads the first caption track that gives cues into a video conversion with `tiempo` anchors, or
 * undefined when none does. A track that fails to download or parse is skipped; an abort is not.
 */
export async function convertCaptions(
  page: VideoPage,
  fetchText: FetchText,
  signal?: AbortSignal,
): Promise<Conversion | undefined> {
  for (const track of page.captions) {
    signal?.throwIfAborted();
    let cues: Cue[];
    try {
      const text = await fetchText(track.url, CAPTION_ACCEPT);
      cues = parseTimedText(text) ?? parseTranscript(text, track.format);
    } catch (err) {
      if (signal?.aborted) throw err;
      continue;
    }
    cues = cues.filter((c) => c.texto.trim());
    if (cues.length === 0 || !isTimed(cues)) continue;
    const unidades = unitsFromCues(cues, page.metadatos.duracion);
    if (unidades.length === 0) continue;
    const metadatos: FoundMetadata = { ...page.metadatos };
    if (track.lang && !track.auto) metadatos.idioma = track.lang;
    else if (track.lang && !metadatos.idioma) metadatos.idioma = track.lang;
    metadatos.duracion ??= Math.max(...cues.map((c) => c.t1));
    return { tipo: 'video', unidades, metadatos };
  }
  return undefined;
}

/** The error for a video page that offers neither captions Folio can read nor a file to transcribe. */
export function noCaptionsError(url: string): ConversionError {
  return new ConversionError(
    'El vídeo no tiene subtítulos legibles y la página no ofrece el archivo de vídeo para transcribirlo.',
    `No usable captions or media file for the video at ${url}`,
  );
}

const CAPTION_ACCEPT = 'text/vtt, application/x-subrip;q=0.9, text/xml;q=0.8, */*;q=0.5';

// --- YouTube -------------------------------------------------------------------------------------

interface YtCaptionTrack {
  baseUrl?: string;
  languageCode?: string;
  kind?: string;
  name?: { simpleText?: string; runs?: { text?: string }[] };
}

interface YtPlayerResponse {
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: YtCaptionTrack[] } };
  videoDetails?: { title?: string; author?: string; lengthSeconds?: string };
  microformat?: {
    playerMicroformatRenderer?: {
      title?: { simpleText?: string };
      ownerChannelName?: string;
      publishDate?: string;
      uploadDate?: string;
      lengthSeconds?: string;
    };
  };
}

const YOUTUBE_HOST = /(?:^|\.)(?:youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;

function youtubeVideo(html: string, pageUrl: string): VideoPage | undefined {
  const isYoutube = YOUTUBE_HOST.test(safeHost(pageUrl));
  if (!isYoutube && !html.includes('ytInitialPlayerResponse')) return undefined;
  const player = jsonAfter(html, /ytInitialPlayerResponse\s*=\s*/) as YtPlayerResponse | undefined;
  if (!player?.videoDetails) return undefined;

  const tracks = player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [];
  const captions: CaptionTrack[] = [];
  for (const t of tracks) {
    const raw = absolute(t.baseUrl, pageUrl);
    if (!raw) continue;
    const url = new URL(raw);
    url.searchParams.set('fmt', 'vtt');
    const label = t.name?.simpleText ?? t.name?.runs?.map((r) => r.text ?? '').join('');
    captions.push({
      url: url.toString(),
      format: 'vtt',
      ...optional('lang', normalizeLanguage(t.languageCode)),
      ...optional('label', label),
      ...(t.kind === 'asr' && { auto: true }),
    });
  }
  // The recognised track is in the language spoken: the video's own language.
  const spoken = captions.find((c) => c.auto)?.lang;

  const details = player.videoDetails;
  const micro = player.microformat?.playerMicroformatRenderer;
  const metadatos: FoundMetadata = {};
  const titulo = cleanTitle(details.title ?? micro?.title?.simpleText);
  if (titulo) metadatos.titulo = titulo;
  // A channel is cited by its name as written (APA): it is not split into given name and surname.
  const channel = (details.author ?? micro?.ownerChannelName)?.trim();
  if (channel) metadatos.autores = [channel];
  const anio = yearFromDate(micro?.publishDate ?? micro?.uploadDate);
  if (anio) metadatos.anio = anio;
  const seconds = Number(details.lengthSeconds ?? micro?.lengthSeconds);
  if (Number.isFinite(seconds) && seconds > 0) metadatos.duracion = seconds;
  if (spoken) metadatos.idioma = spoken;
  return { platform: 'youtube', captions: rankTracks(captions, spoken), metadatos };
}

// --- helpers -------------------------------------------------------------------------------------

interface El {
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  querySelector(selector: string): El | null;
  textContent: string | null;
}

type Doc = ReturnType<typeof parseHTML>['document'];

/** Own language first, then Spanish, then English, then the rest; written before recognised; page order. */
export function rankTracks(tracks: CaptionTrack[], ownLanguage: string | undefined): CaptionTrack[] {
  const primary = (tag: string | undefined) => tag?.toLowerCase().split('-')[0];
  const own = primary(ownLanguage);
  const rank = (t: CaptionTrack) => {
    const lang = primary(t.lang);
    if (own && lang === own) return 0;
    if (lang === 'es') return 1;
    if (lang === 'en') return 2;
    return lang ? 3 : 4;
  };
  return tracks
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || Number(a.t.auto ?? false) - Number(b.t.auto ?? false) || a.i - b.i)
    .map(({ t }) => t);
}

function videoSource(video: El, base: string): VideoPage['media'] {
  const candidates: { src: string | null; type?: string }[] = [{ src: video.getAttribute('src') }];
  for (const source of Array.from(video.querySelectorAll('source'))) {
    candidates.push({ src: source.getAttribute('src'), type: source.getAttribute('type')?.toLowerCase() });
  }
  for (const c of candidates) {
    const url = absolute(c.src, base);
    if (url && isDirectMedia(url, c.type)) return { url, ...(c.type && { type: c.type }) };
  }
  return undefined;
}

/** A file a media converter can read, not a player page, a stream playlist or a blob URL. */
function isDirectMedia(url: string, type: string | undefined): boolean {
  if (!/^https?:/i.test(url)) return false;
  if (type) return /^(?:video|audio)\//.test(type) && !/mpegurl|dash/.test(type);
  return /\.(?:mp4|m4v|webm|mov|ogv|mkv|mp3|m4a|ogg|oga|opus|wav)(?:$|[?#])/i.test(url);
}

function wordsOutsideMedia(document: Doc): number {
  const body = document.body as unknown as El | null;
  if (!body) return 0;
  let words = 0;
  const walk = (node: { nodeType: number; childNodes: ArrayLike<unknown>; localName?: string; data?: string }) => {
    if (node.nodeType === 3) {
      words += (node.data ?? '').split(/\s+/).filter(Boolean).length;
      return;
    }
    if (node.nodeType !== 1) return;
    if (/^(?:script|style|noscript|template|video|audio|nav|header|footer)$/i.test(node.localName ?? '')) return;
    for (const child of Array.from(node.childNodes)) walk(child as typeof node);
  };
  walk(body as unknown as Parameters<typeof walk>[0]);
  return words;
}

function metaContent(document: Doc, name: string): string | undefined {
  for (const meta of Array.from(document.querySelectorAll('meta')) as unknown as El[]) {
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name'))?.toLowerCase();
    const content = meta.getAttribute('content')?.trim();
    if (key === name && content) return content;
  }
  return undefined;
}

function baseUrl(document: Doc, pageUrl: string): string {
  const href = (document.querySelector('base[href]') as unknown as El | null)?.getAttribute('href');
  return absolute(href, pageUrl) ?? pageUrl;
}

function absolute(href: string | null | undefined, base: string): string | undefined {
  if (!href?.trim()) return undefined;
  try {
    return new URL(href.trim(), base).toString();
  } catch {
    return undefined;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value ? { [key]: value } : {}) as { [P in K]?: string };
}

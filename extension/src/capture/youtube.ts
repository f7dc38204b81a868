// A subpath: the package's index would bring its zod schemas into the content script.
import { jsonAfter } from '@folio/shared/text/json-after';

/**
 * What Folio relies on in YouTube's watch page, in one place. None of it is a published API: it is what the
 * page serves (checked in 2025). When capturing from YouTube breaks, look here first.
 */
export const YOUTUBE = {
  /** Hosts of watch pages (desktop and mobile). */
  hosts: /^(?:www\.|m\.)?youtube\.com$/i,
  /** A video's page is `/watch?v=<id>`. */
  watchPath: '/watch',
  videoParam: 'v',
  /** An inline script sets the player's first state: `var ytInitialPlayerResponse = {…};`. */
  playerResponseMarker: /\bytInitialPlayerResponse\s*=\s*/,
  /**
   * The timedtext endpoint that each caption track's `baseUrl` points at; `fmt=vtt` makes it answer WebVTT
   * (without it, XML). Lately it may answer an empty body unless the URL carries the player's own
   * proof-of-origin token, which only the player's requests (visible in the page's resource timing) have.
   */
  timedtextPath: '/api/timedtext',
  formatParam: 'fmt',
  vttFormat: 'vtt',
  /** `kind` of a track recognised by YouTube's speech recognition; its WebVTT rolls (see collapseRollingCaptions). */
  recognisedKind: 'asr',
  /** The main player's `<video>`. */
  videoSelector: '#movie_player video, video.html5-main-video',
} as const;

/** The parts of `ytInitialPlayerResponse` Folio reads. */
export interface YtPlayerResponse {
  videoDetails?: { videoId?: string; title?: string; author?: string; lengthSeconds?: string };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: YtCaptionTrack[] } };
}

/** One entry of `captions.playerCaptionsTracklistRenderer.captionTracks`. */
export interface YtCaptionTrack {
  baseUrl?: string;
  /** BCP 47-ish: 'es', 'es-419', 'en', 'pt-BR'. */
  languageCode?: string;
  /** 'asr' for recognised captions; absent for captions someone wrote. */
  kind?: string;
  name?: { simpleText?: string; runs?: { text?: string }[] };
  vssId?: string;
}

/** The video id of a YouTube watch page's address, or undefined for any other address. */
export function youtubeVideoId(pageUrl: string): string | undefined {
  try {
    const url = new URL(pageUrl);
    if (!YOUTUBE.hosts.test(url.hostname) || url.pathname !== YOUTUBE.watchPath) return undefined;
    const id = url.searchParams.get(YOUTUBE.videoParam)?.trim();
    return id && /^[\w-]{6,20}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The player response in a watch page's HTML (or in the text of one of its scripts), when present. */
export function playerResponseIn(html: string): YtPlayerResponse | undefined {
  const value = jsonAfter(html, YOUTUBE.playerResponseMarker);
  return value && typeof value === 'object' ? (value as YtPlayerResponse) : undefined;
}

/** The player response of a page's inline scripts. */
export function playerResponseOf(doc: Document): YtPlayerResponse | undefined {
  for (const script of Array.from(doc.querySelectorAll('script:not([src])'))) {
    const text = script.textContent ?? '';
    if (!text.includes('ytInitialPlayerResponse')) continue;
    const found = playerResponseIn(text);
    if (found) return found;
  }
  return undefined;
}

/**
 * Caption tracks in the order to try them: written before recognised, then the page's language, then the
 * language spoken (the recognised track's), then the page's order.
 */
export function rankYoutubeTracks(
  tracks: readonly YtCaptionTrack[],
  pageLanguage: string | undefined,
): YtCaptionTrack[] {
  const primary = (tag: string | undefined) => tag?.toLowerCase().split(/[-_]/)[0] || undefined;
  const page = primary(pageLanguage);
  const spoken = primary(tracks.find((t) => t.kind === YOUTUBE.recognisedKind)?.languageCode);
  const rank = (t: YtCaptionTrack) => {
    const lang = primary(t.languageCode);
    return (
      (t.kind === YOUTUBE.recognisedKind ? 10 : 0) + (page && lang === page ? 0 : spoken && lang === spoken ? 1 : 2)
    );
  };
  return tracks
    .filter((t) => t.baseUrl)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map(({ t }) => t);
}

/** A track's address asking for WebVTT, resolved against the page. */
export function vttUrlOf(baseUrl: string, pageUrl: string): string {
  const url = new URL(baseUrl, pageUrl);
  url.searchParams.set(YOUTUBE.formatParam, YOUTUBE.vttFormat);
  return url.href;
}

/**
 * The player's own request for the same track (same video and language, same kind), from the page's
 * resource timing: it carries the tokens a bare `baseUrl` may lack.
 */
export function playerTimedtextUrl(
  resourceUrls: readonly string[],
  videoId: string,
  track: YtCaptionTrack,
): string | undefined {
  for (const name of resourceUrls) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.pathname !== YOUTUBE.timedtextPath || url.searchParams.get('v') !== videoId) continue;
    if (track.languageCode && url.searchParams.get('lang') !== track.languageCode) continue;
    if ((url.searchParams.get('kind') ?? undefined) !== track.kind) continue;
    url.searchParams.set(YOUTUBE.formatParam, YOUTUBE.vttFormat);
    // The player may ask for a translation of the track; the capture wants the track itself.
    url.searchParams.delete('tlang');
    return url.href;
  }
  return undefined;
}

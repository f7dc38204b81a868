import { DOMParser, parseHTML } from 'linkedom';
import type { Conversion, FoundMetadata, TranscriptFormat } from '../converter';
import { authorsFromMetadata } from '../metadata/author-names';
import { cleanTitle, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';
import { isTimed, parseTranscript, unitsFromCues } from '../media/cues';
import type { FetchText } from './video-page';

/** A `podcast:transcript` of an episode. */
export interface EpisodeTranscript {
  url: string;
  /** The declared MIME type. */
  type: string;
  format: TranscriptFormat;
  language?: string;
  /** `rel="captions"`: timed, whatever the type says. */
  captions: boolean;
}

/** One item of a feed with what Folio reads from it. */
export interface Episode {
  title?: string;
  link?: string;
  guid?: string;
  /** `podcast:episode` number, as written. */
  number?: string;
  published?: Date;
  authors: string[];
  duration?: number;
  enclosure?: { url: string; type?: string; length?: number };
  /** Timed transcripts, the one to try first first (see `rankTranscripts`). */
  transcripts: EpisodeTranscript[];
  /** An untimed (text/plain) transcript, handed to the media converter with the audio. */
  plainTranscript?: EpisodeTranscript;
}

/** A parsed RSS 2.0 or Atom feed. */
export interface Feed {
  title?: string;
  language?: string;
  authors: string[];
  episodes: Episode[];
}

const NS: Record<string, string> = {
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://podcastindex.org/namespace/1.0': 'podcast',
  'https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md': 'podcast',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://www.w3.org/2005/Atom': 'atom',
  'http://search.yahoo.com/mrss/': 'media',
};

/** True when the text is an RSS or Atom document (checked on its first element, not on a declared type). */
export function looksLikeFeed(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .slice(0, 4096)
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/gi, '')
    .trimStart();
  return /^<(?:rss|rdf:RDF)[\s>]/i.test(head) || /^<(?:\w+:)?feed[\s>][^>]*2005\/Atom/i.test(head);
}

/**
 * Parses an RSS 2.0 (with the iTunes and Podcasting 2.0 namespaces) or Atom feed. Relative URLs are
 * resolved against `feedUrl`. Namespaced tags are matched by namespace, whatever prefix the feed uses.
 */
export function parseFeed(xml: string, feedUrl: string): Feed {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const root = document.documentElement as unknown as XmlEl | null;
  if (!root) return { authors: [], episodes: [] };
  const prefixes = namespacePrefixes(root);
  const key = (el: XmlEl) => qualified(el, prefixes);
  const kids = (el: XmlEl, name: string) => Array.from(el.children).filter((c) => key(c) === name);
  const kid = (el: XmlEl, ...names: string[]) => {
    for (const name of names) {
      const found = kids(el, name)[0];
      if (found) return found;
    }
    return undefined;
  };
  const text = (el: XmlEl | undefined) => el?.textContent?.trim() || undefined;
  const atom = key(root) === 'feed' || key(root) === 'atom:feed';
  /** Atom's <author><name>…</name></author>; RSS's <author> is the text itself. */
  const atomName = (el: XmlEl | undefined) => (el && (kid(el, 'name', 'atom:name') ?? el)) || undefined;
  const channel = atom ? root : (kid(root, 'channel') ?? root);

  const feedLanguage = normalizeLanguage(
    text(kid(channel, 'language', 'dc:language')) ?? root.getAttribute('xml:lang'),
  );
  const feed: Feed = {
    ...optional('title', cleanTitle(text(kid(channel, 'title', 'atom:title')))),
    ...optional('language', feedLanguage),
    authors: personNames([
      text(kid(channel, 'itunes:author')),
      text(atomName(kid(channel, 'author', 'atom:author'))),
      text(kid(channel, 'managingEditor')),
    ]),
    episodes: [],
  };

  for (const item of [...kids(channel, atom ? 'entry' : 'item'), ...kids(channel, 'atom:entry')]) {
    const link = atom
      ? href(
          kids(item, 'link').find((l) => (l.getAttribute('rel') ?? 'alternate') === 'alternate'),
          feedUrl,
        )
      : absolute(text(kid(item, 'link')), feedUrl);
    const enclosureEl = atom
      ? kids(item, 'link').find((l) => l.getAttribute('rel') === 'enclosure')
      : kid(item, 'enclosure');
    const enclosureUrl = atom ? href(enclosureEl, feedUrl) : absolute(enclosureEl?.getAttribute('url'), feedUrl);
    const length = Number(enclosureEl?.getAttribute('length'));
    const transcripts = kids(item, 'podcast:transcript').flatMap((t) => {
      const url = absolute(t.getAttribute('url'), feedUrl);
      const type = (t.getAttribute('type') ?? '').toLowerCase().trim();
      const format = transcriptFormat(type, url);
      if (!url || !format) return [];
      const language = normalizeLanguage(t.getAttribute('language')) ?? feedLanguage;
      return [
        {
          url,
          type,
          format,
          ...optional('language', language),
          captions: t.getAttribute('rel') === 'captions',
        } satisfies EpisodeTranscript,
      ];
    });
    const timed = transcripts.filter((t) => t.format !== 'txt');
    const plain = transcripts.find((t) => t.format === 'txt');
    const published = parseDate(text(kid(item, 'pubDate', 'published', 'updated', 'dc:date', 'atom:published')));
    const duration = parseDuration(text(kid(item, 'itunes:duration')));
    const episode: Episode = {
      ...optional('title', cleanTitle(text(kid(item, 'title', 'atom:title')))),
      ...optional('link', link),
      ...optional('guid', text(kid(item, 'guid', 'id', 'atom:id'))),
      ...optional('number', text(kid(item, 'podcast:episode', 'itunes:episode'))),
      ...(published && { published }),
      authors: personNames([
        text(kid(item, 'itunes:author')),
        text(atomName(kid(item, 'author', 'atom:author'))),
        text(kid(item, 'dc:creator')),
      ]),
      ...(duration !== undefined && { duration }),
      ...(enclosureUrl && {
        enclosure: {
          url: enclosureUrl,
          ...optional('type', enclosureEl?.getAttribute('type')?.toLowerCase() ?? undefined),
          ...(Number.isFinite(length) && length > 0 && { length }),
        },
      }),
      transcripts: rankTranscripts(timed, feedLanguage),
      ...(plain && { plainTranscript: plain }),
    };
    feed.episodes.push(episode);
  }
  return feed;
}

/**
 * The episode a URL names: the feed URL's fragment matched against guid, link, the last segment of either,
 * or the episode number; else an item whose link or guid is the URL itself (an episode page); else, when
 * `newestByDefault`, the newest episode by date (the first in the feed when none has a date).
 */
export function pickEpisode(feed: Feed, url: string, newestByDefault = true): Episode | undefined {
  const wanted = new Set<string>();
  let fragment = '';
  try {
    const parsed = new URL(url);
    fragment = decodeURIComponent(parsed.hash.slice(1)).trim();
    parsed.hash = '';
    wanted.add(comparable(parsed.toString()));
  } catch {
    // Not a URL: nothing to match.
  }
  if (fragment) {
    const match = feed.episodes.find((e) =>
      [e.guid, e.link, lastSegment(e.guid), lastSegment(e.link), e.number].some(
        (v) => v !== undefined && (v === fragment || comparable(v) === comparable(fragment)),
      ),
    );
    if (match) return match;
  }
  const byPage = feed.episodes.find((e) => [e.link, e.guid].some((v) => v && wanted.has(comparable(v))));
  if (byPage) return byPage;
  if (!newestByDefault) return undefined;
  return newest(feed.episodes);
}

/**
 * The episode's transcript as a conversion with `tiempo` anchors, trying the transcripts in order, or
 * undefined when none gives cues. A transcript that fails to download or parse is skipped.
 */
export async function convertTranscript(
  feed: Feed,
  episode: Episode,
  fetchText: FetchText,
  signal?: AbortSignal,
): Promise<Conversion | undefined> {
  for (const transcript of episode.transcripts) {
    signal?.throwIfAborted();
    let unidades;
    try {
      const text = await fetchText(transcript.url, acceptFor(transcript));
      const cues = parseTranscript(text, transcript.format).filter((c) => c.texto.trim());
      // Untimed text cannot give tiempo anchors: the next transcript, or the audio, will.
      unidades = cues.length > 0 && isTimed(cues) ? unitsFromCues(cues, episode.duration) : [];
      if (unidades.length === 0) continue;
      const metadatos = episodeMetadata(feed, episode);
      if (transcript.language) metadatos.idioma = transcript.language;
      metadatos.duracion ??= Math.max(...cues.map((c) => c.t1));
      return { tipo: isVideo(episode) ? 'video' : 'audio', unidades, metadatos };
    } catch (err) {
      if (signal?.aborted) throw err;
    }
  }
  return undefined;
}

/** titulo (the episode's), autores (itunes:author of the item, else of the show), anio, idioma, duracion. */
export function episodeMetadata(feed: Feed, episode: Episode): FoundMetadata {
  const metadatos: FoundMetadata = {};
  const titulo = episode.title ?? feed.title;
  if (titulo) metadatos.titulo = titulo;
  // The show is APA's container of an episode ('[Episodio de pódcast de audio]. En Show.').
  if (episode.title && feed.title) metadatos.contenedor = feed.title;
  const autores = episode.authors.length > 0 ? episode.authors : feed.authors;
  if (autores.length > 0) metadatos.autores = autores;
  const anio = episode.published && yearFromDate(episode.published.toISOString());
  if (anio) metadatos.anio = anio;
  if (feed.language) metadatos.idioma = feed.language;
  if (episode.duration !== undefined) metadatos.duracion = episode.duration;
  return metadatos;
}

export function isVideo(episode: Episode): boolean {
  return episode.enclosure?.type?.startsWith('video/') ?? false;
}

/**
 * Feeds a page names with `<link rel=alternate type=application/rss+xml|atom+xml>`, when the page looks
 * like a podcast episode (an `<audio>`, `og:audio`, a PodcastEpisode in JSON-LD, a link to an audio file,
 * or 'podcast' in the feed's title or address). A blog post with an RSS link is not an episode page.
 */
export function episodeFeedLinks(html: string, pageUrl: string): string[] {
  const { document } = parseHTML(html);
  const all = (selector: string) => Array.from(document.querySelectorAll(selector)) as unknown as XmlEl[];
  const links = all('link[rel~="alternate" i][href]').filter((l) =>
    /^application\/(?:rss|atom)\+xml$/i.test(l.getAttribute('type')?.trim() ?? ''),
  );
  if (links.length === 0) return [];
  const hint =
    all('audio').length > 0 ||
    all('meta[property="og:audio" i], meta[property="og:audio:url" i]').length > 0 ||
    /"@type"\s*:\s*"PodcastEpisode"/.test(html) ||
    all('a[href]').some((a) => /\.(?:mp3|m4a|aac|ogg|opus)(?:$|[?#])/i.test(a.getAttribute('href') ?? '')) ||
    links.some((l) => /podcast|episod/i.test(`${l.getAttribute('title') ?? ''} ${l.getAttribute('href') ?? ''}`));
  if (!hint) return [];
  return links.map((l) => absolute(l.getAttribute('href'), pageUrl)).filter((u): u is string => Boolean(u));
}

// --- transcripts ---------------------------------------------------------------------------------

const FORMAT_RANK: Record<TranscriptFormat, number> = { vtt: 0, srt: 1, json: 2, html: 3, txt: 4 };

/** The format of a `podcast:transcript` from its MIME type (or, failing that, its file extension). */
export function transcriptFormat(type: string, url: string | undefined): TranscriptFormat | undefined {
  const t = type.split(';')[0]!.trim();
  if (t === 'text/vtt') return 'vtt';
  if (t === 'application/x-subrip' || t === 'application/srt' || t === 'text/srt' || t === 'text/x-srt') return 'srt';
  if (t === 'application/json' || t === 'text/json') return 'json';
  if (t === 'text/html' || t === 'application/xhtml+xml') return 'html';
  if (t === 'text/plain') return 'txt';
  const ext = /\.(vtt|srt|json|html?|txt)(?:$|[?#])/i.exec(url ?? '')?.[1]?.toLowerCase();
  if (!ext) return undefined;
  return ext === 'htm' ? 'html' : (ext as TranscriptFormat);
}

/**
 * Transcripts in the order to try: the episode's own language (a transcript without `language` is in the
 * feed's) before Spanish, before English, before others — a transcript in another language is a
 * translation — and within one language vtt > srt > json > html.
 */
export function rankTranscripts(
  transcripts: EpisodeTranscript[],
  feedLanguage: string | undefined,
): EpisodeTranscript[] {
  const primary = (tag: string | undefined) => tag?.toLowerCase().split('-')[0];
  const own = primary(feedLanguage);
  const langRank = (t: EpisodeTranscript) => {
    const lang = primary(t.language);
    if (!lang || lang === own) return 0;
    if (lang === 'es') return 1;
    if (lang === 'en') return 2;
    return 3;
  };
  return [...transcripts].sort((a, b) => langRank(a) - langRank(b) || FORMAT_RANK[a.format] - FORMAT_RANK[b.format]);
}

function acceptFor(t: EpisodeTranscript): string {
  return `${t.type || 'text/plain'}, */*;q=0.5`;
}

// --- helpers -------------------------------------------------------------------------------------

interface XmlEl {
  tagName: string;
  children: ArrayLike<XmlEl>;
  attributes: ArrayLike<{ name: string; value: string }>;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

function namespacePrefixes(root: XmlEl): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const attr of Array.from(root.attributes)) {
    const m = /^xmlns(?::(.+))?$/.exec(attr.name);
    if (!m) continue;
    const canonical = NS[attr.value.trim()] ?? NS[attr.value.trim().replace(/\/$/, '')];
    prefixes.set(m[1] ?? '', canonical ?? m[1] ?? '');
  }
  return prefixes;
}

/** 'itunes:author' whatever the feed's prefix for the iTunes namespace; unprefixed names as they are. */
function qualified(el: XmlEl, prefixes: Map<string, string>): string {
  const [prefix, local] = el.tagName.includes(':') ? el.tagName.split(':', 2) : [undefined, el.tagName];
  if (prefix === undefined) return local!;
  return `${prefixes.get(prefix) ?? prefix}:${local}`;
}

/** 'john@example.com (John Doe)' and 'John Doe (john@example.com)' both name John Doe. */
function personNames(fields: (string | undefined)[]): string[] {
  for (const field of fields) {
    if (!field) continue;
    const named = field.replace(/^\s*\S+@\S+\s*\(([^)]+)\)\s*$/, '$1').replace(/\(\s*\S+@\S+\s*\)/g, ' ');
    const authors = authorsFromMetadata(named);
    if (authors.length > 0) return authors;
  }
  return [];
}

/** itunes:duration: seconds, 'MM:SS' or 'HH:MM:SS'. */
export function parseDuration(raw: string | undefined): number | undefined {
  if (!raw) return undefined;
  const parts = raw.trim().split(':').map(Number);
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return undefined;
  const seconds = parts.reduce((total, p) => total * 60 + p, 0);
  return seconds > 0 ? seconds : undefined;
}

function parseDate(raw: string | undefined): Date | undefined {
  if (!raw) return undefined;
  const time = Date.parse(raw);
  return Number.isFinite(time) ? new Date(time) : undefined;
}

function newest(episodes: Episode[]): Episode | undefined {
  let best: Episode | undefined;
  for (const e of episodes) {
    if (!best) best = e;
    else if (e.published && (!best.published || e.published > best.published)) best = e;
  }
  return best;
}

function comparable(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\/(?:www\.)?/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

function lastSegment(value: string | undefined): string | undefined {
  return value?.replace(/\/+$/, '').split('/').pop() || undefined;
}

function href(el: XmlEl | undefined, base: string): string | undefined {
  return absolute(el?.getAttribute('href'), base);
}

function absolute(value: string | null | undefined, base: string): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    return new URL(value.trim(), base).toString();
  } catch {
    return undefined;
  }
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value ? { [key]: value } : {}) as { [P in K]?: string };
}

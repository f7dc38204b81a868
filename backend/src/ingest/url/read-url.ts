import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ConversionError, type Conversion, type Fase, type FoundMetadata, type SourceFile } from '../converter';
import { looksLikeHtml } from '../detect';
import { bodyText, decodeBytes } from './decode-body';
import {
  convertTranscript,
  episodeFeedLinks,
  episodeMetadata,
  looksLikeFeed,
  parseFeed,
  pickEpisode,
  type Episode,
  type Feed,
} from './podcast';
import { bodyHead, discardBody, safeFetch, type FetchedBody, type SafeFetchOptions } from './safe-fetch';
import { convertCaptions, findVideo, noCaptionsError, type FetchText, type VideoPage } from './video-page';
import { captureDate, convertWebPage } from './web-page';

/** How a URL is read: the fetch rules (from config), where downloads go, and the job's context. */
export interface ReadUrlContext {
  /** FOLIO_FETCH_ALLOW_PRIVATE=1: loopback and private addresses allowed (tests, trusted LANs). */
  allowPrivate: boolean;
  /** Time allowed for each fetch (the page, a caption file, an enclosure), headers and body included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Largest body of any fetch. */
  maxBytes: number;
  /** Where downloaded files are written (created when missing). */
  tmpDir: string;
  signal?: AbortSignal;
  /** Download progress, 0-1, when the size is known. */
  progress?(fraction: number): Promise<void>;
  /** Called with 'conversion' once the download is done and the page is being read. */
  phase?(fase: Fase): Promise<void>;
  /** The moment of capture (`consultada` of web anchors); now by default. */
  now?: Date;
  /** Addresses the SSRF guard lets through (tests only). */
  exemptAddresses?: readonly string[];
}

/**
 * What a URL gave: a file for the regular converters (a PDF, an office file, a podcast's audio …; the
 * registry detects its kind from the bytes), or a conversion already made from the page itself (a web
 * page, a video's captions, a podcast's transcript).
 */
export type UrlReading =
  | {
      kind: 'file';
      /** `path` is in `tmpDir` and belongs to the caller; `url` is the final URL of the download. */
      file: SourceFile;
      /** What the page or feed said about the file (a podcast's title, authors, year), to merge like a converter's. */
      metadatos?: FoundMetadata;
    }
  | { kind: 'converted'; conversion: Conversion; url: string };

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/x-rss+xml',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
]);
const MEDIA_ACCEPT = 'audio/*, video/*;q=0.9, */*;q=0.5';
const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/**
 * Fetches a URL (see `safeFetch` for the rules) and reads what came back:
 * - an RSS/Atom feed → its episode (the one the URL's fragment names, else the newest): the transcript
 *   when the feed links one, else the audio as a file for the media converter;
 * - HTML → a video page (captions, else the video file), else a podcast episode page (through the feed
 *   it links), else a web page read with Readability;
 * - anything else → a file for the regular converters.
 */
export async function readUrl(url: string, ctx: ReadUrlContext): Promise<UrlReading> {
  const fetchOptions = (accept?: string): SafeFetchOptions => ({
    allowPrivate: ctx.allowPrivate,
    timeoutMs: ctx.timeoutMs,
    maxBytes: ctx.maxBytes,
    maxRedirects: ctx.maxRedirects,
    tmpDir: ctx.tmpDir,
    ...(ctx.signal && { signal: ctx.signal }),
    ...(accept && { accept }),
    ...(ctx.exemptAddresses && { exemptAddresses: ctx.exemptAddresses }),
  });
  const fetchText: FetchText = async (target, accept) => {
    const body = await safeFetch(target, fetchOptions(accept));
    try {
      return await bodyText(body);
    } finally {
      await discardBody(body);
    }
  };
  const download = async (target: string, accept: string, metadatos?: FoundMetadata): Promise<UrlReading> => {
    await ctx.phase?.('descarga');
    const body = await safeFetch(target, { ...fetchOptions(accept), onProgress: progressReporter(ctx) });
    return { kind: 'file', file: await asFile(body, ctx.tmpDir), ...(metadatos && { metadatos }) };
  };

  const body = await safeFetch(url, { ...fetchOptions(), onProgress: progressReporter(ctx) });
  try {
    const kind = await classify(body);
    // asFile moves a spooled body away, so the discard below is then a no-op.
    if (kind === 'file') return { kind: 'file', file: await asFile(body, ctx.tmpDir) };
    const text = await bodyText(body, { html: kind === 'html' });
    await ctx.phase?.('conversion');

    if (kind === 'feed') {
      const feed = parseFeed(text, body.url);
      // The fragment is never sent: take it from the URL as given.
      const episode = pickEpisode(feed, withFragment(body.url, url));
      if (!episode) throw new ConversionError('El feed no tiene episodios.', `Feed without items at ${body.url}`);
      return await readEpisode(feed, episode, withFragment(body.url, url), fetchText, download, ctx.signal);
    }

    const video = findVideo(text, body.url);
    if (video) return await readVideo(video, body.url, fetchText, download, ctx.signal);

    for (const feedUrl of episodeFeedLinks(text, body.url).slice(0, 2)) {
      const feed = await fetchFeed(feedUrl, fetchOptions(FEED_ACCEPT));
      const episode = feed && pickEpisode(feed, body.url, false);
      if (feed && episode) return await readEpisode(feed, episode, body.url, fetchText, download, ctx.signal);
    }

    const conversion = convertWebPage({
      html: text,
      url: body.url,
      consultada: captureDate(ctx.now),
      ...(body.headers['content-language'] && { contentLanguage: body.headers['content-language'] }),
    });
    return { kind: 'converted', conversion, url: body.url };
  } finally {
    await discardBody(body);
  }
}

type Download = (url: string, accept: string, metadatos?: FoundMetadata) => Promise<UrlReading>;

async function readVideo(
  video: VideoPage,
  pageUrl: string,
  fetchText: FetchText,
  download: Download,
  signal: AbortSignal | undefined,
): Promise<UrlReading> {
  const conversion = await convertCaptions(video, fetchText, signal);
  if (conversion) return { kind: 'converted', conversion, url: pageUrl };
  if (video.media) return download(video.media.url, MEDIA_ACCEPT, video.metadatos);
  throw noCaptionsError(pageUrl);
}

async function readEpisode(
  feed: Feed,
  episode: Episode,
  sourceUrl: string,
  fetchText: FetchText,
  download: Download,
  signal: AbortSignal | undefined,
): Promise<UrlReading> {
  const conversion = await convertTranscript(feed, episode, fetchText, signal);
  if (conversion) return { kind: 'converted', conversion, url: sourceUrl };
  if (!episode.enclosure) {
    throw new ConversionError(
      'El episodio no tiene audio ni una transcripción legible.',
      `Episode without enclosure or usable transcript: ${episode.title ?? episode.guid ?? '?'}`,
    );
  }
  const reading = await download(episode.enclosure.url, MEDIA_ACCEPT, episodeMetadata(feed, episode));
  // An untimed transcript still beats recognition: the media converter gets it with the audio.
  const plain = episode.plainTranscript;
  if (reading.kind === 'file' && plain) {
    try {
      const text = await fetchText(plain.url, 'text/plain, */*;q=0.5');
      const path = `${reading.file.path}.transcript.txt`;
      await writeFile(path, text);
      reading.file.transcript = { path, format: 'txt' };
    } catch (err) {
      if (signal?.aborted) {
        await rm(reading.file.path, { force: true });
        throw err;
      }
    }
  }
  return reading;
}

async function fetchFeed(url: string, options: SafeFetchOptions): Promise<Feed | undefined> {
  try {
    const body = await safeFetch(url, options);
    try {
      const text = await bodyText(body);
      return looksLikeFeed(text) ? parseFeed(text, body.url) : undefined;
    } finally {
      await discardBody(body);
    }
  } catch (err) {
    // A broken feed link leaves the page a web page.
    if (options.signal?.aborted) throw err;
    return undefined;
  }
}

/** HTML, a feed, or a file: the declared type first, the first bytes when the type is vague or absent. */
async function classify(body: FetchedBody): Promise<'html' | 'feed' | 'file'> {
  const bytes = await bodyHead(body, 4096);
  // A server that calls everything text/html still sends a PDF's bytes.
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if ((!utf16 && bytes.includes(0)) || startsWith(bytes, '%PDF-')) return 'file';
  const head = decodeBytes(bytes, body.charset, false);
  if (HTML_TYPES.has(body.mimeType)) return looksLikeFeed(head) ? 'feed' : 'html';
  if (FEED_TYPES.has(body.mimeType)) return looksLikeFeed(head) ? 'feed' : 'file';
  const vague = body.mimeType === '' || body.mimeType === 'text/plain' || body.mimeType === 'application/octet-stream';
  if (vague && looksLikeFeed(head)) return 'feed';
  if (vague && looksLikeHtml(head)) return 'html';
  return 'file';
}

function startsWith(bytes: Uint8Array, ascii: string): boolean {
  return ascii.split('').every((c, i) => bytes[i] === c.charCodeAt(0));
}

/** The body as a file in tmpDir, named by the server (Content-Disposition) or the URL's last segment. */
async function asFile(body: FetchedBody, tmpDir: string): Promise<SourceFile> {
  await mkdir(tmpDir, { recursive: true });
  const nombre = body.fileName ?? nameFromUrl(body.url);
  const path = join(tmpDir, `url-${randomUUID()}${safeExtension(nombre)}`);
  if (body.path) await rename(body.path, path);
  else await writeFile(path, body.bytes ?? new Uint8Array());
  return {
    path,
    size: body.size,
    ...(nombre && { nombre }),
    ...(body.headers['content-type'] && { contentType: body.headers['content-type'] }),
    url: body.url,
  };
}

function nameFromUrl(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : undefined;
  } catch {
    return undefined;
  }
}

function safeExtension(name: string | undefined): string {
  const ext = name ? extname(name).toLowerCase() : '';
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

function withFragment(finalUrl: string, requested: string): string {
  try {
    const hash = new URL(requested).hash;
    if (!hash) return finalUrl;
    const final = new URL(finalUrl);
    final.hash = hash;
    return final.toString();
  } catch {
    return finalUrl;
  }
}

/** Reports download progress in steps of at least 1 %, never waiting on (or failing for) the report. */
function progressReporter(ctx: ReadUrlContext): SafeFetchOptions['onProgress'] {
  if (!ctx.progress) return undefined;
  let last = -1;
  return (received, total) => {
    if (!total) return;
    const fraction = Math.min(1, received / total);
    if (fraction - last < 0.01 && fraction < 1) return;
    last = fraction;
    ctx.progress!(fraction).catch(() => undefined);
  };
}

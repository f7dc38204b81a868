import { parseFile, type IAudioMetadata } from 'music-metadata';
import { ffprobePath, runFfmpeg, runTool } from '../../tools/ffmpeg';
import { ConversionError, type FoundMetadata } from '../converter';
import { authorsFromMetadata } from '../metadata/author-names';
import { cleanTitle, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';

/** One stream of a media file as ffprobe lists it. */
export interface ProbedStream {
  /** ffprobe's stream index (`-map 0:N`). */
  index: number;
  kind: 'audio' | 'video' | 'subtitle' | 'other';
  codec?: string;
  /** BCP 47 tag from the stream's language tag ('spa' → 'es'); absent when untagged or 'und'. */
  idioma?: string;
  title?: string;
  /** Cover art: a still picture stored as a video stream, which does not make the file a video. */
  picture?: boolean;
  default?: boolean;
  forced?: boolean;
  hearingImpaired?: boolean;
  /** Position among the subtitle streams (`-map 0:s:N`). */
  subtitleIndex?: number;
}

/** What a media file is and says about itself. */
export interface MediaProbe {
  tipo: 'audio' | 'video';
  /** Seconds; absent only when no reader could tell. */
  duracion?: number;
  /** Container as the reader names it ('MPEG', 'matroska,webm', 'Ogg' …). */
  container?: string;
  hasAudio: boolean;
  /** Streams from ffprobe; [] when only music-metadata could read the file. */
  streams: ProbedStream[];
  /** Title, authors, year and language from the tags (duration is in `duracion`). */
  metadatos: FoundMetadata;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** Bound on each external reader (ffprobe, and the decode that measures an unknown duration). */
  timeoutMs?: number;
}

const NOT_MEDIA = () =>
  new ConversionError(
    'El archivo no es un audio o vídeo legible (ni music-metadata ni ffprobe reconocen su formato).',
    'Not a readable audio or video file (neither music-metadata nor ffprobe recognise it).',
  );

/**
 * Reads duration, streams and tags of an audio or video file: music-metadata first (pure JavaScript,
 * the richest tag reader), then ffprobe (bundled binary) for the streams, subtitle tracks and the
 * containers music-metadata does not know. The file is a video only when it has a video stream that is
 * not cover art. Throws a ConversionError when neither reader recognises the file or it has no audio or
 * video stream at all.
 */
export async function probeMedia(path: string, opts: ProbeOptions = {}): Promise<MediaProbe> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const [mm, ff] = await Promise.all([
    parseFile(path, { duration: true, skipCovers: true }).then(recognised, () => undefined),
    ffprobe(path, { signal: opts.signal, timeoutMs }),
  ]);
  opts.signal?.throwIfAborted();
  if (!mm && !ff) throw NOT_MEDIA();

  const streams = ff ? ffStreams(ff) : [];
  const hasVideo = ff
    ? streams.some((s) => s.kind === 'video' && !s.picture)
    : (mm?.format.trackInfo ?? []).some((t) => t.type === 1) || mm?.format.hasVideo === true;
  const hasAudio = ff ? streams.some((s) => s.kind === 'audio') : mm?.format.hasAudio !== false;
  if (!hasAudio && !hasVideo) {
    throw new ConversionError(
      'El archivo no contiene audio ni vídeo.',
      'The file has neither an audio nor a video stream.',
    );
  }

  let duracion = positive(mm?.format.duration) ?? ffDuration(ff);
  if (duracion === undefined && ff) duracion = await measureDuration(path, { signal: opts.signal, timeoutMs });
  const result: MediaProbe = {
    tipo: hasVideo ? 'video' : 'audio',
    container: mm?.format.container ?? ff?.format?.format_name,
    hasAudio,
    streams,
    metadatos: tagsMetadata(mm, ff, streams),
  };
  if (duracion !== undefined) result.duracion = Math.round(duracion * 1000) / 1000;
  return result;
}

/**
 * music-metadata picks a parser by file extension and may "read" any bytes named .mp3 as MPEG with no
 * frames: without a container, a codec or a duration it did not recognise anything.
 */
function recognised(mm: IAudioMetadata): IAudioMetadata | undefined {
  const { container, codec, duration } = mm.format;
  return container || codec || positive(duration) !== undefined ? mm : undefined;
}

// ---------------------------------------------------------------------------------------------------
// ffprobe

interface FfStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  duration?: string;
  nb_frames?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
}

interface FfProbe {
  streams?: FfStream[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

async function ffprobe(path: string, opts: { signal?: AbortSignal; timeoutMs: number }): Promise<FfProbe | undefined> {
  try {
    const out = await runTool(
      ffprobePath(),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', `file:${path}`],
      { ...opts, maxOutputBytes: 8 * 1024 * 1024 },
    );
    const data = JSON.parse(out.toString('utf8')) as FfProbe;
    return data.format || data.streams?.length ? data : undefined;
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    // Not a format ffprobe knows, or no ffprobe on this platform: music-metadata may still read it.
    return undefined;
  }
}

/** Codecs of still pictures; as a single-frame "video" stream they are cover art. */
const IMAGE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff', 'jpegls', 'jpeg2000']);

function ffStreams(ff: FfProbe): ProbedStream[] {
  let subtitles = 0;
  return (ff.streams ?? []).map((s, i) => {
    const kind =
      s.codec_type === 'audio' || s.codec_type === 'video' || s.codec_type === 'subtitle' ? s.codec_type : 'other';
    const tags = lowerKeys(s.tags);
    const stream: ProbedStream = { index: s.index ?? i, kind, codec: s.codec_name };
    const idioma = language(tags.language);
    if (idioma) stream.idioma = idioma;
    if (tags.title) stream.title = tags.title;
    const d = s.disposition ?? {};
    if (d.default) stream.default = true;
    if (d.forced) stream.forced = true;
    if (d.hearing_impaired) stream.hearingImpaired = true;
    if (
      kind === 'video' &&
      (d.attached_pic === 1 || (IMAGE_CODECS.has(s.codec_name ?? '') && Number(s.nb_frames ?? 1) <= 1))
    ) {
      stream.picture = true;
    }
    if (kind === 'subtitle') stream.subtitleIndex = subtitles++;
    return stream;
  });
}

function ffDuration(ff: FfProbe | undefined): number | undefined {
  const format = positive(Number(ff?.format?.duration));
  if (format !== undefined) return format;
  // Matroska often keeps durations only as per-stream 'DURATION' tags ('00:00:08.730000000').
  const perStream = (ff?.streams ?? []).flatMap((s) => {
    const tag = lowerKeys(s.tags).duration;
    const fromTag = tag ? clockSeconds(tag) : undefined;
    return [positive(Number(s.duration)), fromTag].filter((v): v is number => v !== undefined);
  });
  return perStream.length > 0 ? Math.max(...perStream) : undefined;
}

/** Decodes the file once to learn how long it plays, for files whose headers do not say. */
async function measureDuration(
  path: string,
  opts: { signal?: AbortSignal; timeoutMs: number },
): Promise<number | undefined> {
  try {
    const out = await runFfmpeg(['-i', `file:${path}`, '-vn', '-sn', '-f', 'null', '-progress', 'pipe:1', '-'], {
      ...opts,
      maxOutputBytes: 64 * 1024 * 1024,
    });
    const times = [...out.toString('utf8').matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)].map((m) => Number(m[1]) / 1e6);
    return positive(times.length > 0 ? Math.max(...times) : undefined);
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// Tags

function tagsMetadata(mm: IAudioMetadata | undefined, ff: FfProbe | undefined, streams: ProbedStream[]): FoundMetadata {
  // Ogg keeps its comments on the stream, other containers on the format.
  const audioTags = lowerKeys((ff?.streams ?? []).find((s) => s.codec_type === 'audio')?.tags);
  const tags = { ...audioTags, ...lowerKeys(ff?.format?.tags) };
  const common = mm?.common;
  const metadatos: FoundMetadata = {};

  const titulo = cleanTitle(repair(common?.title) ?? tags.title);
  if (titulo) metadatos.titulo = titulo;

  const artists = common?.artists?.length
    ? common.artists.map((a) => repair(a) ?? a)
    : [repair(common?.artist) ?? tags.artist ?? repair(common?.albumartist) ?? tags.album_artist].filter(
        (a): a is string => !!a,
      );
  const autores = authorsFromMetadata(artists);
  if (autores.length > 0) metadatos.autores = autores;

  const anio =
    (common?.year && common.year >= 1000 ? common.year : undefined) ??
    yearFromDate(common?.date) ??
    yearFromDate(tags.date ?? tags.year);
  if (anio) metadatos.anio = anio;

  const idioma =
    language(common?.language) ??
    language(tags.language) ??
    streams.find((s) => s.kind === 'audio' && s.idioma)?.idioma;
  if (idioma) metadatos.idioma = idioma;
  return metadatos;
}

/** ISO 639-2 or BCP 47 from a tag → canonical BCP 47 ('spa' → 'es'); undefined for 'und', 'mul' and the like. */
export function language(raw: string | undefined): string | undefined {
  const tag = normalizeLanguage(raw);
  if (!tag || /^(?:und|mul|mis|zxx|qaa)$/i.test(tag)) return undefined;
  return tag;
}

/**
 * RIFF INFO chunks carry no encoding: ffmpeg writes UTF-8 there and music-metadata reads Latin-1, which
 * turns 'Pérez' into 'PÃ©rez'. A string that is valid UTF-8 when its code points are read back as bytes
 * is decoded again.
 */
function repair(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/[\u00c2-\u00f4][\u0080-\u00bf]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

function lowerKeys(tags: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tags ?? {})) {
    if (typeof value === 'string' && value.trim()) out[key.toLowerCase()] ??= value.trim();
  }
  return out;
}

function clockSeconds(value: string): number | undefined {
  const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

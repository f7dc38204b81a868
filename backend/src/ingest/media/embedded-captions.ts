import { runFfmpeg } from '../../tools/ffmpeg';
import { parseTranscript, type Cue } from './cues';
import type { ProbedStream } from './probe';

/** Subtitle codecs that hold text. Bitmap ones (dvd_subtitle, hdmv_pgs_subtitle, dvb_subtitle, xsub) would need OCR. */
const TEXT_SUBTITLE_CODECS = new Set([
  'webvtt',
  'subrip',
  'srt',
  'mov_text',
  'ass',
  'ssa',
  'text',
  'microdvd',
  'subviewer',
  'subviewer1',
  'sami',
  'realtext',
  'mpl2',
  'pjs',
  'vplayer',
  'stl',
  'jacosub',
  'ttml',
]);

/** True for a subtitle stream whose text ffmpeg can convert (not a bitmap one). */
export function isTextSubtitle(stream: ProbedStream): boolean {
  return (
    stream.kind === 'subtitle' && stream.subtitleIndex !== undefined && TEXT_SUBTITLE_CODECS.has(stream.codec ?? '')
  );
}

/**
 * The text subtitle streams worth trying, best first: the document's language, then Spanish, then
 * English, then the rest; within a language full subtitles before forced ones (those only translate the
 * odd foreign line), then the default track.
 */
export function captionCandidates(streams: readonly ProbedStream[], idioma?: string): ProbedStream[] {
  const wanted = [idioma?.split('-')[0]?.toLowerCase(), 'es', 'en'].filter((l): l is string => !!l);
  const rank = (s: ProbedStream) => {
    const lang = s.idioma?.split('-')[0]?.toLowerCase();
    const i = lang ? wanted.indexOf(lang) : -1;
    return i === -1 ? wanted.length : i;
  };
  return streams
    .filter(isTextSubtitle)
    .map((stream, order) => ({ stream, order }))
    .sort(
      (a, b) =>
        rank(a.stream) - rank(b.stream) ||
        Number(!!a.stream.forced) - Number(!!b.stream.forced) ||
        Number(!!b.stream.default) - Number(!!a.stream.default) ||
        a.order - b.order,
    )
    .map((c) => c.stream);
}

export interface EmbeddedCaptions {
  cues: Cue[];
  stream: ProbedStream;
}

/**
 * Extracts the first usable caption stream with the bundled ffmpeg and reads it into cues. WebVTT
 * tracks are copied as they are, which keeps their voice tags (`<v Name>`); every other text format is
 * converted to SubRip, whose 'Name:' convention then gives the speakers. A stream that fails or yields
 * no text is skipped for the next one; undefined when none gives any.
 */
export async function extractEmbeddedCaptions(
  path: string,
  streams: readonly ProbedStream[],
  opts: { idioma?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<EmbeddedCaptions | undefined> {
  for (const stream of captionCandidates(streams, opts.idioma)) {
    const attempts: { args: string[]; format: 'vtt' | 'srt' }[] =
      stream.codec === 'webvtt'
        ? [
            { args: ['-c:s', 'copy', '-f', 'webvtt'], format: 'vtt' },
            { args: ['-c:s', 'srt', '-f', 'srt'], format: 'srt' },
          ]
        : [{ args: ['-c:s', 'srt', '-f', 'srt'], format: 'srt' }];
    for (const attempt of attempts) {
      let text: string;
      try {
        const out = await runFfmpeg(
          ['-i', `file:${path}`, '-map', `0:s:${stream.subtitleIndex}`, ...attempt.args, 'pipe:1'],
          { signal: opts.signal, timeoutMs: opts.timeoutMs ?? 300_000, maxOutputBytes: 64 * 1024 * 1024 },
        );
        text = out.toString('utf8');
      } catch (error) {
        if (opts.signal?.aborted) throw error;
        continue;
      }
      const cues = parseTranscript(text, attempt.format);
      if (cues.length > 0) return { cues, stream };
    }
  }
  return undefined;
}

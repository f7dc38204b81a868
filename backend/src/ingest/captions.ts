import { ConversionError, type Conversion, type Converter, type FoundMetadata } from './converter';
import { captionFormat } from './detect';
import { isTimed, parseTranscript, unitsFromCues } from './media/cues';
import { normalizeLanguage } from './metadata/clean-fields';
import { readTextFile } from '../formats/text-decode';

/**
 * A caption file (WebVTT or SubRip) on its own: the transcript of a video, read into cue groups of one to
 * two minutes with `tiempo` anchors exactly as captions that come with a video page or inside a media file.
 * The extension uploads the caption track of the video being watched with the page as origin URL; the
 * document is then that video (`tipo: video`), its title the one the upload names.
 */
export const captionsConverter: Converter = {
  kinds: ['subtitulos'],
  async convert(file, ctx) {
    const conversion = convertCaptionText(await readTextFile(file.path));
    await ctx.progress(1);
    return conversion;
  },
};

/**
 * Converts caption text, its format told by its content. Fails with a ConversionError when no cue has
 * both text and a time. `duracion` is the end of the last cue; `idioma` the `Language:` header some
 * WebVTT files carry (YouTube's do).
 */
export function convertCaptionText(text: string): Conversion {
  const format = captionFormat(text);
  const cues = format ? parseTranscript(text, format).filter((c) => c.texto.trim()) : [];
  if (cues.length === 0 || !isTimed(cues)) {
    throw new ConversionError(
      'El archivo de subtítulos no tiene texto con tiempos.',
      'The caption file holds no timed text',
    );
  }
  const metadatos: FoundMetadata = { duracion: Math.max(...cues.map((c) => c.t1)) };
  const idioma = format === 'vtt' ? vttHeaderLanguage(text) : undefined;
  if (idioma) metadatos.idioma = idioma;
  return { tipo: 'video', unidades: unitsFromCues(cues, metadatos.duracion), metadatos };
}

/** 'Language: es' among the header lines between the WEBVTT signature and the first blank line. */
function vttHeaderLanguage(text: string): string | undefined {
  const header = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const line of header.slice(1)) {
    if (!line.trim() || line.includes('-->')) break;
    const m = /^Language:\s*(\S+)/i.exec(line);
    if (m) return normalizeLanguage(m[1]);
  }
  return undefined;
}

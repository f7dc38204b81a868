// A subpath: the package's index would bring its zod schemas into the content script.
import { CAPTION_ENTITIES, decodeCharacterReferences } from '@folio/shared/text/character-references';
import { singleLine } from '@folio/shared/text/whitespace';
/** Timed text of a video: seconds from its start, plain text (no markup), and the speaker when known. */
export interface TimedText {
  start: number;
  end: number;
  text: string;
  voice?: string;
}

/**
 * A WebVTT file of `cues` in time order: 'HH:MM:SS.mmm' timestamps, one numbered cue each, the speaker as a
 * `<v Name>` span, text escaped ('&', '<', '>'), blank lines inside a cue dropped (they would end it). Cues
 * with no text or a time that is not a finite number are left out; an end before the start is the start.
 * `language` becomes the `Language:` header the backend reads.
 */
export function toWebVtt(cues: readonly TimedText[], options: { language?: string } = {}): string {
  const header = options.language?.trim() ? `WEBVTT\nLanguage: ${singleLine(options.language)}\n` : 'WEBVTT\n';
  const blocks = cues
    .filter((c) => Number.isFinite(c.start) && c.text.trim())
    .map((c) => ({ ...c, start: Math.max(0, c.start) }))
    .map((c) => ({ ...c, end: Number.isFinite(c.end) ? Math.max(c.start, c.end) : c.start }))
    .sort((a, b) => a.start - b.start)
    .map((cue, i) => {
      const lines = cue.text
        .split(/\r\n|\r|\n/)
        .map((line) => escapeText(line.trim()))
        .filter(Boolean);
      const voice = cue.voice?.trim() ? `<v ${escapeText(singleLine(cue.voice))}>` : '';
      return `${i + 1}\n${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${voice}${lines.join('\n')}\n`;
    });
  return [header, ...blocks].join('\n');
}

/** Seconds as a WebVTT timestamp, hours always written: 83.5 → '00:01:23.500'. */
export function vttTimestamp(seconds: number): string {
  const total = Math.round(Math.max(0, seconds) * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

/**
 * Cues of a caption file as servers send them: WebVTT, SubRip, or YouTube's XML timed text (`<transcript>`
 * of `<text start dur>`, or srv3 `<timedtext>` of `<p t d>` in milliseconds). Markup is removed and
 * character references decoded; a WebVTT `<v Name>` becomes the voice. [] for anything else.
 */
export function parseCaptions(text: string): TimedText[] {
  const body = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(body)) return parseBlocks(body, VTT_TIME, (line) => line === '');
  if (/^\s*(?:<\?xml[^>]*>\s*)?<(?:transcript|timedtext)[\s>]/.test(body)) return parseTimedTextXml(body);
  if (SRT_TIME.test(body)) return parseBlocks(body, SRT_TIME, (line) => !line.trim());
  return [];
}

/**
 * The text of a cue as WebVTT writes it ('<v Ana>Hola <i>a todos</i> &amp; bienvenidos'): its voice, and
 * its text without tags and with references decoded. Line breaks are kept.
 */
export function cueText(raw: string): { text: string; voice?: string } {
  const voice = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(raw)?.[1]?.trim();
  const text = decodeCharacterReferences(raw.replace(/<[^>]*>/g, ''), CAPTION_ENTITIES)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .trim();
  return voice ? { text, voice: decodeCharacterReferences(voice, CAPTION_ENTITIES) } : { text };
}

/**
 * YouTube's recognised captions ('asr') roll: each cue repeats the line before it under the new words, and
 * a 10 ms cue holds the finished line alone. Keeps each line once, in the cue where it first appeared.
 */
export function collapseRollingCaptions(cues: readonly TimedText[]): TimedText[] {
  const out: TimedText[] = [];
  let previous: string[] = [];
  for (const cue of cues) {
    const lines = cue.text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (cue.end - cue.start < 0.05) {
      previous = lines;
      continue;
    }
    const fresh = lines.filter((line) => !previous.includes(line));
    previous = lines;
    if (fresh.length > 0) out.push({ ...cue, text: fresh.join('\n') });
  }
  return out;
}

// --- parsing ---------------------------------------------------------------------------------------

const VTT_TIME = /^\s*((?:\d+:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{2}:\d{2}\.\d{3})/;
const SRT_TIME = /^\s*((?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3})/m;

/**
 * Cue blocks: a timing line, then text lines up to a blank line (or the next timing line). In WebVTT only
 * an empty line is blank: YouTube's recognised captions hold lines of a single space inside cues.
 */
function parseBlocks(text: string, timing: RegExp, isBlank: (line: string) => boolean): TimedText[] {
  const lines = text.split(/\r\n|\r|\n/);
  const cues: TimedText[] = [];
  const line = new RegExp(timing.source);
  for (let i = 0; i < lines.length; i++) {
    const m = line.exec(lines[i]!);
    if (!m) continue;
    const body: string[] = [];
    while (i + 1 < lines.length && !isBlank(lines[i + 1]!) && !line.test(lines[i + 1]!)) body.push(lines[++i]!);
    // SubRip cards are numbered: a number right before the next timing line is not text.
    if (body.length > 0 && /^\d+$/.test(body[body.length - 1]!.trim()) && line.test(lines[i + 1] ?? '')) body.pop();
    const { text: plain, voice } = cueText(body.join('\n'));
    const start = clock(m[1]!);
    const end = clock(m[2]!);
    if (plain && start !== undefined && end !== undefined)
      cues.push(voice ? { start, end, text: plain, voice } : { start, end, text: plain });
  }
  return cues;
}

function clock(value: string): number | undefined {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})$/.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(`0.${m[4]}`);
}

function parseTimedTextXml(xml: string): TimedText[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const cues: TimedText[] = [];
  for (const el of Array.from(doc.getElementsByTagName('text'))) {
    const start = Number(el.getAttribute('start'));
    const dur = Number(el.getAttribute('dur') ?? 0);
    pushXmlCue(cues, start, start + (Number.isFinite(dur) ? dur : 0), el.textContent ?? '');
  }
  for (const el of Array.from(doc.getElementsByTagName('p'))) {
    const start = Number(el.getAttribute('t')) / 1000;
    const dur = Number(el.getAttribute('d') ?? 0) / 1000;
    pushXmlCue(cues, start, start + (Number.isFinite(dur) ? dur : 0), el.textContent ?? '');
  }
  return cues.sort((a, b) => a.start - b.start);
}

function pushXmlCue(cues: TimedText[], start: number, end: number, raw: string): void {
  // YouTube escapes twice: '&amp;#39;' arrives as '&#39;' after XML parsing.
  const text = singleLine(decodeCharacterReferences(raw, CAPTION_ENTITIES));
  if (Number.isFinite(start) && text) cues.push({ start, end: Math.max(start, end), text });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

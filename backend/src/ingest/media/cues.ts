import { CAPTION_ENTITIES, decodeCharacterReferences, type AnclaTiempo } from '@folio/shared';
import { parseHTML } from 'linkedom';
import type { Block, TranscriptFormat, Unit } from '../converter';

/**
 * Timed text of audio or video (a caption, a transcript line, a recognized segment): seconds from the
 * start of the media. `t1 === t0` means the end is not known yet (an HTML transcript gives only starts).
 */
export interface Cue {
  t0: number;
  t1: number;
  texto: string;
  hablante?: string;
}

/** One WebVTT cue as the format defines it, its text split where the voice (`<v Name>`) changes. */
export interface VttCue {
  id: string;
  t0: number;
  t1: number;
  /** Plain text runs (tags removed, character references decoded, white space collapsed); [] when empty. */
  segments: { texto: string; hablante?: string }[];
}

/**
 * Reads a transcript or caption file into cues in file order. Nothing here throws on bad input: a file
 * that is not of the format, or has no timed text, yields []. Rules by format:
 * - vtt: the WebVTT parsing rules as vtt.js implements them; `<v Name>` gives the speaker, other tags are
 *   dropped, and a cue that names no voice keeps the previous speaker (the podcast convention: the voice
 *   is written only when it changes). A cue where the voice changes becomes one cue per voice.
 * - srt: SubRip; a card starting 'Name: ' changes the speaker, which carries on to the next cards.
 * - json: Podcasting 2.0 (`segments` of startTime, endTime, body, speaker; `start`/`end`/`text` too);
 *   word-by-word segments are joined into phrases of one speaker.
 * - html: Podcasting 2.0 HTML (`<cite>Name:</cite><time>m:ss</time><p>…</p>`); each turn ends where the
 *   next starts.
 * - txt: paragraphs; a leading time ('[00:01:02]', '1:02') and/or 'Name:' are read when present. Text
 *   with no time at all becomes untimed cues at 0 (see `isTimed`): it still says what was said, not when.
 */
export function parseTranscript(text: string, format: TranscriptFormat): Cue[] {
  switch (format) {
    case 'vtt':
      return closeOpenEnds(cuesFromVtt(parseWebVtt(text)));
    case 'srt':
      return closeOpenEnds(parseSrt(text));
    case 'json':
      return closeOpenEnds(parseJsonTranscript(text));
    case 'html':
      return closeOpenEnds(parseHtmlTranscript(text));
    case 'txt':
      return closeOpenEnds(parsePlainTranscript(text));
  }
}

/** False when no cue carries a time (a plain-text transcript without timestamps). */
export function isTimed(cues: readonly Cue[]): boolean {
  return cues.some((c) => c.t0 > 0 || c.t1 > 0);
}

// ---------------------------------------------------------------------------------------------------
// WebVTT

const SIGNATURE = /^WEBVTT(?:[ \t].*)?$/;
const NOTE = /^NOTE(?:$|[ \t])/;
const VTT_TIMESTAMP = /^(\d+):(\d{1,2})(:\d{1,2})?\.(\d{3})/;

/**
 * WebVTT cues in file order, following vtt.js (Mozilla's parser): a bad signature gives no cues; lines
 * under the signature up to the first blank line are header; NOTE blocks are skipped; a cue whose timing
 * line does not parse is skipped up to the next blank line; a line with '-->' inside cue text starts the
 * next cue. Cues with empty text are kept here (the format allows them); `parseTranscript` drops them.
 */
export function parseWebVtt(text: string): VttCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!SIGNATURE.test(lines[0] ?? '')) return [];
  // Two blank lines at the end flush a pending cue, as vtt.js does on flush().
  lines.push('', '');
  const cues: VttCue[] = [];
  let state: 'header' | 'id' | 'note' | 'cue' | 'text' | 'bad' = 'header';
  let id = '';
  let times: [number, number] | undefined;
  let body: string[] = [];
  const emit = () => {
    if (times) cues.push({ id, t0: times[0], t1: times[1], segments: cueTextSegments(body.join('\n')) });
    id = '';
    times = undefined;
    body = [];
  };
  /** Reads a timing line; a bad one discards the cue up to the next blank line. */
  const timing = (line: string): typeof state => {
    times = parseTiming(line);
    if (times) return 'text';
    id = '';
    return 'bad';
  };

  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    switch (state) {
      case 'header':
        if (!line) state = 'id';
        continue;
      case 'note':
      case 'bad':
        if (!line) state = 'id';
        continue;
      case 'text':
        if (!line || line.includes('-->')) {
          emit();
          state = 'id';
          // The '-->' line is read again as the start of the next cue.
          if (line) i--;
        } else body.push(line);
        continue;
      case 'id':
        if (NOTE.test(line)) state = 'note';
        else if (!line) continue;
        else if (!line.includes('-->')) {
          id = line;
          state = 'cue';
        } else state = timing(line);
        continue;
      case 'cue':
        state = timing(line);
        continue;
    }
  }
  return cues;
}

function parseTiming(line: string): [number, number] | undefined {
  let rest = line.trimStart();
  const start = vttTimestamp(rest);
  if (start === undefined) return undefined;
  rest = rest.replace(/^[^\sa-zA-Z-]+/, '').trimStart();
  if (!rest.startsWith('-->')) return undefined;
  rest = rest.slice(3).trimStart();
  const end = vttTimestamp(rest);
  if (end === undefined) return undefined;
  // Cue settings (align, line, region …) place text on screen; nothing here needs them.
  return [start, end];
}

function vttTimestamp(input: string): number | undefined {
  const m = VTT_TIMESTAMP.exec(input);
  if (!m) return undefined;
  const [a, b, c, ms] = [Number(m[1]), Number(m[2]), m[3] ? Number(m[3].slice(1)) : undefined, Number(m[4])];
  if (c !== undefined) return a * 3600 + b * 60 + c + ms / 1000;
  // 'mm:ss.ttt', unless the first field cannot be minutes.
  return a > 59 ? a * 3600 + b * 60 + ms / 1000 : a * 60 + b + ms / 1000;
}

const VOICE_TAG = /^v(?:\.[^\s]*)?(?:[ \t\f]+([\s\S]*))?$/;

/**
 * The text of a cue as runs per voice: tags removed (their text kept), `<v Name>` read as the voice,
 * character references decoded, white space collapsed. A closing `</v>` does not end the voice: the
 * text after it is still the last speaker's until another voice opens.
 */
function cueTextSegments(raw: string): { texto: string; hablante?: string }[] {
  const segments: { texto: string; hablante?: string }[] = [];
  let current: { texto: string; hablante?: string } = { texto: '' };
  for (const m of raw.matchAll(/<([^>]*)>?|[^<]+/g)) {
    if (m[1] === undefined) {
      current.texto += decodeCharacterReferences(m[0], CAPTION_ENTITIES);
      continue;
    }
    const tag = m[1].trim();
    const voice = decodeCharacterReferences(VOICE_TAG.exec(tag)?.[1] ?? '', CAPTION_ENTITIES).trim();
    if (!voice || voice === current.hablante) continue;
    if (current.texto.trim()) segments.push(current);
    current = { texto: '', hablante: voice };
  }
  segments.push(current);
  return segments
    .map((s) => ({ ...s, texto: collapse(s.texto) }))
    .filter((s) => s.texto)
    .map((s) => (s.hablante ? s : { texto: s.texto }));
}

/** Cues from WebVTT: one per voice run, empty ones dropped, the last voice carried to cues without one. */
function cuesFromVtt(vtt: readonly VttCue[]): Cue[] {
  const cues: Cue[] = [];
  let speaker: string | undefined;
  for (const cue of vtt) {
    for (const segment of cue.segments) {
      speaker = segment.hablante ?? speaker;
      cues.push(cue_(cue.t0, cue.t1, segment.texto, speaker));
    }
  }
  return cues;
}

// ---------------------------------------------------------------------------------------------------
// SubRip

const SRT_TIMING =
  /^\s*(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?\s*-->\s*(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?/;

function parseSrt(text: string): Cue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: Cue[] = [];
  let speaker: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const m = SRT_TIMING.exec(lines[i]!);
    if (!m) continue;
    const t0 = srtTime(m[1], m[2], m[3], m[4]);
    const t1 = srtTime(m[5], m[6], m[7], m[8]);
    const body: string[] = [];
    while (i + 1 < lines.length && lines[i + 1]!.trim()) {
      // A missing blank line before the next card: its number and timing are not text.
      if (SRT_TIMING.test(lines[i + 1]!)) break;
      if (/^\s*\d+\s*$/.test(lines[i + 1]!) && SRT_TIMING.test(lines[i + 2] ?? '')) break;
      body.push(lines[++i]!);
    }
    const plain = collapse(
      decodeCharacterReferences(body.join('\n').replace(/<[^>]*>|\{\\[^}]*\}/g, ''), CAPTION_ENTITIES),
    );
    const { hablante, texto } = speakerPrefix(plain);
    speaker = hablante ?? speaker;
    if (texto) cues.push(cue_(t0, t1, texto, speaker));
  }
  return cues;
}

function srtTime(h: string | undefined, m: string | undefined, s: string | undefined, frac: string | undefined) {
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + (frac ? Number(`0.${frac}`) : 0);
}

const SPEAKER_PREFIX = /^(?:>>\s*)?(\p{Lu}[\p{L}\p{M}'’.-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'’.-]*){0,3})[ \t]*:[ \t]+(?=\S)/u;

/** 'Sarah: Hi there' → speaker Sarah; a name is one to four capitalised words. */
function speakerPrefix(text: string): { hablante?: string; texto: string } {
  const m = SPEAKER_PREFIX.exec(text);
  if (!m || m[1]!.length > 40) return { texto: text.replace(/^>>\s*/, '') };
  return { hablante: m[1]!, texto: text.slice(m[0].length).trim() };
}

// ---------------------------------------------------------------------------------------------------
// Podcasting 2.0 JSON

interface JsonSegment {
  startTime?: unknown;
  endTime?: unknown;
  start?: unknown;
  end?: unknown;
  body?: unknown;
  text?: unknown;
  speaker?: unknown;
}

const SENTENCE_END = /[.!?…。？！]["'»”’)\]]*\s*$/;
/** Word-by-word segments are joined while the phrase is shorter than this and the speaker stays. */
const MAX_PHRASE_SECONDS = 15;
const MAX_WORD_GAP = 1.5;

function parseJsonTranscript(text: string): Cue[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return [];
  }
  const segments = Array.isArray(data) ? data : (data as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) return [];
  const cues: Cue[] = [];
  for (const raw of segments as JsonSegment[]) {
    if (!raw || typeof raw !== 'object') continue;
    const t0 = seconds(raw.startTime ?? raw.start);
    if (t0 === undefined) continue;
    const t1 = seconds(raw.endTime ?? raw.end) ?? t0;
    const body = typeof raw.body === 'string' ? raw.body : typeof raw.text === 'string' ? raw.text : '';
    const texto = collapse(body);
    if (!texto) continue;
    const hablante = typeof raw.speaker === 'string' && raw.speaker.trim() ? raw.speaker.trim() : undefined;
    const last = cues[cues.length - 1];
    const word = !/\s/.test(texto);
    if (
      last &&
      word &&
      last.hablante === hablante &&
      !SENTENCE_END.test(last.texto) &&
      t0 - last.t1 <= MAX_WORD_GAP &&
      t1 - last.t0 <= MAX_PHRASE_SECONDS
    ) {
      last.texto = `${last.texto} ${texto}`;
      last.t1 = Math.max(last.t1, t1);
    } else cues.push(cue_(t0, Math.max(t0, t1), texto, hablante));
  }
  return cues;
}

function seconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string') return parseClock(value);
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Podcasting 2.0 HTML

/** The little of a DOM element the HTML reader needs (linkedom's own types are loose). */
interface TranscriptElement {
  localName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

function parseHtmlTranscript(text: string): Cue[] {
  const { document } = parseHTML(text);
  const cues: Cue[] = [];
  let speaker: string | undefined;
  let time: number | undefined;
  let turn = false;
  for (const el of document.querySelectorAll('cite, time, p') as Iterable<TranscriptElement>) {
    const content = collapse(el.textContent ?? '');
    if (el.localName === 'cite') {
      speaker = content.replace(/\s*:$/, '').trim() || undefined;
      turn = true;
    } else if (el.localName === 'time') {
      time = parseClock(el.getAttribute('datetime') ?? '') ?? parseClock(content) ?? time;
      turn = true;
    } else if (content) {
      const last = cues[cues.length - 1];
      // More paragraphs of one turn (no new speaker or time between them) stay one cue.
      if (last && !turn) last.texto = `${last.texto} ${content}`;
      else cues.push(cue_(time ?? 0, time ?? 0, content, speaker));
      turn = false;
    }
  }
  return cues;
}

// ---------------------------------------------------------------------------------------------------
// Plain text

const TXT_TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
/** '[00:01:02] Name: text', '(1:02) text', '00:01:02 - text'. */
const LEADING_TIME = new RegExp(String.raw`^[[(]?(${TXT_TIME})[\])]?\s*(?:[-–—]\s*)?`);
/** 'Name  0:53' or 'Name (0:53)' alone on the first line of a paragraph (Otter, Descript exports). */
const SPEAKER_TIME_LINE = new RegExp(String.raw`^(\p{Lu}[^\n:]{0,39}?)\s+[[(]?(${TXT_TIME})[\])]?:?\s*$`, 'u');

function parsePlainTranscript(text: string): Cue[] {
  const paragraphs = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n[ \t]*\r?\n|\r[ \t]*\r/)
    .map((p) => p.trim())
    .filter(Boolean);
  const cues: Cue[] = [];
  let speaker: string | undefined;
  for (const paragraph of paragraphs) {
    let rest = paragraph;
    let time: number | undefined;
    let hablante: string | undefined;
    const lines = rest.split(/\r\n|\r|\n/);
    const header = SPEAKER_TIME_LINE.exec(lines[0]!);
    if (header && lines.length > 1) {
      hablante = header[1]!.trim();
      time = parseClock(header[2]!);
      rest = lines.slice(1).join('\n');
    } else {
      const lead = LEADING_TIME.exec(rest);
      if (lead) {
        time = parseClock(lead[1]!);
        rest = rest.slice(lead[0].length);
      }
      const prefixed = speakerPrefix(collapse(rest));
      hablante = prefixed.hablante;
      rest = prefixed.texto;
    }
    const texto = collapse(rest);
    if (!texto) continue;
    speaker = hablante ?? speaker;
    const last = cues[cues.length - 1];
    if (time === undefined && last && !hablante) last.texto = `${last.texto}\n\n${texto}`;
    else cues.push(cue_(time ?? last?.t0 ?? 0, time ?? last?.t0 ?? 0, texto, speaker));
  }
  return cues;
}

// ---------------------------------------------------------------------------------------------------
// Shared helpers

/** 'h:mm:ss(.mmm)', 'm:ss', 'ss(.s)' (commas accepted as decimal mark) → seconds. */
export function parseClock(value: string): number | undefined {
  const v = value.trim();
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)$/.exec(v);
  if (m) return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]!.replace(',', '.'));
  if (/^\d+(?:[.,]\d+)?$/.test(v)) return Number(v.replace(',', '.'));
  return undefined;
}

/** Line breaks inside a caption are only wrapping: white space becomes single spaces (paragraph breaks stay). */
function collapse(text: string): string {
  return text
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

function cue_(t0: number, t1: number, texto: string, hablante: string | undefined): Cue {
  return hablante ? { t0, t1, texto, hablante } : { t0, t1, texto };
}

/** A cue whose end is unknown ends where the next one starts. */
function closeOpenEnds(cues: Cue[]): Cue[] {
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    if (cue.t1 > cue.t0) continue;
    const next = cues.slice(i + 1).find((c) => c.t0 > cue.t0);
    if (next) cue.t1 = next.t0;
  }
  return cues;
}

// ---------------------------------------------------------------------------------------------------
// Units

/** A unit gathers cues until it spans at least this many seconds and a good place to cut comes … */
export const UNIT_MIN_SECONDS = 60;
/** … and never spans more than this, unless a single cue does. */
export const UNIT_MAX_SECONDS = 120;
const LONG_PAUSE = 2;

/**
 * Groups cues in time order into units of about one to two minutes, never splitting a cue; a unit ends
 * preferably where the speaker changes, a sentence ends or a pause falls. Each unit has a tiempo anchor
 * over its span and one block per cue (its own span and speaker); its text is the cue texts joined, with
 * 'Name: ' where the speaker changes (and at the start of the unit). A cue with no known end ends at the
 * next cue or at `duracion`. Untimed cues (see `isTimed`) make a single unit over the whole media.
 */
export function unitsFromCues(cues: readonly Cue[], duracion?: number): Unit[] {
  const sorted = cues
    .filter((c) => c.texto.trim())
    .map((c) => ({ ...c }))
    .sort((a, b) => a.t0 - b.t0);
  for (let i = 0; i < sorted.length; i++) {
    const cue = sorted[i]!;
    if (cue.t1 > cue.t0) continue;
    const next = sorted.slice(i + 1).find((c) => c.t0 > cue.t0);
    cue.t1 = next?.t0 ?? Math.max(cue.t0, duracion ?? cue.t0);
  }
  if (sorted.length === 0) return [];
  if (!isTimed(sorted)) return [buildUnit(sorted)];

  const units: Unit[] = [];
  let group: Cue[] = [];
  let start = 0;
  let end = 0;
  sorted.forEach((cue, i) => {
    if (group.length > 0 && Math.max(end, cue.t1) - start > UNIT_MAX_SECONDS) {
      units.push(buildUnit(group));
      group = [];
    }
    if (group.length === 0) {
      start = cue.t0;
      end = cue.t1;
    }
    group.push(cue);
    end = Math.max(end, cue.t1);
    const next = sorted[i + 1];
    const breakHere =
      !next || next.hablante !== cue.hablante || SENTENCE_END.test(cue.texto) || next.t0 - cue.t1 >= LONG_PAUSE;
    if (end - start >= UNIT_MAX_SECONDS || (end - start >= UNIT_MIN_SECONDS && breakHere)) {
      units.push(buildUnit(group));
      group = [];
    }
  });
  if (group.length > 0) units.push(buildUnit(group));
  return units;
}

function buildUnit(cues: readonly Cue[]): Unit {
  const t0 = round(Math.min(...cues.map((c) => c.t0)));
  const t1 = round(Math.max(...cues.map((c) => c.t1)));
  let texto = '';
  cues.forEach((cue, i) => {
    const previous = cues[i - 1];
    const label = cue.hablante ? `${cue.hablante}: ` : '';
    if (!previous) texto = label + cue.texto;
    else if (previous.hablante !== cue.hablante) texto += `\n\n${label}${cue.texto}`;
    else texto += ` ${cue.texto}`;
  });
  const bloques: Block[] = cues.map((cue) => ({ texto: cue.texto, ancla: timeAnchor(cue.t0, cue.t1, cue.hablante) }));
  return { texto, ancla: timeAnchor(t0, t1), bloques, t0, t1 };
}

function timeAnchor(t0: number, t1: number, hablante?: string): AnclaTiempo {
  const ancla: AnclaTiempo = { tipo: 'tiempo', t0: round(t0), t1: round(Math.max(t0, t1)) };
  if (hablante) ancla.hablante = hablante;
  return ancla;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

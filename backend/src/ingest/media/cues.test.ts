import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnclaTiempo } from '@folio/shared';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { splitPassages } from '../passages';
import { isTimed, parseClock, parseTranscript, parseWebVtt, unitsFromCues, type Cue } from './cues';

const CAPTIONS = fixturePath('captions/webvtt');
const PODCAST = fixturePath('podcast');
const haveCaptions = hasFixture('captions/webvtt');
const havePodcast = hasFixture('podcast');

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const read = (path: string) => readFileSync(path, 'utf8');

interface ProcNode {
  localName?: string;
  title?: string;
  textContent?: string;
  childNodes?: ProcNode[];
}

function vttCases(): string[] {
  if (!haveCaptions) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.vtt')) found.push(relative(CAPTIONS, path));
    }
  };
  walk(CAPTIONS);
  return found.sort();
}

describe(titleNeeding('WebVTT against the vtt.js test files', 'captions/webvtt'), () => {
  const cases = vttCases();

  it.skipIf(!haveCaptions)('finds the vtt.js cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.skipIf(!haveCaptions).each(cases)('%s', (name) => {
    const path = join(CAPTIONS, name);
    const base = path.slice(0, -'.vtt'.length);
    const text = read(path);
    // X-proc.json: what vtt.js renders per cue (text content, voice spans); X.json: the parsed cues.
    const rendered: ProcNode[] = existsSync(`${base}-proc.json`) ? JSON.parse(read(`${base}-proc.json`)) : [];
    const parsed: { cues: { id: string; startTime: number; endTime: number }[] } | undefined = existsSync(
      `${base}.json`,
    )
      ? JSON.parse(read(`${base}.json`))
      : undefined;
    const expectedCount = parsed?.cues.length ?? rendered.length;

    const cues = parseWebVtt(text);
    expect(cues).toHaveLength(expectedCount);
    if (parsed) {
      expect(cues.map((c) => [c.id, c.t0, c.t1])).toEqual(parsed.cues.map((c) => [c.id, c.startTime, c.endTime]));
    }
    if (existsSync(`${base}-proc.json`)) {
      expect(cues.map((c) => c.segments.map((s) => s.texto).join(' '))).toEqual(
        rendered.map((r) => collapse(r.textContent ?? '')),
      );
      const voices = rendered.map((r) =>
        (r.childNodes?.[0]?.childNodes ?? []).filter((n) => n.localName === 'span' && n.title).map((n) => n.title),
      );
      expect(cues.map((c) => c.segments.flatMap((s) => (s.hablante ? [s.hablante] : [])))).toEqual(voices);
    }
    // The transcript reader never throws on these and keeps only cues with text.
    const transcript = parseTranscript(text, 'vtt');
    expect(transcript).toHaveLength(cues.reduce((n, c) => n + c.segments.length, 0));
  });
});

describe(titleNeeding('Podcasting 2.0 transcripts', 'podcast'), () => {
  it.skipIf(!havePodcast)('HTML and SRT of the same episode give the same turns, speakers and words', () => {
    const html = parseTranscript(read(join(PODCAST, 'transcript-example.html')), 'html');
    const srt = parseTranscript(read(join(PODCAST, 'transcript-example.srt')), 'srt');
    expect(html.map((c) => c.hablante)).toEqual([
      'Travis',
      'Sarah',
      'Travis',
      'Gilon',
      'Travis',
      'Gilon',
      'Travis',
      'Sarah',
      'Gilon',
      'Travis',
    ]);
    expect(srt).toHaveLength(222);
    const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
    html.forEach((turn, i) => {
      // HTML times are whole seconds of the turn start; SRT has milliseconds: the same turn within 1 s.
      const next = html[i + 1];
      const inTurn = srt.filter((c) => c.t0 >= turn.t0 - 1 && (!next || c.t0 < next.t0 - 1));
      expect(Math.abs(inTurn[0]!.t0 - turn.t0)).toBeLessThan(1);
      expect(new Set(inTurn.map((c) => c.hablante))).toEqual(new Set([turn.hablante]));
      if (next) expect(turn.t1).toBe(next.t0);
      const a = words(turn.texto);
      const b = words(inTurn.map((c) => c.texto).join(' '));
      const shared = a.filter((w, k) => b[k] === w).length;
      expect(shared / Math.max(a.length, b.length)).toBeGreaterThan(0.97);
    });
    // The last turn's end is not in the HTML: it stays open until the media duration is known.
    expect(html[html.length - 1]!.t1).toBe(html[html.length - 1]!.t0);
  });

  it.skipIf(!havePodcast)('the WebVTT episode matches the SRT snippet of the same episode in the spec', () => {
    const vtt = parseTranscript(read(join(PODCAST, 'transcript-example.vtt')), 'vtt');
    const spec = read(join(PODCAST, 'transcript-transcripts.md'));
    const snippet = /```srt\n([\s\S]*?)```/.exec(spec)![1]!;
    const srt = parseTranscript(snippet, 'srt');
    expect(srt.map((c) => c.hablante)).toEqual(['Sarah', 'Sarah', 'Sarah', 'Gillian', 'Gillian']);
    expect(vtt.map((c) => c.hablante)).toEqual(['Sarah', 'Sarah', 'Sarah', 'Sarah', 'Sarah', 'Gillian', 'Gillian']);
    const strip = (s: string) => s.replace(/[^\p{L}\p{N} ]/gu, '');
    for (const cue of srt) {
      const same = vtt.find((c) => Math.abs(c.t0 - cue.t0) < 0.01);
      expect(same, `cue at ${cue.t0}`).toBeDefined();
      expect(same!.hablante).toBe(cue.hablante);
      expect(strip(same!.texto).startsWith(strip(cue.texto)) || Math.abs(same!.t1 - cue.t1) < 0.01).toBe(true);
    }
    expect(vtt[2]!.texto).toBe('include in one? Welcome to Podcasting Q&A, where you learn');
  });

  it.skipIf(!havePodcast)('JSON word segments become phrases per speaker; the spec snippet reads the same', () => {
    const file = parseTranscript(read(join(PODCAST, 'transcript-example.json')), 'json');
    expect(file).toEqual([
      { t0: 0.5, t1: 2.5, texto: 'I am your father.', hablante: 'Darth Vader' },
      { t0: 2.75, t1: 3, texto: 'Nooooo', hablante: 'Luke' },
    ]);
    const spec = read(join(PODCAST, 'transcript-transcripts.md'));
    const snippet = /```json\n([\s\S]*?)```/.exec(spec)![1]!;
    expect(parseTranscript(snippet, 'json')).toEqual(file);
  });
});

describe('parseTranscript', () => {
  it('splits a WebVTT cue where the voice changes and carries the voice to cues without one', () => {
    const cues = parseTranscript(
      [
        'WEBVTT',
        '',
        '00:00.000 --> 00:02.000',
        '<v.loud Ana Pérez>Hola <b>a todos</b>.</v> <v Luis>¿Qué tal?',
        '',
        '00:02.000 --> 00:04.000',
        'Bien &amp; tú &#191;sí?',
        '',
        '00:04.000 --> 00:05.000 align:start',
        '<c.yellow>Sin</c> <00:04.500>voz',
      ].join('\n'),
      'vtt',
    );
    expect(cues).toEqual([
      { t0: 0, t1: 2, texto: 'Hola a todos.', hablante: 'Ana Pérez' },
      { t0: 0, t1: 2, texto: '¿Qué tal?', hablante: 'Luis' },
      { t0: 2, t1: 4, texto: 'Bien & tú ¿sí?', hablante: 'Luis' },
      { t0: 4, t1: 5, texto: 'Sin voz', hablante: 'Luis' },
    ]);
  });

  it('reads SRT with hours, a missing blank line, tags and Name: prefixes', () => {
    const cues = parseTranscript(
      [
        '1',
        '01:00:01,500 --> 01:00:03,000',
        'Ana: <i>Hola</i>,',
        'qué tal',
        '2',
        '01:00:03,000 --> 01:00:05,250',
        '{\\an8}Sigo yo.',
        '',
        '3',
        '01:00:06,000 --> 01:00:07,000',
        'Luis: Y yo.',
      ].join('\r\n'),
      'srt',
    );
    expect(cues).toEqual([
      { t0: 3601.5, t1: 3603, texto: 'Hola, qué tal', hablante: 'Ana' },
      { t0: 3603, t1: 3605.25, texto: 'Sigo yo.', hablante: 'Ana' },
      { t0: 3606, t1: 3607, texto: 'Y yo.', hablante: 'Luis' },
    ]);
  });

  it('reads plain text with times and speakers, and untimed plain text as untimed cues', () => {
    const timed = parseTranscript(
      'Ana  0:00\nHola a todos.\n\n[00:01:05] Luis: Buenas.\n\nSigue Luis.\n\nAna (2:10)\nAdiós.',
      'txt',
    );
    expect(timed).toEqual([
      { t0: 0, t1: 65, texto: 'Hola a todos.', hablante: 'Ana' },
      { t0: 65, t1: 130, texto: 'Buenas.\n\nSigue Luis.', hablante: 'Luis' },
      { t0: 130, t1: 130, texto: 'Adiós.', hablante: 'Ana' },
    ]);
    expect(isTimed(timed)).toBe(true);

    const untimed = parseTranscript('Primer párrafo\ncon dos líneas.\n\nSegundo párrafo.', 'txt');
    expect(untimed).toEqual([{ t0: 0, t1: 0, texto: 'Primer párrafo con dos líneas.\n\nSegundo párrafo.' }]);
    expect(isTimed(untimed)).toBe(false);
  });

  it('accepts OpenAI-style JSON segments and yields nothing for broken input without throwing', () => {
    expect(parseTranscript('{"segments":[{"start":1,"end":2.5,"text":" Hola mundo. "}]}', 'json')).toEqual([
      { t0: 1, t1: 2.5, texto: 'Hola mundo.' },
    ]);
    for (const format of ['vtt', 'srt', 'json', 'html', 'txt'] as const) {
      expect(parseTranscript('', format)).toEqual([]);
      expect(() => parseTranscript('\u0000<<{[garbage-->', format)).not.toThrow();
    }
    expect(parseTranscript('{not json', 'json')).toEqual([]);
  });

  it('parses clock values', () => {
    expect(parseClock('0:53')).toBe(53);
    expect(parseClock('1:02:03.5')).toBe(3723.5);
    expect(parseClock('00:00:53,030')).toBeCloseTo(53.03);
    expect(parseClock('75')).toBe(75);
    expect(parseClock('later')).toBeUndefined();
  });
});

describe('unitsFromCues', () => {
  /** Five minutes of 5-second cues; the speaker changes at 0, 100 and 200 s. */
  const cues: Cue[] = Array.from({ length: 60 }, (_, i) => ({
    t0: i * 5,
    t1: i * 5 + 4.5,
    texto: `Frase ${i + 1} dicha aquí${i % 3 === 2 ? '.' : ','}`,
    hablante: i < 20 ? 'Ana' : i < 40 ? 'Luis' : 'Ana',
  }));

  it('groups cues into one-to-two-minute units without splitting a cue', () => {
    const units = unitsFromCues(cues);
    expect(units.length).toBeGreaterThanOrEqual(3);
    expect(units.flatMap((u) => u.bloques!.map((b) => b.texto))).toEqual(cues.map((c) => c.texto));
    for (const [i, unit] of units.entries()) {
      const span = unit.t1! - unit.t0!;
      expect(span).toBeLessThanOrEqual(120);
      if (i < units.length - 1) expect(span).toBeGreaterThanOrEqual(60);
      expect(unit.ancla).toEqual({ tipo: 'tiempo', t0: unit.t0, t1: unit.t1 });
      for (const block of unit.bloques!) expect(unit.texto).toContain(block.texto);
    }
    // The first unit ends at the first sentence end after a minute (cue 15, 70–74.5 s).
    expect(units[0]!.t1).toBe(74.5);
    // The unit that spans 100 s names Luis where he starts.
    expect(units[1]!.texto).toContain('Frase 20 dicha aquí,\n\nLuis: Frase 21 dicha aquí.');
    expect(units[0]!.bloques![0]!.ancla).toEqual({ tipo: 'tiempo', t0: 0, t1: 4.5, hablante: 'Ana' });
  });

  it('writes the speaker where it changes and at the start of each unit', () => {
    const units = unitsFromCues([
      { t0: 0, t1: 2, texto: 'Hola.', hablante: 'Ana' },
      { t0: 2, t1: 3, texto: 'Sigo.', hablante: 'Ana' },
      { t0: 3, t1: 5, texto: 'Vale.', hablante: 'Luis' },
      { t0: 5, t1: 6, texto: '[música]' },
    ]);
    expect(units).toHaveLength(1);
    expect(units[0]!.texto).toBe('Ana: Hola. Sigo.\n\nLuis: Vale.\n\n[música]');
  });

  it('closes open ends at the next cue or the duration, and keeps untimed text as one unit', () => {
    const [unit] = unitsFromCues(
      [
        { t0: 10, t1: 10, texto: 'a' },
        { t0: 30, t1: 30, texto: 'b' },
      ],
      45,
    );
    expect(unit!.bloques!.map((b) => [(b.ancla as AnclaTiempo).t0, (b.ancla as AnclaTiempo).t1])).toEqual([
      [10, 30],
      [30, 45],
    ]);
    const untimed = unitsFromCues([{ t0: 0, t1: 0, texto: 'Todo el texto.' }], 300);
    expect(untimed).toHaveLength(1);
    expect(untimed[0]!.ancla).toEqual({ tipo: 'tiempo', t0: 0, t1: 300 });
  });

  it('gives passages that pack cues of one speaker and widen the end time', () => {
    const passages = splitPassages(unitsFromCues(cues));
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const p of passages) {
      const ancla = p.ancla as AnclaTiempo;
      expect(ancla.tipo).toBe('tiempo');
      expect(ancla.t1).toBeGreaterThan(ancla.t0);
      expect(ancla.hablante).toMatch(/^(Ana|Luis)$/);
    }
    const first = passages[0]!.ancla as AnclaTiempo;
    expect(first).toMatchObject({ t0: 0, hablante: 'Ana' });
    expect(first.t1).toBeGreaterThan(4.5);
  });
});

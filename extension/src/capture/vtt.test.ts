// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { collapseRollingCaptions, cueText, parseCaptions, toWebVtt, vttTimestamp, type TimedText } from './vtt';

describe('vttTimestamp', () => {
  it('writes hours, minutes, seconds and milliseconds, carrying rounded milliseconds', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(83.5)).toBe('00:01:23.500');
    expect(vttTimestamp(3723.004)).toBe('01:02:03.004');
    expect(vttTimestamp(59.9996)).toBe('00:01:00.000');
    expect(vttTimestamp(0.0004)).toBe('00:00:00.000');
    expect(vttTimestamp(36_000)).toBe('10:00:00.000');
    expect(vttTimestamp(-2)).toBe('00:00:00.000');
  });
});

describe('toWebVtt', () => {
  it('serialises numbered cues in time order, with voices and escaped text', () => {
    const vtt = toWebVtt(
      [
        { start: 4.5, end: 9.25, text: 'Nitratos < 45 mg/L & coliformes --> cero' },
        { start: 1, end: 4.5, text: 'Bienvenidos.', voice: 'Ana Pérez' },
      ],
      { language: 'es' },
    );
    expect(vtt).toBe(
      [
        'WEBVTT',
        'Language: es',
        '',
        '1',
        '00:00:01.000 --> 00:00:04.500',
        '<v Ana Pérez>Bienvenidos.',
        '',
        '2',
        '00:00:04.500 --> 00:00:09.250',
        'Nitratos &lt; 45 mg/L &amp; coliformes --&gt; cero',
        '',
      ].join('\n'),
    );
  });

  it('keeps a cue one block: drops blank lines inside it, empty cues and times that are no numbers', () => {
    const vtt = toWebVtt([
      { start: 2, end: 1, text: 'Primera línea\n\n  segunda línea  ' },
      { start: 3, end: 4, text: '   ' },
      { start: Number.NaN, end: 5, text: 'sin tiempo' },
      { start: 5, end: Number.POSITIVE_INFINITY, text: 'en directo' },
    ]);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:02.000 --> 00:00:02.000',
        'Primera línea',
        'segunda línea',
        '',
        '2',
        '00:00:05.000 --> 00:00:05.000',
        'en directo',
        '',
      ].join('\n'),
    );
  });

  it('reads back what it wrote', () => {
    const cues: TimedText[] = [
      { start: 0.5, end: 2.25, text: 'Uno & dos <tres>', voice: 'Ana' },
      { start: 3723.004, end: 3725, text: 'Línea uno\nlínea dos' },
    ];
    expect(parseCaptions(toWebVtt(cues))).toEqual(cues);
  });
});

describe('parseCaptions', () => {
  it('reads WebVTT: header, notes and cue settings skipped, tags removed, references decoded', () => {
    const cues = parseCaptions(
      [
        'WEBVTT - charla',
        'Kind: captions',
        '',
        'NOTE esto no es un subtítulo',
        '',
        'intro',
        '00:01.000 --> 00:04.000 align:start position:10%',
        '<v.orador Ana>Hola <i>a todos</i> &amp; bienvenidos',
        '',
        '01:00:00.500 --> 01:00:02.000',
        'Adiós&nbsp;ya',
      ].join('\r\n'),
    );
    expect(cues).toEqual([
      { start: 1, end: 4, text: 'Hola a todos & bienvenidos', voice: 'Ana' },
      // A no-break space is white space like any other once the cue is plain text.
      { start: 3600.5, end: 3602, text: 'Adiós ya' },
    ]);
  });

  it('reads SubRip, numbered or not, with comma or dot milliseconds', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:04,500\r\nBienvenidos\r\nal curso.\r\n\r\n2\r\n00:00:04.500 --> 00:00:09.250\r\n<i>Segundo</i>\r\n';
    expect(parseCaptions(srt)).toEqual([
      { start: 1, end: 4.5, text: 'Bienvenidos\nal curso.' },
      { start: 4.5, end: 9.25, text: 'Segundo' },
    ]);
  });

  it("reads YouTube's XML timed text, both dialects", () => {
    const classic =
      '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="1.5" dur="2">It&amp;#39;s a cenote</text></transcript>';
    expect(parseCaptions(classic)).toEqual([{ start: 1.5, end: 3.5, text: "It's a cenote" }]);
    const srv3 =
      '<timedtext format="3"><body><p t="1200" d="3400">Hola</p><p t="5000" d="1000"> mundo </p></body></timedtext>';
    expect(parseCaptions(srv3)).toEqual([
      { start: 1.2, end: 4.6, text: 'Hola' },
      { start: 5, end: 6, text: 'mundo' },
    ]);
  });

  it('gives nothing for text that is no captions', () => {
    expect(parseCaptions('<!doctype html><p>Inicia sesión</p>')).toEqual([]);
    expect(parseCaptions('')).toEqual([]);
  });
});

describe('cueText', () => {
  it('takes the voice and leaves the text', () => {
    expect(cueText('<v Bob>Hi <b>there</b>')).toEqual({ text: 'Hi there', voice: 'Bob' });
    expect(cueText('no voice &lt;here&gt;')).toEqual({ text: 'no voice <here>' });
  });
});

describe('collapseRollingCaptions', () => {
  it("keeps each line of YouTube's rolling recognised captions once", () => {
    const asr = [
      'WEBVTT',
      'Kind: captions',
      'Language: es',
      '',
      '00:00:00.160 --> 00:00:02.790 align:start position:0%',
      ' ',
      'bienvenidos<00:00:00.400><c> a</c><00:00:00.640><c> los</c><00:00:01.000><c> cenotes</c>',
      '',
      '00:00:02.790 --> 00:00:02.800 align:start position:0%',
      'bienvenidos a los cenotes',
      ' ',
      '',
      '00:00:02.800 --> 00:00:05.430 align:start position:0%',
      'bienvenidos a los cenotes',
      'de<00:00:03.120><c> Homún</c><00:00:03.500><c> en</c><00:00:04.000><c> Yucatán</c>',
      '',
      '00:00:05.430 --> 00:00:05.440 align:start position:0%',
      'de Homún en Yucatán',
      ' ',
      '',
    ].join('\n');
    expect(collapseRollingCaptions(parseCaptions(asr))).toEqual([
      { start: 0.16, end: 2.79, text: 'bienvenidos a los cenotes' },
      { start: 2.8, end: 5.43, text: 'de Homún en Yucatán' },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnclaTiempo } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import {
  convertTranscript,
  episodeMetadata,
  episodeFeedLinks,
  looksLikeFeed,
  parseDuration,
  parseFeed,
  pickEpisode,
  rankTranscripts,
  transcriptFormat,
  type EpisodeTranscript,
} from './podcast';

const PODCAST = fixturePath('podcast');
const fixturesExist = hasFixture('podcast');
const FEED_URL = 'https://example.com/feed.xml';

describe.skipIf(!fixturesExist)(titleNeeding('the Podcasting 2.0 example feed', 'podcast'), () => {
  const xml = fixturesExist ? readFileSync(resolve(PODCAST, 'example.xml'), 'utf8') : '';

  it('parses channel and items', () => {
    const feed = parseFeed(xml, FEED_URL);
    expect(feed).toMatchObject({
      title: 'Podcasting 2.0 Namespace Example',
      language: 'en-US',
      authors: ['Doe, John'],
    });
    expect(feed.episodes.map((e) => e.title)).toEqual([
      'Episode 3 - The Future',
      'Episode 2 - The Present',
      'Episode 1 - The Past',
    ]);
    const [ep3] = feed.episodes;
    expect(ep3).toMatchObject({
      link: 'https://example.com/podcast/ep0003',
      guid: 'https://example.com/ep0003',
      number: '3',
      authors: ['Doe, John'],
      enclosure: { url: 'https://example.com/file-03.mp3', type: 'audio/mpeg', length: 43200000 },
    });
    expect(ep3!.published?.toISOString()).toBe('2020-10-09T04:30:38.000Z');
    // The Spanish captions are the timed transcript; the text/plain one is kept apart.
    expect(ep3!.transcripts).toEqual([
      {
        url: 'https://example.com/episode1/transcript.vtt',
        type: 'text/vtt',
        format: 'vtt',
        language: 'es',
        captions: true,
      },
    ]);
    expect(ep3!.plainTranscript?.url).toBe('https://example.com/ep3/transcript.txt');
    // The liveItem is not an episode.
    expect(feed.episodes).toHaveLength(3);
  });

  it('picks the newest episode unless the URL names one', () => {
    const feed = parseFeed(xml, FEED_URL);
    expect(pickEpisode(feed, FEED_URL)?.title).toBe('Episode 3 - The Future');
    expect(pickEpisode(feed, `${FEED_URL}#ep0002`)?.title).toBe('Episode 2 - The Present');
    expect(pickEpisode(feed, `${FEED_URL}#https://example.com/ep0001`)?.title).toBe('Episode 1 - The Past');
    expect(pickEpisode(feed, `${FEED_URL}#1`)?.title).toBe('Episode 1 - The Past');
    expect(pickEpisode(feed, 'https://example.com/podcast/ep0002/', false)?.title).toBe('Episode 2 - The Present');
    expect(pickEpisode(feed, 'https://example.com/otra', false)).toBeUndefined();
  });

  it('picks by date, not by position', () => {
    const shuffled = parseFeed(xml, FEED_URL);
    shuffled.episodes.reverse();
    expect(pickEpisode(shuffled, FEED_URL)?.title).toBe('Episode 3 - The Future');
  });

  it.each([
    ['vtt', 'transcript-example.vtt', 0, 'Sarah'],
    ['srt', 'transcript-example.srt', 0.179, 'Travis'],
    ['json', 'transcript-example.json', 0.5, 'Darth Vader'],
    ['html', 'transcript-example.html', 0, 'Travis'],
  ] as const)('reads a %s transcript into tiempo anchors', async (format, file, t0, hablante) => {
    const feed = parseFeed(xml, FEED_URL);
    const episode = { ...feed.episodes[0]!, transcripts: [transcript(format, `https://t.example/${file}`)] };
    const text = readFileSync(resolve(PODCAST, file), 'utf8');
    const c = await convertTranscript(feed, episode, async () => text);
    expect(c?.tipo).toBe('audio');
    expect(c?.metadatos).toMatchObject({ titulo: 'Episode 3 - The Future', autores: ['Doe, John'], anio: 2020 });
    const first = c!.unidades[0]!.bloques![0]!.ancla as AnclaTiempo;
    expect(first).toMatchObject({ tipo: 'tiempo', t0, hablante });
    for (const unit of c!.unidades) expect(unit.ancla.tipo).toBe('tiempo');
  });
});

function transcript(format: EpisodeTranscript['format'], url: string, language?: string): EpisodeTranscript {
  const types = {
    vtt: 'text/vtt',
    srt: 'application/x-subrip',
    json: 'application/json',
    html: 'text/html',
    txt: 'text/plain',
  };
  return { url, type: types[format], format, captions: false, ...(language && { language }) };
}

describe('rankTranscripts', () => {
  it('orders by language (own, es, en, other), then vtt > srt > json > html', () => {
    const list = [
      transcript('html', 'a', 'en'),
      transcript('json', 'b', 'fr'),
      transcript('srt', 'c', 'en'),
      transcript('html', 'd', 'es'),
      transcript('vtt', 'e', 'de'),
      transcript('vtt', 'f', 'en'),
      transcript('json', 'g'),
    ];
    expect(rankTranscripts(list, 'fr-FR').map((t) => t.url)).toEqual(['b', 'g', 'd', 'f', 'c', 'a', 'e']);
    expect(rankTranscripts(list, undefined).map((t) => t.url)).toEqual(['g', 'd', 'f', 'c', 'a', 'e', 'b']);
  });
});

describe('parseFeed (Atom, other prefixes)', () => {
  it('reads an Atom feed with enclosures', () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:pc="https://podcastindex.org/namespace/1.0" xml:lang="es">
        <title>Charlas</title><author><name>María Zambrano</name></author>
        <entry><title>Primera</title><id>tag:x,2020:1</id><published>2020-01-01T00:00:00Z</published>
          <link rel="alternate" href="/charlas/1"/><link rel="enclosure" href="/a/1.mp3" type="audio/mpeg" length="10"/></entry>
        <entry><title>Segunda</title><id>tag:x,2020:2</id><updated>2021-02-01T00:00:00Z</updated>
          <link href="/charlas/2"/><link rel="enclosure" href="/a/2.mp3" type="audio/mpeg"/>
          <pc:transcript url="/t/2.srt" type="application/x-subrip"/></entry>
      </feed>`;
    expect(looksLikeFeed(atom)).toBe(true);
    const feed = parseFeed(atom, 'https://x.example/feed');
    expect(feed).toMatchObject({ title: 'Charlas', language: 'es', authors: ['Zambrano, María'] });
    const newest = pickEpisode(feed, 'https://x.example/feed')!;
    expect(newest).toMatchObject({
      title: 'Segunda',
      link: 'https://x.example/charlas/2',
      enclosure: { url: 'https://x.example/a/2.mp3', type: 'audio/mpeg' },
      transcripts: [{ url: 'https://x.example/t/2.srt', format: 'srt', language: 'es' }],
    });
  });
});

describe('helpers', () => {
  it('looksLikeFeed', () => {
    expect(looksLikeFeed('<?xml version="1.0"?>\n<!-- x --><rss version="2.0"><channel/></rss>')).toBe(true);
    expect(looksLikeFeed('<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(true);
    expect(looksLikeFeed('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(false);
    expect(looksLikeFeed('<!doctype html><html>')).toBe(false);
  });

  it('transcriptFormat', () => {
    expect(transcriptFormat('text/vtt', undefined)).toBe('vtt');
    expect(transcriptFormat('application/x-subrip', undefined)).toBe('srt');
    expect(transcriptFormat('application/srt', undefined)).toBe('srt');
    expect(transcriptFormat('application/json; charset=utf-8', undefined)).toBe('json');
    expect(transcriptFormat('text/html', undefined)).toBe('html');
    expect(transcriptFormat('text/plain', undefined)).toBe('txt');
    expect(transcriptFormat('', 'https://x/t.srt?x=1')).toBe('srt');
    expect(transcriptFormat('application/octet-stream', 'https://x/t')).toBeUndefined();
  });

  it('parseDuration', () => {
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration('12:30')).toBe(750);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('n/a')).toBeUndefined();
  });

  it('episodeFeedLinks needs a podcast hint', () => {
    const head = '<link rel="alternate" type="application/rss+xml" href="/feed.xml">';
    expect(
      episodeFeedLinks(
        `<html><head>${head}</head><body><audio src="/a.mp3"></audio></body></html>`,
        'https://p.example/ep/1',
      ),
    ).toEqual(['https://p.example/feed.xml']);
    expect(
      episodeFeedLinks(`<html><head>${head}</head><body><p>Un blog</p></body></html>`, 'https://p.example/post'),
    ).toEqual([]);
  });
});

describe('podcast authors', () => {
  it('reads itunes:author and managingEditor as Surname, Given; a show kept whole', () => {
    const feed = parseFeed(
      `<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Voces del Mayab</title>
        <itunes:author>Radio Ambulante</itunes:author>
        <item><title>Uno</title><itunes:author>María Fernanda Ek Chablé &amp; Rosa Chi Uc</itunes:author>
          <enclosure url="https://p.example/1.mp3" type="audio/mpeg"/></item>
      </channel></rss>`,
      FEED_URL,
    );
    expect(feed.authors).toEqual(['Radio Ambulante']);
    expect(feed.episodes[0]!.authors).toEqual(['Ek Chablé, María Fernanda', 'Chi Uc, Rosa']);
    // The show is the episode's container (APA's 'En Voces del Mayab').
    expect(episodeMetadata(feed, feed.episodes[0]!)).toMatchObject({ titulo: 'Uno', contenedor: 'Voces del Mayab' });
  });
});

import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AnclaTiempo, AnclaWeb } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { ConversionError } from '../converter';
import { readUrl, type ReadUrlContext, type UrlReading } from './read-url';
import { startLocalServer, type LocalServer } from './testing/local-server';

const PODCAST = fixturePath('podcast');
const podcastFixtures = hasFixture('podcast');
const SAMPLE_PDF = resolve(REPO_ROOT, 'test/fixtures/muestra.pdf');

let server: LocalServer;
let tmp: string;
let ctx: ReadUrlContext;
const NOW = new Date('2026-03-04T12:00:00Z');

const VTT_ES = `WEBVTT

00:00:00.000 --> 00:00:03.000
<v Ana>Hola y bienvenidos.

00:00:03.000 --> 00:00:07.500
<v Luis>Hoy hablamos de los acueductos romanos.
`;
const VTT_EN = `WEBVTT

00:00:00.000 --> 00:00:03.000
Hello and welcome.
`;

const paragraph = (s: string) => `<p>${s.repeat(4)}</p>`;
const ARTICLE = `<!doctype html><html lang="es"><head><title>Los acueductos | Revista</title>
  <meta property="og:site_name" content="Revista"><meta name="author" content="Lucía Gómez">
  <meta property="article:published_time" content="2024-02-01">
  <link rel="alternate" type="application/rss+xml" href="/blog.xml"></head>
  <body><nav><a href="/">Inicio</a></nav><article><h1>Los acueductos</h1>
  ${paragraph('Roma llevó el agua a sus ciudades con obras de ingeniería que aún asombran. ')}
  <h2>Segovia</h2>
  ${paragraph('El acueducto de Segovia se construyó sin argamasa, con sillares de granito. ')}
  ${paragraph('Sigue en pie casi dos mil años después, en el centro de la ciudad. ')}
  </article></body></html>`;

function read(path: string, extra: Partial<ReadUrlContext> = {}): Promise<UrlReading> {
  return readUrl(`${server.origin}${path}`, { ...ctx, ...extra });
}

function converted(reading: UrlReading) {
  if (reading.kind !== 'converted') throw new Error(`expected a conversion, got ${reading.kind}`);
  return reading;
}

function file(reading: UrlReading) {
  if (reading.kind !== 'file') throw new Error(`expected a file, got ${reading.kind}`);
  return reading;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'folio-readurl-'));
  server = await startLocalServer();
  ctx = {
    allowPrivate: true,
    timeoutMs: 5000,
    maxRedirects: 3,
    maxBytes: 5_000_000,
    tmpDir: join(tmp, 'dl'),
    now: NOW,
  };
  const o = server.origin;

  server.serve('/articulo', 'text/html; charset=utf-8', ARTICLE);
  server.route('/corto', (_req, res) => res.writeHead(301, { location: '/articulo' }).end());
  server.serve('/blog.xml', 'application/rss+xml', '<rss version="2.0"><channel><title>Blog</title></channel></rss>');
  server.serve('/informe.pdf', 'application/pdf', readFileSync(SAMPLE_PDF));
  server.serve('/falso.html', 'text/html', readFileSync(SAMPLE_PDF));
  server.route('/descargar', (_req, res) =>
    res
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="datos.csv"',
      })
      .end('a,b\n1,2\n'),
  );

  // A page that is its video, with captions in two languages.
  server.serve(
    '/video',
    'text/html',
    `<!doctype html><html lang="es"><head><title>Charla: acueductos</title><meta name="author" content="Ana Pérez"></head>
     <body><h1>Charla: acueductos</h1><video controls src="/media/charla.mp4">
     <track kind="subtitles" src="/subs/en.vtt" srclang="en"><track kind="captions" src="/subs/es.vtt" srclang="es">
     </video></body></html>`,
  );
  server.serve('/subs/es.vtt', 'text/vtt', VTT_ES);
  server.serve('/subs/en.vtt', 'text/vtt', VTT_EN);
  server.serve('/media/charla.mp4', 'video/mp4', Buffer.from('fake mp4 bytes'));
  server.serve(
    '/video-sin-subtitulos',
    'text/html',
    `<html><head><title>Sin subtítulos</title></head><body><video src="/media/charla.mp4"></video></body></html>`,
  );

  // A YouTube-like watch page whose caption tracks point at this server.
  const player = (base: string) => ({
    videoDetails: { videoId: 'v1', title: 'Acueductos romanos', author: 'Canal de Historia', lengthSeconds: '8' },
    microformat: { playerMicroformatRenderer: { publishDate: '2020-05-06' } },
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: [
          { baseUrl: `${o}${base}?v=v1&lang=en`, languageCode: 'en', name: { simpleText: 'English' } },
          { baseUrl: `${o}${base}?v=v1&lang=es&kind=asr`, languageCode: 'es', kind: 'asr' },
        ],
      },
    },
  });
  const watch = (base: string) =>
    `<html><body><script>var ytInitialPlayerResponse = ${JSON.stringify(player(base))};</script></body></html>`;
  server.serve('/watch', 'text/html', watch('/api/timedtext'));
  server.serve('/watch-xml', 'text/html', watch('/api/timedtext-xml'));
  server.route('/api/timedtext', (_req, res, url) => {
    if (url.searchParams.get('fmt') !== 'vtt') return res.writeHead(400).end();
    res.writeHead(200, { 'content-type': 'text/vtt' }).end(url.searchParams.get('lang') === 'es' ? VTT_ES : VTT_EN);
  });
  server.route('/api/timedtext-xml', (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/xml' })
      .end('<?xml version="1.0"?><transcript><text start="1" dur="2">Hola &amp;amp; adiós</text></transcript>');
  });

  if (podcastFixtures) {
    // The example feed with its URLs moved to this server.
    const feed = readFileSync(resolve(PODCAST, 'example.xml'), 'utf8')
      .replaceAll('https://example.com/episode1/transcript.vtt', `${o}/t/ep3.vtt`)
      .replaceAll('https://example.com/ep2/transcript.txt', `${o}/t/ep2.txt`)
      .replaceAll('https://example.com/file-02.mp3', `${o}/audio/file-02.mp3`)
      .replaceAll('https://example.com/podcast/ep0002', `${o}/episodio/2`);
    server.serve('/feed.xml', 'application/rss+xml; charset=utf-8', feed);
    server.serve('/t/ep3.vtt', 'text/vtt', readFileSync(resolve(PODCAST, 'transcript-example.vtt')));
    server.serve('/t/ep2.txt', 'text/plain', 'Travis: Hola a todos.\n\nSarah: Bienvenidos.');
    server.serve('/audio/file-02.mp3', 'audio/mpeg', Buffer.from('ID3 fake audio'));
    // One feed per transcript format: episode 3's Spanish captions replaced by that format.
    const formats = {
      srt: ['application/x-subrip', 'transcript-example.srt'],
      json: ['application/json', 'transcript-example.json'],
      html: ['text/html', 'transcript-example.html'],
    } as const;
    for (const [format, [type, fixture]] of Object.entries(formats)) {
      server.serve(`/t/ep3.${format}`, type, readFileSync(resolve(PODCAST, fixture)));
      server.serve(
        `/feed-${format}.xml`,
        'application/rss+xml',
        feed.replace(`url="${o}/t/ep3.vtt" type="text/vtt"`, `url="${o}/t/ep3.${format}" type="${type}"`),
      );
    }
    server.serve(
      '/episodio/2',
      'text/html',
      `<html><head><title>Episode 2</title><link rel="alternate" type="application/rss+xml" title="Podcast" href="/feed.xml"></head>
       <body><h1>Episode 2 - The Present</h1><audio controls src="/audio/file-02.mp3"></audio>
       <p>${'Where are we at now in the podcasting era. '.repeat(20)}</p></body></html>`,
    );
  }
});

afterAll(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('readUrl: web pages', () => {
  it('reads an article with web anchors on the final URL', async () => {
    const reading = converted(await read('/corto'));
    expect(reading.url).toBe(`${server.origin}/articulo`);
    const { conversion } = reading;
    expect(conversion.tipo).toBe('web');
    expect(conversion.metadatos).toEqual({
      titulo: 'Los acueductos',
      autores: ['Gómez, Lucía'],
      anio: 2024,
      idioma: 'es',
      contenedor: 'Revista',
    });
    const anchors = conversion.unidades.flatMap((u) => u.bloques!.map((b) => b.ancla as AnclaWeb));
    expect(anchors).toEqual([
      { tipo: 'web', url: `${server.origin}/articulo`, ruta: [], parrafo: 1, consultada: '2026-03-04' },
      { tipo: 'web', url: `${server.origin}/articulo`, ruta: ['Segovia'], parrafo: 1, consultada: '2026-03-04' },
      { tipo: 'web', url: `${server.origin}/articulo`, ruta: ['Segovia'], parrafo: 2, consultada: '2026-03-04' },
    ]);
  });

  it('leaves no temporary files behind after a conversion', async () => {
    await read('/articulo');
    const left = await readdir(ctx.tmpDir).catch(() => []);
    expect(left.filter((f) => f.startsWith('fetch-'))).toEqual([]);
  });
});

describe('readUrl: files', () => {
  it('hands a PDF to the regular converters as a file with its URL', async () => {
    const { file: f } = file(await read('/informe.pdf'));
    expect(f).toMatchObject({
      nombre: 'informe.pdf',
      contentType: 'application/pdf',
      url: `${server.origin}/informe.pdf`,
      size: readFileSync(SAMPLE_PDF).length,
    });
    expect(f.path.startsWith(ctx.tmpDir)).toBe(true);
    expect(f.path.endsWith('.pdf')).toBe(true);
    expect((await readFile(f.path)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names a file by Content-Disposition', async () => {
    const { file: f } = file(await read('/descargar'));
    expect(f.nombre).toBe('datos.csv');
    expect(await readFile(f.path, 'utf8')).toBe('a,b\n1,2\n');
  });

  it('trusts the bytes over a declared text/html', async () => {
    const { file: f } = file(await read('/falso.html'));
    expect(f.contentType).toBe('text/html');
  });

  it('reports download progress up to 1', async () => {
    const fractions: number[] = [];
    await read('/informe.pdf', { progress: async (f) => void fractions.push(f) });
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions.at(-1)).toBe(1);
  });

  it('enforces the size limit', async () => {
    await expect(read('/informe.pdf', { maxBytes: 100 })).rejects.toThrow(ConversionError);
  });

  it('refuses the local server when private addresses are not allowed', async () => {
    const err = await read('/articulo', { allowPrivate: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).mensaje).toMatch(/dirección privada/);
  });
});

describe('readUrl: video pages', () => {
  it('reads <video> captions (the page’s language first) into tiempo anchors', async () => {
    const { conversion, url } = converted(await read('/video'));
    expect(url).toBe(`${server.origin}/video`);
    expect(conversion.tipo).toBe('video');
    expect(conversion.metadatos).toMatchObject({
      titulo: 'Charla: acueductos',
      autores: ['Pérez, Ana'],
      idioma: 'es',
      duracion: 7.5,
    });
    const anchors = conversion.unidades.flatMap((u) => u.bloques!.map((b) => b.ancla as AnclaTiempo));
    expect(anchors).toEqual([
      { tipo: 'tiempo', t0: 0, t1: 3, hablante: 'Ana' },
      { tipo: 'tiempo', t0: 3, t1: 7.5, hablante: 'Luis' },
    ]);
    expect(server.requests).toContain('/subs/es.vtt');
    expect(server.requests).not.toContain('/subs/en.vtt');
  });

  it('downloads the video itself when there are no captions', async () => {
    const reading = file(await read('/video-sin-subtitulos'));
    expect(reading.file).toMatchObject({
      nombre: 'charla.mp4',
      contentType: 'video/mp4',
      url: `${server.origin}/media/charla.mp4`,
    });
    expect(reading.metadatos?.titulo).toBe('Sin subtítulos');
  });

  it('reads a YouTube-like watch page through its caption tracks', async () => {
    const { conversion } = converted(await read('/watch'));
    expect(conversion.tipo).toBe('video');
    expect(conversion.metadatos).toEqual({
      titulo: 'Acueductos romanos',
      autores: ['Canal de Historia'],
      anio: 2020,
      duracion: 8,
      idioma: 'es',
    });
    expect(conversion.unidades.map((u) => u.texto).join(' ')).toMatch(/acueductos romanos/);
    expect(server.requests).toContain('/api/timedtext?v=v1&lang=es&kind=asr&fmt=vtt');
  });

  it('reads the XML timedtext format when the platform ignores fmt=vtt', async () => {
    const { conversion } = converted(await read('/watch-xml'));
    expect(conversion.unidades[0]!.bloques![0]).toEqual({
      texto: 'Hola & adiós',
      ancla: { tipo: 'tiempo', t0: 1, t1: 3 },
    });
  });
});

describe.skipIf(!podcastFixtures)(titleNeeding('readUrl: podcasts', 'podcast'), () => {
  it('reads the newest episode of a feed through its Spanish captions', async () => {
    const { conversion, url } = converted(await read('/feed.xml'));
    expect(url).toBe(`${server.origin}/feed.xml`);
    expect(conversion.tipo).toBe('audio');
    expect(conversion.metadatos).toMatchObject({
      titulo: 'Episode 3 - The Future',
      autores: ['Doe, John'],
      anio: 2020,
      idioma: 'es',
    });
    const first = conversion.unidades[0]!.bloques![0]!;
    expect(first.ancla).toEqual({ tipo: 'tiempo', t0: 0, t1: 2.76, hablante: 'Sarah' });
    expect(first.texto).toMatch(/^In today's episode/);
  });

  it.each(['srt', 'json', 'html'])('reads a %s podcast:transcript', async (format) => {
    const { conversion } = converted(await read(`/feed-${format}.xml`));
    expect(conversion.tipo).toBe('audio');
    expect(conversion.unidades.length).toBeGreaterThan(0);
    for (const unit of conversion.unidades) expect(unit.ancla.tipo).toBe('tiempo');
    expect(server.requests).toContain(`/t/ep3.${format}`);
  });

  it('downloads the audio of the episode a fragment names, with its untimed transcript', async () => {
    server.requests.length = 0;
    const phases: string[] = [];
    const reading = file(await read('/feed.xml#ep0002', { phase: async (f) => void phases.push(f) }));
    expect(server.requests[0]).toBe('/feed.xml');
    expect(phases).toEqual(['conversion', 'descarga']);
    expect(reading.file).toMatchObject({
      nombre: 'file-02.mp3',
      contentType: 'audio/mpeg',
      url: `${server.origin}/audio/file-02.mp3`,
    });
    expect(reading.file.transcript?.format).toBe('txt');
    expect(await readFile(reading.file.transcript!.path, 'utf8')).toMatch(/Travis: Hola/);
    expect(reading.metadatos).toMatchObject({
      titulo: 'Episode 2 - The Present',
      autores: ['Doe, John'],
      anio: 2020,
      idioma: 'en-US',
    });
  });

  it('reads an episode page through the feed it links', async () => {
    const reading = file(await read('/episodio/2'));
    expect(reading.file.url).toBe(`${server.origin}/audio/file-02.mp3`);
    expect(reading.metadatos?.titulo).toBe('Episode 2 - The Present');
  });

  it('keeps a blog post with an RSS link a web page', async () => {
    const reading = converted(await read('/articulo'));
    expect(reading.conversion.tipo).toBe('web');
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError } from '../converter';
import { blockedRange, parseContentType, safeFetch, USER_AGENT, type SafeFetchOptions } from './safe-fetch';
import { startLocalServer, type LocalServer } from './testing/local-server';

let server: LocalServer;
let tmp: string;

const open: SafeFetchOptions = { allowPrivate: true, timeoutMs: 5000, maxBytes: 1_000_000, maxRedirects: 3 };
/** The guard on, with only the test server's own address let through. */
const guarded: SafeFetchOptions = { ...open, allowPrivate: false, exemptAddresses: ['127.0.0.1'] };

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'folio-fetch-'));
  server = await startLocalServer();
  server.route('/hello', (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'x-ua': req.headers['user-agent'] ?? '' });
    res.end('<!doctype html><p>hola</p>');
  });
  server.route('/redirect', (_req, res, url) => {
    const n = Number(url.searchParams.get('n') ?? '1');
    const location = n > 1 ? `/redirect?n=${n - 1}` : '/hello';
    res.writeHead(302, { location }).end();
  });
  server.route('/to', (_req, res, url) => {
    res.writeHead(301, { location: url.searchParams.get('u') ?? '/' }).end();
  });
  server.route('/big', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(Buffer.alloc(300_000, 7));
  });
  server.route('/big-chunked', (_req, res) => {
    // No Content-Length: the limit has to be found while reading.
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' });
    let sent = 0;
    const tick = () => {
      if (sent >= 2_000_000 || res.destroyed) return res.end();
      sent += 64_000;
      res.write(Buffer.alloc(64_000, 1), () => setImmediate(tick));
    };
    tick();
  });
  server.route('/gzip', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.from('comprimido '.repeat(1000))));
  });
  server.route('/gzip-bomb', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(5_000_000)));
  });
  server.route('/slow', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first bytes, then nothing');
  });
  server.route('/hang', () => undefined);
  server.route('/missing', (_req, res) => res.writeHead(404).end('no'));
  server.route('/overloaded', (_req, res) => res.writeHead(503).end('later'));
  server.route('/attachment', (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''informe%20a%C3%B1o.pdf`,
    });
    res.end('%PDF-1.4');
  });
});

afterAll(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<ConversionError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConversionError);
  return err as ConversionError;
}

describe('safeFetch', () => {
  it('fetches a page with a browser-like User-Agent naming Folio', async () => {
    const body = await safeFetch(`${server.origin}/hello`, open);
    expect(body.status).toBe(200);
    expect(body.mimeType).toBe('text/html');
    expect(body.charset).toBe('utf-8');
    expect(new TextDecoder().decode(body.bytes)).toContain('hola');
    expect(body.headers['x-ua']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Mozilla\/5\.0 .*Folio/);
  });

  it('follows redirects and reports the final URL', async () => {
    const body = await safeFetch(`${server.origin}/redirect?n=3`, open);
    expect(body.url).toBe(`${server.origin}/hello`);
  });

  it('stops after maxRedirects', async () => {
    const err = await refusal(safeFetch(`${server.origin}/redirect?n=4`, open));
    expect(err.mensaje).toMatch(/demasiadas redirecciones/);
  });

  it('refuses redirects to other schemes', async () => {
    const err = await refusal(safeFetch(`${server.origin}/to?u=${encodeURIComponent('file:///etc/passwd')}`, open));
    expect(err.mensaje).toMatch(/http o https/);
  });

  it('fails on a declared Content-Length past the limit without reading it', async () => {
    const err = await refusal(safeFetch(`${server.origin}/big`, { ...open, maxBytes: 100_000 }));
    expect(err.mensaje).toMatch(/supera el tamaño máximo/);
  });

  it('enforces the limit while streaming an undeclared length', async () => {
    const err = await refusal(safeFetch(`${server.origin}/big-chunked`, { ...open, maxBytes: 500_000, tmpDir: tmp }));
    expect(err.mensaje).toMatch(/supera el tamaño máximo/);
  });

  it('counts decoded bytes against the limit (gzip bombs)', async () => {
    const body = await safeFetch(`${server.origin}/gzip`, open);
    expect(new TextDecoder().decode(body.bytes)).toBe('comprimido '.repeat(1000));
    const err = await refusal(safeFetch(`${server.origin}/gzip-bomb`, open));
    expect(err.message).toMatch(/maximum size/);
  });

  it('spools large bodies to a file in tmpDir', async () => {
    const body = await safeFetch(`${server.origin}/big`, { ...open, tmpDir: tmp, memoryBytes: 10_000 });
    expect(body.bytes).toBeUndefined();
    expect(body.path?.startsWith(tmp)).toBe(true);
    expect((await readFile(body.path!)).length).toBe(300_000);
    expect(body.size).toBe(300_000);
  });

  it('times out as a whole, even when the body stalls', async () => {
    const started = Date.now();
    const err = await refusal(safeFetch(`${server.origin}/slow`, { ...open, timeoutMs: 300 }));
    expect(err.mensaje).toMatch(/^Tiempo agotado/);
    expect(Date.now() - started).toBeLessThan(3000);
    await refusal(safeFetch(`${server.origin}/hang`, { ...open, timeoutMs: 300 }));
  });

  it('rejects with the caller’s reason when aborted', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${server.origin}/hang`, { ...open, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
  });

  it('turns 4xx into a ConversionError and leaves 5xx retryable', async () => {
    const err = await refusal(safeFetch(`${server.origin}/missing`, open));
    expect(err.mensaje).toMatch(/HTTP 404/);
    const retryable = await safeFetch(`${server.origin}/overloaded`, open).catch((e: unknown) => e);
    expect(retryable).toBeInstanceOf(Error);
    expect(retryable).not.toBeInstanceOf(ConversionError);
    expect((retryable as Error).message).toMatch(/503/);
  });

  it('takes the file name from Content-Disposition', async () => {
    const body = await safeFetch(`${server.origin}/attachment`, open);
    expect(body.fileName).toBe('informe año.pdf');
    expect(body.mimeType).toBe('application/pdf');
  });
});

describe('SSRF guard', () => {
  const noGuard: SafeFetchOptions = { ...open, allowPrivate: false };

  it.each([
    ['127.0.0.1', () => `${server.origin}/hello`],
    ['localhost (after DNS resolution)', () => `http://localhost:${server.port}/hello`],
    ['[::1]', () => `http://[::1]:${server.port}/hello`],
    ['10.x', () => 'http://10.1.2.3/'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${server.port}/hello`],
    ['a decimal IPv4 loopback', () => `http://2130706433:${server.port}/hello`],
  ])('refuses %s before connecting', async (_name, url) => {
    const before = server.connections;
    const err = await refusal(safeFetch(url(), noGuard));
    expect(err.mensaje).toMatch(/^La URL apunta a una dirección privada/);
    expect(server.connections).toBe(before);
  });

  it('lets the test server through by its exempt address', async () => {
    const body = await safeFetch(`${server.origin}/hello`, guarded);
    expect(body.status).toBe(200);
  });

  it.each([
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ['10.0.0.1', 'http://10.0.0.1/'],
    ['[::1]', 'http://[::1]/'],
    ['[fd00:ec2::254]', 'http://[fd00:ec2::254]/'],
  ])('re-checks every redirect hop (→ %s)', async (_name, target) => {
    server.requests.length = 0;
    const err = await refusal(safeFetch(`${server.origin}/to?u=${encodeURIComponent(target)}`, guarded));
    expect(err.mensaje).toMatch(/dirección privada/);
    expect(server.requests).toEqual([`/to?u=${encodeURIComponent(target)}`]);
  });

  it('re-checks a redirect to a name that resolves to a private address', async () => {
    // A second server on 127.0.0.2 is the "public" start; 'localhost' resolves to 127.0.0.1, refused at lookup.
    const start = await startLocalServer('127.0.0.2');
    try {
      start.route('/to', (_req, res) =>
        res.writeHead(302, { location: `http://localhost:${server.port}/hello` }).end(),
      );
      const before = server.connections;
      const err = await refusal(safeFetch(`${start.origin}/to`, { ...guarded, exemptAddresses: ['127.0.0.2'] }));
      expect(err.mensaje).toMatch(/dirección privada o reservada \(localhost → 127\.0\.0\.1\)/);
      expect(start.requests).toEqual(['/to']);
      expect(server.connections).toBe(before);
    } finally {
      await start.close();
    }
  });
});

describe('blockedRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'linkLocal'],
    ['not an address', 'invalid'],
  ])('%s is %s', (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(blockedRange(address)).toBeUndefined();
  });
});

describe('parseContentType', () => {
  it('splits the media type and charset', () => {
    expect(parseContentType('Text/HTML; Charset="ISO-8859-1"')).toEqual({ mime: 'text/html', charset: 'iso-8859-1' });
    expect(parseContentType(undefined)).toEqual({ mime: '' });
  });
});

import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';
import { ConversionError } from '../converter';

/** How a page is fetched: bounds, the SSRF switch and where large bodies go. */
export interface SafeFetchOptions {
  /** Let loopback, private and link-local addresses through (tests and trusted LANs only). */
  allowPrivate: boolean;
  /** Total time for every hop, headers and body included. */
  timeoutMs: number;
  /** Largest body, counted after content decoding. */
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
  /** The Accept header; a browser's by default. */
  accept?: string;
  /** Where a body past `memoryBytes` is spooled; without it every body stays in memory (up to maxBytes). */
  tmpDir?: string;
  /** Bodies up to this size stay in memory even when `tmpDir` is given (default 1 MiB). */
  memoryBytes?: number;
  /**
   * Addresses let through although private (a test server on 127.0.0.1 with the guard otherwise on).
   * Compared in ipaddr.js normal form.
   */
  exemptAddresses?: readonly string[];
  /** Bytes received so far and the declared total, when the server gave one. */
  onProgress?(received: number, total: number | undefined): void;
}

/** A response that passed every check: a 2xx status, within the limits. */
export interface FetchedBody {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  /** Response headers, lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The media type without parameters, lower case ('' when the server sent none). */
  mimeType: string;
  /** The charset parameter of Content-Type, when given. */
  charset?: string;
  /** The file name from Content-Disposition, when given. */
  fileName?: string;
  size: number;
  /** The body, when it was small enough to keep in memory. */
  bytes?: Uint8Array;
  /** The body spooled to a file in `tmpDir`; the caller owns (and removes) it. */
  path?: string;
}

/** A Folio fetch looks like a browser (some sites refuse anything else) and says who it is. */
export const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Folio/0.1 (personal research library)';

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const DEFAULT_MEMORY_BYTES = 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Cloud metadata endpoints, named even where their range is already refused, so the refusal says why.
 * IPv4-mapped and NAT64 forms are reduced to IPv4 before the check.
 */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]);

/** Why an address may not be fetched from, or undefined when it is a public unicast address. */
export function blockedRange(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'invalid';
  }
  if (ip.kind() === 'ipv6') {
    const embedded = embeddedIpv4(ip as ipaddr.IPv6);
    if (embedded) return blockedRange(embedded.toString());
  }
  const normalized = ip.toNormalizedString();
  if (METADATA_ADDRESSES.has(ip.kind() === 'ipv6' ? ip.toString() : normalized)) return 'metadata';
  const range = ip.range();
  return range === 'unicast' ? undefined : range;
}

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible, SIIT, NAT64 or 6to4 IPv6 address. */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = ip.range();
  const parts = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return v4(parts[6]!, parts[7]!);
  if (range === '6to4') return v4(parts[1]!, parts[2]!);
  // Deprecated IPv4-compatible form (::a.b.c.d); '::' and '::1' are handled by their own ranges.
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) return v4(parts[6]!, parts[7]!);
  return undefined;
}

/** Thrown from the connector when an address is refused; turned into a ConversionError by safeFetch. */
class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`Refused to connect to ${host} (${address}, ${range})`);
    this.name = 'BlockedAddressError';
  }
}

function blockedError(host: string, address: string, range: string): ConversionError {
  const shown = host === address ? address : `${host} → ${address}`;
  return new ConversionError(
    `La URL apunta a una dirección privada o reservada (${shown}); Folio no descarga desde ella.`,
    `URL resolves to a ${range} address (${shown}); refused`,
  );
}

/** The guard of one fetch: why an address is refused, or undefined when it may be connected to. */
type Guard = (address: string) => string | undefined;

function guardOf(opts: Pick<SafeFetchOptions, 'allowPrivate' | 'exemptAddresses'>): Guard {
  if (opts.allowPrivate) return () => undefined;
  const exempt = new Set((opts.exemptAddresses ?? []).map(normalizeAddress));
  return (address) => (exempt.has(normalizeAddress(address)) ? undefined : blockedRange(address));
}

function normalizeAddress(address: string): string {
  try {
    return ipaddr.process(address.replace(/^\[|\]$/g, '')).toNormalizedString();
  } catch {
    return address;
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `net.connect` lookup that resolves once and hands the socket only addresses that pass the guard, so
 * the address connected to is the one checked (no second resolution an attacker could rebind).
 */
function guardedLookup(guard: Guard): LookupFunction {
  return (hostname, options, callback: LookupCallback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    dnsLookup(hostname, { all: true, family }).then(
      (addresses) => {
        const allowed = addresses.filter((a) => guard(a.address) === undefined);
        if (allowed.length === 0) {
          const first = addresses[0];
          if (!first)
            return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
          return callback(new BlockedAddressError(hostname, first.address, guard(first.address)!), []);
        }
        if (options.all) callback(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}

/** An undici agent whose every connection goes through the guard: IP literals before connecting, names at lookup. */
function guardedAgent(guard: Guard, connectTimeoutMs: number): Agent {
  const base = buildConnector({ lookup: guardedLookup(guard), timeout: connectTimeoutMs });
  const connect: buildConnector.connector = (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const range = guard(host);
      if (range) return callback(new BlockedAddressError(host, host, range), null);
    }
    base(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('No socket'), null);
      // The address actually connected to, whatever path led there.
      const remote = (socket as Socket).remoteAddress;
      const range = guard(remote ?? '');
      if (range) {
        socket.destroy();
        return callback(new BlockedAddressError(host, remote ?? '?', range), null);
      }
      callback(null, socket);
    });
  };
  return new Agent({ connect, connections: 4 });
}

/**
 * Fetches a URL the way Folio fetches anything from the web: GET only, http(s) only, redirects followed
 * by hand (each hop checked again, at most `maxRedirects`), every address refused that is loopback,
 * private, link-local, unique-local, multicast, unspecified, CGNAT, reserved or a cloud metadata endpoint
 * (unless `allowPrivate`), one total timeout, the size limit enforced while reading, content decoding
 * (gzip, deflate, br) counted after decoding. Failures that will not change on retry (a refused address,
 * a 4xx status, too big, too slow, too many redirects) are ConversionErrors; network failures are
 * plain errors; an abort through `signal` rejects with the signal's reason.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<FetchedBody> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const guard = guardOf(opts);
  const agent = guardedAgent(guard, Math.min(opts.timeoutMs, 30_000));
  try {
    let current = parseHttpUrl(url);
    for (let hop = 0; ; hop++) {
      checkLiteralHost(current, guard);
      const response = await request(current, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: opts.accept ?? DEFAULT_ACCEPT,
          'accept-language': 'es,en;q=0.8,*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      const headers = flattenHeaders(response.headers);
      if (REDIRECT_STATUSES.has(response.statusCode) && headers.location) {
        await response.body.dump().catch(() => undefined);
        if (hop >= opts.maxRedirects) {
          throw new ConversionError(
            `La URL da demasiadas redirecciones (más de ${opts.maxRedirects}).`,
            `Too many redirects (more than ${opts.maxRedirects})`,
          );
        }
        current = parseHttpUrl(new URL(headers.location, current).toString());
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump().catch(() => undefined);
        throw statusError(response.statusCode, current.toString());
      }
      return await readBody(response.body, headers, current.toString(), response.statusCode, opts);
    }
  } catch (err) {
    throw translateError(err, opts, timeout);
  } finally {
    agent.close().catch(() => undefined);
  }
}

/** The bytes of a fetched body, from memory or from its spool file. */
export async function bodyBytes(body: FetchedBody): Promise<Uint8Array> {
  if (body.bytes) return body.bytes;
  if (body.path) return new Uint8Array(await readFile(body.path));
  return new Uint8Array();
}

/** The first bytes of a fetched body (without reading a spooled file whole). */
export async function bodyHead(body: FetchedBody, length: number): Promise<Uint8Array> {
  if (body.bytes) return body.bytes.subarray(0, length);
  if (!body.path) return new Uint8Array();
  const handle = await open(body.path, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Removes a body's spool file, if it has one. */
export async function discardBody(body: FetchedBody): Promise<void> {
  if (body.path) await rm(body.path, { force: true });
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConversionError('La URL no es válida.', `Invalid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConversionError(
      `Solo se descargan URL http o https (no ${url.protocol.replace(/:$/, '')}).`,
      `Only http and https URLs are fetched, not ${url.protocol}`,
    );
  }
  if (url.username || url.password) {
    throw new ConversionError('La URL no puede llevar usuario ni contraseña.', 'URL carries credentials');
  }
  // A fragment is for the client (an episode, a heading): never sent.
  url.hash = '';
  return url;
}

/** An IP literal is refused before any connection is attempted. */
function checkLiteralHost(url: URL, guard: Guard): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(host)) return;
  const range = guard(host);
  if (range) throw blockedError(host, host, range);
}

function statusError(status: number, url: string): Error {
  const detail = `HTTP status ${status} from ${url}`;
  // Overload and server faults may pass: the job queue retries plain errors.
  if (status === 408 || status === 425 || status === 429 || status >= 500) return new Error(detail);
  const reason =
    status === 404 || status === 410
      ? 'la página no existe'
      : status === 401 || status === 403
        ? 'el acceso está restringido'
        : 'la petición fue rechazada';
  return new ConversionError(`El servidor respondió con el estado HTTP ${status} (${reason}).`, detail);
}

function translateError(err: unknown, opts: SafeFetchOptions, timeout: AbortSignal): unknown {
  if (err instanceof ConversionError) return err;
  const blocked = findCause(err, (e): e is BlockedAddressError => e instanceof BlockedAddressError);
  if (blocked) return blockedError(blocked.host, blocked.address, blocked.range);
  if (opts.signal?.aborted) return opts.signal.reason ?? err;
  if (timeout.aborted) {
    return new ConversionError(
      `Tiempo agotado al descargar la URL (${Math.round(opts.timeoutMs / 1000)} s).`,
      `Fetch timed out after ${opts.timeoutMs} ms`,
    );
  }
  const notFound = findCause(err, (e): e is NodeJS.ErrnoException => (e as NodeJS.ErrnoException).code === 'ENOTFOUND');
  if (notFound) {
    return new ConversionError('No se encontró el servidor de la URL.', `DNS lookup failed: ${notFound.message}`);
  }
  return err;
}

function findCause<T>(err: unknown, test: (e: unknown) => e is T): T | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (test(e)) return e;
    if (e instanceof AggregateError) for (const inner of e.errors) if (test(inner)) return inner;
  }
  return undefined;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function tooBig(maxBytes: number): ConversionError {
  const mb = maxBytes / (1024 * 1024);
  return new ConversionError(
    `El contenido de la URL supera el tamaño máximo (${mb >= 1 ? `${Math.round(mb)} MB` : `${maxBytes} bytes`}).`,
    `Body exceeds the maximum size of ${maxBytes} bytes`,
  );
}

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

async function readBody(
  raw: Readable,
  headers: Record<string, string>,
  url: string,
  status: number,
  opts: SafeFetchOptions,
): Promise<FetchedBody> {
  const declared = headers['content-length'] ? Number(headers['content-length']) : undefined;
  const encoding = headers['content-encoding'];
  const decoder = decoderFor(encoding);
  // A declared length is of the encoded body: only decisive when there is no encoding.
  if (!decoder && declared !== undefined && declared > opts.maxBytes) {
    abandon(raw);
    throw tooBig(opts.maxBytes);
  }
  if (decoder) raw.on('error', (err) => decoder.destroy(err));
  const source: AsyncIterable<Buffer> = decoder ? raw.pipe(decoder) : raw;
  const memoryBytes = opts.tmpDir ? (opts.memoryBytes ?? DEFAULT_MEMORY_BYTES) : Infinity;
  const chunks: Buffer[] = [];
  let size = 0;
  let file: { path: string; stream: WriteStream } | undefined;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > opts.maxBytes) throw tooBig(opts.maxBytes);
      if (!file && size > memoryBytes && opts.tmpDir) {
        await mkdir(opts.tmpDir, { recursive: true });
        const path = join(opts.tmpDir, `fetch-${randomUUID()}`);
        file = { path, stream: createWriteStream(path) };
        for (const held of chunks.splice(0)) await write(file.stream, held);
      }
      if (file) await write(file.stream, chunk);
      else chunks.push(chunk);
      opts.onProgress?.(size, decoder ? undefined : declared);
    }
    if (file) {
      file.stream.end();
      await finished(file.stream);
    }
  } catch (err) {
    abandon(raw);
    if (file) {
      file.stream.destroy();
      await rm(file.path, { force: true });
    }
    throw err;
  }
  const type = parseContentType(headers['content-type']);
  const fileName = fileNameOf(headers['content-disposition']);
  return {
    url,
    status,
    headers,
    mimeType: type.mime,
    ...(type.charset && { charset: type.charset }),
    ...(fileName && { fileName }),
    size,
    ...(file ? { path: file.path } : { bytes: new Uint8Array(Buffer.concat(chunks)) }),
  };
}

/** Stops reading a body; undici then emits an AbortError nobody is waiting for, which must not go uncaught. */
function abandon(raw: Readable): void {
  raw.on('error', () => undefined);
  raw.destroy();
}

function write(stream: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => stream.write(chunk, (err) => (err ? reject(err) : resolve())));
}

/** 'text/HTML; charset=UTF-8' → { mime: 'text/html', charset: 'utf-8' }. */
export function parseContentType(raw: string | undefined): { mime: string; charset?: string } {
  if (!raw) return { mime: '' };
  const [mime = '', ...params] = raw.split(';');
  const charset = params
    .map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1])
    .find((c): c is string => Boolean(c));
  return { mime: mime.trim().toLowerCase(), ...(charset && { charset: charset.toLowerCase() }) };
}

function fileNameOf(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return sanitizeName(decodeURIComponent(extended.trim()));
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return sanitizeName((plain?.[1] ?? plain?.[2])?.trim());
}

function sanitizeName(name: string | undefined): string | undefined {
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}

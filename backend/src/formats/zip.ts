import { createReadStream, open as fsOpen, read as fsRead } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConversionError } from './conversion-error';
import { DEFAULT_LIMITS, type ConvertLimits } from './limits';
import { decodeWith, sniffEncoding } from './text-decode';

/**
 * A safe reader for the zip containers Folio reads (EPUB, DOCX, PPTX, XLSX, ODF). Every byte is inflated
 * under the conversion limits, checked while it streams rather than after: the total uncompressed bytes of
 * the archive (`maxUnzippedBytes`), the expansion ratio of each entry (`maxZipRatio`), and each entry's
 * declared size. Entry data is checked against its CRC-32. Broken archives, encrypted entries and bombs end
 * in a `ConversionError` with a Spanish `mensaje`.
 *
 * ```ts
 * const xml = await withZip(file.path, { limits: ctx.limits, signal: ctx.signal }, async (zip) => {
 *   if (!zip.has('word/document.xml')) throw new ConversionError(…);
 *   return zip.readText('word/document.xml');
 * });
 * ```
 */

/** The two limits of `ConvertLimits` that concern zip archives. */
export type ZipLimits = Pick<ConvertLimits, 'maxUnzippedBytes' | 'maxZipRatio'>;

/** Options of {@link openZip}. */
export interface OpenZipOptions {
  /** Defaults to `DEFAULT_LIMITS`; pass `ctx.limits` from the converter context. */
  limits?: Partial<ZipLimits>;
  /** Aborts any read in progress (the read rejects with the signal's reason). */
  signal?: AbortSignal;
  /**
   * The ratio check applies to an entry only once it has inflated past this many bytes (1 MiB by
   * default): small, highly repetitive files legitimately compress far better than the limit, and they
   * cannot hurt, since the total is bounded by `maxUnzippedBytes`.
   */
  ratioGraceBytes?: number;
  /** Most entries an archive may list (100 000 by default). */
  maxEntries?: number;
}

/** Options of a single read. */
export interface ReadEntryOptions {
  /** A tighter bound for this entry alone, in uncompressed bytes. */
  maxBytes?: number;
}

/** One entry of the archive as its central directory describes it. */
export interface ZipEntry {
  /** Normalised path: forward slashes, no `.` segments, never absolute, never with `..`. */
  name: string;
  /** Declared uncompressed size in bytes. */
  size: number;
  compressedSize: number;
  /** Zip-level (password) encryption; such an entry cannot be read. */
  encrypted: boolean;
  /** True for folder entries (names ending in '/'). */
  directory: boolean;
}

/** An open archive. Close it when done, or use {@link withZip}. */
export interface ZipArchive {
  /** Every entry with a safe name, in central-directory order. Entries with unsafe names are left out. */
  readonly entries: readonly ZipEntry[];
  /** Uncompressed bytes inflated so far by every read of this archive; bounded by `maxUnzippedBytes`. */
  readonly unzippedBytes: number;
  /**
   * The entry with this name: an exact match of the normalised name, else the only entry that matches
   * ignoring case (archives made on case-insensitive file systems often disagree with their own links).
   */
  entry(name: string): ZipEntry | undefined;
  has(name: string): boolean;
  /** The whole content of an entry. A missing entry is a `ConversionError` ('falta …'). */
  read(name: string, options?: ReadEntryOptions): Promise<Buffer>;
  /**
   * An entry as text: a BOM wins, then valid UTF-8, then the encoding named by an XML declaration
   * (`<?xml … encoding="…"?>`) or an HTML meta charset, else windows-1252. Newlines become LF.
   */
  readText(name: string, options?: ReadEntryOptions): Promise<string>;
  /** The content of an entry as it inflates, for entries too large to hold; limits apply per chunk. */
  stream(name: string, options?: ReadEntryOptions): AsyncGenerator<Buffer, void, undefined>;
  close(): void;
}

const DEFAULT_RATIO_GRACE_BYTES = 1024 * 1024;
const DEFAULT_MAX_ENTRIES = 100_000;

/**
 * Opens a zip archive from a path (or bytes already in memory) and reads its central directory. Fails
 * with a `ConversionError` when the archive is damaged, lists more than `maxEntries`, or declares more
 * uncompressed bytes in total than `maxUnzippedBytes`.
 */
export async function openZip(source: string | Uint8Array, options: OpenZipOptions = {}): Promise<ZipArchive> {
  const limits: ZipLimits = {
    maxUnzippedBytes: options.limits?.maxUnzippedBytes ?? DEFAULT_LIMITS.maxUnzippedBytes,
    maxZipRatio: options.limits?.maxZipRatio ?? DEFAULT_LIMITS.maxZipRatio,
  };
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  options.signal?.throwIfAborted();
  // decodeStrings is off so that one hostile name ('../x') does not fail the whole archive in yauzl:
  // names are decoded and vetted here instead. Sizes are checked here too, while streaming.
  const yauzlOptions = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false };
  let zipfile: ZipFile;
  if (typeof source === 'string') {
    const handle = await open(source, 'r');
    try {
      const { size } = await handle.stat();
      zipfile = await yauzl.fromRandomAccessReaderPromise(new FileReader(handle), size, yauzlOptions);
    } catch (error) {
      await handle.close();
      throw isFsError(error) ? error : damaged(error);
    }
  } else {
    try {
      const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
      zipfile = await yauzl.fromBufferPromise(bytes, yauzlOptions);
    } catch (error) {
      throw damaged(error);
    }
  }
  try {
    const entries = await readDirectory(zipfile, maxEntries);
    const declared = entries.reduce((sum, e) => sum + e.info.size, 0);
    if (declared > limits.maxUnzippedBytes) throw tooLarge(limits.maxUnzippedBytes, `declares ${declared} bytes`);
    // Read errors surface on each entry's stream; nothing should reach the archive itself from now on.
    zipfile.on('error', () => {});
    return new Archive(zipfile, entries, limits, options);
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

/** Opens an archive, runs `use` on it and closes it, whatever happens. */
export async function withZip<T>(
  source: string | Uint8Array,
  options: OpenZipOptions,
  use: (zip: ZipArchive) => Promise<T>,
): Promise<T> {
  const zip = await openZip(source, options);
  try {
    return await use(zip);
  } finally {
    zip.close();
  }
}

/**
 * A zip entry name made safe: backslashes become slashes, `.` and empty segments go; undefined for
 * absolute paths ('/x', 'C:x'), any `..` segment, or control characters. Folder names keep their '/'.
 */
export function normalizeEntryName(raw: string): string | undefined {
  const name = raw.replace(/\\/g, '/');
  // eslint-disable-next-line no-control-regex
  if (!name || /[\u0000-\u001f]/.test(name) || name.startsWith('/') || /^[a-z]:/i.test(name)) return undefined;
  const segments = name.split('/');
  if (segments.includes('..')) return undefined;
  const kept = segments.filter((s) => s !== '' && s !== '.');
  if (kept.length === 0) return undefined;
  return kept.join('/') + (name.endsWith('/') ? '/' : '');
}

/**
 * Resolves a link found inside entry `from` (an OPF `href`, an OOXML relationship `Target`, an ODF
 * `xlink:href`) to the entry name it points at. The link is a URL path: percent-escapes are decoded, the
 * query and fragment dropped, a leading '/' means the archive root. Undefined for external URLs
 * ('http:', 'mailto:' …) and for links that climb out of the archive; a bare '#fragment' is `from` itself.
 */
export function resolveEntryPath(from: string, href: string): string | undefined {
  const link = href.trim().replace(/[?#].*$/s, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) return undefined;
  if (link === '') return normalizeEntryName(from);
  let path = link;
  try {
    path = decodeURIComponent(link);
  } catch {
    // A stray '%' in a hand-written link: use it as written.
  }
  const segments = path.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.length > 0 ? segments.join('/') : undefined;
}

/**
 * Decodes the bytes of a text entry: a BOM or valid UTF-8 wins; otherwise the encoding an XML declaration
 * or HTML meta tag names, when the platform knows it; otherwise windows-1252. Newlines become LF.
 */
export function decodeEntryText(bytes: Uint8Array): string {
  const sniffed = sniffEncoding(bytes);
  if (sniffed.encoding === 'windows-1252') {
    const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 2048));
    const declared =
      /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w:.-]+)["']/i.exec(head)?.[1] ??
      /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head)?.[1];
    if (declared) {
      try {
        return new TextDecoder(declared).decode(bytes).replace(/\r\n?/g, '\n');
      } catch {
        // Unknown label: fall through to windows-1252.
      }
    }
  }
  return decodeWith(bytes, sniffed);
}

interface ListedEntry {
  info: ZipEntry;
  raw: Entry;
}

async function readDirectory(zipfile: ZipFile, maxEntries: number): Promise<ListedEntry[]> {
  if (zipfile.entryCount > maxEntries) {
    throw new ConversionError(
      `El archivo comprimido contiene demasiados archivos (más de ${maxEntries}).`,
      `Zip archive lists ${zipfile.entryCount} entries, more than ${maxEntries}`,
    );
  }
  const entries: ListedEntry[] = [];
  const seen = new Set<string>();
  try {
    for await (const raw of zipfile.eachEntry()) {
      const fileName = yauzl.getFileNameLowLevel(
        raw.generalPurposeBitFlag,
        raw.fileName as unknown as Buffer,
        raw.extraFields,
        false,
      );
      const name = normalizeEntryName(fileName);
      // Unsafe names are never listed; of two entries with one name, the first is the one read.
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      entries.push({
        raw,
        info: {
          name,
          size: raw.uncompressedSize,
          compressedSize: raw.compressedSize,
          encrypted: raw.isEncrypted(),
          directory: name.endsWith('/'),
        },
      });
    }
  } catch (error) {
    if (error instanceof Error && /strong encryption/i.test(error.message)) throw encrypted('(directory)');
    throw damaged(error);
  }
  return entries;
}

class Archive implements ZipArchive {
  readonly entries: readonly ZipEntry[];
  unzippedBytes = 0;
  readonly #zipfile: ZipFile;
  readonly #byName = new Map<string, ListedEntry>();
  readonly #byLowerName = new Map<string, ListedEntry | null>();
  readonly #limits: ZipLimits;
  readonly #grace: number;
  readonly #signal: AbortSignal | undefined;

  constructor(zipfile: ZipFile, listed: ListedEntry[], limits: ZipLimits, options: OpenZipOptions) {
    this.#zipfile = zipfile;
    this.#limits = limits;
    this.#grace = options.ratioGraceBytes ?? DEFAULT_RATIO_GRACE_BYTES;
    this.#signal = options.signal;
    this.entries = listed.map((e) => e.info);
    for (const entry of listed) {
      this.#byName.set(entry.info.name, entry);
      const lower = entry.info.name.toLowerCase();
      // null marks a lower-case name shared by two entries: ambiguous, so never matched loosely.
      this.#byLowerName.set(lower, this.#byLowerName.has(lower) ? null : entry);
    }
  }

  #find(name: string): ListedEntry | undefined {
    const normalized = normalizeEntryName(name);
    if (normalized === undefined) return undefined;
    return this.#byName.get(normalized) ?? this.#byLowerName.get(normalized.toLowerCase()) ?? undefined;
  }

  entry(name: string): ZipEntry | undefined {
    return this.#find(name)?.info;
  }

  has(name: string): boolean {
    return this.#find(name) !== undefined;
  }

  async read(name: string, options: ReadEntryOptions = {}): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(name, options)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async readText(name: string, options: ReadEntryOptions = {}): Promise<string> {
    return decodeEntryText(await this.read(name, options));
  }

  async *stream(name: string, options: ReadEntryOptions = {}): AsyncGenerator<Buffer, void, undefined> {
    this.#signal?.throwIfAborted();
    const listed = this.#find(name);
    if (!listed || listed.info.directory) {
      throw new ConversionError(
        `Falta el archivo interno ${name} en el archivo comprimido.`,
        `Zip entry not found: ${name}`,
      );
    }
    const { info, raw } = listed;
    if (info.encrypted) throw encrypted(info.name);
    if (raw.compressionMethod !== 0 && raw.compressionMethod !== 8) {
      throw new ConversionError(
        `El archivo comprimido usa un método de compresión no admitido (${raw.compressionMethod}).`,
        `Unsupported compression method ${raw.compressionMethod} in ${info.name}`,
      );
    }
    const { maxUnzippedBytes, maxZipRatio } = this.#limits;
    const entryLimit = Math.min(options.maxBytes ?? Infinity, maxUnzippedBytes);
    // What the directory declares is checked before inflating anything …
    if (info.size > this.#grace && info.size > maxZipRatio * Math.max(info.compressedSize, 1)) {
      throw bomb(info.name, `declares a ratio above ${maxZipRatio}`);
    }
    if (info.size > entryLimit || this.unzippedBytes + info.size > maxUnzippedBytes) {
      throw tooLarge(entryLimit, `${info.name} declares ${info.size} bytes`);
    }

    let stream: Readable;
    try {
      stream = await this.#zipfile.openReadStreamPromise(raw);
    } catch (error) {
      throw damaged(error);
    }
    // … and what actually inflates is checked chunk by chunk, since declarations can lie. Holding an
    // entry to its declared size is what makes the ratio and size checks above binding; the running
    // total is checked again because reads of one archive may run concurrently.
    let inflated = 0;
    let crc = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.#signal?.throwIfAborted();
        inflated += chunk.length;
        this.unzippedBytes += chunk.length;
        if (inflated > info.size) throw bomb(info.name, `inflates past its declared ${info.size} bytes`);
        if (this.unzippedBytes > maxUnzippedBytes) {
          throw tooLarge(maxUnzippedBytes, `${info.name} inflated past the archive total`);
        }
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ConversionError || this.#signal?.aborted) throw error;
      throw damaged(error, info.name);
    } finally {
      stream.destroy();
    }
    if (inflated !== info.size) throw damaged(new Error(`${inflated} of ${info.size} bytes`), info.name);
    if (crc !== raw.crc32 >>> 0) throw damaged(new Error('CRC-32 mismatch'), info.name);
  }

  close(): void {
    this.#zipfile.close();
  }
}

/**
 * Reads the archive file for yauzl. yauzl's own file reader (fd-slicer) throws an uncaught TypeError, and
 * stalls the archive, when a stream is destroyed while another read of the same file is queued (it reads
 * `context.fd` after cleanup), which is exactly what stopping a bomb in one of two concurrent reads does.
 * Node's file streams on a shared descriptor have no such problem, once they are kept from closing it
 * (a destroyed file stream closes its descriptor even with `autoClose: false`).
 */
class FileReader extends yauzl.RandomAccessReader {
  private readonly fd: number;

  constructor(private readonly handle: FileHandle) {
    super();
    this.fd = handle.fd;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return createReadStream('', { fd: this.fd, fs: SHARED_FD, start, end: end - 1, autoClose: false });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    fsRead(this.fd, buffer, offset, length, position, (error, bytesRead) => callback(error, bytesRead));
  }

  override close(callback: (err: Error | null) => void): void {
    this.handle.close().then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }
}

/** File-system functions for streams over the archive's descriptor: reading, never closing. */
const SHARED_FD = {
  open: fsOpen,
  read: fsRead,
  close: (_fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => callback(null),
};

function isFsError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

function damaged(error: unknown, entry?: string): ConversionError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ConversionError(
    entry ? `El archivo comprimido está dañado (${entry}).` : 'El archivo comprimido está dañado.',
    `Corrupt zip archive${entry ? ` (${entry})` : ''}: ${detail}`,
  );
}

function encrypted(entry: string): ConversionError {
  return new ConversionError(
    'El archivo comprimido está cifrado o protegido con contraseña.',
    `Encrypted zip entry: ${entry}`,
  );
}

function tooLarge(limit: number, detail: string): ConversionError {
  return new ConversionError(
    `El archivo supera el tamaño descomprimido permitido (${formatBytes(limit)}).`,
    `Zip archive exceeds the uncompressed size limit of ${limit} bytes: ${detail}`,
  );
}

function bomb(entry: string, detail: string): ConversionError {
  return new ConversionError(
    `El archivo comprimido parece una bomba zip: ${entry} se expande más de lo permitido.`,
    `Possible zip bomb: ${entry} ${detail}`,
  );
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

import { open as openFile } from 'node:fs/promises';
import { DOMParser } from 'linkedom';
import { ConversionError } from './conversion-error';
import { DEFAULT_LIMITS, type ConvertLimits } from './limits';
import { openZip, resolveEntryPath, type ZipArchive } from './zip';

/**
 * The zip container of OOXML (PPTX, XLSX) and ODF (ODP, ODS) files. Before the zip is opened (with the
 * limits of `zip.ts`), password-protected files and legacy binary Office files are told apart from broken
 * ones. Parts are parsed as XML with linkedom, which keeps prefixed names as written ('p:sp',
 * 'table:table-row'); `localName` strips the prefix, so a producer's choice of prefixes does not matter.
 *
 * The word-processor converters (DOCX, ODT, RTF) read their parts with the stricter parser of `xml.ts`,
 * but share from here the container check (`checkZipContainer`) and their errors. (What a file says about
 * itself becomes found metadata in `ingest/office/office-metadata.ts`.)
 */

/** How the file is named in messages: Spanish for the user, English for logs. */
export interface PackageLabel {
  /** 'La presentación', 'La hoja de cálculo' (feminine: the messages agree with it). */
  es: string;
  /** 'presentation', 'spreadsheet'. */
  en: string;
  /** The legacy binary format of the kind ('.ppt'), and what to save it as instead ('.pptx u .odp'). */
  legacy: string;
  modern: string;
}

/** An opened office package; parts are inflated on demand under the limits. Call `close` when done. */
export interface OfficePackage {
  readonly zip: ZipArchive;
  has(name: string): boolean;
  /** The part parsed as XML, or undefined when the package has no such part. */
  readXml(name: string): Promise<XmlElement | undefined>;
  close(): void;
}

/** The little of linkedom's DOM the readers use. */
export interface XmlElement {
  tagName: string;
  children: ArrayLike<XmlElement>;
  childNodes: ArrayLike<XmlNode>;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

export interface XmlNode {
  nodeType: number;
  textContent: string | null;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;

/** An XML part larger than this is not parsed into a DOM (memory grows about tenfold). */
export const MAX_XML_PART_BYTES = 64 * 1024 * 1024;

/**
 * Opens a zip-based office file. Fails with a `ConversionError` when the file is empty, encrypted (an
 * OLE/CFB container holding an `EncryptedPackage`), a legacy binary Office file (CFB without one), not a
 * zip, or damaged; `zip.ts` enforces `limits` (uncompressed bytes, compression ratio) on every read.
 */
export async function openOfficePackage(
  path: string,
  label: PackageLabel,
  options: { limits?: ConvertLimits; signal?: AbortSignal } = {},
): Promise<OfficePackage> {
  await checkZipContainer(path, packageCheck(label));
  const zip = await openZip(path, { limits: options.limits ?? DEFAULT_LIMITS, signal: options.signal }).catch(
    (error: unknown) => Promise.reject(relabel(error, label)),
  );
  return {
    zip,
    has: (name) => zip.has(name),
    async readXml(name) {
      const entry = zip.entry(name);
      if (!entry) return undefined;
      if (entry.size > MAX_XML_PART_BYTES) {
        throw new ConversionError(
          `${label.es} es demasiado grande para leerla: la parte ${name} ocupa ${entry.size} bytes.`,
          `The ${label.en} part ${name} is too large to parse (${entry.size} bytes)`,
        );
      }
      const text = await zip.readText(name).catch((error: unknown) => Promise.reject(relabel(error, label)));
      return parseXml(text, label, name);
    },
    close: () => zip.close(),
  };
}

/** zip.ts speaks of 'el archivo comprimido'; a damaged package is named for what the user uploaded. */
function relabel(error: unknown, label: PackageLabel): unknown {
  if (error instanceof ConversionError && error.message.startsWith('Corrupt zip')) {
    return damaged(label, 'el archivo está incompleto o dañado', error.message);
  }
  return error;
}

// ---------------------------------------------------------------------------------------------------------
// The container check, shared by every zip-based office converter.

/** What stands where a zip-based office file was expected. */
export type NotAZip =
  | { kind: 'empty' }
  | { kind: 'not-zip' }
  /** An OLE compound file (CFB), with the stream names found in it (see `compoundStreams`). */
  | { kind: 'compound'; streams: ReadonlySet<CompoundStream> };

/**
 * Streams that tell what a CFB file is: an encrypted OOXML package ('EncryptedPackage', 'DataSpaces'
 * (IRM)), or a Word, PowerPoint or Excel 97-2003 file.
 */
export type CompoundStream = 'EncryptedPackage' | 'DataSpaces' | 'WordDocument' | 'PowerPoint Document' | 'Workbook';

/** How a family of converters checks its container: how far it searches a CFB file, and how it words each failure. */
export interface ZipContainerCheck {
  /**
   * How many bytes of a CFB file are searched for stream names, half at each end when the file is larger
   * (its directory sits anywhere, but near one end in practice); `Infinity` searches all of it.
   */
  compoundScanBytes: number;
  /** The error for a file that is not a zip. */
  error(found: NotAZip): ConversionError;
}

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Stream names as a CFB directory stores them (UTF-16LE). */
const COMPOUND_STREAMS = (
  ['EncryptedPackage', 'DataSpaces', 'WordDocument', 'PowerPoint Document', 'Workbook'] as const
).map((name) => ({ name, bytes: Buffer.from(name, 'utf16le') }));
const SCAN_CHUNK = 1 << 20;
/** Longer than any stream name, so that a name across two chunks is still found. */
const SCAN_OVERLAP = 64;

/**
 * Checks that a file meant to be a zip-based office document is one. An empty file, a file that is not a
 * zip, and an OLE compound file in its place (what Office writes for a password- or IRM-protected
 * document, or a legacy binary document) fail with the `ConversionError` that `check` gives for it.
 */
export async function checkZipContainer(path: string, check: ZipContainerCheck): Promise<void> {
  const handle = await openFile(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) throw check.error({ kind: 'empty' });
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (CFB_MAGIC.every((byte, i) => head[i] === byte)) {
      throw check.error({ kind: 'compound', streams: await compoundStreams(handle, size, check.compoundScanBytes) });
    }
    if (head[0] !== 0x50 || head[1] !== 0x4b) throw check.error({ kind: 'not-zip' });
  } finally {
    await handle.close();
  }
}

/**
 * The known stream names found in a CFB file: in all of it, or in `scanBytes` of it split between its two
 * ends. The search stops at an 'EncryptedPackage': an encrypted OOXML file is all it can then be.
 */
async function compoundStreams(
  handle: Awaited<ReturnType<typeof openFile>>,
  size: number,
  scanBytes: number,
): Promise<Set<CompoundStream>> {
  const half = scanBytes / 2;
  const spans: [number, number][] =
    size <= scanBytes
      ? [[0, size]]
      : [
          [0, half],
          [size - half, size],
        ];
  const found = new Set<CompoundStream>();
  const buffer = Buffer.alloc(Math.min(SCAN_CHUNK + SCAN_OVERLAP, size));
  for (const [start, end] of spans) {
    for (let position = start; position < end && !found.has('EncryptedPackage'); position += SCAN_CHUNK) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - position), position);
      const window = buffer.subarray(0, bytesRead);
      for (const { name, bytes } of COMPOUND_STREAMS) if (window.includes(bytes)) found.add(name);
    }
  }
  return found;
}

/** How much of a CFB file is searched by the presentation and spreadsheet converters. */
const PACKAGE_SCAN_BYTES = 16 * 1024 * 1024;

/** The check of PPTX, ODP, XLSX and ODS: failures are worded for the label ('La presentación está …'). */
function packageCheck(label: PackageLabel): ZipContainerCheck {
  return {
    compoundScanBytes: PACKAGE_SCAN_BYTES,
    error(found) {
      if (found.kind === 'empty') return damaged(label, 'el archivo está vacío', 'empty file');
      if (found.kind === 'not-zip') return damaged(label, 'no es un archivo zip', 'not a zip file');
      if (found.streams.has('EncryptedPackage')) {
        return new ConversionError(
          `${label.es} está protegida con contraseña y no se puede leer.`,
          `The ${label.en} is password-protected (encrypted OOXML)`,
        );
      }
      return new ConversionError(
        `${label.es} está en el formato binario antiguo de Office (${label.legacy}), que no se puede leer; guárdela como ${label.modern}.`,
        `The ${label.en} is a legacy binary Office file (CFB)`,
      );
    },
  };
}

/**
 * The check of DOCX and ODT ('El documento está …'): the whole of a CFB file is searched, and one that is
 * neither encrypted nor a legacy Office file is called damaged.
 */
export function wordDocumentCheck(format: string): ZipContainerCheck {
  return {
    compoundScanBytes: Infinity,
    error(found) {
      if (found.kind === 'empty') return emptyFileError();
      if (found.kind === 'not-zip') return damagedError(format, 'not a zip archive');
      const { streams } = found;
      if (streams.has('EncryptedPackage') || streams.has('DataSpaces')) return encryptedError(format);
      if (streams.has('WordDocument') || streams.has('PowerPoint Document') || streams.has('Workbook')) {
        return new ConversionError(
          'Es un documento de Office 97-2003 (.doc, .ppt o .xls), que todavía no se puede leer; guárdelo en formato actual (.docx, .pptx, .xlsx).',
          `Legacy binary Office document in place of ${format}`,
        );
      }
      return damagedError(format, 'an OLE compound file, not a zip archive');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Errors of the word-processor converters (DOCX, ODT, RTF): 'el archivo', 'el documento'.

/** The file has no bytes at all. */
export function emptyFileError(): ConversionError {
  return new ConversionError('El archivo está vacío.', 'The file is empty');
}

/** The file was read but holds no text. */
export function noTextError(format: string): ConversionError {
  return new ConversionError('El archivo no contiene texto.', `The ${format} file holds no text`);
}

/** The file is password- or DRM-protected. */
export function encryptedError(format: string): ConversionError {
  return new ConversionError(
    'El documento está cifrado o protegido con contraseña o DRM y no se puede leer.',
    `The ${format} document is encrypted (password or DRM protected)`,
  );
}

/** The file is broken or not of its format; `detail` goes to the English message only. */
export function damagedError(format: string, detail: string): ConversionError {
  return new ConversionError(
    `El archivo ${format} está dañado o no es válido.`,
    `Corrupt or invalid ${format} file: ${detail}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Parts.

/**
 * Fails with a `ConversionError` when an ODF package is password-protected: its parts are then encrypted
 * inside a plain zip, and the manifest says so with `manifest:encryption-data`.
 */
export async function checkOdfEncryption(pkg: OfficePackage, label: PackageLabel): Promise<void> {
  const manifest = await pkg.readXml('META-INF/manifest.xml');
  if (manifest && descendantNamed(manifest, 'encryption-data')) {
    throw new ConversionError(
      `${label.es} está protegida con contraseña y no se puede leer.`,
      `The ${label.en} is password-protected (ODF encryption)`,
    );
  }
}

/** Parses XML text (a leading BOM is dropped); fails with a `ConversionError` when there is no root element. */
export function parseXml(text: string, label: PackageLabel, name = 'XML'): XmlElement {
  const document = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  const root = document.documentElement as unknown as XmlElement | null;
  if (!root) throw damaged(label, `la parte ${name} no es XML válido`, `${name} is not XML`);
  return root;
}

/** An element's name without its namespace prefix ('p:sp' → 'sp'). */
export function localName(element: XmlElement): string {
  const name = element.tagName;
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Child elements with a local name, in document order. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return Array.from(element.children).filter((child) => localName(child) === name);
}

/** The first child element with a local name. */
export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  return Array.from(element.children).find((child) => localName(child) === name);
}

/** The first descendant element with a local name, depth first. */
export function descendantNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const child of Array.from(element.children)) {
    if (localName(child) === name) return child;
    const found = descendantNamed(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Every descendant element with a local name, in document order. */
export function descendantsNamed(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of Array.from(element.children)) {
    if (localName(child) === name) out.push(child);
    descendantsNamed(child, name, out);
  }
  return out;
}

/**
 * Relationship targets of an OOXML part, by id, resolved to entry names
 * ('ppt/slides/slide1.xml' + '../notesSlides/notesSlide1.xml' → 'ppt/notesSlides/notesSlide1.xml').
 * The package's own relationships are those of part ''. External targets are left out.
 */
export async function readRelationships(pkg: OfficePackage, partName: string): Promise<Relationships> {
  const slash = partName.lastIndexOf('/');
  const rels = await pkg.readXml(`${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`);
  const out: Relationships = new Map();
  if (!rels) return out;
  for (const rel of childrenNamed(rels, 'Relationship')) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (!id || !target || rel.getAttribute('TargetMode') === 'External') continue;
    const resolved = resolveEntryPath(partName, target);
    if (resolved) out.set(id, { type: rel.getAttribute('Type') ?? '', target: resolved });
  }
  return out;
}

export type Relationships = Map<string, { type: string; target: string }>;

/**
 * The text of an ODF paragraph (`text:p`, `text:h`) or span: `text:s` spaces, tabs and line breaks
 * restored, notes, annotations and bookmarks left out.
 */
export function odfInlineText(element: XmlElement): string {
  let out = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      out += node.textContent ?? '';
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as unknown as XmlElement;
    switch (localName(child)) {
      case 's':
        out += ' '.repeat(Math.min(1000, Math.max(1, Number(child.getAttribute('text:c') ?? 1) || 1)));
        break;
      case 'tab':
        out += '\t';
        break;
      case 'line-break':
        out += '\n';
        break;
      case 'note':
      case 'annotation':
      case 'annotation-end':
      case 'bookmark':
      case 'bookmark-start':
      case 'bookmark-end':
      case 'soft-page-break':
        break;
      default:
        out += odfInlineText(child);
    }
  }
  return out;
}

/** A `ConversionError` for a file that cannot be read. */
export function damaged(label: PackageLabel, detalle: string, detail: string): ConversionError {
  return new ConversionError(
    `${label.es} está dañada o no se puede leer: ${detalle}.`,
    `Unreadable ${label.en}: ${detail}`,
  );
}

import { open as openFile } from 'node:fs/promises';
import { DOMParser } from 'linkedom';
import { ConversionError, DEFAULT_LIMITS, type ConvertLimits, type FoundMetadata } from './converter';
import { authorsFromMetadata, cleanTitle, normalizeLanguage, yearFromDate } from './metadata';
import { openZip, resolveEntryPath, type ZipArchive } from './zip';

/**
 * The zip container of OOXML (PPTX, XLSX) and ODF (ODP, ODS) files. Before the zip is opened (with the
 * limits of `zip.ts`), password-protected files and legacy binary Office files are told apart from broken
 * ones. Parts are parsed as XML with linkedom, which keeps prefixed names as written ('p:sp',
 * 'table:table-row'); `localName` strips the prefix, so a producer's choice of prefixes does not matter.
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

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an encrypted OOXML file keeps its package in, as its CFB directory writes it (UTF-16LE). */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
/** How much of a CFB file is searched for that name. */
const CFB_SCAN_BYTES = 16 * 1024 * 1024;

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
  await checkContainer(path, label);
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

async function checkContainer(path: string, label: PackageLabel): Promise<void> {
  const handle = await openFile(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) throw damaged(label, 'el archivo está vacío', 'empty file');
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (!CFB_MAGIC.every((byte, i) => head[i] === byte)) {
      if (head[0] !== 0x50 || head[1] !== 0x4b) throw damaged(label, 'no es un archivo zip', 'not a zip file');
      return;
    }
    // A CFB container: its directory names the streams. It sits anywhere, but near one end in practice.
    const half = CFB_SCAN_BYTES / 2;
    const spans: [number, number][] =
      size <= CFB_SCAN_BYTES
        ? [[0, size]]
        : [
            [0, half],
            [size - half, half],
          ];
    let encrypted = false;
    for (const [position, length] of spans) {
      const bytes = Buffer.alloc(length);
      await handle.read(bytes, 0, length, position);
      encrypted ||= bytes.includes(ENCRYPTED_PACKAGE);
    }
    if (encrypted) {
      throw new ConversionError(
        `${label.es} está protegida con contraseña y no se puede leer.`,
        `The ${label.en} is password-protected (encrypted OOXML)`,
      );
    }
    throw new ConversionError(
      `${label.es} está en el formato binario antiguo de Office (${label.legacy}), que no se puede leer; guárdela como ${label.modern}.`,
      `The ${label.en} is a legacy binary Office file (CFB)`,
    );
  } finally {
    await handle.close();
  }
}

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

/** Title, authors, year and language from OOXML `docProps/core.xml`. */
export async function ooxmlMetadata(pkg: OfficePackage): Promise<FoundMetadata> {
  const core = await pkg.readXml('docProps/core.xml').catch(() => undefined);
  if (!core) return {};
  const field = (name: string) => childNamed(core, name)?.textContent ?? undefined;
  return foundMetadata(field('title'), field('creator'), field('created'), field('language'));
}

/** Title, authors, year and language from ODF `meta.xml`. */
export async function odfMetadata(pkg: OfficePackage): Promise<FoundMetadata> {
  const meta = childNamed(await pkg.readXml('meta.xml').catch(() => undefined), 'meta');
  if (!meta) return {};
  const field = (name: string) => childNamed(meta, name)?.textContent ?? undefined;
  return foundMetadata(
    field('title'),
    field('initial-creator') ?? field('creator'),
    field('creation-date'),
    field('language'),
  );
}

function foundMetadata(
  title: string | undefined,
  creator: string | undefined,
  created: string | undefined,
  language: string | undefined,
): FoundMetadata {
  const metadatos: FoundMetadata = {};
  const titulo = cleanTitle(title);
  if (titulo) metadatos.titulo = titulo;
  const autores = authorsFromMetadata(creator);
  if (autores.length > 0) metadatos.autores = autores;
  const anio = yearFromDate(created);
  if (anio) metadatos.anio = anio;
  const idioma = normalizeLanguage(language);
  if (idioma) metadatos.idioma = idioma;
  return metadatos;
}

/** A `ConversionError` for a file that cannot be read. */
export function damaged(label: PackageLabel, detalle: string, detail: string): ConversionError {
  return new ConversionError(
    `${label.es} está dañada o no se puede leer: ${detalle}.`,
    `Unreadable ${label.en}: ${detail}`,
  );
}

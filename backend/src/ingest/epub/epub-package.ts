import { ConversionError, type FoundMetadata } from '../converter';
import { authorsFromMetadata, authorsFromTags } from '../metadata/author-names';
import { cleanTitle, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';
import { resolveEntryPath, type ZipArchive } from '../../formats/zip';
import { attribute, descendants, parseXml, tokens, type XmlNode } from './epub-xml';

// ---------------------------------------------------------------------------------------------------------
// Container, package, DRM

const CONTAINER = 'META-INF/container.xml';
/** Files that only DRM schemes put in a book: Adobe ADEPT, Apple FairPlay, Readium LCP. */
const DRM_FILES = ['META-INF/rights.xml', 'META-INF/sinf.xml', 'META-INF/license.lcpl', 'license.lcpl'];
/** Font obfuscation, which hides fonts from copying but leaves the text readable. */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/**
 * The entries `META-INF/encryption.xml` says are encrypted, font obfuscation aside. A DRM scheme's own
 * files fail the book at once.
 */
export async function encryptedEntries(zip: ZipArchive): Promise<Set<string>> {
  const drm = DRM_FILES.find((name) => zip.has(name));
  if (drm) throw drmError(`${drm} present`);
  const encrypted = new Set<string>();
  if (!zip.has('META-INF/encryption.xml')) return encrypted;
  const doc = parseXml(await zip.readText('META-INF/encryption.xml'));
  for (const data of descendants(doc, 'EncryptedData')) {
    const algorithm = descendants(data, 'EncryptionMethod')[0]?.getAttribute('Algorithm')?.trim() ?? '';
    if (FONT_OBFUSCATION.has(algorithm)) continue;
    for (const reference of descendants(data, 'CipherReference')) {
      // URIs in encryption.xml are relative to the root of the container.
      const path = resolveEntryPath('', reference.getAttribute('URI') ?? '');
      if (path) encrypted.add(path);
    }
  }
  return encrypted;
}

/** The package document named by the container (its first rendition), else the only .opf in the archive. */
export async function packagePath(zip: ZipArchive): Promise<string> {
  if (zip.has(CONTAINER)) {
    const container = parseXml(await zip.readText(CONTAINER));
    const rootfiles = descendants(container, 'rootfile');
    const rootfile =
      rootfiles.find((r) => r.getAttribute('media-type') === 'application/oebps-package+xml') ?? rootfiles[0];
    const path = rootfile ? resolveEntryPath('', rootfile.getAttribute('full-path') ?? '') : undefined;
    if (path && zip.has(path)) return zip.entry(path)!.name;
  }
  const opfs = zip.entries.filter((e) => e.name.toLowerCase().endsWith('.opf'));
  if (opfs.length === 1) return opfs[0]!.name;
  throw damagedEpub(
    'falta META-INF/container.xml o el paquete OPF que indica',
    'no META-INF/container.xml or the package document it names',
  );
}

export interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
  fallback?: string;
}

export interface Package {
  path: string;
  doc: XmlNode;
  manifest: Map<string, ManifestItem>;
  spine: { idref: string; linear: boolean }[];
  /** The NCX named by the spine (EPUB 2). */
  tocId?: string;
}

export function parsePackage(xml: string, path: string): Package {
  const doc = parseXml(xml);
  if (descendants(doc, 'package').length === 0 && descendants(doc, 'manifest').length === 0) {
    throw damagedEpub('el paquete OPF no se puede leer', 'the package document is not an OPF');
  }
  const manifest = new Map<string, ManifestItem>();
  for (const item of descendants(doc, 'item')) {
    const id = item.getAttribute('id');
    const target = resolveEntryPath(path, item.getAttribute('href') ?? '');
    if (!id || !target || manifest.has(id)) continue;
    manifest.set(id, {
      id,
      path: target,
      mediaType: (item.getAttribute('media-type') ?? '').trim().toLowerCase(),
      properties: tokens(item.getAttribute('properties')),
      fallback: item.getAttribute('fallback') ?? undefined,
    });
  }
  const spineElement = descendants(doc, 'spine')[0];
  const spine = (spineElement ? descendants(spineElement, 'itemref') : []).flatMap((ref) => {
    const idref = ref.getAttribute('idref');
    return idref ? [{ idref, linear: ref.getAttribute('linear')?.trim().toLowerCase() !== 'no' }] : [];
  });
  return { path, doc, manifest, spine, tocId: spineElement?.getAttribute('toc') ?? undefined };
}

const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/html+xml']);

/** Spine items that are (or fall back to) HTML content documents: linear ones first, then the rest. */
export function spineDocuments(pkg: Package): { path: string; linear: boolean }[] {
  const docs: { path: string; linear: boolean }[] = [];
  const seen = new Set<string>();
  for (const { idref, linear } of pkg.spine) {
    let item = pkg.manifest.get(idref);
    for (let hops = 0; item && !CONTENT_TYPES.has(item.mediaType) && hops < 8; hops++) {
      item = item.fallback ? pkg.manifest.get(item.fallback) : undefined;
    }
    if (!item || !CONTENT_TYPES.has(item.mediaType) || seen.has(item.path)) continue;
    seen.add(item.path);
    docs.push({ path: item.path, linear });
  }
  return [...docs.filter((d) => d.linear), ...docs.filter((d) => !d.linear)];
}

// ---------------------------------------------------------------------------------------------------------
// Metadata

/**
 * Title (the `title-type` main one, else the first), authors (creators with no role or 'aut', else
 * editors; each from its file-as form when it has one, so 'Castañeda Ruiz, Mariana' stays whole), year of
 * the publication date, language.
 */
export function metadataOf(pkg: Package): FoundMetadata {
  const metadata = descendants(pkg.doc, 'metadata')[0] ?? pkg.doc;
  const refines = new Map<string, Map<string, string>>();
  for (const meta of descendants(metadata, 'meta')) {
    const target = meta.getAttribute('refines')?.trim().replace(/^#/, '');
    const property = meta.getAttribute('property')?.trim();
    if (!target || !property) continue;
    const properties = refines.get(target) ?? new Map<string, string>();
    if (!properties.has(property)) properties.set(property, meta.textContent.trim());
    refines.set(target, properties);
  }
  const refined = (el: XmlNode, property: string) => {
    const id = el.getAttribute('id');
    return id ? refines.get(id)?.get(property) : undefined;
  };

  const metadatos: FoundMetadata = {};
  const titles = descendants(metadata, 'title');
  const main = titles.find((t) => refined(t, 'title-type') === 'main') ?? titles[0];
  const titulo = cleanTitle(main?.textContent);
  if (titulo) metadatos.titulo = titulo;

  const creators = descendants(metadata, 'creator').map((el) => ({
    name: el.textContent.replace(/\s+/g, ' ').trim(),
    role: (attribute(el, 'role') ?? refined(el, 'role'))?.trim().toLowerCase(),
    fileAs: (attribute(el, 'file-as') ?? refined(el, 'file-as'))?.replace(/\s+/g, ' ').trim(),
  }));
  const authorsOf = (role: string) => creators.filter((c) => (c.role ?? 'aut') === role);
  const chosen = authorsOf('aut').length > 0 ? authorsOf('aut') : authorsOf('edt');
  const autores: string[] = [];
  for (const creator of chosen) {
    const names =
      creator.fileAs && /^[^,;&]+,[^,;&]+$/.test(creator.fileAs)
        ? authorsFromTags([creator.fileAs])
        : authorsFromMetadata(creator.name);
    for (const name of names) {
      if (!autores.some((a) => a.toLowerCase() === name.toLowerCase())) autores.push(name);
    }
  }
  if (autores.length > 0) metadatos.autores = autores;

  const dates = descendants(metadata, 'date').map((el) => ({
    value: el.textContent,
    event: attribute(el, 'event')?.trim().toLowerCase(),
  }));
  const published =
    dates.find((d) => d.event === 'publication') ??
    dates.find((d) => d.event === undefined) ??
    dates.find((d) => d.event !== 'modification' && d.event !== 'creation');
  const metaDate = descendants(metadata, 'meta').find((m) =>
    ['dcterms:issued', 'dcterms:date', 'dc:date'].includes(m.getAttribute('property')?.trim() ?? ''),
  );
  const anio = yearFromDate(published?.value) ?? yearFromDate(metaDate?.textContent);
  if (anio) metadatos.anio = anio;

  const idioma = normalizeLanguage(descendants(metadata, 'language')[0]?.textContent);
  if (idioma) metadatos.idioma = idioma;
  return metadatos;
}

export function drmError(detail: string): ConversionError {
  return new ConversionError(
    'El libro está protegido con DRM (contenido cifrado) y no se puede leer.',
    `EPUB is DRM-protected: ${detail}`,
  );
}

export function damagedEpub(reason: string, detail: string): ConversionError {
  return new ConversionError(`El EPUB está dañado: ${reason}.`, `Broken EPUB: ${detail}`);
}

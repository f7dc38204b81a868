import { parseHTML } from 'linkedom';
import { resolveEntryPath, type ZipArchive } from '../../formats/zip';
import { asHtmlDocument } from './epub-content';
import type { ManifestItem, Package } from './epub-package';
import { descendants, type El, localName, parseXml, tokens, type XmlNode } from './epub-xml';

// ---------------------------------------------------------------------------------------------------------
// Navigation: table of contents and page list

interface Navigation {
  /** First table-of-contents entry of each document: its title and depth (1 for top level). */
  toc: Map<string, { text: string; depth: number }>;
  /** Per document, the page that starts at each fragment ('' for the document's start). */
  pages: Map<string, Map<string, string>>;
}

/** Reads the EPUB 3 navigation document, and the NCX for whatever it lacks. */
export async function readNavigation(zip: ZipArchive, pkg: Package, encrypted: Set<string>): Promise<Navigation> {
  const toc = new Map<string, { text: string; depth: number }>();
  const pages = new Map<string, Map<string, string>>();
  const addPage = (target: string | null, label: string) => {
    const link = target ? splitLink(target) : undefined;
    if (!link) return;
    const byFragment = pages.get(link.path) ?? new Map<string, string>();
    if (!byFragment.has(link.fragment)) byFragment.set(link.fragment, label);
    pages.set(link.path, byFragment);
  };
  const addToc = (target: string | null, text: string, depth: number) => {
    const link = target ? splitLink(target) : undefined;
    const title = text.replace(/\s+/g, ' ').trim();
    if (link && title && !toc.has(link.path)) toc.set(link.path, { text: title, depth });
  };

  const readable = (item: ManifestItem | undefined) =>
    item && !encrypted.has(item.path) && zip.has(item.path) ? item : undefined;
  const nav = readable([...pkg.manifest.values()].find((item) => item.properties.includes('nav')));
  if (nav) {
    const { document } = parseHTML(asHtmlDocument(await zip.readText(nav.path)));
    for (const element of document.querySelectorAll('nav') as unknown as El[]) {
      const types = [...tokens(element.getAttribute('epub:type')), ...tokens(element.getAttribute('role'))];
      const resolve = (a: El) => resolveLink(nav.path, a.getAttribute('href'));
      if (types.includes('page-list') || types.includes('doc-pagelist')) {
        for (const a of element.querySelectorAll('a[href]')) addPage(resolve(a), a.textContent);
      } else if (types.includes('toc') || types.includes('doc-toc')) {
        for (const a of element.querySelectorAll('a[href]')) addToc(resolve(a), a.textContent, depthIn(a, element));
      }
    }
  }

  const ncx = readable(
    (pkg.tocId ? pkg.manifest.get(pkg.tocId) : undefined) ??
      [...pkg.manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml'),
  );
  if (ncx && (toc.size === 0 || pages.size === 0)) {
    const doc = parseXml(await zip.readText(ncx.path));
    const label = (node: XmlNode) => descendants(node, 'text')[0]?.textContent ?? '';
    const src = (node: XmlNode) => resolveLink(ncx.path, descendants(node, 'content')[0]?.getAttribute('src'));
    if (pages.size === 0) {
      for (const target of descendants(doc, 'pageTarget')) addPage(src(target), label(target));
    }
    if (toc.size === 0) {
      for (const point of descendants(doc, 'navPoint')) {
        let depth = 0;
        for (let up: XmlNode | null = point; up; up = up.parentElement) if (localName(up) === 'navpoint') depth++;
        addToc(src(point), label(point), depth);
      }
    }
  }
  return { toc, pages };
}

/** A link resolved against the document holding it, as 'path#fragment'. */
function resolveLink(from: string, href: string | null | undefined): string | null {
  if (!href) return null;
  const path = resolveEntryPath(from, href);
  if (!path) return null;
  const hash = href.indexOf('#');
  return hash >= 0 ? `${path}#${href.slice(hash + 1)}` : path;
}

function splitLink(link: string): { path: string; fragment: string } {
  const hash = link.indexOf('#');
  if (hash < 0) return { path: link, fragment: '' };
  let fragment = link.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // Keep a malformed escape as written.
  }
  return { path: link.slice(0, hash), fragment };
}

/** Nesting depth of a TOC link: the list items around it inside the nav, 1 for the top level. */
function depthIn(a: El, nav: El): number {
  let depth = 0;
  for (let up = a.parentElement; up && up !== nav; up = up.parentElement) if (up.localName === 'li') depth++;
  return Math.max(1, depth);
}

import type { AnclaSeccion } from '@folio/shared';
import {
  ConversionError,
  type Block,
  type Conversion,
  type ConvertContext,
  type Converter,
  type SourceFile,
  type Unit,
} from '../converter';
import { unitsFromOutline, type OutlineEvent } from '../sections';
import { withZip, type ZipArchive } from '../../formats/zip';
import { looksLikeMarkup, markedOutline, takeMarkers } from './epub-content';
import { readNavigation } from './epub-navigation';
import {
  damagedEpub,
  drmError,
  encryptedEntries,
  metadataOf,
  packagePath,
  parsePackage,
  spineDocuments,
} from './epub-package';

/**
 * Reads an EPUB (2 or 3): the content documents in spine order, as sections and paragraphs anchored by
 * heading path (`ruta`), paragraph number within the section (`parrafo`) and, when the book carries its
 * print pagination, the printed page each paragraph starts on (`impresa`).
 */
export const epubConverter: Converter = {
  kinds: ['epub'],
  convert: convertEpub,
};

/**
 * Converts an EPUB file.
 *
 * - Reading order: the spine's linear items in order, then its non-linear ones (notes, answers …), which
 *   are supplementary but still the book's text. The navigation document is read only when the spine
 *   lists it, and then only outside its `<nav>` elements.
 * - `ruta`: the headings in force, across documents: a document without headings continues the section
 *   of the one before (books are often split mid-chapter), unless the table of contents names it, in
 *   which case that title heads it. Headings nested in `<section>`/`<article>` count one level per
 *   sectioning element when the tags alone say less (books that use `<h1>` at every depth).
 * - `impresa`: from the page-list (EPUB 3 nav, else EPUB 2 NCX `pageList`) and from `epub:type="pagebreak"`
 *   / `role="doc-pagebreak"` markers. A paragraph gets the page it starts on; a page runs on across
 *   documents until the next marker. Labels that are not folios ('Inside Cover') give null. Books with no
 *   pagination at all get no `impresa`.
 * - Text outside the HTML flow: inline MathML is kept in its sentence as text (alt text, a TeX annotation or
 *   a linear form: `mathml-text.ts`) and inline SVG `<text>` is read as paragraphs (`svg-text.ts`), so
 *   that fixed-layout pages drawn as SVG are not taken for a book without text.
 * - Failures (`ConversionError`): DRM or encrypted content, a broken or bomb-like zip (see `formats/zip.ts`), a
 *   package without container or spine, and books without text.
 */
export async function convertEpub(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  return withZip(file.path, { limits: ctx.limits, signal: ctx.signal }, (zip) => readBook(zip, ctx));
}

async function readBook(zip: ZipArchive, ctx: ConvertContext): Promise<Conversion> {
  const encrypted = await encryptedEntries(zip);
  const opfPath = await packagePath(zip);
  if (encrypted.has(opfPath)) throw drmError('the package document is encrypted');
  const pkg = parsePackage(await zip.readText(opfPath), opfPath);
  const spine = spineDocuments(pkg);
  if (spine.length === 0) {
    throw damagedEpub(
      'el paquete no indica ningún documento de lectura (spine)',
      'the spine lists no content document',
    );
  }
  const encryptedDoc = spine.find((doc) => encrypted.has(doc.path));
  if (encryptedDoc) throw drmError(`${encryptedDoc.path} is encrypted`);

  const navigation = await readNavigation(zip, pkg, encrypted);
  const labels: (string | null)[] = [];
  const events: BookEvent[] = [];
  let page: string | null = null;
  let readable = 0;
  for (const [i, doc] of spine.entries()) {
    ctx.signal?.throwIfAborted();
    if (!doc.linear) page = null;
    const html = zip.has(doc.path) ? await zip.readText(doc.path) : undefined;
    if (html !== undefined && looksLikeMarkup(html)) {
      readable += 1;
      const outline = markedOutline(html, navigation.pages.get(doc.path), labels);
      const chapter: BookEvent[] = [];
      for (const event of outline) {
        const [text, markers, leading] = takeMarkers(event.text, event.kind === 'paragraph');
        if (event.kind === 'heading') {
          if (markers.length > 0) page = labels[markers.at(-1)!]!;
          if (text) chapter.push({ kind: 'heading', level: event.level, text });
          continue;
        }
        const startPage = leading.length > 0 ? labels[leading.at(-1)!]! : page;
        if (markers.length > 0) page = labels[markers.at(-1)!]!;
        if (text) chapter.push({ kind: 'paragraph', text, impresa: startPage });
      }
      const title = navigation.toc.get(doc.path);
      if (title && chapter.some((e) => e.kind === 'paragraph') && !chapter.some((e) => e.kind === 'heading')) {
        chapter.unshift({ kind: 'heading', level: title.depth, text: title.text });
      }
      events.push(...chapter);
    }
    await ctx.progress((i + 1) / spine.length);
  }
  if (readable === 0) {
    throw damagedEpub('ningún documento de lectura se puede leer', 'no content document could be read');
  }

  const unidades = anchorPages(
    unitsFromOutline(events.map((e): OutlineEvent => (e.kind === 'heading' ? e : { kind: 'paragraph', text: e.text }))),
    events.flatMap((e) => (e.kind === 'paragraph' ? [e.impresa] : [])),
    labels.length > 0,
  );
  if (unidades.length === 0) {
    throw new ConversionError(
      'El libro no contiene texto (sus documentos están vacíos o solo tienen imágenes).',
      'The EPUB holds no text (empty content documents or images only)',
    );
  }
  return { tipo: 'epub', unidades, metadatos: metadataOf(pkg) };
}

/** A heading, or a paragraph with the printed page it starts on. */
type BookEvent =
  { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string; impresa: string | null };

/**
 * Adds `impresa` to every paragraph block, in order (`unitsFromOutline` keeps every non-empty paragraph,
 * in order, as one block). Without pagination in the book, anchors stay as they are.
 */
function anchorPages(units: Unit[], pages: (string | null)[], paginated: boolean): Unit[] {
  if (!paginated) return units;
  let next = 0;
  return units.map((unit) => {
    const bloques: Block[] = (unit.bloques ?? []).map((block) => {
      const ancla: AnclaSeccion = { ...(block.ancla as AnclaSeccion), impresa: pages[next++] ?? null };
      return { texto: block.texto, ancla };
    });
    return { ...unit, ancla: bloques[0]?.ancla ?? unit.ancla, bloques };
  });
}

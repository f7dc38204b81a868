import type { AnclaDiapositiva } from '@folio/shared';
import {
  ConversionError,
  DEFAULT_LIMITS,
  type Block,
  type Conversion,
  type Converter,
  type ConvertContext,
  type ConvertLimits,
  type FoundMetadata,
  type SourceFile,
  type Unit,
} from '../converter';
import { cleanTitle } from '../metadata/clean-fields';
import {
  childNamed,
  childrenNamed,
  damaged,
  descendantNamed,
  descendantsNamed,
  localName,
  openOfficePackage,
  readRelationships,
  type OfficePackage,
  type PackageLabel,
  type Relationships,
  type XmlElement,
} from '../../formats/office-package';
import { ooxmlMetadata } from './office-metadata';
import { chartText } from './pptx-charts';
import { withTextLanguage } from '../text-language';

/**
 * Reads a PPTX presentation: one unit per slide in the order of `presentation.xml` (not of the part
 * names), numbered as PowerPoint numbers them. Hidden slides are kept: the numbering must match what the
 * author sees, and their text and notes are the author's too.
 */
export const pptxConverter: Converter = {
  kinds: ['pptx'],
  convert: convertPptx,
};

export const PRESENTATION_LABEL: PackageLabel = {
  es: 'La presentación',
  en: 'presentation',
  legacy: '.ppt',
  modern: '.pptx u .odp',
};

/** Where speaker notes start in a slide's text. */
export const NOTES_PREFIX = 'Notas: ';

/** A piece of text on a slide and where it sits (any unit, as long as one slide uses one). */
export interface SlideItem {
  text: string;
  /** Title placeholders come first, whatever their position. */
  title?: boolean;
  x?: number;
  y?: number;
}

/** Items whose tops differ by less than this share of the slide height are on one line, read left to right. */
const LINE_TOLERANCE = 0.05;
/** Slide height in EMU when `presentation.xml` does not say (4:3 and 16:9 both use 7.5 in). */
const DEFAULT_SLIDE_HEIGHT = 6_858_000;

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
/** Placeholders that repeat on every slide: slide number, date, footer, header, the slide image in notes. */
const BOILERPLATE = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);

/**
 * Converts a PPTX file: text of every shape, group, table, SmartArt diagram and chart, title first and then in
 * reading order (top to bottom, left to right by shape offsets, placeholders positioned by their layout),
 * followed by the speaker notes as 'Notas: …'. Empty, password-protected, legacy (.ppt) and broken files,
 * and presentations without any text, fail with a `ConversionError`.
 */
export async function convertPptx(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const limits = ctx.limits ?? DEFAULT_LIMITS;
  const pkg = await openOfficePackage(file.path, PRESENTATION_LABEL, { limits, signal: ctx.signal });
  try {
    const presentationPart = await mainPart(pkg);
    const presentation = await pkg.readXml(presentationPart);
    if (!presentation) throw damaged(PRESENTATION_LABEL, 'falta presentation.xml', 'no presentation part');
    const rels = await readRelationships(pkg, presentationPart);
    const slideParts = childrenNamed(childNamed(presentation, 'sldIdLst') ?? presentation, 'sldId')
      .map((sldId) => rels.get(sldId.getAttribute('r:id') ?? ''))
      .filter((rel) => rel && rel.type === `${REL}slide` && pkg.has(rel.target))
      .map((rel) => rel!.target);
    checkSlideCount(slideParts.length, limits);
    const height = Number(childNamed(presentation, 'sldSz')?.getAttribute('cy')) || DEFAULT_SLIDE_HEIGHT;

    const slides: { items: SlideItem[]; notes: string }[] = [];
    for (const [index, part] of slideParts.entries()) {
      ctx.signal?.throwIfAborted();
      slides.push(await readSlide(pkg, part, height));
      await ctx.progress((index + 1) / slideParts.length);
    }
    return presentationConversion(slides, await ooxmlMetadata(pkg), height);
  } finally {
    pkg.close();
  }
}

/** Fails when a presentation has no slides, or more than the limit. */
export function checkSlideCount(count: number, limits: ConvertLimits): void {
  if (count === 0) throw new ConversionError('La presentación no tiene diapositivas.', 'No slides');
  if (count > limits.maxPages) {
    throw new ConversionError(
      `La presentación tiene ${count} diapositivas; el máximo es ${limits.maxPages}.`,
      `Presentation has ${count} slides, limit ${limits.maxPages}`,
    );
  }
}

/**
 * One unit per slide, anchored `{tipo: 'diapositiva', n}`: a block for the title, one per other shape in
 * reading order, one for the notes. A slide without text is kept as an empty unit so numbers stay true.
 * Without a usable title in the file's properties, the first slide's title is the document title.
 */
export function presentationConversion(
  slides: readonly { items: SlideItem[]; notes: string }[],
  metadatos: FoundMetadata,
  height: number,
): Conversion {
  const unidades = slides.map((slide, index) => slideUnit(index + 1, slide.items, slide.notes, height));
  if (unidades.every((unit) => !unit.texto)) {
    throw new ConversionError('La presentación no contiene texto.', 'The presentation has no text');
  }
  if (!metadatos.titulo) {
    const firstTitle = slides[0]?.items.find((item) => item.title)?.text;
    const titulo = cleanTitle(firstTitle?.split('\n').join(' '));
    if (titulo) metadatos = { ...metadatos, titulo };
  }
  return { tipo: 'presentacion', unidades, metadatos: withTextLanguage(metadatos, unidades) };
}

/** The unit of slide `n` (see `presentationConversion`). */
export function slideUnit(n: number, items: readonly SlideItem[], notes: string, height: number): Unit {
  const ancla: AnclaDiapositiva = { tipo: 'diapositiva', n };
  const texts = readingOrder(items, height).map((item) => item.text.trim());
  if (notes.trim()) texts.push(NOTES_PREFIX + notes.trim());
  const bloques: Block[] = texts.filter(Boolean).map((texto) => ({ texto, ancla }));
  return { texto: bloques.map((b) => b.texto).join('\n\n'), ancla, bloques };
}

/**
 * Titles first, then top to bottom, and left to right among items whose tops are within
 * `LINE_TOLERANCE` of the slide height of each other. Items without a position keep their order at the end.
 */
export function readingOrder<T extends SlideItem>(items: readonly T[], height: number): T[] {
  const tolerance = height * LINE_TOLERANCE;
  const placed = items.filter((item) => item.y !== undefined && !item.title);
  const unplaced = items.filter((item) => item.y === undefined && !item.title);
  const titles = items.filter((item) => item.title);
  const byTop = [...placed].sort((a, b) => a.y! - b.y!);
  const ordered: T[] = [];
  let line: T[] = [];
  const flush = () => {
    ordered.push(...line.sort((a, b) => (a.x ?? 0) - (b.x ?? 0)));
    line = [];
  };
  for (const item of byTop) {
    if (line.length > 0 && item.y! - line[0]!.y! > tolerance) flush();
    line.push(item);
  }
  flush();
  return [...titles, ...ordered, ...unplaced];
}

async function mainPart(pkg: OfficePackage): Promise<string> {
  // The package's own relationships ('_rels/.rels') name the main part.
  for (const rel of (await readRelationships(pkg, '')).values()) {
    if (rel.type.endsWith('/officeDocument')) return rel.target;
  }
  return 'ppt/presentation.xml';
}

interface Position {
  x: number;
  y: number;
}

/** What reading a slide's shapes needs: its relationships, placeholder positions it inherits, its height. */
interface SlideContext {
  rels: Relationships;
  /** Placeholder positions from the layout, by idx. */
  byIdx: Map<string, Position>;
  /** Placeholder positions from the layout, then the master, by type. */
  byType: Map<string, Position>;
  height: number;
}

async function readSlide(
  pkg: OfficePackage,
  part: string,
  height: number,
): Promise<{ items: SlideItem[]; notes: string }> {
  const slide = await pkg.readXml(part);
  if (!slide) return { items: [], notes: '' };
  const rels = await readRelationships(pkg, part);
  const target = (type: string) => [...rels.values()].find((rel) => rel.type === `${REL}${type}`)?.target;
  const context: SlideContext = { rels, height, ...(await inheritedPositions(pkg, target('slideLayout'))) };
  const tree = descendantNamed(childNamed(slide, 'cSld'), 'spTree');
  const items = tree ? await shapeItems(pkg, tree, context) : [];

  let notes = '';
  const notesPart = target('notesSlide');
  const notesXml = notesPart ? await pkg.readXml(notesPart) : undefined;
  const notesTree = descendantNamed(childNamed(notesXml, 'cSld'), 'spTree');
  if (notesTree) {
    const texts: string[] = [];
    for (const shape of descendantsNamed(notesTree, 'sp')) {
      const ph = placeholderOf(shape);
      if (ph?.type === 'body' || (ph && !ph.type && ph.idx)) texts.push(textBodyText(childNamed(shape, 'txBody')));
    }
    notes = texts.filter(Boolean).join('\n');
  }
  return { items, notes };
}

async function inheritedPositions(
  pkg: OfficePackage,
  layoutPart: string | undefined,
): Promise<Pick<SlideContext, 'byIdx' | 'byType'>> {
  const inherited: Pick<SlideContext, 'byIdx' | 'byType'> = { byIdx: new Map(), byType: new Map() };
  if (!layoutPart) return inherited;
  const layout = await pkg.readXml(layoutPart).catch(() => undefined);
  const masterPart = [...(await readRelationships(pkg, layoutPart)).values()].find(
    (rel) => rel.type === `${REL}slideMaster`,
  )?.target;
  const master = masterPart ? await pkg.readXml(masterPart).catch(() => undefined) : undefined;
  // Layout first: a layout's own position wins over its master's.
  for (const source of [layout, master]) {
    const tree = descendantNamed(childNamed(source, 'cSld'), 'spTree');
    if (!tree) continue;
    for (const shape of descendantsNamed(tree, 'sp')) {
      const ph = placeholderOf(shape);
      const position = offsetOf(childNamed(shape, 'spPr'));
      if (!ph || !position) continue;
      if (ph.idx && source === layout && !inherited.byIdx.has(ph.idx)) inherited.byIdx.set(ph.idx, position);
      const type = ph.type ?? 'body';
      if (!inherited.byType.has(type)) inherited.byType.set(type, position);
    }
  }
  return inherited;
}

/** The text items of a shape tree (slide or group), each group one item read in its own order. */
async function shapeItems(pkg: OfficePackage, tree: XmlElement, context: SlideContext): Promise<SlideItem[]> {
  const items: SlideItem[] = [];
  for (const child of Array.from(tree.children)) {
    const item = await shapeItem(pkg, child, context);
    if (item && item.text.trim()) items.push(item);
  }
  return items;
}

async function shapeItem(pkg: OfficePackage, shape: XmlElement, context: SlideContext): Promise<SlideItem | undefined> {
  switch (localName(shape)) {
    case 'sp': {
      const ph = placeholderOf(shape);
      if (ph?.type && BOILERPLATE.has(ph.type)) return undefined;
      const title = ph?.type === 'title' || ph?.type === 'ctrTitle';
      const position =
        offsetOf(childNamed(shape, 'spPr')) ??
        (ph?.idx ? context.byIdx.get(ph.idx) : undefined) ??
        (ph ? context.byType.get(ph.type ?? 'body') : undefined) ??
        (title ? context.byType.get('title') : undefined);
      return { text: textBodyText(childNamed(shape, 'txBody')), title, ...position };
    }
    case 'grpSp': {
      const children = await shapeItems(pkg, shape, context);
      const position = offsetOf(childNamed(shape, 'grpSpPr'));
      // Child offsets are in the group's own coordinates, so the group is ordered as one item.
      const text = readingOrder(children, context.height)
        .map((c) => c.text.trim())
        .join('\n');
      return { text, ...position };
    }
    case 'graphicFrame': {
      const position = offsetOf(shape);
      const data = descendantNamed(shape, 'graphicData');
      const table = childNamed(data, 'tbl');
      if (table) return { text: tableText(table), ...position };
      const diagram = childNamed(data, 'relIds');
      if (diagram) return { text: await diagramText(pkg, diagram, context.rels), ...position };
      const chart = childNamed(data, 'chart');
      if (chart) return { text: await chartPartText(pkg, chart, context.rels), ...position };
      return undefined;
    }
    case 'AlternateContent': {
      // Newer markup in Choice, a fallback for older readers: the same text, read once.
      const branch = childNamed(shape, 'Choice') ?? childNamed(shape, 'Fallback');
      if (!branch) return undefined;
      const items = await shapeItems(pkg, branch, context);
      if (items.length === 0) return undefined;
      return items.length === 1 ? items[0] : { ...items[0], text: items.map((i) => i.text.trim()).join('\n') };
    }
    default:
      return undefined;
  }
}

function placeholderOf(shape: XmlElement): { type?: string; idx?: string } | undefined {
  const ph = childNamed(childNamed(childNamed(shape, 'nvSpPr'), 'nvPr'), 'ph');
  if (!ph) return undefined;
  return { type: ph.getAttribute('type') ?? undefined, idx: ph.getAttribute('idx') ?? undefined };
}

/** The offset of a shape from its `spPr`/`grpSpPr` (or a graphic frame's own `p:xfrm`). */
function offsetOf(properties: XmlElement | undefined): Position | undefined {
  const off = childNamed(childNamed(properties, 'xfrm'), 'off');
  if (!off) return undefined;
  const x = Number(off.getAttribute('x'));
  const y = Number(off.getAttribute('y'));
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;
}

/** Lines of a DrawingML text body: paragraphs and line breaks each start one; runs of spaces become one. */
export function textBodyText(body: XmlElement | undefined): string {
  if (!body) return '';
  return childrenNamed(body, 'p')
    .flatMap((p) => paragraphText(p).split('\n'))
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function paragraphText(paragraph: XmlElement): string {
  let out = '';
  for (const child of Array.from(paragraph.children)) {
    const name = localName(child);
    if (name === 'r' || name === 'fld') out += childNamed(child, 't')?.textContent ?? '';
    else if (name === 'br') out += '\n';
  }
  return out;
}

/** A table, one row per line, its non-empty cells joined by ' | '; merged-over cells are skipped. */
function tableText(table: XmlElement): string {
  const lines: string[] = [];
  for (const row of childrenNamed(table, 'tr')) {
    const cells = childrenNamed(row, 'tc')
      .filter((cell) => !isTrue(cell.getAttribute('hMerge')) && !isTrue(cell.getAttribute('vMerge')))
      .map((cell) => textBodyText(childNamed(cell, 'txBody')).replace(/\n/g, ' ').trim())
      .filter(Boolean);
    if (cells.length > 0) lines.push(cells.join(' | '));
  }
  return lines.join('\n');
}

function isTrue(value: string | null): boolean {
  return value === '1' || value === 'true';
}

/** The words of a chart (see `pptx-charts.ts`), from the part the frame's `c:chart` names. */
async function chartPartText(pkg: OfficePackage, chart: XmlElement, rels: Relationships): Promise<string> {
  const part = rels.get(chart.getAttribute('r:id') ?? '')?.target;
  const chartSpace = part ? await pkg.readXml(part).catch(() => undefined) : undefined;
  return chartSpace ? chartText(chartSpace) : '';
}

/** The text of a SmartArt diagram: its data part's points, in document order. */
async function diagramText(pkg: OfficePackage, relIds: XmlElement, rels: Relationships): Promise<string> {
  const part = rels.get(relIds.getAttribute('r:dm') ?? '')?.target;
  const data = part ? await pkg.readXml(part).catch(() => undefined) : undefined;
  if (!data) return '';
  return descendantsNamed(data, 'pt')
    .map((pt) => textBodyText(childNamed(pt, 't')))
    .filter(Boolean)
    .join('\n');
}

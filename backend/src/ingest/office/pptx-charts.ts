import {
  childNamed,
  childrenNamed,
  descendantNamed,
  descendantsNamed,
  localName,
  type XmlElement,
} from '../../formats/office-package';

/** Starts the line of a chart's series names in its text. */
export const SERIES_PREFIX = 'Series: ';
/** Starts the line of a chart's category names in its text. */
export const CATEGORIES_PREFIX = 'Categorías: ';

/**
 * The words of a DrawingML chart part (`c:chartSpace`, or a `cx:chartSpace` chartex): its title, its axis titles, its series names and
 * its category names, one line each:
 *
 *     Ventas por región
 *     Series: 2019, 2020
 *     Categorías: Norte, Sur
 *
 * Values are left out: they are numbers without their labels, which nobody searches for. Text comes from
 * the caches the chart keeps (`strCache`, `numCache`, literals), never from the embedded workbook, so a
 * chart reads as PowerPoint last drew it. Empty for a chart without words.
 */
export function chartText(chartSpace: XmlElement): string {
  const chart = childNamed(chartSpace, 'chart');
  if (!chart) return '';
  const lines: string[] = [];
  const title = titleText(childNamed(chart, 'title'));
  if (title) lines.push(title);
  const plotArea = childNamed(chart, 'plotArea');
  const series: string[] = [];
  const categories: string[] = [];
  const axes: string[] = [];
  for (const child of Array.from(plotArea?.children ?? [])) {
    const name = localName(child);
    if (name.endsWith('Ax')) {
      const axisTitle = titleText(childNamed(child, 'title'));
      if (axisTitle) axes.push(axisTitle);
      continue;
    }
    if (name === 'axis') {
      // chartex (Office 2016 charts: waterfall, treemap, histogram …).
      const axisTitle = titleText(childNamed(child, 'title'));
      if (axisTitle) axes.push(axisTitle);
      continue;
    }
    if (name === 'plotAreaRegion') {
      for (const ser of childrenNamed(child, 'series')) addUnique(series, seriesName(ser));
      continue;
    }
    if (!name.endsWith('Chart')) continue;
    for (const ser of childrenNamed(child, 'ser')) {
      addUnique(series, seriesName(ser));
      // Scatter and bubble charts have x values where others have categories.
      for (const category of cachedStrings(childNamed(ser, 'cat') ?? childNamed(ser, 'xVal'))) {
        addUnique(categories, category);
      }
    }
  }
  // A chartex keeps its data apart from its series: the category dimensions of its data sets.
  for (const dimension of descendantsNamed(childNamed(chartSpace, 'chartData') ?? chart, 'strDim')) {
    if ((dimension.getAttribute('type') ?? 'cat') !== 'cat') continue;
    for (const level of childrenNamed(dimension, 'lvl')) {
      for (const pt of childrenNamed(level, 'pt')) addUnique(categories, clean(pt.textContent ?? ''));
    }
  }
  lines.push(...axes);
  if (series.length > 0) lines.push(SERIES_PREFIX + series.join(', '));
  if (categories.length > 0) lines.push(CATEGORIES_PREFIX + categories.join(', '));
  return lines.join('\n');
}

/** A chart or axis title: its rich text, else the cell it refers to (as cached), else a chartex text. */
function titleText(title: XmlElement | undefined): string {
  const tx = childNamed(title, 'tx');
  if (!tx) return '';
  const txData = childNamed(tx, 'txData');
  if (txData) return clean(childNamed(txData, 'v')?.textContent ?? '');
  const rich = childNamed(tx, 'rich');
  if (rich) {
    return childrenNamed(rich, 'p')
      .map((p) =>
        descendantsNamed(p, 't')
          .map((t) => t.textContent ?? '')
          .join(''),
      )
      .map(clean)
      .filter(Boolean)
      .join(' ');
  }
  return clean(cachedStrings(tx).join(' '));
}

/** A series' name: `c:tx` as a cached reference or a literal `c:v`. */
function seriesName(ser: XmlElement): string {
  const tx = childNamed(ser, 'tx');
  if (!tx) return '';
  const literal = childNamed(tx, 'v') ?? childNamed(childNamed(tx, 'txData'), 'v');
  return clean(literal ? (literal.textContent ?? '') : cachedStrings(tx).join(' '));
}

/**
 * The cached points below a data source (`strRef`/`numRef`/`multiLvlStrRef` or a literal), each level of
 * a multi-level source in turn, in point order.
 */
function cachedStrings(source: XmlElement | undefined): string[] {
  if (!source) return [];
  const out: string[] = [];
  const caches = [
    ...descendantsNamed(source, 'strCache'),
    ...descendantsNamed(source, 'numCache'),
    ...descendantsNamed(source, 'strLit'),
    ...descendantsNamed(source, 'numLit'),
  ];
  const levelled = descendantNamed(source, 'multiLvlStrCache');
  const groups = levelled ? childrenNamed(levelled, 'lvl') : caches;
  for (const group of groups) {
    const points = childrenNamed(group, 'pt')
      .map((pt) => ({ idx: Number(pt.getAttribute('idx')), text: clean(childNamed(pt, 'v')?.textContent ?? '') }))
      .sort((a, b) => (a.idx || 0) - (b.idx || 0));
    for (const { text } of points) if (text) out.push(text);
  }
  return out;
}

function addUnique(list: string[], value: string): void {
  if (value && !list.includes(value)) list.push(value);
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

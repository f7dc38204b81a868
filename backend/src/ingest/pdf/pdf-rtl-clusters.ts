import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from './pdfjs';

/** A run of right-to-left letters (Hebrew, Arabic and their presentation forms), marks included. */
const RTL_RUN = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+/gu;
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
/**
 * Shorter runs are left alone: a two-letter cluster ('لا' for a lam-alef glyph) also occurs, rightly
 * reversed, wherever its letters are drawn apart ('ال'), so it cannot be told back.
 */
const MIN_CLUSTER = 3;

/**
 * The right-to-left runs of at least MIN_CLUSTER letters that a single glyph of the page stands for: a shaping
 * engine (HarfBuzz in WeasyPrint) may map one glyph to a whole word in reading order. pdf.js reverses a
 * right-to-left run letter by letter, as if each glyph were one letter drawn left to right, so such a word
 * comes out backwards ('يبيبَح' for 'حَبيبي'). Empty for pages without right-to-left text.
 */
export async function rtlGlyphClusters(page: PDFPageProxy, items: readonly object[]): Promise<string[]> {
  if (!items.some((item) => 'str' in item && typeof item.str === 'string' && RTL.test(item.str))) return [];
  const { OPS } = await loadPdfJs();
  const { fnArray, argsArray } = await page.getOperatorList();
  const clusters = new Set<string>();
  fnArray.forEach((fn, i) => {
    if (fn !== OPS.showText) return;
    for (const glyph of (argsArray[i] as unknown[][])[0] ?? []) {
      const unicode = (glyph as { unicode?: unknown } | null)?.unicode;
      if (typeof unicode !== 'string') continue;
      for (const run of unicode.match(RTL_RUN) ?? []) if ([...run].length >= MIN_CLUSTER) clusters.add(run);
    }
  });
  return [...clusters].sort((a, b) => b.length - a.length);
}

/** `text` with each cluster that pdf.js wrote backwards put back in reading order. */
export function clustersInOrder(text: string, clusters: readonly string[]): string {
  let out = text;
  for (const cluster of clusters) out = out.replaceAll([...cluster].reverse().join(''), cluster);
  return out;
}

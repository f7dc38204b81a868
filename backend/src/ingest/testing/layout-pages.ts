/** Hand-built PDF pages for the first-page readers' tests: pdf.js items placed as on a US Letter page. */
import { layoutFromItems, type LayoutPage } from '../pdf/pdf-layout';

/** A US Letter page in pdf.js's viewport at scale 1. */
export const VIEWPORT = { transform: [1, 0, 0, -1, 0, 792], width: 612, height: 792 };

/** One text item at (x, top from the page's top edge) in `size` point type, as pdf.js gives it. */
export function item(str: string, x: number, top: number, size: number) {
  return { str, transform: [size, 0, 0, size, x, 792 - top], width: str.length * size * 0.5, height: size };
}

/** A page of items: lines given as [text, x, top, size]. */
export function page(lines: [string, number, number, number][]): LayoutPage {
  return layoutFromItems(
    lines.map(([s, x, top, size]) => item(s, x, top, size)),
    VIEWPORT,
  );
}

/** Running text in 10-point type, enough lines to make the body size. */
export const body = (from: number, count = 20): [string, number, number, number][] =>
  Array.from({ length: count }, (_, i) => [
    'the results of the study are shown in the table below for each of the sites',
    72,
    from + i * 12,
    10,
  ]);

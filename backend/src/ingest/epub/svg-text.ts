/**
 * The text an inline SVG draws (`<text>`, its `<tspan>`s and `<textPath>`s), as paragraphs. Fixed-layout
 * books set whole pages this way: one `<text>` per block, one `<tspan>` per line or per piece of a line,
 * positioned by `y`/`dy`. Works on any DOM (linkedom's HTML or XML documents).
 */

/** The little of a DOM node this reads. */
export interface SvgNode {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  childNodes: ArrayLike<SvgNode>;
  getAttribute?(name: string): string | null;
}

/** A line gap this many times the block's usual one starts a new paragraph. */
const PARAGRAPH_GAP = 1.4;
/** Lines whose baselines differ by less than this (user units) are one line. */
const SAME_LINE = 0.5;
/** Never drawn as text on the page. */
const HIDDEN = new Set([
  'defs',
  'title',
  'desc',
  'metadata',
  'style',
  'script',
  'symbol',
  'mask',
  'clippath',
  'pattern',
]);

/**
 * The paragraphs of an SVG element, in document order: each `<text>` is at least one paragraph; its lines
 * (a `<tspan>` that moves the baseline starts one) are joined with a space, or with nothing after a
 * line-end hyphen ('Jean-' + 'Hugues'); a gap between lines clearly wider than the block's usual one
 * starts a new paragraph. Pieces of one line (same baseline) are joined as written, since their own
 * spaces are part of the text.
 */
export function svgParagraphs(svg: SvgNode): string[] {
  const paragraphs: string[] = [];
  const visit = (node: SvgNode) => {
    if (node.nodeType !== 1) return;
    const tag = name(node);
    if (HIDDEN.has(tag)) return;
    if (tag === 'text') {
      paragraphs.push(...textParagraphs(node));
      return;
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(svg);
  return paragraphs;
}

interface Line {
  y: number | undefined;
  text: string;
}

function textParagraphs(text: SvgNode): string[] {
  const lines: Line[] = [];
  let y = firstNumber(attr(text, 'y'));
  let line: Line = { y, text: '' };
  lines.push(line);

  const moveTo = (next: number | undefined) => {
    if (next === undefined) return;
    y = next;
    if (line.y === undefined && line.text.trim() === '') {
      line.y = next;
      return;
    }
    if (line.y !== undefined && Math.abs(next - line.y) < SAME_LINE) return;
    line = { y: next, text: '' };
    lines.push(line);
  };

  const visit = (node: SvgNode) => {
    if (node.nodeType === 3 || node.nodeType === 4) {
      line.text += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    if (HIDDEN.has(name(node))) return;
    const absolute = firstNumber(attr(node, 'y'));
    const relative = firstNumber(attr(node, 'dy'));
    if (absolute !== undefined) moveTo(absolute + (relative ?? 0));
    else if (relative) moveTo((y ?? 0) + relative);
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  for (const child of Array.from(text.childNodes)) visit(child);

  const kept = lines.map((l) => ({ y: l.y, text: l.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text);
  const gaps = kept.slice(1).flatMap((l, i) => {
    const above = kept[i]!.y;
    return l.y !== undefined && above !== undefined && l.y > above ? [l.y - above] : [];
  });
  const usual = median(gaps);

  const paragraphs: string[] = [];
  let current = '';
  for (const [i, l] of kept.entries()) {
    const above = i > 0 ? kept[i - 1]!.y : undefined;
    const gap = l.y !== undefined && above !== undefined ? l.y - above : undefined;
    const breaks = i > 0 && gap !== undefined && (gap <= 0 || (usual !== undefined && gap > usual * PARAGRAPH_GAP));
    if (breaks && current) {
      paragraphs.push(current);
      current = '';
    }
    current = !current ? l.text : /\p{L}-$/u.test(current) ? current + l.text : `${current} ${l.text}`;
  }
  if (current) paragraphs.push(current);
  return paragraphs;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The first of a list of coordinates ('12.5', '0 4 8', '1e-3,2'). */
function firstNumber(value: string | null): number | undefined {
  const first = value?.trim().split(/[\s,]+/)[0];
  if (!first) return undefined;
  const n = Number.parseFloat(first);
  return Number.isFinite(n) ? n : undefined;
}

function name(node: SvgNode): string {
  const local = (node.localName ?? '').toLowerCase();
  return local.slice(local.lastIndexOf(':') + 1);
}

function attr(node: SvgNode, attribute: string): string | null {
  return node.getAttribute?.(attribute) ?? null;
}

/**
 * Columns that a content stream draws row by row across the page (a precinct bulletin's four columns of
 * contests, each row of the stream holding a line of every column) are put back one after the other.
 */

/** The parts of a pdf.js text item read here. */
export interface ColumnItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Fewest rows a gutter must run down, and fewest of them that start flush at its right edge. */
const MIN_ROWS = 6;
/** A gutter is at least this wide, as a share of the type size (words are set a quarter of an em apart). */
const MIN_GUTTER = 0.5;
/**
 * Share of a gutter's rows that hold text on one side only, and fewest such rows on each side: columns set
 * independently break their blocks at different heights, while a table's columns share their rows.
 */
const MIN_LONE_SHARE = 0.15;
const MIN_LONE_ROWS = 2;
/**
 * The stream's order is distrusted where it goes back to an earlier column in at least this share of the
 * rows holding text in two columns or more (and in MIN_ROWS rows): a stream drawn row by row does so on
 * every such row, while one that reads a column before the next does only for a running head, a display
 * equation or a float placed out of order.
 */
const MIN_BACKSTEP_SHARE = 0.5;
/** The narrowest column, in points, that further gutters at the same pitch may part. */
const MIN_PITCH = 36;

interface Box {
  index: number;
  x0: number;
  x1: number;
  y: number;
  size: number;
  lettered: boolean;
}

/**
 * The items in reading order by columns: where a vertical gutter runs down consecutive rows of the page
 * (no text crosses it, text starts flush at its right edge in at least MIN_ROWS rows, and the two sides
 * break their lines at different heights, as separate columns do and a table's one-line rows do not),
 * the same pitch parts at least one more column (a grid of three columns or more of one width: two
 * columns alone look like a table whose cells wrap), and the stream goes back across the gutters on most
 * rows, the rows they run down are read column by column, each column in the stream's order. Elsewhere
 * the stream's order is kept, item by item. Only upright text is considered.
 */
export function orderColumns<T extends ColumnItem>(items: readonly T[]): T[] {
  const boxes: Box[] = [];
  items.forEach((item, index) => {
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    if (!(a > 0 && d > 0 && Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6)) return;
    const size = item.height || d || 1;
    boxes.push({ index, x0: e, x1: e + Math.max(item.width, 0), y: f, size, lettered: item.str.trim() !== '' });
  });
  const lettered = boxes.filter((b) => b.lettered);
  if (lettered.length < 2 * MIN_ROWS) return [...items];

  const rows = rowsOf(lettered);
  const gutters = findGutters(rows);
  if (gutters.length === 0) return [...items];

  // Rows by the gutters running down them; consecutive rows with the same gutters make one block.
  const rowOf = new Map<number, number>();
  rows.forEach((row, r) => row.forEach((b) => rowOf.set(b.index, r)));
  const rowKey = rows.map((_, r) =>
    gutters
      .filter((g) => r >= g.from && r <= g.to)
      .map((g) => g.x)
      .sort((p, q) => p - q),
  );
  const blockOfRow: number[] = [];
  let block = -1;
  rowKey.forEach((key, r) => {
    const previous = rowKey[r - 1];
    if (key.length === 0) blockOfRow.push(-1);
    else {
      if (r === 0 || !previous || previous.join() !== key.join()) block += 1;
      blockOfRow.push(block);
    }
  });

  // Each item belongs to its row's block (whitespace items to the row whose baseline they share).
  const blockOf = new Map<number, number>();
  const columnOf = new Map<number, number>();
  for (const box of boxes) {
    let r = rowOf.get(box.index);
    if (r === undefined) r = rows.findIndex((row) => Math.abs(row[0]!.y - box.y) <= 0.5 * row[0]!.size);
    if (r < 0) continue;
    const b = blockOfRow[r]!;
    if (b < 0) continue;
    blockOf.set(box.index, b);
    columnOf.set(box.index, rowKey[r]!.filter((x) => x - 0.5 <= box.x0).length);
  }

  // Rows of each block holding lettered text in two columns or more.
  const sharedRows = new Map<number, number>();
  rows.forEach((row, r) => {
    const b = blockOfRow[r]!;
    if (b < 0) return;
    const columns = new Set(row.map((box) => columnOf.get(box.index)));
    if (columns.size > 1) sharedRows.set(b, (sharedRows.get(b) ?? 0) + 1);
  });

  // Blocks the stream reads row by row; the others keep the stream's order, item by item.
  const members = new Map<number, number[]>();
  items.forEach((_, i) => {
    const b = blockOf.get(i);
    if (b !== undefined) members.set(b, [...(members.get(b) ?? []), i]);
  });
  const reordered = new Set<number>();
  for (const [b, list] of members) {
    let backsteps = 0;
    for (let i = 1; i < list.length; i++) {
      if (columnOf.get(list[i]!)! < columnOf.get(list[i - 1]!)!) backsteps += 1;
    }
    if (backsteps >= MIN_ROWS && backsteps >= MIN_BACKSTEP_SHARE * (sharedRows.get(b) ?? 0)) reordered.add(b);
  }
  if (reordered.size === 0) return [...items];

  const out: T[] = [];
  items.forEach((item, index) => {
    const b = blockOf.get(index);
    if (b === undefined || !reordered.has(b)) out.push(item);
    else if (members.get(b)![0] === index) {
      const ordered = [...members.get(b)!].sort((p, q) => columnOf.get(p)! - columnOf.get(q)! || p - q);
      out.push(...ordered.map((i) => items[i]!));
    }
  });
  return out;
}

/** Lettered boxes grouped by baseline, top of the page first. */
function rowsOf(boxes: readonly Box[]): Box[][] {
  const rows: Box[][] = [];
  for (const box of [...boxes].sort((p, q) => q.y - p.y || p.x0 - q.x0)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.y - box.y) <= 0.5 * Math.max(row[0]!.size, box.size)) row.push(box);
    else rows.push([box]);
  }
  return rows;
}

interface Gutter {
  /** Its right edge: where the right-hand column's lines start. */
  x: number;
  /** The first and last rows it runs down. */
  from: number;
  to: number;
}

/** Gutters that part columns: see orderColumns. */
function findGutters(rows: readonly Box[][]): Gutter[] {
  // Candidates: left edges where text starts after a gap in at least MIN_ROWS rows.
  const starts = new Map<number, number>();
  for (const row of rows) {
    const sorted = [...row].sort((p, q) => p.x0 - q.x0);
    let end = -Infinity;
    for (const box of sorted) {
      if (box.x0 - end >= MIN_GUTTER * box.size) {
        const key = Math.round(box.x0 * 2) / 2;
        starts.set(key, (starts.get(key) ?? 0) + 1);
      }
      end = Math.max(end, box.x1);
    }
  }
  const candidates = [...starts].filter(([, count]) => count >= MIN_ROWS).map(([x]) => x);
  candidates.sort((p, q) => p - q);

  const gutters: Gutter[] = [];
  let previous = -Infinity;
  for (const x of candidates) {
    const found = openRuns(rows, x).filter(([from, to]) => separates(rows.slice(from, to + 1), previous, x));
    if (found.length === 0) continue;
    const left = previous;
    previous = x;
    // A grid of columns of one width: the same pitch again parts the next columns of those rows (which may
    // share their line breaks, as boxes of a grid do). Two columns alone are not trusted: a table whose
    // cells wrap at different heights looks the same.
    const start = Math.min(
      ...found.flatMap(([from, to]) =>
        rows.slice(from, to + 1).flatMap((row) => row.filter((b) => b.x0 > left && b.x0 < x - 0.5).map((b) => b.x0)),
      ),
    );
    const pitch = x - start;
    if (!(pitch > MIN_PITCH)) continue;
    const grid: Gutter[] = [];
    for (let at = x; ;) {
      const next = at + pitch;
      const match = candidates.find((c) => c > at + 1 && Math.abs(c - next) <= 1);
      if (match === undefined) break;
      for (const [from, to] of openRuns(rows, match)) {
        for (const [f, t] of found) {
          const a = Math.max(from, f);
          const b = Math.min(to, t);
          if (b - a + 1 >= MIN_ROWS && flushRows(rows.slice(a, b + 1), match) >= MIN_ROWS) {
            grid.push({ x: match, from: a, to: b });
          }
        }
      }
      at = match;
    }
    if (grid.length === 0) continue;
    for (const [from, to] of found) gutters.push({ x, from, to });
    gutters.push(...grid);
    previous = Math.max(...grid.map((g) => g.x));
  }
  return gutters;
}

/** Runs of at least MIN_ROWS consecutive rows (first and last) that no text crosses just left of x. */
function openRuns(rows: readonly Box[][], x: number): [number, number][] {
  const runs: [number, number][] = [];
  let from = -1;
  rows.forEach((row, r) => {
    const crossed = row.some((b) => b.x0 < x - 0.5 && b.x1 > x - MIN_GUTTER * b.size);
    if (!crossed && from < 0) from = r;
    if (crossed && from >= 0) {
      if (r - from >= MIN_ROWS) runs.push([from, r - 1]);
      from = -1;
    }
  });
  if (from >= 0 && rows.length - from >= MIN_ROWS) runs.push([from, rows.length - 1]);
  return runs;
}

/** Rows with text starting flush at x. */
function flushRows(rows: readonly Box[][], x: number): number {
  return rows.filter((row) => row.some((b) => Math.abs(b.x0 - x) <= 0.5)).length;
}

/**
 * Whether the text starting flush at x and the text between `left` and x are separate columns rather than
 * one table: each side has rows where the other has no text.
 */
function separates(rows: readonly Box[][], left: number, x: number): boolean {
  let leftOnly = 0;
  let rightOnly = 0;
  for (const row of rows) {
    const before = row.some((b) => b.x0 >= left - 0.5 && b.x0 < x - 0.5);
    const flush = row.some((b) => Math.abs(b.x0 - x) <= 0.5);
    if (before && !flush) leftOnly += 1;
    if (flush && !before) rightOnly += 1;
  }
  return (
    flushRows(rows, x) >= MIN_ROWS &&
    leftOnly >= MIN_LONE_ROWS &&
    rightOnly >= MIN_LONE_ROWS &&
    leftOnly + rightOnly >= MIN_LONE_SHARE * rows.length
  );
}

import type { LayoutLine } from './pdf-layout';

// Reading a cover sheet's lines (pdf-repository-cover.ts): runs of type, 'Label: value' fields, the names of a
// byline, a citation's title and year. Pure functions over layout lines, shared by every repository's rule.

/**
 * The title and byline over a sheet's citation: the last two runs of type above it, the title in the larger.
 * Undefined parts when the lines there do not have that shape.
 */
export function headingAndByline(head: readonly LayoutLine[]): [string | undefined, string | undefined] {
  const runs = runsOf(head);
  const byline = runs[runs.length - 1];
  const heading = runs[runs.length - 2];
  if (!byline || !heading || heading[0]!.size <= byline[0]!.size) return [undefined, undefined];
  return [joinLines(heading), joinLines(byline)];
}

// ---------------------------------------------------------------------------------------------------------

/**
 * 'Label: value' fields with their continuation lines: a line that is not a label and follows closely in the
 * same type continues the value before it. Lines matching `stop` end the fields.
 */
export function labelledFields(lines: readonly LayoutLine[], label: RegExp, stop: RegExp): Map<string, string> {
  const fields = new Map<string, string>();
  let current: { key: string; line: LayoutLine } | undefined;
  for (const line of lines) {
    if (stop.test(line.text)) break;
    const m = label.exec(line.text);
    if (m) {
      const key = m[1]!.toLowerCase();
      if (!fields.has(key)) fields.set(key, m[2]!.trim());
      current = { key, line };
      continue;
    }
    if (!current) continue;
    const close = line.top - current.line.top < 2 * current.line.size;
    if (close && sameSize(line, current.line)) {
      fields.set(current.key, joinLines([{ text: fields.get(current.key) ?? '' }, line]));
      current = { key: current.key, line };
    } else {
      current = undefined;
    }
  }
  return fields;
}

/** The block of lines of one size just above `index`, closely spaced: the heading over a field list. */
export function blockAbove(lines: readonly LayoutLine[], index: number): LayoutLine[] {
  const block: LayoutLine[] = [];
  let below = lines[index];
  for (let i = index - 1; i >= 0 && below; i--) {
    const line = lines[i]!;
    if (/https?:|www\.|jstor/i.test(line.text)) break;
    if (below.top - line.top > 2.5 * Math.max(line.size, below.size)) break;
    if (block.length && !sameSize(line, block[0]!)) break;
    block.unshift(line);
    below = line;
  }
  return block;
}

/** Consecutive lines of one type size (within 8 %), in page order. */
export function runsOf(lines: readonly LayoutLine[]): LayoutLine[][] {
  const runs: LayoutLine[][] = [];
  for (const line of lines) {
    const run = runs[runs.length - 1];
    if (run && sameSize(run[run.length - 1]!, line)) run.push(line);
    else runs.push([line]);
  }
  return runs;
}

function sameSize(a: { size: number }, b: { size: number }): boolean {
  return Math.abs(a.size - b.size) <= 0.08 * Math.max(a.size, b.size);
}

/** Lines joined into one string; a word cut at a line's end ('Man-' 'agement') is mended. */
export function joinLines(lines: readonly { text: string; plain?: string }[]): string {
  let joined = '';
  for (const line of lines) {
    const text = (line.plain || line.text).trim();
    if (!text) continue;
    if (!joined) joined = text;
    else if (/\p{Ll}-$/u.test(joined) && /^\p{Ll}/u.test(text)) joined = joined.slice(0, -1) + text;
    else joined += ' ' + text;
  }
  return joined.replace(/\s+/g, ' ').trim();
}

/** A list of names as a repository prints it: 'A. Smith, B. Jones and C. Brown' (suffixes kept with theirs). */
export function namesOfList(list: string): string[] | undefined {
  const parts = list
    .replace(/[;,\s]+$/, '')
    // A closing full stop, unless it ends an initial or a suffix ('Jr.').
    .replace(/(\p{L}{3,})\.$/u, '$1')
    .split(/\s*,\s*|\s*;\s*|\s+(?:and|&|et|und|y|e)\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  const names: string[] = [];
  for (const part of parts) {
    if (/^(?:jr|sr|ii|iii|iv)\.?$/i.test(part) && names.length) names[names.length - 1] += ', ' + part;
    else names.push(part);
  }
  return names.every(isPrintedName) && names.length ? names : undefined;
}

/** One person's name as printed: one to six words of letters, initials, particles, hyphens and apostrophes. */
export function isPrintedName(name: string): boolean {
  const words = name.replace(/,\s*(?:jr|sr|ii|iii|iv)\.?$/i, '').split(/\s+/);
  return words.length >= 1 && words.length <= 6 && words.every((w) => /^[\p{L}][\p{L}\p{M}.'’-]*$/u.test(w));
}

/** Where the work's title stands in a citation (its words in order, spacing and line-end hyphens aside). */
function titleIn(citation: string, title: string): { start: number; end: number } | undefined {
  const words = title.split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  const pattern = words
    .map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, (c) => (c === '-' ? '-?\\s*' : '\\' + c)))
    .join('-?\\s*');
  const m = new RegExp(pattern, 'iu').exec(citation);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

/** The citation after the work's title, or undefined when the title is not found in it. */
export function afterTitle(citation: string, title: string): string | undefined {
  const span = titleIn(citation, title);
  return span ? citation.slice(span.end) : undefined;
}

/** The citation with the work's title taken out, so that a year in the title is not read as the work's. */
export function withoutTitle(citation: string, title: string): string {
  const span = titleIn(citation, title);
  return span ? citation.slice(0, span.start) + ' ' + citation.slice(span.end) : citation;
}

/**
 * The year a citation gives the work: identifiers, addresses and the title's own years left out, a year in
 * parentheses ('(2002)', 'Journal 41 (2006)') first, else the one year it names; none when it names several.
 */
export function citationYear(citation: string, title: string): number | undefined {
  const titleYears = new Set(yearsIn(title));
  const bare = citation
    .replace(/⟨[^⟩]*⟩/g, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\b10\.\d{4,9}\/\S+/g, ' ')
    .replace(/\b(?:urn|nbn|isbn|issn|nnt)\b[:\s]*\S+/gi, ' ')
    .replace(/\b[a-z]{2,}-\s?\d{6,}(?:v\d+)?\b/gi, ' ')
    // Pages ('pp.1998-2005', 'p. 2012') and ISBNs ('978-2-7535-1999-6') are numbers, not dates.
    .replace(/\bp{1,2}\.?\s*[\dA-Z]+(?:\s*[-–]\s*[\dA-Z]+)?/g, ' ')
    .replace(/\b\d+(?:-\d+){3,}X?\b/gi, ' ');
  const inParentheses = [...bare.matchAll(/\(\s*((?:1[5-9]|20)\d\d)\s*\)/g)].map((m) => Number(m[1]));
  const parenthesised = [...new Set(inParentheses)].filter((y) => !titleYears.has(y));
  if (parenthesised.length === 1) return parenthesised[0];
  const years = [...new Set(yearsIn(bare))].filter((y) => !titleYears.has(y));
  return years.length === 1 ? years[0] : undefined;
}

/** The one year in the last parentheses holding one ('(Jun., 1989)', 'Princeton University Press (2015)'). */
export function parenthesisedYear(text: string): number | undefined {
  const groups = [...text.matchAll(/\(([^()]*)\)/g)].map((m) => [...new Set(yearsIn(m[1]!))]).filter((g) => g.length);
  const last = groups[groups.length - 1];
  return last?.length === 1 ? last[0] : undefined;
}

function yearsIn(text: string): number[] {
  return [...text.matchAll(/(?<![\p{L}\p{N}])((?:1[5-9]|20)\d\d)(?![\p{L}\p{N}])/gu)].map((m) => Number(m[1]));
}

export function onlyYear(text: string): number | undefined {
  const year = Number(text);
  return year >= 1500 && year <= 2099 ? year : undefined;
}

/** Folded for comparing what two places print: letters and digits only, lower case, accents dropped. */
export function compact(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

import type { CslName, CslRecord } from '../imported-item';

/** LaTeX commands citation-js leaves in text, each as the text it prints. */
const COMMANDS: [RegExp, string][] = [
  [/\\par\b/g, ' '],
  [/\\\\/g, ' '], // a line break
  [/\\[,;:!]/g, ' '], // LaTeX's thin and medium spaces
  [/\\[-/]/g, ''], // a hyphenation point, an italic correction
  // Commands whose argument citation-js has already unbraced (`\mbox{th}` → `\mboxth`).
  [/\\(?:mbox|hbox|vphantom|emph|ensuremath|hspace0pt)/g, ''],
  [/\\(La|Bib)?TeX\b/g, '$1TeX'],
  [/\\AA\s?/g, 'Å'],
  [/\\[()]/g, ''], // inline mathematics' delimiters
];

/** Fields that are addresses or identifiers, where a brace or backslash is the text itself. */
const VERBATIM = new Set(['URL', 'DOI', 'ISBN', 'ISSN']);

/**
 * A text citation-js read from BibTeX without the LaTeX it leaves: `\par`, `\\`, `\,`, `\-`, `\mbox`,
 * `\LaTeX`… and the grouping braces it keeps (`{water+phenol}`).
 * Mathematics (`$x^2$`) stays as written.
 */
export function withoutLatex(text: string): string {
  let out = text;
  for (const [pattern, replacement] of COMMANDS) out = out.replace(pattern, replacement);
  return out.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
}

const name = (n: CslName): CslName =>
  Object.fromEntries(Object.entries(n).map(([k, v]) => [k, withoutLatex(v as string)])) as CslName;

/** `record` with `withoutLatex` applied to its text fields and names, identifiers and URL left as they are. */
export function recordWithoutLatex(record: CslRecord): CslRecord {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') out[key] = VERBATIM.has(key) ? value : withoutLatex(value) || value;
    else if (Array.isArray(value) && ['author', 'editor', 'translator'].includes(key))
      out[key] = (value as CslName[]).map(name);
    else out[key] = value;
  }
  return out as unknown as CslRecord;
}

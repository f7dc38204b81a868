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
  return withAccentedDotlessLetters(out.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim());
}

/**
 * LaTeX accents an i or j on its dotless form (`{\'\i}`), which citation-js gives as 'ı' and a combining
 * accent: no precomposed letter exists for that pair, so 'Garcı́a' would never match 'García'. The accented
 * dotless letter is the dotted one with the accent, composed.
 */
export function withAccentedDotlessLetters(text: string): string {
  return text
    .replace(/\u0131(?=\p{M})/gu, 'i')
    .replace(/\u0237(?=\p{M})/gu, 'j')
    .normalize('NFC');
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

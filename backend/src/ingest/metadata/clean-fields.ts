/**
 * Cleaning of the metadata files carry about themselves (PDF info dictionaries, XMP, HTML meta tags,
 * Markdown front matter). Producers fill these fields with junk often enough that nothing is taken as is.
 * Author names are read by `author-names.ts`.
 */

const JUNK_TITLE =
  /^(?:untitled|sin t[ií]tulo|no title|title|t[ií]tulo|document|documento|doc|presentation|presentaci[oó]n|slide|diapositiva|new document|nuevo documento|none|null|unknown|default|pdf|powerpoint presentation|presentaci[oó]n de powerpoint|word document)(?:[\s_-]*\d+)?$/i;
const OFFICE_PREFIX = /^(?:microsoft|ms)\s*(?:word|powerpoint|excel|office)\b/i;
const FILE_EXTENSION =
  /\.(?:pdf|docx?|dotx?|odt|rtf|txt|tex|dvi|ps|eps|indd|qxd|pages|key|pptx?|xlsx?|html?|md|ai|cdr|wpd|pub|jpe?g|png|tiff?)$/i;

/**
 * The version and review status an open-review publisher appends to every title in brackets
 * ('[v2; ref status: indexed, http://…]', '[version 1; peer review: 2 approved]'): not part of the title.
 */
const REVIEW_STATUS = /\s*\[(?:v\d+|version \d+)[;,][^\]]*(?:status|review|https?:\/\/)[^\]]*\]$/i;

/** `text` without a trailing review status in brackets (`REVIEW_STATUS`). */
export const withoutReviewStatus = (text: string): string => text.replace(REVIEW_STATUS, '');

/**
 * A usable title, or undefined for the usual junk: 'Microsoft Word - x.docx', 'untitled', 'Document1',
 * file names and paths, strings without letters. Surrounding whitespace and stray punctuation are removed.
 */
export function cleanTitle(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const title = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-–—:;,.|/\\\s]+/, '')
    .replace(/[-–—:;,|/\\\s]+$/, '')
    .replace(REVIEW_STATUS, '')
    .trim();
  if (title.length < 2 || title.length > 500) return undefined;
  if ((title.match(/\p{L}/gu)?.length ?? 0) < 2) return undefined;
  if (JUNK_TITLE.test(title) || OFFICE_PREFIX.test(title) || FILE_EXTENSION.test(title)) return undefined;
  // A path or a file-name-like token (snake_case, no spaces) is not a title.
  if (/[/\\]/.test(title) && !/\s/.test(title)) return undefined;
  if (!/\s/.test(title) && /_/.test(title)) return undefined;
  return title;
}

// Author names have their own module; converters that read them here still find them.
export { authorsFromMetadata, authorsFromTags } from './author-names';

/** The year of a PDF date ('D:20161231184323+01'00'') or an ISO date, when plausible. */
export function yearFromDate(raw: string | null | undefined): number | undefined {
  if (typeof raw !== 'string') return undefined;
  const match = /^\s*(?:D:)?(\d{4})/.exec(raw);
  if (!match) return undefined;
  const year = Number(match[1]);
  return year >= 1000 && year <= new Date().getUTCFullYear() + 1 ? year : undefined;
}

/** A BCP 47 language tag in canonical case ('EN-us' → 'en-US'), or undefined when it is not one. */
export function normalizeLanguage(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const tag = raw.trim().replace(/_/g, '-');
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** A DOI: '10.' + registrant + '/' + suffix (Crossref's recommended pattern, which matches nearly all). */
const DOI = /\b(10\.\d{4,9}\/[-._;()/:a-z0-9]+)/i;

/**
 * The first DOI in a text or metadata value ('doi:10.1000/xyz', 'https://doi.org/10.1000/xyz', a bare
 * '10.1000/xyz'), without punctuation that ends the sentence around it.
 */
export function findDoi(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const m = DOI.exec(raw);
  if (!m) return undefined;
  return latestVersion(tidyDoi(m[1]!), raw);
}

function tidyDoi(found: string): string {
  let doi = found.replace(/[.,;:]+$/, '');
  // A closing parenthesis belongs to the DOI only when it opened one inside it.
  while (doi.endsWith(')') && (doi.match(/\(/g)?.length ?? 0) < (doi.match(/\)/g)?.length ?? 0)) doi = doi.slice(0, -1);
  return doi;
}

/** A versioned DOI's version: '.1' or '.v1' after the work's own DOI (open-review publishers number them so). */
const DOI_VERSION = /^(.+\.)v?(\d{1,2})$/i;

/**
 * The latest version of `doi` the text prints: a page that lists a work's versions ('First published: …
 * 4767.1', 'Latest published: … 4767.2') is the latest version's.
 */
function latestVersion(doi: string, text: string): string {
  const own = DOI_VERSION.exec(doi);
  if (!own) return doi;
  let latest = doi;
  let version = Number(own[2]);
  for (const m of text.matchAll(new RegExp(DOI.source, 'gi'))) {
    const other = DOI_VERSION.exec(tidyDoi(m[1]!));
    if (other && other[1]!.toLowerCase() === own[1]!.toLowerCase() && Number(other[2]) > version) {
      version = Number(other[2]);
      latest = tidyDoi(m[1]!);
    }
  }
  return latest;
}

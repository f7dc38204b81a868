import type { CslDate, CslName, CslRecord } from '../imported-item';

/**
 * Zotero item type → CSL type, as Zotero's own schema (`schema.json`, `csl.types`) maps them. Types
 * Zotero added later (preprint, dataset, standard) are here too; an older database simply has none.
 */
const CSL_TYPES: Record<string, string> = {
  artwork: 'graphic',
  audioRecording: 'song',
  bill: 'bill',
  blogPost: 'post-weblog',
  book: 'book',
  bookSection: 'chapter',
  case: 'legal_case',
  computerProgram: 'software',
  conferencePaper: 'paper-conference',
  dataset: 'dataset',
  dictionaryEntry: 'entry-dictionary',
  document: 'document',
  email: 'personal_communication',
  encyclopediaArticle: 'entry-encyclopedia',
  film: 'motion_picture',
  forumPost: 'post',
  hearing: 'hearing',
  instantMessage: 'personal_communication',
  interview: 'interview',
  journalArticle: 'article-journal',
  letter: 'personal_communication',
  magazineArticle: 'article-magazine',
  manuscript: 'manuscript',
  map: 'map',
  newspaperArticle: 'article-newspaper',
  patent: 'patent',
  podcast: 'song',
  preprint: 'article',
  presentation: 'speech',
  radioBroadcast: 'broadcast',
  report: 'report',
  standard: 'standard',
  statute: 'legislation',
  thesis: 'thesis',
  tvBroadcast: 'broadcast',
  videoRecording: 'motion_picture',
  webpage: 'webpage',
};

/** The CSL type of a Zotero item type; 'document' for one Zotero added after this table. */
export function cslType(zoteroType: string): string {
  return CSL_TYPES[zoteroType] ?? 'document';
}

type TextVariable = Exclude<keyof CslRecord, 'type' | 'author' | 'editor' | 'translator' | 'issued'>;

/**
 * Zotero base field → CSL variable. Type-specific fields arrive here under their base field
 * (`baseFieldMappings`: bookTitle, proceedingsTitle, websiteTitle → publicationTitle; university,
 * institution → publisher; thesisType, reportType → type), so each is mapped once.
 */
const CSL_TEXT_FIELDS: Record<string, TextVariable> = {
  title: 'title',
  DOI: 'DOI',
  ISBN: 'ISBN',
  ISSN: 'ISSN',
  publicationTitle: 'container-title',
  series: 'collection-title',
  volume: 'volume',
  issue: 'issue',
  pages: 'page',
  edition: 'edition',
  publisher: 'publisher',
  place: 'publisher-place',
  type: 'genre',
  url: 'URL',
  language: 'language',
  abstractNote: 'abstract',
  extra: 'note',
};

/**
 * A CSL record from an item's fields, each named by its base field where it has one. `date` is Zotero's
 * stored form, 'YYYY-MM-DD original text'.
 */
export function cslRecordOf(zoteroType: string, fields: ReadonlyMap<string, string>): CslRecord {
  const record: CslRecord = { type: cslType(zoteroType) };
  for (const [field, value] of fields) {
    const text = value.trim();
    if (!text) continue;
    if (field === 'date') record.issued = cslDateOf(text);
    else {
      const variable = CSL_TEXT_FIELDS[field];
      if (variable) record[variable] = text;
    }
  }
  return record.note ? withExtraFields(record) : record;
}

const EXTRA_FIELD = /^(DOI|ISBN|ISSN)\s*:\s*(\S.*?)\s*$/i;

/**
 * Moves 'DOI: …', 'ISBN: …' and 'ISSN: …' lines of Extra (`note`) into their variables when the record
 * has none, as Zotero's CSL export does: item types without a DOI field (books and chapters before
 * Zotero 7) keep the DOI there.
 */
function withExtraFields(record: CslRecord): CslRecord {
  const kept: string[] = [];
  for (const line of record.note!.split('\n')) {
    const match = EXTRA_FIELD.exec(line);
    const variable = match?.[1]!.toUpperCase() as 'DOI' | 'ISBN' | 'ISSN' | undefined;
    if (variable && !record[variable]) record[variable] = match![2]!;
    else kept.push(line);
  }
  const note = kept.join('\n').trim();
  if (note) record.note = note;
  else delete record.note;
  return record;
}

const MULTIPART_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (.*))?$/s;

/**
 * A CSL date from Zotero's stored date: 'YYYY-MM-DD original text', where an unknown part is 00
 * ('2019-00-00 2019', '0000-00-00 Spring'). Parts Zotero could not tell keep the original text as `raw`.
 */
export function cslDateOf(stored: string): CslDate {
  const match = MULTIPART_DATE.exec(stored);
  if (!match) return { raw: stored };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const original = match[4]?.trim();
  if (year === 0) return { raw: original || stored };
  const parts: number[] = [year];
  if (month > 0) {
    parts.push(month);
    if (day > 0) parts.push(day);
  }
  return { 'date-parts': [parts] };
}

/** The CSL name variable a creator of this Zotero role goes to, or undefined when the record has none. */
export type CslRole = 'author' | 'editor' | 'translator';

/**
 * The CSL role of a Zotero creator type, as Zotero's CSL export decides it: the item type's primary
 * creator type (author; artist for artwork, director for film, programmer for software …) is the author;
 * editor and translator are themselves. Roles the record has no variable for (bookAuthor, the book's
 * author of a chapter; seriesEditor; contributor; reviewedAuthor …) give undefined.
 */
export function cslRole(creatorType: string, primaryType: string | undefined): CslRole | undefined {
  if (creatorType === 'author' || creatorType === primaryType) return 'author';
  if (creatorType === 'editor' || creatorType === 'translator') return creatorType;
  return undefined;
}

/** A CSL name from a Zotero creator: a single-field one (`fieldMode` 1) kept whole as `literal`. */
export function cslNameOf(creator: {
  firstName: string | null;
  lastName: string | null;
  fieldMode: number | null;
}): CslName {
  const family = creator.lastName?.trim() ?? '';
  const given = creator.firstName?.trim() ?? '';
  if (creator.fieldMode === 1) return { literal: family || given };
  if (!given) return { family };
  if (!family) return { literal: given };
  return { family, given };
}

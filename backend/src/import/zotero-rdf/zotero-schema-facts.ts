/**
 * What a Zotero RDF export does not say and Zotero's schema (`schema.json`) does. The data-directory reader
 * finds these in the library's own tables; an export carries no schema, so they are kept here, and
 * zotero-schema-facts.test.ts checks them against Zotero's schema.json.
 */

/** The primary creator type of the item types whose primary creator is not 'author'. */
export const PRIMARY_CREATOR_TYPES: Readonly<Record<string, string>> = {
  artwork: 'artist',
  audioRecording: 'performer',
  bill: 'sponsor',
  computerProgram: 'programmer',
  film: 'director',
  hearing: 'contributor',
  interview: 'interviewee',
  map: 'cartographer',
  patent: 'inventor',
  podcast: 'podcaster',
  presentation: 'presenter',
  radioBroadcast: 'creator',
  tvBroadcast: 'director',
  videoRecording: 'creator',
};

/** The primary creator type of an item type. */
export const primaryCreatorType = (itemType: string): string => PRIMARY_CREATOR_TYPES[itemType] ?? 'author';

/**
 * The item types with an `issue` field. The export writes `issue` and `number` (report, bill, patent,
 * episode numbers…) both as `prism:number`; only for these is it the issue.
 */
export const TYPES_WITH_ISSUE: ReadonlySet<string> = new Set([
  'conferencePaper',
  'journalArticle',
  'magazineArticle',
  'newspaperArticle',
]);

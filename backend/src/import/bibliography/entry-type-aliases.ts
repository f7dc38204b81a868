/** An entry type citation-js does not know, as one it does, and the CSL type it stands for. */
export interface EntryTypeAlias {
  bibtex: string;
  csl: string;
}

/**
 * The entry types that programs write beyond BibTeX's and BibLaTeX's own: Mendeley's (`@web_page`,
 * `@book_section`, `@generic`…), biblatex-software's, Juris-M's legal types and a few common variants.
 * Read as the nearest type citation-js knows, so that their fields map, and given their own CSL type.
 */
const ALIASES: Record<string, EntryTypeAlias> = {
  web_page: { bibtex: 'online', csl: 'webpage' },
  webpage: { bibtex: 'online', csl: 'webpage' },
  book_section: { bibtex: 'incollection', csl: 'chapter' },
  generic: { bibtex: 'misc', csl: 'document' },
  newspaper_article: { bibtex: 'article', csl: 'article-newspaper' },
  magazine_article: { bibtex: 'article', csl: 'article-magazine' },
  film: { bibtex: 'movie', csl: 'motion_picture' },
  presentation: { bibtex: 'misc', csl: 'speech' },
  talk: { bibtex: 'misc', csl: 'speech' },
  hardware: { bibtex: 'misc', csl: 'document' },
  softwareversion: { bibtex: 'software', csl: 'software' },
  softwaremodule: { bibtex: 'software', csl: 'software' },
  codefragment: { bibtex: 'software', csl: 'software' },
  constitution: { bibtex: 'legislation', csl: 'legislation' },
  legmaterial: { bibtex: 'legislation', csl: 'legislation' },
  legadminmaterial: { bibtex: 'legislation', csl: 'regulation' },
  mvlexicon: { bibtex: 'mvreference', csl: 'book' },
  lexicon: { bibtex: 'reference', csl: 'book' },
  archived: { bibtex: 'misc', csl: 'document' },
};

/** The alias of an entry type (any case), when it is one. */
export const entryTypeAlias = (type: string): EntryTypeAlias | undefined =>
  Object.hasOwn(ALIASES, type.toLowerCase()) ? ALIASES[type.toLowerCase()] : undefined;

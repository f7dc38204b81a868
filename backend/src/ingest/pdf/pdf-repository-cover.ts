/**
 * Cover sheets that repositories and publishers' download services put before a work (JSTOR, HAL, SSOAR,
 * numdam, IOPscience, Taylor & Francis, Cambridge Journals Online, ResearchGate): recognised by the fixed phrases each one
 * prints, and read as fields. Such a page is not the work's title page (that is the next page), and its
 * download, access or deposit dates are never the work's year. Pure functions over a page's layout, so each
 * rule is tested on a made page.
 */
import { cleanTitle } from '../metadata/clean-fields';
import type { LayoutPage } from './pdf-layout';
import {
  afterTitle,
  blockAbove,
  citationYear,
  compact,
  headingAndByline,
  isPrintedName,
  joinLines,
  labelledFields,
  namesOfList,
  onlyYear,
  parenthesisedYear,
  runsOf,
  withoutTitle,
} from './pdf-cover-text';

/** The repository or service whose cover sheet a page is. */
export type CoverRepository = 'jstor' | 'hal' | 'ssoar' | 'numdam' | 'iop' | 'tandf' | 'cambridge' | 'researchgate';

/** What a cover sheet states about the work; each field only when read with confidence. */
export interface RepositoryCover {
  repositorio: CoverRepository;
  titulo?: string;
  /** Names as printed, one person each ('Given Surname' or 'Surname, Given'), for the name parser. */
  nombres?: string[];
  /** Year of the work as the repository cites it (never the download, access or deposit date). */
  anio?: number;
  /** The journal, book or series the work appeared in. */
  fuente?: string;
}

type CoverFields = Omit<RepositoryCover, 'repositorio'>;

/** One repository's sheet: how it is told from other pages, and how its fields are read. */
interface CoverRule {
  repositorio: CoverRepository;
  /** Whether a page's lines are this sheet's: two or more of its fixed phrases. */
  recognises(texts: readonly string[]): boolean;
  read(page: LayoutPage): CoverFields;
}

/**
 * The cover sheet a page is, with the fields it states, or undefined for any other page. A page is a cover
 * only when it prints two or more of one repository's own fixed phrases, so an article that cites a JSTOR
 * address or a HAL identifier is not one.
 */
export function readRepositoryCover(page: LayoutPage): RepositoryCover | undefined {
  const texts = page.lines.map((l) => l.text);
  const rule = RULES.find((r) => r.recognises(texts));
  if (!rule) return undefined;
  const fields = rule.read(page);
  const cover: RepositoryCover = { repositorio: rule.repositorio };
  const titulo = cleanTitle(fields.titulo);
  if (titulo) cover.titulo = titulo;
  if (fields.nombres?.length) cover.nombres = fields.nombres;
  if (fields.anio) cover.anio = fields.anio;
  const fuente = fields.fuente?.replace(/\s+/g, ' ').trim();
  if (fuente) cover.fuente = fuente;
  return cover;
}

const has = (texts: readonly string[], pattern: RegExp) => texts.some((t) => pattern.test(t));

// ---------------------------------------------------------------------------------------------------------
// JSTOR: 'Title' then labelled fields ('Author(s):', 'Source:', 'Published by:', 'Stable URL:', 'Accessed:');
// chapters and reports have 'Chapter Title:', 'Book Title:', 'Report Title:' and their authors.

const JSTOR_LABEL =
  /^(chapter title|chapter author\(s\)|book title|book subtitle|book author\(s\)|book editor\(s\)|report title|report subtitle|report author\(s\)|author\(s\)|reviewed work\(s\)|review by|source|published by|stable url|accessed)\s*:\s*(.*)$/i;

const jstor: CoverRule = {
  repositorio: 'jstor',
  recognises(texts) {
    const labels = new Set(texts.map((t) => JSTOR_LABEL.exec(t)?.[1]?.toLowerCase()).filter(Boolean));
    return labels.has('stable url') && labels.size >= 3 && has(texts, /jstor/i);
  },
  read(page) {
    const fields = labelledFields(
      page.lines,
      JSTOR_LABEL,
      /jstor is a not-for-profit|your use of the jstor|^references$/i,
    );
    const first = page.lines.findIndex((l) => JSTOR_LABEL.test(l.text));
    const field = (label: string) => fields.get(label);
    // A review's cover names the reviewed book and the reviewer: neither is the article's title and byline.
    const review = field('review by') !== undefined || field('reviewed work(s)') !== undefined;
    const bookTitle = [field('book title'), field('book subtitle')].filter(Boolean).join(': ');
    const reportTitle = [field('report title'), field('report subtitle')].filter(Boolean).join(': ');
    const titulo = review
      ? undefined
      : (field('chapter title') ??
        (reportTitle || undefined) ??
        (bookTitle || undefined) ??
        joinLines(blockAbove(page.lines, first)));
    const byline = field('chapter author(s)') ?? field('report author(s)') ?? field('author(s)');
    const authors = review ? undefined : (byline ?? (field('chapter title') ? undefined : field('book author(s)')));
    const source = field('source');
    const publisher = field('published by');
    return {
      titulo,
      nombres: authors ? namesOfList(authors) : undefined,
      anio: (source && yearOfSource(source)) || (publisher && parenthesisedYear(publisher)) || undefined,
      fuente: source ? journalOfSource(source) : bookTitle || undefined,
    };
  },
};

/**
 * The journal of a JSTOR 'Source:' ('MIS Quarterly, Vol. 13, No. 2 (Jun., 1989), pp. 171-181'): what comes
 * before the volume, number, pages or the dated parentheses; other parentheses belong to the name ('Series B
 * (Methodological)').
 */
function journalOfSource(source: string): string | undefined {
  const end = /,\s*(?:vol\.|no\.|issue\b|pp?\.\s*\S|\d)|\s+\d+\s*\(\d|,?\s*\([^()]*\d{4}[^()]*\)/i.exec(source);
  const journal = (end ? source.slice(0, end.index) : source).trim().replace(/[,.;:]$/, '');
  return /\p{L}{3}/u.test(journal) ? journal : undefined;
}

/** The year of an issue's date in parentheses ('(Jun., 1989)', '(Dec. 1, 1925)'), else a closing '. 2015.'. */
function yearOfSource(source: string): number | undefined {
  return parenthesisedYear(source) ?? onlyYear(/[.,]\s*((?:1[5-9]|20)\d\d)\.?\s*$/.exec(source)?.[1] ?? '');
}

// ---------------------------------------------------------------------------------------------------------
// HAL: title and authors at the head, 'To cite this version:' and the citation, then 'HAL Id:', the address,
// 'Submitted on <deposit date>' and the archive's two paragraphs in English and French.

const hal: CoverRule = {
  repositorio: 'hal',
  recognises(texts) {
    return (
      has(texts, /^HAL Id\s*:/) &&
      has(texts, /to cite this version|HAL is a multi-disciplinary open access|archive ouverte pluridisciplinaire HAL/i)
    );
  },
  read(page) {
    const lines = page.lines;
    const cite = lines.findIndex((l) => /^to cite this version\s*:?\s*$/i.test(l.text));
    if (cite < 0) return {};
    const end = lines.findIndex(
      (l, i) => i > cite && /^HAL Id\s*:|HAL is a multi-disciplinary|^L.archive ouverte/i.test(l.text),
    );
    const citation = joinLines(lines.slice(cite + 1, end < 0 ? undefined : end));
    const head = lines.slice(0, cite).filter((l) => !HAL_FURNITURE.test(l.text) && l.top < lines[cite]!.top);
    const [title, authors] = headingAndByline(head);
    // The citation repeats both: 'Authors. Title. Journal, 2012, 61 (2), pp.1-9. ⟨doi⟩. ⟨hal-…⟩'.
    const confirmed =
      title && authors && compact(citation).startsWith(compact(authors)) && compact(citation).includes(compact(title));
    if (!confirmed) return { anio: citationYear(citation, title ?? '') };
    const fields: CoverFields = { titulo: title, anio: citationYear(withoutTitle(citation, title), title) };
    if (!/\bet al\b/i.test(authors)) fields.nombres = namesOfList(authors);
    const journal = /^\.?\s*([^,]{3,}?),\s*((?:1[5-9]|20)\d\d),\s*\d/.exec(afterTitle(citation, title) ?? '');
    if (journal) fields.fuente = journal[1];
    return fields;
  },
};

/** HAL's own lines above the title: the logo's words and addresses. */
const HAL_FURNITURE =
  /^(?:HAL\s*(?:open science)?|open science|archives?-ouvertes(?:\.fr)?|HAL Authorization)$|https?:\/\/|\bhal\.science\b/i;

// ---------------------------------------------------------------------------------------------------------
// SSOAR: 'www.ssoar.info', a box with the title, the authors ('Surname, Given; Surname, Given') and the kind
// of document, 'Empfohlene Zitierung / Suggested Citation:' with a citation, then the terms of use.

const ssoar: CoverRule = {
  repositorio: 'ssoar',
  recognises(texts) {
    return (
      has(texts, /www\.ssoar\.info/i) &&
      has(texts, /empfohlene zitierung|suggested citation|nutzungsbedingungen|terms of use/i)
    );
  },
  read(page) {
    const lines = page.lines;
    const header = lines.findIndex((l) => /www\.ssoar\.info/i.test(l.text));
    const cite = lines.findIndex((l) => /empfohlene zitierung|suggested citation/i.test(l.text));
    if (cite < 0) return {};
    const end = lines.findIndex(
      (l, i) =>
        i > cite &&
        /nutzungsbedingungen|terms of use|diese version ist zitierbar|this version is citable/i.test(l.text),
    );
    const citation = joinLines(lines.slice(cite + 1, end < 0 ? undefined : end)).replace(
      /^.*?suggested citation\s*:\s*/i,
      '',
    );
    const box = lines.slice(header + 1, cite).filter((l) => l.top > (lines[header]?.top ?? -1));
    const runs = runsOf(box);
    const heading = runs[0];
    const fields: CoverFields = {};
    // Under the title: the authors, in smaller type, unless the next lines are already the document's kind
    // ('Zeitschriftenartikel / journal article') or the cooperation note.
    const byline = runs[1]?.some((l) => SSOAR_BOX_NOTE.test(l.text)) ? undefined : runs[1];
    if (heading && runs.length >= 2 && (!byline || heading[0]!.size > byline[0]!.size)) {
      const title = joinLines(heading);
      fields.titulo = title;
      const authors = byline ? joinLines(byline) : undefined;
      // Editors ('(Ed.)', '(Hrsg.)') are not the work's authors.
      if (authors && !/\((?:ed|eds|hrsg)\.?\)/i.test(authors)) {
        const names = authors.split(/\s*;\s*/).filter((n) => /\p{L}/u.test(n));
        const firstSurname = names[0]?.split(',')[0];
        // The citation begins with the first author's surname, in either of SSOAR's citation styles.
        if (firstSurname && compact(citation).startsWith(compact(firstSurname))) fields.nombres = names;
      }
      fields.anio = citationYear(withoutTitle(citation, title), title);
    } else {
      fields.anio = citationYear(citation, '');
    }
    const journal = /\bIn:\s*(.+?)\s+\d+\s*\((?:1[5-9]|20)\d\d\)/.exec(citation);
    if (journal) fields.fuente = journal[1];
    return fields;
  },
};

/** The box's notes under the byline: the version and kind of document, bilingual with ' / ', or cooperation. */
const SSOAR_BOX_NOTE = /\s\/\s|zur verfügung gestellt|provided in cooperation/i;

// ---------------------------------------------------------------------------------------------------------
// numdam (and cedram, Mathdoc's other collection): the journal in capitals, the authors, the title, the
// citation 'Journal, tome 11, no 2 (1977), p. 129-143', the item's address, then the terms and the programme.

const numdam: CoverRule = {
  repositorio: 'numdam',
  recognises(texts) {
    return (
      has(texts, /numdam\.org|cedram\.org/i) &&
      has(
        texts,
        /article numérisé dans le cadre du programme|numérisation de documents anciens mathématiques|article mis en ligne dans le cadre du|conditions générales d.utilisation|article digiti[sz]ed/i,
      )
    );
  },
  read(page) {
    const lines = page.lines;
    const cite = lines.findIndex((l) => NUMDAM_CITATION.test(l.text));
    if (cite < 0) return {};
    const m = NUMDAM_CITATION.exec(lines[cite]!.text)!;
    // cedram's citation leaves the journal to the heading: 'Tome 60, no 1 (2010), p. 1-20.'
    const journal = m[1]?.trim();
    const fields: CoverFields = { anio: onlyYear(m[2]!), fuente: journal };
    // Above the citation: the journal's name as a heading, the authors, then the title, each in its own size.
    const head = lines
      .slice(0, cite)
      .filter((l) => (!journal || compact(l.text) !== compact(journal)) && !/https?:|numdam|cedram/i.test(l.text));
    const runs = runsOf(head);
    const heading = runs[runs.length - 1];
    const byline = runs[runs.length - 2];
    if (heading && byline) {
      fields.titulo = joinLines(heading);
      const names = byline.flatMap((l) => l.text.split(/\s*[,;]\s*|\s+(?:et|and|&)\s+/i)).filter(Boolean);
      if (names.length && names.every(isPrintedName)) fields.nombres = names;
    }
    return fields;
  },
};

const NUMDAM_CITATION = /^(?:(.+?),\s*)?(?:tome|vol\.?|volume)\s*\d+.*?\(\s*((?:1[5-9]|20)\d\d)\s*\)/i;

// ---------------------------------------------------------------------------------------------------------
// IOPscience: the journal, the title, 'To cite this article: <authors> <year> <reference>', 'View the article
// online for updates and enhancements.' and 'This content was downloaded from IP address … on <date>'.

const iop: CoverRule = {
  repositorio: 'iop',
  recognises(texts) {
    return (
      has(texts, /^to cite this article\s*:/i) &&
      has(texts, /view the article online for updates and enhancements|this content was downloaded from ip address/i)
    );
  },
  read(page) {
    const lines = page.lines;
    const cite = lines.findIndex((l) => /^to cite this article\s*:/i.test(l.text));
    const end = lines.findIndex(
      (l, i) => i > cite && /view the article online|this content was downloaded|you may also like/i.test(l.text),
    );
    const citation = joinLines(lines.slice(cite, end < 0 ? cite + 1 : end));
    const m = /^to cite this article\s*:\s*(.+?)\s+((?:1[89]|20)\d\d)\s+(\S.*)$/i.exec(citation);
    const fields: CoverFields = {};
    if (m) {
      fields.anio = onlyYear(m[2]!);
      // 'et al' cuts the list short: the byline on the article's own page is then the one to read.
      if (!/\bet al\b/i.test(m[1]!)) fields.nombres = namesOfList(m[1]!);
    }
    const head = lines.slice(0, cite).filter((l) => !/^paper\b.*open access$|^(?:paper|open access)$/i.test(l.text));
    const runs = runsOf(head);
    const heading = runs[runs.length - 1];
    if (heading && runs.length >= 2 && heading[0]!.size > runs[0]![0]!.size) {
      fields.titulo = joinLines(heading);
      fields.fuente = joinLines(runs[0]!);
    }
    return fields;
  },
};

// ---------------------------------------------------------------------------------------------------------
// Taylor & Francis: the journal and its ISSN, the title, the authors, 'To cite this article: <authors> (<year>)
// <title>, <journal>, 22:4, 679-688, DOI: …', 'To link to this article:', 'Published online: <date>', the terms.

const tandf: CoverRule = {
  repositorio: 'tandf',
  recognises(texts) {
    return (
      has(texts, /^to cite this article\s*:/i) &&
      has(texts, /^to link to this article\s*:/i) &&
      has(texts, /tandfonline\.com|taylor\s*&\s*francis|full terms & conditions of access and use/i)
    );
  },
  read(page) {
    const lines = page.lines;
    const cite = lines.findIndex((l) => /^to cite this article\s*:/i.test(l.text));
    const end = lines.findIndex((l, i) => i > cite && /^to link to this article/i.test(l.text));
    const citation = joinLines(lines.slice(cite, end < 0 ? cite + 1 : end));
    const m = /^to cite this article\s*:\s*(.+?)\s*\(((?:1[5-9]|20)\d\d)\)\s*(.+)$/i.exec(citation);
    if (!m) return {};
    const fields: CoverFields = { anio: onlyYear(m[2]!) };
    if (!/\bet al\b/i.test(m[1]!)) fields.nombres = namesOfList(m[1]!);
    const head = lines.slice(0, cite).filter((l) => !/\bissn\b|homepage|https?:|www\./i.test(l.text));
    const [title, byline] = headingAndByline(head);
    // The citation goes on with the title, then the journal and its volume: 'Title, Journal, 22:4, 679-688'.
    if (title && byline && compact(m[3]!).startsWith(compact(title))) {
      fields.titulo = title;
      const journal = /^[\s,.]*(.+?),\s*\d+\s*:\s*\d+/.exec(afterTitle(m[3]!, title) ?? '');
      if (journal) fields.fuente = journal[1];
    }
    return fields;
  },
};

// ---------------------------------------------------------------------------------------------------------
// Cambridge Journals Online: the journal and its address, 'Additional services for <journal>:' with 'Click
// here' links, the title, the authors, '<Journal> / Volume 1 / Issue 01 / May 1956, pp 1 - 20', the DOI and
// 'Published online:', 'How to cite this article: <AUTHORS> (<year>). <Title>. <Journal>, …', 'Downloaded from'.

const cambridge: CoverRule = {
  repositorio: 'cambridge',
  recognises(texts) {
    return (
      has(texts, /^additional services for\b/i) && has(texts, /how to cite this article|journals\.cambridge\.org/i)
    );
  },
  read(page) {
    const lines = page.lines;
    const cite = lines.findIndex((l) => /^how to cite this article\s*:?/i.test(l.text));
    if (cite < 0) return {};
    const end = lines.findIndex((l, i) => i > cite && /^request permissions|^downloaded from/i.test(l.text));
    const citation = joinLines(lines.slice(cite, end < 0 ? cite + 2 : end)).replace(
      /^how to cite this article\s*:?\s*/i,
      '',
    );
    const m = /^(.+?)\s*\(((?:1[5-9]|20)\d\d)\)\.?\s*(.+)$/.exec(citation);
    if (!m) return {};
    const fields: CoverFields = { anio: onlyYear(m[2]!) };
    if (!/\bet al\b/i.test(m[1]!)) fields.nombres = namesOfList(m[1]!);
    const issue = lines.findIndex((l) => /\s\/\s*volume\s+\d+/i.test(l.text));
    if (issue >= 0) fields.fuente = lines[issue]!.text.split(/\s*\/\s*volume/i)[0];
    const services = lines.reduce((last, l, i) => (/click here\s*$/i.test(l.text) && i < cite ? i : last), -1);
    const head = lines.slice(services + 1, issue >= 0 && issue < cite ? issue : cite);
    const [title, byline] = headingAndByline(head);
    if (title && byline && compact(m[3]!).startsWith(compact(title))) fields.titulo = title;
    return fields;
  },
};

// ---------------------------------------------------------------------------------------------------------
// ResearchGate: 'See discussions, stats, and author profiles for this publication at: <address>', the title,
// '<Kind> in <Journal> · <Month> <Year>', the DOI, counts, some authors' profiles ('3 authors, including:'),
// 'All content following this page was uploaded by <name> on <date>.' The upload date is not the year, and the
// profiles are not a byline (they may be a few of the authors, in columns): no names are read.

const researchgate: CoverRule = {
  repositorio: 'researchgate',
  recognises(texts) {
    return (
      has(texts, /researchgate\.net\/publication/i) &&
      has(
        texts,
        /see discussions, stats,? and author profiles|all content following this page was uploaded by|the user has requested enhancement of the downloaded file/i,
      )
    );
  },
  read(page) {
    const lines = page.lines;
    const top = lines.findIndex((l) => /see discussions, stats/i.test(l.text));
    const kind = lines.findIndex((l, i) => i > top && RESEARCHGATE_KIND.test(l.text));
    if (top < 0 || kind < 0) return {};
    const m = RESEARCHGATE_KIND.exec(lines[kind]!.text)!;
    const fields: CoverFields = { anio: onlyYear(m[2]!) };
    if (m[1] && !/\d{4}/.test(m[1])) fields.fuente = m[1];
    const heading = runsOf(lines.slice(top + 1, kind).filter((l) => !/researchgate\.net|https?:/i.test(l.text)));
    const largest = [...heading].sort((a, b) => b[0]!.size - a[0]!.size)[0];
    if (largest && heading.length === 1) fields.titulo = joinLines(largest);
    return fields;
  },
};

/** ResearchGate's line of kind, source and date: 'Article in Journal of X · March 2015', 'Thesis · June 2012'. */
const RESEARCHGATE_KIND =
  /^(?:article|conference paper|chapter|thesis|book|preprint|technical report|working paper|research|presentation|poster|data)\b(?:\s+in\s+(.+?))?\s*[·•]\s*(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\.?\s+)?((?:1[5-9]|20)\d\d)\b/iu;

const RULES: readonly CoverRule[] = [jstor, hal, ssoar, numdam, iop, tandf, cambridge, researchgate];

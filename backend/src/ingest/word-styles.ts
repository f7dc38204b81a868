import type { OutlineEvent } from './sections';

/**
 * What the word-processor converters (DOCX, ODT, RTF) share about styles and notes: which paragraph style
 * names stand for headings, the title or a table of contents, and the last section 'Notas'.
 */

/** Name of the section that holds footnotes and endnotes, after the body. */
export const NOTES_HEADING = 'Notas';

/** A footnote or endnote: its mark as it appears in the body ('[1]') and its paragraphs. */
export interface Note {
  marker: string;
  paragraphs: string[];
}

/** The 'Notas' section: each note's paragraphs, the first one led by the note's mark. Empty without notes. */
export function notesOutline(notes: readonly Note[]): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  for (const note of notes) {
    const paragraphs = note.paragraphs.map((p) => p.trim()).filter(Boolean);
    if (paragraphs.length === 0) continue;
    paragraphs[0] = `${note.marker} ${paragraphs[0]}`;
    for (const text of paragraphs) events.push({ kind: 'paragraph', text });
  }
  return events.length > 0 ? [{ kind: 'heading', level: 1, text: NOTES_HEADING }, ...events] : [];
}

const HEADING_NAME =
  /^(?:heading|t[ií]tulo|encabezado|[üu]berschrift|titre|titolo|kop|cabe[çc]alho|nag[łl][óo]wek|rubrik|overskrift|otsikko|nadpis|заголовок|ba[şs]l[ıi]k)\s*([1-9])$/iu;
const TITLE_NAME = /^(?:title|t[ií]tulo|titre|titel|titolo)$/iu;
const TOC_NAME =
  /^(?:(?:toc|tdc|contents|tm|inhaltsverzeichnis|verzeichnis|sommario|inhoudsopgave)\s*[1-9]|(?:toc|contents) heading|encabezado de tdc|contents heading)$/iu;

/** Style names as ODF writes them internally ('Heading_20_1') and as people do ('Heading 1'). */
function styleNameText(name: string): string {
  return name.replace(/_([0-9a-f]{2})_/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).trim();
}

/**
 * Heading level (1-9) a paragraph style name stands for: 'heading 2' as Word stores it, 'Heading 2',
 * 'Heading_20_2' (ODF), and the localized names other producers write ('Título 2', 'Encabezado 2',
 * 'Überschrift 2', 'Titre 2' …). Undefined for any other name.
 */
export function headingLevelOfStyleName(name: string | null | undefined): number | undefined {
  if (!name) return undefined;
  const match = HEADING_NAME.exec(styleNameText(name));
  return match ? Number(match[1]) : undefined;
}

/** True for the style of a document's title ('Title', 'Título', 'Titre' …); it is read as a level-1 heading. */
export function isTitleStyleName(name: string | null | undefined): boolean {
  return !!name && TITLE_NAME.test(styleNameText(name));
}

/** True for the styles of a generated table of contents ('toc 1', 'TDC 1', 'Contents 1', 'TOC Heading' …). */
export function isTocStyleName(name: string | null | undefined): boolean {
  return !!name && TOC_NAME.test(styleNameText(name));
}

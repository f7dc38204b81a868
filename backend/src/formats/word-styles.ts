/**
 * What the word-processor formats (DOCX, ODT, RTF) share about styles: which paragraph style names stand for
 * headings, the title or a table of contents. Read by the converters and by the cited .docx writer.
 */

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

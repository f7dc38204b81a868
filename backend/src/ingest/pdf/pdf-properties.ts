import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { findDoi, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';
import { repairMojibake } from '../text-repair/mojibake';
import { composeAccents } from './pdf-accents';
import { rawAuthors, usableMetadataTitle } from './pdf-metadata-choice';
import { findArxivId } from './pdf-year';

/** What the file says about itself: the info dictionary and the XMP packet, cleaned of junk. */
export interface PdfProperties {
  info: { titulo?: string; autores: string[] };
  xmp: { titulo?: string; autores: string[]; anio?: number; arxiv?: string };
  creationYear?: number;
  idioma?: string;
  doi?: { value: string; origen: 'xmp' | 'info' };
}

export async function readMetadata(doc: PDFDocumentProxy): Promise<PdfProperties> {
  const found = await doc.getMetadata().catch(() => null);
  if (!found) return { info: { autores: [] }, xmp: { autores: [] } };
  const info = (found.info ?? {}) as Record<string, unknown>;
  const xmp = found.metadata;
  const xmpValue = (name: string): unknown => {
    try {
      return xmp?.get(name) ?? undefined;
    } catch {
      return undefined;
    }
  };
  // Writers that copy a LaTeX title into the properties copy its accents drawn apart too; others write UTF-8
  // that is read back one byte a character ('GonzÃ¡lez'), repaired when certain, else the value refused.
  const clean = (value: string): string | undefined => {
    const repaired = repairMojibake(value);
    return repaired === undefined ? undefined : composeAccents(repaired);
  };
  const text = (value: unknown): string | undefined =>
    typeof value === 'string'
      ? clean(value)
      : Array.isArray(value) && typeof value[0] === 'string'
        ? clean(value[0])
        : undefined;
  const list = (value: unknown): string[] =>
    typeof value === 'string'
      ? [clean(value)].filter((v) => v !== undefined)
      : Array.isArray(value)
        ? value
            .filter((v) => typeof v === 'string')
            .map(clean)
            .filter((v) => v !== undefined)
        : [];

  // A title that repeats the producing program's name ('pdfTeX-1.40.23', 'Acrobat PDFMaker') is no title.
  const tools = [info.Creator, info.Producer].map((t) => text(t)?.trim().toLowerCase()).filter(Boolean);
  const notTool = (title: string | undefined) => (title && tools.includes(title.toLowerCase()) ? undefined : title);
  const properties: PdfProperties = {
    info: {
      titulo: notTool(usableMetadataTitle(text(info.Title))),
      autores: rawAuthors(text(info.Author)),
    },
    xmp: {
      titulo: notTool(usableMetadataTitle(text(xmpValue('dc:title')))),
      autores: rawAuthors(list(xmpValue('dc:creator'))),
      // A publication date, never the file's own dates (those say when it was made, not published).
      anio:
        yearFromDate(text(xmpValue('prism:publicationdate'))) ??
        yearFromDate(text(xmpValue('prism:coverdate'))) ??
        yearFromDate(text(xmpValue('prism:coverdisplaydate'))),
      arxiv: findArxivId(text(xmpValue('dc:identifier'))),
    },
    creationYear:
      yearFromDate(text(info.CreationDate)) ??
      yearFromDate(text(xmpValue('xmp:createdate'))) ??
      yearFromDate(text(xmpValue('xap:createdate'))),
    idioma: normalizeLanguage(text(info.Language)) ?? normalizeLanguage(text(xmpValue('dc:language'))),
  };
  const sources: [unknown, 'xmp' | 'info'][] = [
    [info.doi, 'info'],
    [info.DOI, 'info'],
    [xmpValue('prism:doi'), 'xmp'],
    [xmpValue('pdfx:doi'), 'xmp'],
    [xmpValue('dc:identifier'), 'xmp'],
    [info.Subject, 'info'],
  ];
  for (const [value, origen] of sources) {
    const doi = findDoi(text(value));
    if (doi) {
      properties.doi = { value: doi, origen };
      break;
    }
  }
  return properties;
}

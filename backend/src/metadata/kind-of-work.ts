import type { TipoDocumento, TipoObra } from '@folio/shared';
import type { Details } from './metadata-types';

/** What the kind of a work is inferred from: the kind of file, and the values in force. */
export interface KindEvidence {
  tipo: TipoDocumento;
  doi?: string | null;
  detalles?: Details | null;
  /** An arXiv identifier the file states. */
  arxiv?: string | null;
}

/** The kind inferred, and the value it rests on (whose origin is the kind's). */
export interface InferredKind {
  tipo_obra: TipoObra;
  basis: 'doi' | 'contenedor' | 'isbn' | 'arxiv';
}

/** The kinds of file a reference may be any kind of work: the rest keep the kind their file says (CSL_TYPE). */
const PRINTED: ReadonlySet<TipoDocumento> = new Set(['pdf', 'pdf_escaneado', 'documento']);

/** arXiv's own DOIs (10.48550/arXiv.2101.00001): a preprint's. */
const ARXIV_DOI = /^10\.48550\/arxiv\./i;

/**
 * Registrants whose DOIs name anything a repository holds (Zenodo, figshare, Dryad, DataCite's test prefix):
 * a dataset, software, a poster, a thesis as often as an article, so such a DOI says nothing of the kind.
 */
const REPOSITORY_DOI = /^10\.(5281|6084|5061|5072)\//;

/**
 * The kind of a printed work (PDF, office document) when nobody said it, on clear signals only, in order:
 * a container with a volume or issue is a journal article; a container with editors or an ISBN a chapter; a
 * container with pages an article; a DOI an article (but arXiv's, a preprint's; a repository's, unknown; a DOI
 * beside an ISBN may be a book's or a chapter's, unknown); an ISBN without a container a book; an arXiv
 * identifier alone a preprint (`manuscript`, BibTeX's @unpublished: TipoObra has no CSL `article`).
 * Web pages and media are left to their file's kind (undefined), as is anything else.
 */
export function inferWorkKind(e: KindEvidence): InferredKind | undefined {
  if (!PRINTED.has(e.tipo)) return undefined;
  const d = e.detalles ?? {};
  if (d.contenedor) {
    if (d.volumen || d.numero) return { tipo_obra: 'article-journal', basis: 'contenedor' };
    if (d.editores?.length || d.isbn) return { tipo_obra: 'chapter', basis: 'contenedor' };
    if (d.paginas) return { tipo_obra: 'article-journal', basis: 'contenedor' };
  }
  if (e.doi) {
    if (ARXIV_DOI.test(e.doi)) return { tipo_obra: 'manuscript', basis: 'doi' };
    if (REPOSITORY_DOI.test(e.doi) || d.isbn) return undefined;
    return { tipo_obra: 'article-journal', basis: 'doi' };
  }
  if (d.isbn && !d.contenedor) return { tipo_obra: 'book', basis: 'isbn' };
  if (e.arxiv && !d.contenedor) return { tipo_obra: 'manuscript', basis: 'arxiv' };
  return undefined;
}

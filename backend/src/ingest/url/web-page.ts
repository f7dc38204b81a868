import type { AnclaWeb } from '@folio/shared';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ConversionError, type Block, type Conversion, type Unit } from '../converter';
import { outlineFromHtml } from '../html/html';
import { unitsFromOutline } from '../sections';
import { pageMetadata, withArticleHints, type MetaDocument } from './page-metadata';

/** A fetched page as the web reader needs it. */
export interface WebPageInput {
  html: string;
  /** The final URL (after redirects): every anchor records it. */
  url: string;
  /** Date of capture, YYYY-MM-DD. */
  consultada: string;
  /** The Content-Language response header, a hint for `idioma`. */
  contentLanguage?: string;
}

/**
 * Reads a web page: Mozilla Readability keeps the article (dropping navigation, ads and comments), its
 * headings and paragraphs become units exactly as for an HTML file, and every paragraph is anchored as
 * `{ tipo: 'web', url, ruta, parrafo, consultada }`. When Readability finds no article the whole page is
 * read. Metadata come from the page's tags (see `pageMetadata`), then from what Readability found.
 */
export function convertWebPage(input: WebPageInput): Conversion {
  const { document } = parseHTML(input.html);
  const found = pageMetadata(document as unknown as MetaDocument, {
    url: input.url,
    contentLanguage: input.contentLanguage,
  });
  const article = readArticle(document);
  // What Readability keeps is the article, page chrome already gone: a <header> in it is the article's own
  // (a standfirst, a byline), read like one inside <article>.
  const outline = outlineFromHtml(article ? `<article>${article.content}</article>` : input.html);
  let unidades = toWebUnits(unitsFromOutline(outline), input.url, input.consultada);
  if (unidades.length === 0 && article) {
    unidades = toWebUnits(unitsFromOutline(outlineFromHtml(input.html)), input.url, input.consultada);
  }
  if (unidades.length === 0) {
    throw new ConversionError('La página no contiene texto legible.', `No readable text at ${input.url}`);
  }
  return { tipo: 'web', unidades, metadatos: withArticleHints(found, article) };
}

/** The date of capture as the anchor records it (UTC). */
export function captureDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

type Article = NonNullable<ReturnType<Readability['parse']>>;

function readArticle(document: ReturnType<typeof parseHTML>['document']): Article | undefined {
  try {
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
    return article?.content ? article : undefined;
  } catch {
    // Readability gives up on some malformed documents: the page is then read whole.
    return undefined;
  }
}

/** Section anchors of the shared outline logic, restated as web anchors of this page. */
export function toWebUnits(units: Unit[], url: string, consultada: string): Unit[] {
  const web = (ancla: Unit['ancla']): AnclaWeb => {
    if (ancla.tipo !== 'seccion') throw new Error(`Unexpected anchor ${ancla.tipo}`);
    return { tipo: 'web', url, ruta: ancla.ruta, parrafo: ancla.parrafo, consultada };
  };
  return units.map((unit) => {
    const bloques: Block[] | undefined = unit.bloques?.map((b) => ({ texto: b.texto, ancla: web(b.ancla) }));
    return { texto: unit.texto, ancla: bloques?.[0]?.ancla ?? web(unit.ancla), ...(bloques && { bloques }) };
  });
}

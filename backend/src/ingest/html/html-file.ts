import { readFile } from 'node:fs/promises';
import type { Converter } from '../converter';
import { decodeHtml, htmlConverter } from './html';
import { captureDate, convertWebPage } from '../url/web-page';

/**
 * An HTML file. One that carries its origin URL is a page captured in the browser (the extension sends
 * what the user saw, logged-in and paywalled content included) and is read as that web page: Readability,
 * `web` anchors on the URL with `consultada` the day Folio received it, and the page's citation_*,
 * JSON-LD and OpenGraph metadata. Any other HTML file is a document of sections and paragraphs
 * (`htmlConverter`).
 */
export const htmlFileConverter: Converter = {
  kinds: ['html'],
  async convert(file, ctx) {
    if (!file.url) return htmlConverter.convert(file, ctx);
    const conversion = convertWebPage({
      html: decodeHtml(await readFile(file.path)),
      url: file.url,
      consultada: captureDate(file.receivedAt),
    });
    await ctx.progress(1);
    return conversion;
  },
};

import { decodeHtml } from '../html/html';
import { decodeWith, sniffEncoding } from '../../formats/text-decode';
import { bodyBytes, type FetchedBody } from './safe-fetch';

/**
 * The text of a fetched body. A byte order mark or valid UTF-8 wins (servers often declare a charset
 * they do not use); otherwise the charset the server declared, if the platform knows it; otherwise, for
 * HTML, the charset of a meta tag; otherwise windows-1252.
 */
export async function bodyText(body: FetchedBody, options: { html?: boolean } = {}): Promise<string> {
  return decodeBytes(await bodyBytes(body), body.charset, options.html ?? false);
}

export function decodeBytes(bytes: Uint8Array, charset: string | undefined, html: boolean): string {
  const sniffed = sniffEncoding(bytes);
  if (sniffed.encoding !== 'windows-1252') return decodeWith(bytes, sniffed);
  if (charset && !/^utf-?8$/i.test(charset)) {
    try {
      return new TextDecoder(charset).decode(bytes).replace(/\r\n?/g, '\n');
    } catch {
      // Unknown label: fall through.
    }
  }
  return html ? decodeHtml(bytes) : decodeWith(bytes, sniffed);
}

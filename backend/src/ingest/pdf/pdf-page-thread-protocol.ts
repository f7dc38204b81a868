import type { PageText } from './pdf-page-text';

/** What a page-reading thread starts with: the PDF's path, which it opens itself (the bytes are not sent). */
export interface PageThreadData {
  path: string;
}

/** The reading thread → a page-reading thread. Pages are physical, from 1, `to` included. */
export type ToPageThread = { type: 'read'; from: number; to: number } | { type: 'done' };

/**
 * A page-reading thread → the reading thread: `ready` once the document is open and again after each range
 * (give me the next one), each page as soon as it is read, or `unopened` when it cannot open the file.
 */
export type FromPageThread =
  | { type: 'ready' }
  | { type: 'page'; n: number; page: PageText }
  | { type: 'page-failed'; n: number }
  | { type: 'unopened'; message: string };

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** True when the caller asked for Markdown: `formato=markdown` or `Accept: text/markdown`. */
export function wantsMarkdown(c: Context, formato?: string): boolean {
  if (formato) return formato === 'markdown';
  return /\btext\/markdown\b/i.test(c.req.header('accept') ?? '');
}

/** JSON, or Markdown rendered from the same value when the caller asked for it. */
export function respond<T>(
  c: Context,
  status: ContentfulStatusCode,
  value: T,
  toMarkdown: (v: T) => string,
  formato?: string,
) {
  if (wantsMarkdown(c, formato)) {
    return c.body(toMarkdown(value), status, { 'Content-Type': 'text/markdown; charset=utf-8' });
  }
  return c.json(value, status);
}

import type { Pasaje } from '@folio/shared';
import { quotationOf } from '@folio/shared/text/quotation';

/** What is inserted: the same content as rich text and as plain text. */
export interface Insertion {
  /** HTML for editors that take rich text (links, italics); built here, so it is always escaped. */
  html: string;
  /** Plain text for text fields, code editors and the clipboard. */
  text: string;
  /** Block content (a bibliography) starts on a line of its own; inline content may need a space before it. */
  block?: boolean;
}

/** 'cita': the short citation, linked to the reader; 'textual': the quoted passage followed by that citation. */
export type CitationMode = 'cita' | 'textual';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only web links become `href`s; anything else (javascript:, data:) is left unlinked. */
export function safeHref(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a picked passage inserts. 'cita' gives `cita` as a link to `enlace` (plain `cita` where links are
 * impossible); 'textual' gives, in quotation marks, the whole sentences of `texto` that hold the words of
 * `consulta` (`quotationOf`: at most two, about 360 characters, '[…]' where text is left out, verbatim but for
 * whitespace and line-end hyphens), then that citation. The citation is the passage's, built from its anchor.
 */
export function citationInsertion(
  p: Pick<Pasaje, 'cita' | 'enlace' | 'texto'>,
  mode: CitationMode,
  consulta = '',
): Insertion {
  const href = safeHref(p.enlace);
  const citaHtml = href ? `<a href="${escapeHtml(href)}">${escapeHtml(p.cita)}</a>` : escapeHtml(p.cita);
  if (mode === 'cita') return { html: citaHtml, text: p.cita };
  const quote = quotationOf(p.texto, consulta);
  return { html: `“${escapeHtml(quote)}” ${citaHtml}`, text: `“${quote}” ${p.cita}` };
}

/** A space that survives the whitespace collapsing of ProseMirror's, Quill's and CKEditor's HTML parsers. */
export const LEADING_SPACE_HTML = '<span style="white-space: pre-wrap"> </span>';

/**
 * Prepends what the text before the caret calls for: a space before inline content that would otherwise
 * touch the previous word, a line break before block content that would start mid-line.
 * `before` is the character just before the caret ('' at the start, or when it cannot be known).
 */
export function joinToPrevious(ins: Insertion, before: string): Insertion {
  if (before === '') return ins;
  if (ins.block) return before === '\n' ? ins : { ...ins, text: `\n${ins.text}` };
  if (/[\s([{«“‘¿¡—–-]/u.test(before)) return ins;
  // Editors' HTML parsers drop a leading space of pasted content unless it is marked as preformatted.
  return { ...ins, html: `${LEADING_SPACE_HTML}${ins.html}`, text: ` ${ins.text}` };
}

/** Longest slug a capture's file name gets (the upload's `nombre` is at most 255 characters). */
const MAX_SLUG = 80;

/**
 * A file-name-safe slug of a title: accents folded ('Análisis del acuífero' → 'analisis-del-acuifero'),
 * anything but ASCII letters and digits turned into single dashes, cut at a dash near `max` characters.
 * Empty when nothing is left (a title in another script, only symbols).
 */
export function slugify(text: string, max = MAX_SLUG): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const dash = cut.lastIndexOf('-');
  return (dash > max / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

/**
 * The `nombre` of a captured file: the title's slug with `extension` ('pagina.html' when the title
 * gives no slug, e.g. a page titled in Japanese).
 */
export function captureFileName(title: string | null | undefined, extension: 'html' | 'vtt' | 'pdf'): string {
  const fallback = { html: 'pagina', vtt: 'subtitulos', pdf: 'documento' }[extension];
  return `${slugify(title ?? '') || fallback}.${extension}`;
}

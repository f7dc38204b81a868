/** The five entities XML predefines. */
export const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** What caption files write by name: WebVTT's own (amp, lt, gt, lrm, rlm, nbsp) and XML's. */
export const CAPTION_ENTITIES: Readonly<Record<string, string>> = {
  ...XML_ENTITIES,
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

/**
 * Resolves character references in `text`: decimal and hexadecimal ones (those outside Unicode are left as
 * written) and the named ones `named` knows, by case-insensitive name (unknown names are left as written).
 */
export function decodeCharacterReferences(
  text: string,
  named: Readonly<Record<string, string>> = XML_ENTITIES,
): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|([a-z][a-z0-9]*));/gi,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name) return named[name.toLowerCase()] ?? whole;
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

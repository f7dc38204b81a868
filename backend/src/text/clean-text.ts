/**
 * Characters that have no place in stored text: C0 controls other than tab and line feed (NUL among them,
 * which PostgreSQL refuses in text: 22P05), DEL, lone UTF-16 surrogates (not encodable as UTF-8: 22021) and
 * the noncharacters (U+FFFE, U+FFFF and the others). Broken font maps and sloppy metadata writers produce
 * all of them.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\p{Noncharacter_Code_Point}]|\p{Cs}/gu;

/**
 * A string cleaned for storage: the characters above removed, a carriage return read as a line feed
 * (CRLF as one). Text without them is returned as it is (the same string).
 */
export function cleanText(text: string): string {
  // Lone surrogates are matched as \p{Cs} only by a `u` regex; paired ones form one code point and stay.
  const lines = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  return lines.replace(UNSTORABLE, '');
}

/**
 * A copy of `value` with every string in it (values and object keys, at any depth) cleaned by
 * `cleanText`. Numbers, booleans, dates and other non-plain objects are kept as they are.
 */
export function cleanStrings<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), clean(v)]));
  }
  return value;
}

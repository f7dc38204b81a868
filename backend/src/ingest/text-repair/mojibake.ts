/**
 * Text written as UTF-8 and read back one byte a character ('LombraÃ±a GonzÃ¡lez' for 'Lombraña González'), as
 * PDF producers leave it in the info dictionary: the bytes of UTF-8 read as PDFDocEncoding (what pdf.js decodes
 * such strings with), Windows-1252 or Latin-1. The repair is certain only when it round-trips: every character
 * maps back to one byte in one of those encodings, the bytes are valid UTF-8, and the result shows fewer
 * sequences of mojibake than the text did. A library such as fix-latin1-to-utf8 replaces a fixed table of
 * sequences instead, which cannot tell when the repair is wrong, and knows no PDFDocEncoding.
 */

/** Bytes 0x80–0x9f as Windows-1252 writes them (Latin-1 keeps them as C1 control characters). */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
/** Bytes 0x80–0xa0 as PDFDocEncoding writes them (PDF 32000-1, annex D). */
const PDF_DOC = '•†‡…—–ƒ⁄‹›−‰„“”‘’‚™ﬁﬂŁŒŠŸŽıłœšž\u009f€';

type Encoding = ReadonlyMap<string, number>;

function encoding(high: string, from: number): Encoding {
  const bytes = new Map<string, number>();
  for (let code = 0; code < 0x100; code++) bytes.set(String.fromCharCode(code), code);
  [...high].forEach((char, i) => bytes.set(char, from + i));
  return bytes;
}

const ENCODINGS: readonly Encoding[] = [encoding(PDF_DOC, 0x80), encoding(WINDOWS_1252, 0x80)];

/** Characters that stand for a UTF-8 continuation byte (0x80–0xbf) in any of the encodings. */
const CONTINUATION = `[\\u0080-\\u00bf${WINDOWS_1252}${PDF_DOC}]`;
/**
 * The signs of UTF-8 read one byte a character: the lead bytes of Latin letters ('Ã', 'Â', 'Ä', 'Å') or of
 * punctuation ('â') followed by continuation bytes. Only these: an accented capital before a dash or a quote
 * in a real title ('CAFÉ”') must not pass for one.
 */
const MOJIBAKE = new RegExp(`[\\u00c2-\\u00c5]${CONTINUATION}|\\u00e2${CONTINUATION}{2}`, 'gu');

/** What a repaired text may hold beyond ASCII and accents: Latin letters and common punctuation. */
const PLAUSIBLE = /^[\t\n\r\u0020-\u007e\u00a0-\u024f\u1e00-\u1eff\u2010-\u203a\u20ac\u2122]*$/u;

function plausible(text: string): boolean {
  return PLAUSIBLE.test(text.replace(/\p{M}/gu, ''));
}

function mojibakeCount(text: string): number {
  return text.match(MOJIBAKE)?.length ?? 0;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeAs(text: string, bytes: Encoding): string | undefined {
  const encoded: number[] = [];
  for (const char of text) {
    const byte = bytes.get(char);
    if (byte === undefined) return undefined;
    encoded.push(byte);
  }
  try {
    return utf8.decode(new Uint8Array(encoded));
  } catch {
    return undefined;
  }
}

/** Capitals inside a lower-case word ('DvoŒák'): what a repair through the wrong encoding leaves. */
function caseBreaks(text: string): number {
  return text.match(/\p{Ll}\p{Lu}/gu)?.length ?? 0;
}

/** Every text free of mojibake that up to `rounds` repairs reach, each round through any of the encodings. */
function repairs(text: string, rounds: number): string[] {
  const count = mojibakeCount(text);
  if (count === 0) return [text];
  if (rounds === 0) return [];
  return ENCODINGS.flatMap((bytes) => {
    const candidate = decodeAs(text, bytes);
    return candidate !== undefined && plausible(candidate) && mojibakeCount(candidate) < count
      ? repairs(candidate, rounds - 1)
      : [];
  });
}

/**
 * The text as its writer meant it: unchanged when it shows no mojibake, repaired when the repair is certain
 * (it may have been mangled twice, so up to three rounds; where two encodings both decode, the reading with
 * no capital inside a word wins), undefined when it shows mojibake that no encoding undoes, so the field is
 * refused rather than kept broken.
 */
export function repairMojibake(text: string): string | undefined {
  if (mojibakeCount(text) === 0) return text;
  const found = repairs(text, 3);
  if (found.length === 0) return undefined;
  return found.reduce((best, next) => (caseBreaks(next) < caseBreaks(best) ? next : best));
}

/** The encoding a BibTeX file names in JabRef's header (`% Encoding: windows-1252`). */
const DECLARED = /^%\s*Encoding:\s*([\w.:-]+)/im;

const decode = (bytes: Uint8Array, encoding: string, fatal = false): string | undefined => {
  try {
    return new TextDecoder(encoding, { fatal }).decode(bytes);
  } catch {
    return undefined;
  }
};

/**
 * An export's text: UTF-16 by its byte-order mark or its NUL bytes (JabRef's UTF-16 exports), else UTF-8,
 * else the encoding JabRef's header declares, else Windows-1252 (older BibTeX files of Western Europe).
 * Without a byte-order mark.
 */
export function exportText(bytes: Uint8Array): string {
  const [a, b] = [bytes[0], bytes[1]];
  let text: string | undefined;
  if ((a === 0xff && b === 0xfe) || (a !== 0 && b === 0 && bytes[3] === 0)) text = decode(bytes, 'utf-16le');
  else if ((a === 0xfe && b === 0xff) || (a === 0 && b !== 0 && bytes[2] === 0)) text = decode(bytes, 'utf-16be');
  text ??= decode(bytes, 'utf-8', true);
  if (text === undefined) {
    const declared = DECLARED.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1];
    text = (declared && decode(bytes, declared)) ?? new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

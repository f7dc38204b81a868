import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { FileKind } from './converter';
import { sniffEncoding } from '../formats/text-decode';

/** What `detectKind` needs: the bytes on disk plus the client's hints. */
export interface DetectInput {
  path: string;
  /** File name given by the client; only used to tell text kinds apart. */
  nombre?: string;
  /** Declared content type; a hint only, the bytes decide. */
  contentType?: string;
}

/** How much of the file is read to decide (file-type may read more of a zip on its own). */
const HEAD_BYTES = 8192;
/** PDF readers accept the header anywhere in the first KB (junk before it is common). */
const PDF_HEADER_WINDOW = 1024;
/** Share of control characters a text file may carry (stray form feeds, a DOS EOF …). */
const MAX_CONTROL_RATIO = 0.01;

const ZIP_KINDS: Record<string, FileKind> = {
  epub: 'epub',
  docx: 'docx',
  docm: 'docx',
  dotx: 'docx',
  dotm: 'docx',
  pptx: 'pptx',
  pptm: 'pptx',
  ppsx: 'pptx',
  ppsm: 'pptx',
  potx: 'pptx',
  potm: 'pptx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  xltm: 'xlsx',
  odt: 'odt',
  ott: 'odt',
  odp: 'odp',
  otp: 'odp',
  ods: 'ods',
  ots: 'ods',
  zip: 'zip',
};

const HTML_EXTENSIONS = new Set(['.html', '.htm', '.xhtml', '.xht']);
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown', '.mdown', '.mkd', '.mkdn']);
const CSV_EXTENSIONS = new Set(['.csv']);

/**
 * Decides what a file is from its bytes: the PDF header, RTF, text (then HTML by sniffing, or Markdown / CSV
 * by name or declared type), and binary formats by magic number (zip-based office and EPUB through their
 * manifest). The name and content type only choose between text kinds; they never override the bytes.
 */
export async function detectKind(file: DetectInput): Promise<FileKind> {
  const head = await readHead(file.path, HEAD_BYTES);
  if (head.length === 0) return textKind('', file);
  if (indexOf(head, PDF_MAGIC, PDF_HEADER_WINDOW) >= 0) return 'pdf';
  if (startsWithAscii(head, '{\\rtf')) return 'rtf';

  const text = headAsText(head);
  if (text !== undefined) return textKind(text, file);

  const type = await fileTypeFromFile(file.path).catch(() => undefined);
  if (!type) return 'desconocido';
  if (type.ext === 'cfb') return compoundFileKind(file);
  return binaryKind(type.ext, type.mime);
}

/** Office extensions whose converter recognises a password-protected or legacy (OLE/CFB) file and says so. */
const CFB_KINDS: Record<string, FileKind> = {
  '.docx': 'docx',
  '.doc': 'docx',
  '.xlsx': 'xlsx',
  '.xls': 'xlsx',
  '.pptx': 'pptx',
  '.ppt': 'pptx',
};

/**
 * An OLE compound file is a password-protected OOXML document or a legacy binary Office file. The
 * bytes do not say which application it belongs to, so the name chooses the converter, which then
 * explains the password or the old format instead of 'unrecognised file'.
 */
function compoundFileKind(file: DetectInput): FileKind {
  return CFB_KINDS[extname(file.nombre ?? file.path).toLowerCase()] ?? 'desconocido';
}

/** Maps a file-type result to a kind; binaries Folio has no use for are 'desconocido'. */
function binaryKind(ext: string, mime: string): FileKind {
  const zipKind = ZIP_KINDS[ext];
  if (zipKind) return zipKind;
  if (ext === 'pdf') return 'pdf';
  if (ext === 'rtf') return 'rtf';
  if (mime.startsWith('audio/') || ext === 'ogx') return 'audio';
  if (mime.startsWith('video/') || ext === 'asf') return 'video';
  if (mime.startsWith('image/')) return 'imagen';
  return 'desconocido';
}

function textKind(text: string, file: DetectInput): FileKind {
  if (captionFormat(text)) return 'subtitulos';
  if (looksLikeHtml(text)) return 'html';
  const ext = extname(file.nombre ?? file.path).toLowerCase();
  if (HTML_EXTENSIONS.has(ext)) return 'html';
  if (MARKDOWN_EXTENSIONS.has(ext)) return 'markdown';
  if (CSV_EXTENSIONS.has(ext)) return 'csv';
  const type = (file.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/csv') return 'csv';
  return 'texto';
}

/** The WebVTT signature line: 'WEBVTT' alone or followed by a space or tab and a header. */
const VTT_SIGNATURE = /^WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/;
/** A WebVTT cue timing line, '(hh:)mm:ss.ttt -->'. */
const VTT_TIMING = /^[ \t]*(?:\d+:)?\d{2}:\d{2}\.\d{3}[ \t]+-->/m;
/** A SubRip file opens with a card: an optional counter line, then 'hh:mm:ss,mmm --> hh:mm:ss,mmm'. */
const SRT_FIRST_CARD =
  /^(?:\d+[ \t]*(?:\r\n|\r|\n))?[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{2}[,.]\d{1,3}[ \t]*-->[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{2}[,.]\d{1,3}/;

/**
 * The caption format of a text (or of its first few KB): WebVTT by its signature and a cue timing line,
 * SubRip by its first card (white space before it is tolerated, as players do). Undefined for any other
 * text, whatever the file is called: a '.srt' of prose is prose, and so is a note that starts 'WEBVTT is'.
 */
export function captionFormat(text: string): 'vtt' | 'srt' | undefined {
  const start = text.replace(/^\uFEFF/, '');
  if (VTT_SIGNATURE.test(start) && VTT_TIMING.test(start)) return 'vtt';
  if (SRT_FIRST_CARD.test(start.trimStart())) return 'srt';
  return undefined;
}

/**
 * True when the document starts (after an XML prolog, comments and whitespace) with a doctype or one of
 * the tags only a whole HTML document starts with. Fragments such as `<p align=center>` at the top of a
 * README are deliberately not enough: they are common in Markdown.
 */
export function looksLikeHtml(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '').slice(0, 4096);
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return false;
      rest = rest.slice(end + 2);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return false;
      rest = rest.slice(end + 3);
    } else {
      break;
    }
  }
  return /^<(?:!doctype\s+html|html|head|body|meta|title)[\s>/]/i.test(rest);
}

/**
 * Decodes the head of a file when it is text: UTF-8 (BOM or not), UTF-16 with BOM, or a single-byte
 * legacy encoding, with no NUL and almost no other control characters. Undefined for binary data.
 */
function headAsText(head: Uint8Array): string | undefined {
  const { encoding, bomLength } = sniffEncoding(head, { partial: head.length >= HEAD_BYTES });
  const isUtf16 = encoding.startsWith('utf-16');
  if (!isUtf16 && head.includes(0)) return undefined;
  let text: string;
  try {
    // A head cut in the middle of a character is fine: stream mode keeps the tail pending.
    text = new TextDecoder(encoding, { fatal: isUtf16, ignoreBOM: true }).decode(head.subarray(bomLength), {
      stream: true,
    });
  } catch {
    return undefined;
  }
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return undefined;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || c === 0x7f) controls++;
  }
  return controls <= Math.max(1, text.length * MAX_CONTROL_RATIO) ? text : undefined;
}

const PDF_MAGIC = new TextEncoder().encode('%PDF-');

async function readHead(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, within: number): number {
  const last = Math.min(haystack.length, within) - needle.length;
  outer: for (let i = 0; i <= last; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function startsWithAscii(bytes: Uint8Array, prefix: string): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  for (let j = 0; j < prefix.length; j++) if (bytes[i + j] !== prefix.charCodeAt(j)) return false;
  return true;
}

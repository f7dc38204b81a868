import { CaptureError } from './capture-error';
import { captureFileName } from './slug';
import type { FetchLike } from './web';

/** Chrome's built-in PDF viewer (an extension of the browser's own). */
const CHROME_PDF_VIEWER = 'mhjfbmdgcfjbbpaeojofohoefgiehjai';
/** pdf.js's viewer page: Firefox's built-in one (resource://pdf.js/web/viewer.html), its add-on, or hosted. */
const PDFJS_VIEWER = /\/web\/viewer\.html$/i;
/** arXiv serves its PDFs at `/pdf/<id>`, without '.pdf'. */
const ARXIV_HOST = /^(?:www\.|export\.)?arxiv\.org$/i;
/** Publishers' PDF addresses without '.pdf' (Wiley, ACS, Taylor & Francis, SAGE …). */
const DOI_PDF_PATH = /\/doi\/(?:pdf|pdfdirect)\//i;

/**
 * The address of the PDF a tab shows, or undefined when the tab is not showing a PDF as far as its address
 * tells: a URL whose path ends in '.pdf' (any case), an arXiv `/pdf/` or publisher `/doi/pdf/` address,
 * Chrome's viewer (`chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html?src=…`, or the PDF's
 * address after the id), or pdf.js's viewer (`…/web/viewer.html?file=…`, in Firefox or elsewhere; a
 * relative `file` is read against the viewer). The fragment (`#page=3`) is dropped: it is not part of the
 * file. Firefox's reader view (`about:reader?url=…`) shows a page, never a PDF.
 */
export function pdfUrlOf(tabUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(tabUrl);
  } catch {
    return undefined;
  }
  if (url.protocol === 'chrome-extension:' && url.hostname === CHROME_PDF_VIEWER) {
    const inner = url.searchParams.get('src') ?? url.searchParams.get('file') ?? url.pathname.replace(/^\/+/, '');
    return webPdf(inner, undefined);
  }
  if (PDFJS_VIEWER.test(url.pathname)) {
    const file = url.searchParams.get('file');
    return file ? webPdf(file, url.href) : undefined;
  }
  return isPdfAddress(url) ? withoutFragment(url) : undefined;
}

/** A PDF's bytes as fetched from the extension, ready to upload (`POST /documentos?nombre=…&url=…`). */
export interface FetchedPdf {
  kind: 'pdf';
  /** The address asked for (not where redirects ended, which may be a short-lived signed link). */
  url: string;
  /** From the server's `Content-Disposition`, else the address's last segment, else the title; ends in '.pdf'. */
  nombre: string;
  contentType: 'application/pdf';
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Fetches a PDF with the user's cookies (`credentials: 'include'`, so what the user may read, the
 * extension may too) and checks that it is one: the `%PDF-` signature in its first kilobyte, whatever type
 * the server declared. Fails with a {@link CaptureError} saying what came instead: an HTTP error, a web page
 * (a login or a paywall), or other bytes.
 */
export async function fetchPdf(url: string, fetchImpl: FetchLike = fetch): Promise<FetchedPdf> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      credentials: 'include',
      redirect: 'follow',
      headers: { Accept: 'application/pdf,*/*;q=0.5' },
    });
  } catch {
    throw new CaptureError(
      'No se pudo descargar el PDF: no hay conexión con el sitio o el navegador bloqueó la descarga.',
    );
  }
  if (res.status === 401 || res.status === 403) {
    throw new CaptureError(
      `El sitio no deja descargar el PDF (HTTP ${res.status}): inicia sesión en él y vuelve a intentarlo.`,
    );
  }
  if (!res.ok) throw new CaptureError(`No se pudo descargar el PDF: el sitio respondió HTTP ${res.status}.`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!hasPdfSignature(bytes)) {
    if (type === 'text/html' || type === 'application/xhtml+xml') {
      throw new CaptureError(
        'La dirección no devolvió un PDF sino una página web (quizá pide iniciar sesión o aceptar algo antes). Ábrelo en el navegador y vuelve a intentarlo.',
      );
    }
    throw new CaptureError(`La dirección no devolvió un PDF${type ? ` (devolvió ${type})` : ''}.`);
  }
  return {
    kind: 'pdf',
    url,
    nombre: pdfFileName(res.headers.get('content-disposition'), url),
    contentType: 'application/pdf',
    bytes,
  };
}

/** PDF readers accept the header anywhere in the first KB (junk before it is common). */
const SIGNATURE_WINDOW = 1024;
const SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

function hasPdfSignature(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length, SIGNATURE_WINDOW) - SIGNATURE.length;
  outer: for (let i = 0; i <= last; i++) {
    for (let j = 0; j < SIGNATURE.length; j++) if (bytes[i + j] !== SIGNATURE[j]) continue outer;
    return true;
  }
  return false;
}

/** The file name a server gave (RFC 6266 `filename*` first), else the address's last segment. */
export function pdfFileName(disposition: string | null, url: string): string {
  const extended = disposition && /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(disposition)?.[1];
  const plain = disposition && /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const given = extended ? decoded(extended.trim()) : (plain?.[1] ?? plain?.[2] ?? '').trim();
  const name = (given || decoded(lastSegment(url)))
    // Readable, but safe as a single path segment.
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .trim()
    .slice(0, 200);
  if (!name || name === '.pdf') return captureFileName(null, 'pdf');
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function lastSegment(url: string): string {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  } catch {
    return '';
  }
}

function webPdf(address: string, base: string | undefined): string | undefined {
  try {
    const url = new URL(address, base);
    return /^(?:https?|file):$/.test(url.protocol) ? withoutFragment(url) : undefined;
  } catch {
    return undefined;
  }
}

function isPdfAddress(url: URL): boolean {
  if (!/^(?:https?|file):$/.test(url.protocol)) return false;
  if (/\.pdf$/i.test(url.pathname)) return true;
  if (ARXIV_HOST.test(url.hostname) && /^\/pdf\//.test(url.pathname)) return true;
  return DOI_PDF_PATH.test(url.pathname);
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

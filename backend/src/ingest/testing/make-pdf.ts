import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** A line of text placed on a page (PDF points, origin bottom left). */
export interface PdfLine {
  text: string;
  x?: number;
  y: number;
  size?: number;
}

export interface PdfSpec {
  /** One entry per page; an empty list makes a page with no text layer. */
  pages: PdfLine[][];
  /** The /PageLabels number tree as PDF source, e.g. '<< /Nums [0 << /S /r >> 2 << /S /D >>] >>'. */
  pageLabels?: string;
  /** Info dictionary entries (Title, Author, CreationDate …). */
  info?: Record<string, string>;
  /** Catalog /Lang. */
  lang?: string;
  /** Encrypt with the standard security handler (RC4, 40 bits) and this user password. */
  userPassword?: string;
  /** Content-stream operators appended to a page, by page index: vector drawings ('0 0 m 100 100 l S'). */
  drawings?: Record<number, string>;
  /** Pages (by index) that carry one empty text field (an AcroForm widget). */
  emptyFields?: number[];
  /** A picture drawn over the whole page, by page index: 8-bit grey pixels, row by row (a scan). */
  scans?: Record<number, { width: number; height: number; grey: Uint8Array }>;
}

/**
 * Writes a small but complete PDF (Helvetica, WinAnsi text; xref table with exact offsets) so tests can
 * cover what the public fixtures do not: metadata, missing text layers, paragraph gaps, encryption.
 */
export function makePdf(spec: PdfSpec): Uint8Array {
  const id = createHash('md5').update(JSON.stringify(spec)).digest();
  const encryption = spec.userPassword !== undefined ? standardSecurity(spec.userPassword, id) : undefined;
  const objects: string[] = [];
  const reserve = () => objects.push('');
  const set = (n: number, body: string) => (objects[n - 1] = body);
  const literal = (n: number, value: string) => {
    const bytes = Buffer.from(value, 'latin1');
    return `<${(encryption ? encryption.encrypt(n, bytes) : bytes).toString('hex')}>`;
  };

  const catalog = reserve();
  const pagesRoot = reserve();
  const font = reserve();
  const info = spec.info ? reserve() : undefined;
  const encrypt = encryption ? reserve() : undefined;
  const pageNumbers: number[] = [];
  const fields: number[] = [];
  for (const [index, lines] of spec.pages.entries()) {
    const page = reserve();
    const content = reserve();
    pageNumbers.push(page);
    const field = spec.emptyFields?.includes(index) ? reserve() : undefined;
    const scan = spec.scans?.[index];
    const picture = scan ? reserve() : undefined;
    if (scan && picture) {
      const pixels = deflateSync(scan.grey);
      set(
        picture,
        `<< /Type /XObject /Subtype /Image /Width ${scan.width} /Height ${scan.height} /ColorSpace /DeviceGray ` +
          `/BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n${pixels.toString('latin1')}\nendstream`,
      );
    }
    if (field) {
      fields.push(field);
      set(
        field,
        `<< /Type /Annot /Subtype /Widget /FT /Tx /T (campo${index + 1}) /Rect [72 600 300 620] /P ${page} 0 R /F 4 >>`,
      );
    }
    const stream = [
      ...lines.map((l) => `BT /F1 ${l.size ?? 12} Tf 1 0 0 1 ${l.x ?? 72} ${l.y} Tm ${pdfString(l.text)} Tj ET`),
      ...(spec.drawings?.[index] ? [spec.drawings[index]] : []),
      ...(picture ? ['q 612 0 0 792 0 0 cm /Im1 Do Q'] : []),
    ].join('\n');
    const data = encryption
      ? encryption.encrypt(content, Buffer.from(stream, 'latin1'))
      : Buffer.from(stream, 'latin1');
    set(
      page,
      `<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >>${picture ? ` /XObject << /Im1 ${picture} 0 R >>` : ''} >> /Contents ${content} 0 R${field ? ` /Annots [${field} 0 R]` : ''} >>`,
    );
    set(content, `<< /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`);
  }
  const extras = [
    spec.pageLabels ? `/PageLabels ${spec.pageLabels}` : '',
    spec.lang ? `/Lang ${literal(catalog, spec.lang)}` : '',
    fields.length ? `/AcroForm << /Fields [${fields.map((n) => `${n} 0 R`).join(' ')}] >>` : '',
  ].join(' ');
  set(catalog, `<< /Type /Catalog /Pages ${pagesRoot} 0 R ${extras} >>`);
  set(
    pagesRoot,
    `<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageNumbers.length} >>`,
  );
  set(font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  if (info) {
    const entries = Object.entries(spec.info!).map(([k, v]) => `/${k} ${literal(info, v)}`);
    set(info, `<< ${entries.join(' ')} >>`);
  }
  if (encrypt && encryption) set(encrypt, encryption.dictionary);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const idHex = `<${id.toString('hex')}>`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R`;
  if (info) out += ` /Info ${info} 0 R`;
  if (encrypt) out += ` /Encrypt ${encrypt} 0 R`;
  out += ` /ID [${idHex} ${idHex}] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

const PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

/** PDF 1.4 standard security handler, revision 2 (algorithms 3.1-3.4 of the PDF reference). */
function standardSecurity(userPassword: string, id: Buffer) {
  const pad = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const ownerKey = md5(pad(`${userPassword}-owner`)).subarray(0, 5);
  const O = rc4(ownerKey, pad(userPassword));
  const P = -44;
  const p = Buffer.alloc(4);
  p.writeInt32LE(P);
  const key = md5(pad(userPassword), O, p, id).subarray(0, 5);
  const U = rc4(key, PADDING);
  return {
    dictionary: `<< /Filter /Standard /V 1 /R 2 /O <${O.toString('hex')}> /U <${U.toString('hex')}> /P ${P} >>`,
    encrypt(objectNumber: number, data: Buffer): Buffer {
      const suffix = Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, 0, 0]);
      return rc4(md5(key, suffix).subarray(0, 10), data);
    },
  };
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

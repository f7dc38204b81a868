import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocr } from '../../ai/ocr';
import { convertPdf } from './pdf';
import { pageTextFromItems } from './pdf-page-text';
import { annotationTextItems, annotationTexts, type AnnotationLike } from './pdf-annotations';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const widget = (fields: Partial<AnnotationLike>): AnnotationLike => ({
  id: '1R',
  subtype: 'Widget',
  rect: [50, 700, 200, 722],
  hasAppearance: true,
  ...fields,
});

describe('annotationTexts', () => {
  it('reads what fields show: text pdf.js read, else their appearance, else their value', () => {
    const texts = annotationTexts(
      [
        widget({ id: 'a', fieldType: 'Tx', fieldValue: '01-Jul-25', textContent: ['01-Jul-25'] }),
        widget({ id: 'b', fieldType: 'Btn' }),
        widget({ id: 'c', fieldType: 'Sig', fieldValue: null }),
        widget({ id: 'd', fieldType: 'Tx', fieldValue: 'no appearance\nsecond line', hasAppearance: false }),
        widget({
          id: 'e',
          fieldType: 'Ch',
          fieldValue: ['111'],
          hasAppearance: false,
          options: [
            { exportValue: '111', displayValue: 'One' },
            { exportValue: '222', displayValue: 'Two' },
          ],
        }),
      ],
      new Map([
        ['b', ['Background']],
        ['c', ['Firmato elettronicamente da', 'Paul Frey']],
      ]),
    );
    expect(texts.map((t) => t.lines)).toEqual([
      ['01-Jul-25'],
      ['Background'],
      ['Firmato elettronicamente da', 'Paul Frey'],
      ['no appearance', 'second line'],
      ['One'],
    ]);
  });

  it('leaves out hidden fields, check boxes, radio buttons, passwords, links and empty fields', () => {
    const texts = annotationTexts(
      [
        widget({ id: 'a', fieldType: 'Tx', fieldValue: 'secret', hidden: true }),
        widget({ id: 'b', fieldType: 'Btn', checkBox: true, fieldValue: 'Yes' }),
        widget({ id: 'c', fieldType: 'Btn', radioButton: true, buttonValue: 'Choice1' } as AnnotationLike),
        widget({ id: 'd', fieldType: 'Tx', fieldValue: 'hunter2', password: true }),
        { id: 'e', subtype: 'Link', rect: [0, 0, 10, 10] },
        widget({ id: 'f', fieldType: 'Tx', fieldValue: '' }),
      ],
      new Map([
        ['b', ['4']],
        ['c', ['l']],
      ]),
    );
    expect(texts).toEqual([]);
  });

  it('reads a FreeText annotation from its contents', () => {
    const texts = annotationTexts(
      [{ id: 'n', subtype: 'FreeText', rect: [10, 10, 90, 40], contentsObj: { str: 'A note' } }],
      new Map(),
    );
    expect(texts).toEqual([{ lines: ['A note'], rect: [10, 10, 90, 40] }]);
  });
});

describe('annotationTextItems', () => {
  it('places the texts top to bottom, left to right; a row of fields reads as one line after the page text', () => {
    const items = annotationTextItems([
      { lines: ['Border'], rect: [231, 660, 303, 680] },
      { lines: ['C'], rect: [337, 703, 409, 727] },
      { lines: ['Background'], rect: [69, 660, 141, 680] },
      { lines: ['Foreground'], rect: [151, 660, 223, 680] },
    ]);
    expect(items.map((i) => i.str)).toEqual(['C', 'Background', 'Foreground', 'Border']);
    const page = pageTextFromItems([
      { str: 'Colors', transform: [12, 0, 0, 12, 69, 760], width: 36, height: 12, hasEOL: true },
      ...items,
    ]);
    expect(page.texto).toBe('Colors\n\nC\n\nBackground Foreground Border');
  });
});

/**
 * A one-page PDF whose page is a picture (a 1×1 grey image stretched over it: a scan) carrying a FreeText
 * annotation ('Fill & Sign' on a scan), written by hand with exact xref offsets.
 */
function scannedPageWithNote(note: string): Uint8Array {
  const draw = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> ' +
      '/Contents 4 0 R /Annots [6 0 R] >>',
    `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`,
    '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream',
    `<< /Type /Annot /Subtype /FreeText /Rect [72 700 400 720] /F 4 /DA (/Helv 12 Tf 0 g) /Contents (${note}) >>`,
  ];
  let pdf = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

describe('convertPdf with annotations', () => {
  let files: TmpFiles;
  beforeAll(async () => void (files = await tmpFiles('folio-pdf-annotations-')));
  afterAll(async () => files.cleanup());

  const note = 'Signed and approved by the head of department';

  it('reads a FreeText note on its page; without OCR, a scan with a note is still a scan', async () => {
    const path = await files.write('note.pdf', scannedPageWithNote(note));
    const conversion = await convertPdf({ path, size: 0 }, { progress: async () => {} });
    expect(conversion.unidades[0]!.texto).toBe(note);
    expect(conversion.tipo).toBe('pdf_escaneado');
  });

  it('still OCRs a scan that carries a note, and keeps the note after the OCR text', async () => {
    const path = await files.write('scan.pdf', scannedPageWithNote(note));
    const seen: number[] = [];
    const ocr: Ocr = {
      name: 'fake',
      recognize: async (image) => {
        seen.push(image.length);
        return { texto: 'Invoice number 2041 for services rendered', confianza: 0.95 };
      },
      close: async () => {},
    };
    const conversion = await convertPdf({ path, size: 0 }, { progress: async () => {}, engines: { ocr } });
    expect(seen).toHaveLength(1);
    expect(conversion.unidades[0]!.texto).toBe(`Invoice number 2041 for services rendered\n\n${note}`);
    expect(conversion.unidades[0]!.visual).toBe(true);
  });
});

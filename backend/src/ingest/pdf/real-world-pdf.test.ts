import type { AnclaPagina } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import type { Conversion } from '../converter';
import { convertPdf } from './pdf';

const DIR = 'real-world';
const present = hasFixture(`${DIR}/README.md`);

async function convert(file: string): Promise<Conversion> {
  return convertPdf({ path: fixturePath(`${DIR}/${file}`), size: 0 }, { progress: async () => {} });
}

/** The text of every page, one string. */
const text = (c: Conversion) => c.unidades.map((u) => u.texto).join('\n');

/**
 * Real PDFs from public test corpora that defeated the reader (../shared/fixtures/real-world/README.md says
 * what went wrong with each): each is converted whole and checked for what a reader sees on its pages.
 */
describe.skipIf(!present)(titleNeeding('real-world PDFs', `${DIR}/README.md`), () => {
  describe('form fields and annotations are read on their page', () => {
    it('pdfjs__js-colors.pdf: push button labels and a combo box choice; no longer a scan', async () => {
      const c = await convert('pdfjs__js-colors.pdf');
      expect(c.tipo).toBe('pdf');
      expect(c.unidades[0]!.texto).toBe('C\n\nBackground Foreground Border');
    });

    it('pdfjs__dates_save.pdf: the values of three date fields; no longer a scan', async () => {
      const c = await convert('pdfjs__dates_save.pdf');
      expect(c.tipo).toBe('pdf');
      expect(c.unidades[0]!.texto).toBe('01-Jul-25 00:34:56 7/2/2025 12:34');
    });

    it('pdfminer__AcroForm_TEST.pdf: the combo box and list box text, not the check box symbols', async () => {
      const texto = text(await convert('pdfminer__AcroForm_TEST.pdf'));
      expect(texto).toContain('COMBO LIST');
      expect(texto.split(/\s+/)).toEqual(expect.arrayContaining(['1', 's', 'd', 'f', 'm1', 'm2', 'm3', 'm4']));
      expect(texto).not.toMatch(/(^|\s)[4l](\s|$)/);
    });

    it('pdfjs__issue15053.pdf: a text field value and the button labels drawn', async () => {
      const texto = text(await convert('pdfjs__issue15053.pdf'));
      expect(texto).toContain('This is a TEST.');
      expect(texto).toContain('This Message can be toggled.');
      expect(texto).toContain('This Button can be toggled');
      expect(texto).toContain('Button1');
    });

    it('pdfjs__bug854315.pdf: the text of the signature appearance', async () => {
      const texto = text(await convert('pdfjs__bug854315.pdf'));
      expect(texto).toContain('Unterschrift');
      expect(texto).toContain('Firmato elettronicamente da\nPaul Frey (Qualified\nSignature)');
      expect(texto).toContain('frey@sedipa.ch');
    });
  });

  describe('Arabic is read in logical order, in ordinary letters', () => {
    it('pdfjs__ArabicCIDTrueType.pdf: words right to left, no presentation forms', async () => {
      const texto = text(await convert('pdfjs__ArabicCIDTrueType.pdf'));
      expect(texto).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff]/u);
      // 'Kinds of Arabic fonts'. Its 'ﳋ' (lam with khah) came out 'خل' while pdf.js expanded the ligature
      // before putting the line in reading order (issue 33 item 6).
      expect(texto.split('\n')[0]).toBe('انواع الخطوط العربية');
      expect(texto).toContain('العربية');
    });

    it('pdfjs__issue19971.pdf: the Arabic paragraph is searchable by ordinary words', async () => {
      const c = await convert('pdfjs__issue19971.pdf');
      const texto = text(c);
      expect(texto).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff\u06be]/u);
      for (const word of ['هذه فقرة إضافية أطول', 'دراسة الجغرافيا', 'الإنسانية', 'تغير المناخ']) {
        expect(texto).toContain(word);
      }
    });
  });

  it('pdfminer__simple3.pdf: four words drawn side by side, half a line apart, are not glued', async () => {
    // The page shows 'Hello' twice and 'World' twice, each second one raised half a line (not overprinted).
    expect(text(await convert('pdfminer__simple3.pdf'))).toBe('Hello Hello World World');
  });

  it('pdfplumber__senate-expenditures.pdf: table cells separated, in reading order', async () => {
    const lines = text(await convert('pdfplumber__senate-expenditures.pdf')).split('\n');
    expect(lines).toContain('BAIN, J MATTHEW DISTRICT DIRECTOR 37,499.96');
    expect(lines).toContain('SMITH, ALVARO R LEGISLATIVE CORRESPONDENT 21,000.00');
  });

  it('pdfminer__matplotlib.pdf: an axis tick is no printed folio', async () => {
    const c = await convert('pdfminer__matplotlib.pdf');
    expect((c.unidades[0]!.ancla as AnclaPagina).impresa).toBeNull();
  });
});

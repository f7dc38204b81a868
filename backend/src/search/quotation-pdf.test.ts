import { statSync } from 'node:fs';
import { OMISSION, QUOTATION_BUDGET, quotationOf } from '@folio/shared/text/quotation';
import { describe, expect, it } from 'vitest';
import { convertPdf } from '../ingest/pdf/pdf';
import { fixturePath, hasFixture, titleNeeding } from '../testing/fixtures';

/**
 * What the extension's quoted insertion (Shift+Enter) quotes of a PDF result: the API returns a PDF page's
 * passage whole (it has no blocks to narrow to), so the quotation is cut from the page as the reader stores it.
 */
const TAM = 'real-world/pdfjs__TAMReview.pdf';

const sentences = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map((s) => s.segment.trim());

describe('quotationOf on a PDF page read by the backend', () => {
  it.skipIf(!hasFixture(TAM))(
    titleNeeding('quotes the whole sentences holding the words, not the page', TAM),
    async () => {
      const file = fixturePath(TAM);
      const { unidades } = await convertPdf({ path: file, size: statSync(file).size }, { progress: async () => {} });
      const page = unidades[0]!.texto;
      expect(page.length).toBeGreaterThan(900);
      const q = quotationOf(page, 'essential study user acceptance understanding', { locale: 'en' });
      expect(q).toBe(
        `${OMISSION} Thus, it is essential for anyone willing to study user acceptance of technology to have an ` +
          `understanding of the Technology Acceptance Model. ${OMISSION}`,
      );
      expect(q.length).toBeLessThanOrEqual(QUOTATION_BUDGET);
      expect(q.startsWith(`${OMISSION} `)).toBe(true);
      expect(q.endsWith(` ${OMISSION}`)).toBe(true);
      const all = sentences(page.replace(/\s+/g, ' '));
      for (const s of sentences(q.replaceAll(OMISSION, ' ').trim())) expect(all).toContain(s);
    },
  );
});

import { mendLineHyphens, OMISSION, QUOTATION_BUDGET, quotationOf } from '@folio/shared/text/quotation';
import { describe, expect, it } from 'vitest';
import { citationInsertion } from './content';
import { bigtablePassage, hasSreChapter, SRE_CHAPTER, sentencesOf } from './testing/bigtable-passage';
import { pasaje } from './testing/pasajes';

const hasFixture = hasSreChapter;
if (!hasFixture) console.warn(`quotation.test: real-passage cases skipped — no ${SRE_CHAPTER} (../shared is absent)`);

describe.runIf(hasFixture)('quotationOf on a real passage', () => {
  it('quotes the whole sentence holding the query words, with […] for what is left out', () => {
    const texto = bigtablePassage();
    expect(texto.length).toBeGreaterThan(800);
    const q = quotationOf(texto, 'Bigtable SLO synthetic client mean performance', { locale: 'en' });
    expect(q).toBe(
      `${OMISSION} Many years ago, the Bigtable service’s SLO was based on a synthetic well-behaved client’s mean ` +
        `performance. ${OMISSION}`,
    );
    expect(q.length).toBeLessThanOrEqual(QUOTATION_BUDGET);
  });

  it('takes a second whole sentence for words the first lacks, verbatim, within the budget', () => {
    const texto = bigtablePassage();
    const q = quotationOf(texto, 'synthetic client worst requests slower', { locale: 'en' });
    expect(q).toBe(
      `${OMISSION} Many years ago, the Bigtable service’s SLO was based on a synthetic well-behaved client’s mean ` +
        'performance. Because of problems in Bigtable and lower layers of the storage stack, the mean performance ' +
        `was driven by a "large" tail: the worst 5% of requests were often significantly slower than the rest. ${OMISSION}`,
    );
    expect(q.length).toBeLessThanOrEqual(QUOTATION_BUDGET);
    // Every sentence quoted is one of the passage's, whole and unchanged.
    const all = sentencesOf(texto.replace(/\s+/g, ' '));
    for (const s of sentencesOf(q.replaceAll(OMISSION, ' ').trim())) expect(all).toContain(s);
  });

  it('leaves out a second sentence that would pass the budget', () => {
    const q = quotationOf(bigtablePassage(), 'email alerts paging exceeded voluminously engineering', {
      locale: 'en',
    });
    expect(q).toBe(
      `${OMISSION} Email alerts were triggered as the SLO approached, and paging alerts were triggered when the ` +
        `SLO was exceeded. ${OMISSION}`,
    );
  });

  it('joins two sentences apart with […] between them when together they hold more words', () => {
    const q = quotationOf(bigtablePassage(), 'synthetic client email alerts approached', { locale: 'en' });
    expect(q).toBe(
      `${OMISSION} Many years ago, the Bigtable service’s SLO was based on a synthetic well-behaved client’s mean ` +
        `performance. ${OMISSION} Email alerts were triggered as the SLO approached, and paging alerts were ` +
        `triggered when the SLO was exceeded. ${OMISSION}`,
    );
    expect(q.length).toBeLessThanOrEqual(QUOTATION_BUDGET);
  });

  it('quotes the first whole sentence when no word matches (a passage found by meaning)', () => {
    const q = quotationOf(bigtablePassage(), 'consenso distribuido', { locale: 'en' });
    expect(q).toBe(
      'Google’s internal infrastructure is typically offered and measured against a service level objective ' +
        `(SLO; see Service Level Objectives). ${OMISSION}`,
    );
  });

  it('gives citationInsertion the narrowed quotation and keeps the passage’s citation', () => {
    const ins = citationInsertion(pasaje({ texto: bigtablePassage() }), 'textual', 'synthetic client mean performance');
    expect(ins.text).toMatch(/^“\[…\] Many years ago, .* mean performance\. \[…\]” \(Eco, 1977, p\. 45\)$/);
  });
});

describe('quotationOf', () => {
  it('quotes a short passage whole, without omission marks', () => {
    expect(quotationOf('Una frase.\nOtra frase.', 'frase')).toBe('Una frase. Otra frase.');
  });

  it('marks the start of a page cut mid-sentence and prefers whole sentences', () => {
    const texto =
      'stack, the mean performance was driven by a large tail. ' +
      'Email alerts were triggered as the SLO approached, and paging alerts were triggered when the SLO was exceeded. ' +
      'Both types of alerts were firing voluminously, consuming unacceptable amounts of engineering time, and we ' +
      'often missed the problems that actually affected users, because so few of them did. Many of the pages were ' +
      'non-urgent';
    const q = quotationOf(texto, 'mean performance tail SLO', { locale: 'en' });
    expect(q).toBe(
      `${OMISSION} Email alerts were triggered as the SLO approached, and paging alerts were triggered when the SLO ` +
        `was exceeded. ${OMISSION}`,
    );
  });
});

describe('mendLineHyphens', () => {
  it('keeps an author’s hyphen at a line end and drops the break', () => {
    expect(mendLineHyphens('requires three network round-\ntrips, including one to Chubby')).toBe(
      'requires three network round-trips, including one to Chubby',
    );
  });

  it('joins a word cut at a line end when the text writes it whole elsewhere, or the hyphen is soft', () => {
    expect(mendLineHyphens('the distributed lock service is distri-\nbuted')).toBe(
      'the distributed lock service is distributed',
    );
    expect(mendLineHyphens('a tablet loca\u00ad\ntion')).toBe('a tablet location');
  });

  it('leaves hyphens within a line alone', () => {
    expect(mendLineHyphens('well-behaved\nclient')).toBe('well-behaved\nclient');
  });
});

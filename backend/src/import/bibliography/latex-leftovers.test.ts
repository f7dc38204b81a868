import { describe, expect, it } from 'vitest';
import { recordWithoutLatex, withoutLatex } from './latex-leftovers';

describe('withoutLatex', () => {
  it('removes the LaTeX citation-js leaves in text (seen in JabRef and Better BibTeX test libraries)', () => {
    expect(withoutLatex('vol I: \\par 1. Hrólfs saga \\par 2. Bjarkamál')).toBe('vol I: 1. Hrólfs saga 2. Bjarkamál');
    expect(withoutLatex('Proceedings of the 5^\\mboxth Workshop')).toBe('Proceedings of the 5^th Workshop');
    expect(withoutLatex('JabRef: \\BibTeX-based, with \\LaTeX!')).toBe('JabRef: BibTeX-based, with LaTeX!');
    expect(withoutLatex('Equilibrium of {water+phenol} Sys\\-tems, 10\\,km')).toBe(
      'Equilibrium of water+phenol Systems, 10 km',
    );
    expect(withoutLatex('\\AA rhus')).toBe('Århus');
  });

  it("composes an accent LaTeX put on a dotless i or j ({\\'\\i}) into the accented letter", () => {
    expect(withoutLatex('Garc\u0131\u0301a Mar\u0131\u0301a')).toBe('García María');
    expect(withoutLatex('\u0131\u0302le')).toBe('île');
    // A Turkish dotless ı with no accent stays what it is.
    expect(withoutLatex('Kırıkkale')).toBe('Kırıkkale');
  });

  it('leaves URL and identifiers as they are', () => {
    const record = { type: 'webpage', title: 'A {B}', URL: 'https://x.org/{a}\\b', DOI: '10.1/{x}' };
    expect(recordWithoutLatex(record)).toEqual({ ...record, title: 'A B' });
  });
});

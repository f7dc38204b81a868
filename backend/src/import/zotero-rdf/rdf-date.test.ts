import { describe, expect, it } from 'vitest';
import { cslDateOfText } from './rdf-date';

describe('cslDateOfText: a Zotero RDF dc:date, as the user typed it', () => {
  it.each([
    ['2019-03-15', [2019, 3, 15]],
    ['2019-03', [2019, 3]],
    ['2019', [2019]],
    ['2019-3-5', [2019, 3, 5]],
    ['2016-03-22 04:55:27', [2016, 3, 22]],
    ['March 15, 2019', [2019, 3, 15]],
    ['15 March 2019', [2019, 3, 15]],
    ['Mar. 2019', [2019, 3]],
    ['15 de marzo de 2019', [2019, 3, 15]],
    ['octubre de 2014', [2014, 10]],
    ['1er janvier 2001', [2001, 1, 1]],
    ['5. Dezember 1999', [1999, 12, 5]],
    ['Spring 2010', [2010]],
    ['2019-13-40', [2019]],
    ['12/03/2019', [2019]],
  ])('%s', (text, parts) => {
    expect(cslDateOfText(text)).toEqual({ 'date-parts': [parts] });
  });

  it('keeps text with no year as raw, and gives nothing for an empty date', () => {
    expect(cslDateOfText('s. f.')).toEqual({ raw: 's. f.' });
    expect(cslDateOfText('  ')).toBeUndefined();
  });
});

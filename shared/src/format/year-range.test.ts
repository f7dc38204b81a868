import { describe, expect, it } from 'vitest';
import { parseYearRange } from './year-range';

describe('parseYearRange', () => {
  it('reads a year or a range, in order, and nothing else', () => {
    expect(parseYearRange('2021')).toEqual({ desde: 2021, hasta: 2021 });
    expect(parseYearRange(' 2015 – 2020 ')).toEqual({ desde: 2015, hasta: 2020 });
    expect(parseYearRange('2020-2015')).toEqual({ desde: 2015, hasta: 2020 });
    expect(parseYearRange('-300')).toEqual({ desde: -300, hasta: -300 });
    expect(parseYearRange('dos mil')).toBeUndefined();
    expect(parseYearRange('5000')).toBeUndefined();
    expect(parseYearRange('2019-')).toBeUndefined();
  });
});

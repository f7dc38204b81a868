import { describe, expect, it } from 'vitest';
import { jsonAfter } from './json-after';

describe('jsonAfter', () => {
  it('balances braces outside strings', () => {
    const text = 'x = {"a":"}{\\"","b":{"c":[1,2]}}; y = {}';
    expect(jsonAfter(text, /x = /)).toEqual({ a: '}{"', b: { c: [1, 2] } });
    expect(jsonAfter('x = {broken', /x = /)).toBeUndefined();
  });
});

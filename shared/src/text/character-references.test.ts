import { describe, expect, it } from 'vitest';
import { decodeCharacterReferences, XML_ENTITIES } from './character-references';

describe('decodeCharacterReferences', () => {
  it('resolves numeric references and the names it is given', () => {
    expect(decodeCharacterReferences('Mac &amp; i &#39;&#x41;&AMP;')).toBe("Mac & i 'A&");
    expect(decodeCharacterReferences('a&nbsp;b', { ...XML_ENTITIES, nbsp: '\u00a0' })).toBe('a\u00a0b');
  });

  it('leaves unknown names and references outside Unicode as written', () => {
    expect(decodeCharacterReferences('&nbsp; &frac12; &#0; &#x110000; &#99999999; & x')).toBe(
      '&nbsp; &frac12; &#0; &#x110000; &#99999999; & x',
    );
  });
});

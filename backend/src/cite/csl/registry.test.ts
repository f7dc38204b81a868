import { describe, expect, it } from 'vitest';
import { canonicalStyleId, readStyle, resolveLocale, StyleError } from './registry';

describe('CSL registry', () => {
  it('resolves locales exactly, by primary dialect, and refuses the unknown instead of falling back to en-US', () => {
    expect(resolveLocale('es-ES')).toBe('es-ES');
    expect(resolveLocale('es_mx')).toBe('es-MX');
    expect(resolveLocale('pt-br')).toBe('pt-BR');
    expect(resolveLocale('en')).toBe('en-US');
    expect(resolveLocale('es')).toBe('es-ES');
    expect(resolveLocale('xx-YY')).toBeUndefined();
    expect(resolveLocale('es-AR')).toBeUndefined();
  });

  it('reads style ids as people write them', () => {
    expect(canonicalStyleId('APA')).toBe('apa');
    expect(canonicalStyleId('mla')).toBe('modern-language-association');
    expect(canonicalStyleId('http://www.zotero.org/styles/ieee')).toBe('ieee');
    expect(canonicalStyleId('chicago-notes')).toBe('chicago-fullnote-bibliography');
  });

  it('checks a style file: CSL root, id, class, a citation unless dependent', () => {
    const style = (
      info: string,
      body = '<citation><layout><text variable="title"/></layout></citation>',
      cls = 'in-text',
    ) =>
      `<style xmlns="http://purl.org/net/xbiblio/csl" class="${cls}" version="1.0"><info>${info}</info>${body}</style>`;
    expect(readStyle(style('<id>http://www.zotero.org/styles/mio</id><title>Mío</title>'))).toEqual({
      id: 'mio',
      titulo: 'Mío',
      clase: 'in-text',
    });
    expect(
      readStyle(style('<id>x/hijo</id><link href="http://www.zotero.org/styles/apa" rel="independent-parent"/>', '')),
    ).toMatchObject({ id: 'hijo', padre: 'apa' });
    expect(() => readStyle('<style/>')).toThrow(StyleError);
    expect(() => readStyle(style('<id>x/mio</id>', ''))).toThrow(/citation/);
    expect(() => readStyle(style('<id>x/mio</id>', undefined, 'otra'))).toThrow(/class/);
    expect(() => readStyle('<style')).toThrow(/XML/);
  });
});

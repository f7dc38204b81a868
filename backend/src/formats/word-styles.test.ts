import { describe, expect, it } from 'vitest';
import { headingLevelOfStyleName, isTitleStyleName, isTocStyleName } from './word-styles';

describe('style names', () => {
  it('reads heading levels in Word, ODF and localized spellings', () => {
    expect(headingLevelOfStyleName('heading 1')).toBe(1);
    expect(headingLevelOfStyleName('Heading 3')).toBe(3);
    expect(headingLevelOfStyleName('Heading_20_2')).toBe(2);
    expect(headingLevelOfStyleName('Título 2')).toBe(2);
    expect(headingLevelOfStyleName('Titulo 4')).toBe(4);
    expect(headingLevelOfStyleName('Encabezado 1')).toBe(1);
    expect(headingLevelOfStyleName('Überschrift 5')).toBe(5);
    expect(headingLevelOfStyleName('Titre 1')).toBe(1);
    expect(headingLevelOfStyleName('Heading1')).toBe(1);
    expect(headingLevelOfStyleName('Título')).toBeUndefined();
    expect(headingLevelOfStyleName('Normal')).toBeUndefined();
    expect(headingLevelOfStyleName('heading 1 Char')).toBeUndefined();
  });

  it('tells the title and table-of-contents styles', () => {
    expect(isTitleStyleName('Title')).toBe(true);
    expect(isTitleStyleName('Título')).toBe(true);
    expect(isTitleStyleName('Subtitle')).toBe(false);
    expect(isTocStyleName('toc 1')).toBe(true);
    expect(isTocStyleName('TDC 2')).toBe(true);
    expect(isTocStyleName('Contents_20_1')).toBe(true);
    expect(isTocStyleName('TOC Heading')).toBe(true);
    expect(isTocStyleName('Contents Heading')).toBe(true);
    expect(isTocStyleName('Heading 1')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readBodyText, wordPrefix } from './body-text';
import { withRunProperties } from './cited-docx';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

describe('readBodyText', () => {
  it('maps each character of the running text to its place in the XML, entities included', () => {
    const xml =
      `<w:document ${W}><w:body><w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr>` +
      '<w:r w:rsidR="00A1"><w:rPr><w:b/></w:rPr><w:t>A &amp; B</w:t><w:tab/><w:t>C</w:t></w:r>' +
      '<w:del><w:r><w:delText>borrado</w:delText></w:r></w:del>' +
      '<w:r><w:drawing><w:p><w:r><w:t>caja</w:t></w:r></w:p></w:drawing></w:r></w:p>' +
      '<w:p><w:r><w:t xml:space="preserve"> dos </w:t></w:r></w:p><w:sectPr/></w:body></w:document>';
    const body = readBodyText(xml);
    expect(body.paragraphs.map((p) => p.text)).toEqual(['A & B\tC', ' dos ']);
    expect(body.paragraphs[0]!.style).toBe('Normal');
    const [a, , amp, , b, tab, c] = body.paragraphs[0]!.chars;
    expect(xml.slice(amp!.from, amp!.to)).toBe('&amp;');
    expect(xml.slice(b!.from, b!.to)).toBe('B');
    expect(tab).toBeUndefined();
    expect(a!.run.openTag).toBe('<w:r w:rsidR="00A1">');
    expect(a!.run.rPr).toBe('<w:rPr><w:b/></w:rPr>');
    expect(b!.lastInRun).toBe(false);
    expect(c!.lastInRun).toBe(true);
    expect(xml.slice(c!.run.end - 6, c!.run.end)).toBe('</w:r>');
    expect(xml.slice(body.appendAt)).toMatch(/^<w:sectPr\/>/);
  });

  it('finds the prefix bound to the WordprocessingML namespace', () => {
    expect(
      wordPrefix(
        `<?xml version="1.0"?><x:document xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main">`,
      ),
    ).toBe('x');
  });
});

describe('withRunProperties', () => {
  it('puts each property in its place in the schema order, replacing one already there', () => {
    expect(
      withRunProperties('<w:rPr><w:rStyle w:val="E"/><w:i w:val="0"/><w:lang w:val="es-ES"/></w:rPr>', 'w', {
        i: '<w:i/>',
        b: '<w:b/>',
      }),
    ).toBe('<w:rPr><w:rStyle w:val="E"/><w:b/><w:i/><w:lang w:val="es-ES"/></w:rPr>');
    expect(withRunProperties('', 'w', { i: '<w:i/>' })).toBe('<w:rPr><w:i/></w:rPr>');
    expect(withRunProperties('<w:rPr/>', 'w', { vertAlign: '<w:vertAlign w:val="superscript"/>' })).toBe(
      '<w:rPr><w:vertAlign w:val="superscript"/></w:rPr>',
    );
    expect(withRunProperties('<w:rPr><w:sz w:val="20"/></w:rPr>', 'w', {})).toBe('<w:rPr><w:sz w:val="20"/></w:rPr>');
  });
});

import { describe, expect, it } from 'vitest';
import { parseXml, xmlAttr, xmlChildren, xmlText } from './xml';

describe('parseXml', () => {
  it('resolves namespaces, decodes entities and keeps CDATA', () => {
    const root = parseXml(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY boom "BOOM">]><a:root xmlns:a="urn:a" xmlns="urn:d"><item a:k="v&amp;w" plain="1">x &lt; y &#233;&#x00F1; &boom;<![CDATA[<raw>]]></item><b:z xmlns:b="urn:b"/></a:root>`,
    );
    expect(root).toMatchObject({ ns: 'urn:a', name: 'root' });
    const [item, z] = xmlChildren(root);
    expect(item).toMatchObject({ ns: 'urn:d', name: 'item' });
    expect(xmlAttr(item!, 'urn:a', 'k')).toBe('v&w');
    expect(xmlAttr(item!, '', 'plain')).toBe('1');
    // Entities declared in a DTD are never expanded (no entity bombs).
    expect(xmlText(item!)).toBe('x < y éñ &boom;<raw>');
    expect(z).toMatchObject({ ns: 'urn:b', name: 'z' });
  });

  it('throws on malformed or truncated XML', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<a><b>')).toThrow();
    expect(() => parseXml('')).toThrow();
    expect(() => parseXml('<a/><b/>')).toThrow();
    expect(() => parseXml('<a>'.repeat(5000) + '</a>'.repeat(5000))).toThrow(/nested deeper/);
  });
});

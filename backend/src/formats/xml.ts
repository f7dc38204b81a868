/**
 * A small namespace-aware XML reader for the parts of office files (DOCX, ODT). It never expands DTD
 * entities (no entity bombs, no external entities) and throws on malformed or truncated XML, so a caller
 * can tell a broken part from an empty one. (PPTX, ODP, XLSX and ODS parts go through linkedom instead:
 * see `office-package.ts`.)
 */

/** An element with its namespace resolved. Attributes are keyed by local name, or `{uri}local` when prefixed. */
export interface XmlElement {
  /** Namespace URI; '' when none. */
  ns: string;
  /** Local name. */
  name: string;
  attrs: Map<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const MAX_XML_DEPTH = 1000;
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Parses an XML document into its root element. Throws on malformed XML. */
export function parseXml(xml: string): XmlElement {
  const stack: { el: XmlElement; qname: string; scope: Map<string, string> }[] = [];
  let root: XmlElement | undefined;
  const documentScope = new Map<string, string>([['xml', XML_NAMESPACE]]);
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(xml);
    if (!match) throw new Error(`malformed XML at offset ${at}`);
    const [, cdata, closing, opening, attributes, selfClosing, text] = match;
    const top = stack[stack.length - 1];
    if (text !== undefined || cdata !== undefined) {
      if (top) top.el.children.push(cdata ?? decodeXmlEntities(text!));
      else if (text !== undefined && text.trim()) throw new Error('text outside the root element');
    } else if (closing !== undefined) {
      if (!top || top.qname !== closing) throw new Error(`unexpected </${closing}> at offset ${at}`);
      stack.pop();
    } else if (opening !== undefined) {
      const raw: [string, string][] = [];
      const parentScope = top?.scope ?? documentScope;
      let elementScope = parentScope;
      for (const a of (attributes ?? '').matchAll(ATTRIBUTE)) {
        const key = a[1]!;
        const value = decodeXmlEntities(a[2] ?? a[3] ?? '');
        if (key === 'xmlns' || key.startsWith('xmlns:')) {
          if (elementScope === parentScope) elementScope = new Map(parentScope);
          elementScope.set(key === 'xmlns' ? '' : key.slice(6), value);
        } else {
          raw.push([key, value]);
        }
      }
      const [ns, name] = resolveName(opening, elementScope, true);
      const attrs = new Map<string, string>();
      for (const [key, value] of raw) {
        const [attrNs, local] = resolveName(key, elementScope, false);
        attrs.set(attrNs ? `{${attrNs}}${local}` : local, value);
      }
      const el: XmlElement = { ns, name, attrs, children: [] };
      if (top) top.el.children.push(el);
      else if (root) throw new Error('more than one root element');
      else root = el;
      if (!selfClosing) {
        // Readers walk the tree recursively: a hostile nesting depth must not overflow their stack.
        if (stack.length >= MAX_XML_DEPTH) throw new Error(`elements nested deeper than ${MAX_XML_DEPTH}`);
        stack.push({ el, qname: opening, scope: elementScope });
      }
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]!.qname}>`);
  if (!root) throw new Error('no root element');
  return root;
}

function resolveName(qname: string, scope: Map<string, string>, element: boolean): [string, string] {
  const colon = qname.indexOf(':');
  if (colon < 0) return [element ? (scope.get('') ?? '') : '', qname];
  const prefix = qname.slice(0, colon);
  return [scope.get(prefix) ?? `undeclared:${prefix}`, qname.slice(colon + 1)];
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(lt|gt|amp|quot|apos));/gi,
    (whole, dec?: string, hex?: string, named?: string) => {
      if (named) return NAMED_ENTITIES[named.toLowerCase()] ?? whole;
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    },
  );
}

/** The element children of an element. */
export function xmlChildren(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

/** An attribute by namespace URI ('' for unprefixed attributes) and local name. */
export function xmlAttr(el: XmlElement, ns: string, local: string): string | undefined {
  return el.attrs.get(ns ? `{${ns}}${local}` : local);
}

/** All text below an element, in document order. */
export function xmlText(el: XmlElement): string {
  let text = '';
  const visit = (node: XmlNode) => {
    if (typeof node === 'string') text += node;
    else for (const child of node.children) visit(child);
  };
  visit(el);
  return text;
}

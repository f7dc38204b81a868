import { DOMParser } from 'linkedom';

// ---------------------------------------------------------------------------------------------------------
// XML and DOM helpers (linkedom's own types are loose)

export interface XmlNode {
  tagName?: string;
  localName: string;
  textContent: string;
  parentElement: XmlNode | null;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<XmlNode>;
}

export interface El extends XmlNode {
  parentElement: El | null;
  isConnected: boolean;
  ownerDocument: { createElement(tag: string): El };
  childNodes: ArrayLike<unknown>;
  querySelectorAll(selector: string): El[] & ArrayLike<El>;
  setAttribute(name: string, value: string): void;
  append(...nodes: unknown[]): void;
  replaceWith(...nodes: unknown[]): void;
  before(...nodes: unknown[]): void;
  remove(): void;
}

/** Parses XML leniently (a broken OPF is read as far as it goes). */
export function parseXml(xml: string): XmlNode {
  return new DOMParser().parseFromString(xml, 'text/xml') as unknown as XmlNode;
}

/** The name without its namespace prefix, lower case ('dc:Title' → 'title'). */
export function localName(el: XmlNode): string {
  const name = el.tagName ?? el.localName;
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}

/** Descendant elements with this local name, whatever their prefix. */
export function descendants(root: XmlNode, name: string): XmlNode[] {
  const wanted = name.toLowerCase();
  return Array.from(root.querySelectorAll('*')).filter((el) => localName(el) === wanted);
}

/** An attribute by local name ('opf:file-as' or 'file-as'). */
export function attribute(el: XmlNode, name: string): string | undefined {
  for (const attr of Array.from(el.attributes)) {
    if (attr.name === name || attr.name.endsWith(`:${name}`)) return attr.value;
  }
  return undefined;
}

export function tokens(value: string | null | undefined): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

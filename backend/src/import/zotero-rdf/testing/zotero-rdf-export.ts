import fs from 'node:fs';
import path from 'node:path';
import { writeZip } from '../../../formats/write-zip';

/**
 * Writes a Zotero RDF export in the shape Zotero's 'Zotero RDF' translator (zotero/translators, `Zotero
 * RDF.js`, `generateItem`, `generateCollection`, `doExport`) and Zotero's RDF serializer give it, with
 * 'Export Files': the .rdf and `files/<attachment id>/<file name>` beside it. Only what a test states is
 * written; the item's fields go where the translator puts them (identifiers, volume and issue on the
 * container, the publisher as a foaf:Organization with a vCard address, other fields as `z:<field>`).
 */

/** A creator as Zotero's export format gives it: a single-field name has a `lastName` only. */
export interface ExportCreator {
  creatorType: string;
  lastName: string;
  firstName?: string;
}

/** An attachment; `linkMode` 0 imported file, 1 imported URL (snapshot, downloaded PDF), 2 linked file, 3 link. */
export interface ExportAttachment {
  id: number;
  linkMode: 0 | 1 | 2 | 3;
  title?: string;
  contentType?: string;
  url?: string;
  /** The file's name under `files/<id>/`; none for a link, or for a file Zotero did not have (no path is written). */
  fileName?: string;
  /** The file's bytes; a small PDF when not given. */
  content?: Buffer | string;
  /** Write the path in the .rdf but leave the file out (an export unzipped in part, a file deleted since). */
  fileMissing?: boolean;
  /** The attachment's own note (HTML), which the export writes as `dc:description`. */
  note?: string;
}

/** A regular item, a standalone note (`itemType` 'note', `note`) or a standalone attachment (`attachment`). */
export interface ExportItem {
  id: number;
  itemType: string;
  /** Zotero's fields under their base names (title, date, publicationTitle, volume, issue, number, pages, DOI…). */
  fields?: Record<string, string>;
  creators?: ExportCreator[];
  /** Manual tags, and automatic ones (`{ tag, type: 1 }`). */
  tags?: (string | { tag: string; type: 1 })[];
  /** Child notes (HTML), each with its item id. */
  notes?: { id: number; html: string }[];
  attachments?: ExportAttachment[];
  /** A standalone note's HTML. */
  note?: string;
  /** A standalone attachment's own description. */
  attachment?: ExportAttachment;
}

/** A collection, holding sub-collections and items (by item id). */
export interface ExportCollection {
  id: number;
  name: string;
  children: (ExportCollection | number)[];
}

export interface ExportOptions {
  /** The file name of the .rdf ('Exported Items.rdf', as Zotero names it). */
  fileName?: string;
  /**
   * How the attachment's file is written: `<z:path rdf:resource>` (Zotero since March 2026) or the
   * `<rdf:resource rdf:resource>` element of every export before it.
   */
  pathElement?: 'z:path' | 'rdf:resource';
}

const NAMESPACES = `<rdf:RDF
 xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
 xmlns:z="http://www.zotero.org/namespaces/export#"
 xmlns:dcterms="http://purl.org/dc/terms/"
 xmlns:bib="http://purl.org/net/biblio#"
 xmlns:foaf="http://xmlns.com/foaf/0.1/"
 xmlns:link="http://purl.org/rss/1.0/modules/link/"
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:vcard="http://nwalsh.com/rdf/vCard#"
 xmlns:prism="http://prismstandard.org/namespaces/1.2/basic/">`;

/** Zotero item type → the element (rdf:type) and container type the translator gives it. */
const TYPES: Record<string, { type?: string; container?: string }> = {
  book: { type: 'bib:Book' },
  bookSection: { type: 'bib:BookSection', container: 'bib:Book' },
  journalArticle: { type: 'bib:Article', container: 'bib:Journal' },
  magazineArticle: { type: 'bib:Article', container: 'bib:Periodical' },
  newspaperArticle: { type: 'bib:Article', container: 'bib:Newspaper' },
  thesis: { type: 'bib:Thesis' },
  letter: { type: 'bib:Letter' },
  manuscript: { type: 'bib:Manuscript' },
  interview: { type: 'bib:Interview' },
  film: { type: 'bib:MotionPicture' },
  artwork: { type: 'bib:Illustration' },
  webpage: { type: 'bib:Document', container: 'z:Website' },
  report: { type: 'bib:Report' },
  patent: { type: 'bib:Patent' },
  blogPost: { type: 'bib:Document', container: 'z:Blog' },
  computerProgram: { type: 'bib:Data' },
  presentation: { type: 'bib:ConferenceProceedings' },
  encyclopediaArticle: { container: 'bib:Book' },
  dictionaryEntry: { container: 'bib:Book' },
  conferencePaper: { container: 'bib:Journal' },
};

/** Fields the translator writes on the container when the item has one. */
const CONTAINER_FIELDS: Record<string, (value: string) => string> = {
  ISSN: (v) => `<dc:identifier>ISSN ${esc(v)}</dc:identifier>`,
  ISBN: (v) => `<dc:identifier>ISBN ${esc(v)}</dc:identifier>`,
  DOI: (v) => `<dc:identifier>DOI ${esc(v)}</dc:identifier>`,
  publicationTitle: (v) => `<dc:title>${esc(v)}</dc:title>`,
  journalAbbreviation: (v) => `<dcterms:alternative>${esc(v)}</dcterms:alternative>`,
  volume: (v) => `<prism:volume>${esc(v)}</prism:volume>`,
  issue: (v) => `<prism:number>${esc(v)}</prism:number>`,
  number: (v) => `<prism:number>${esc(v)}</prism:number>`,
};

/** Fields written on the item itself. */
const ITEM_FIELDS: Record<string, (value: string) => string> = {
  title: (v) => `<dc:title>${esc(v)}</dc:title>`,
  url: (v) => `<dc:identifier><dcterms:URI><rdf:value>${esc(v)}</rdf:value></dcterms:URI></dc:identifier>`,
  edition: (v) => `<prism:edition>${esc(v)}</prism:edition>`,
  date: (v) => `<dc:date>${esc(v)}</dc:date>`,
  accessDate: (v) => `<dcterms:dateSubmitted>${esc(v)}</dcterms:dateSubmitted>`,
  pages: (v) => `<bib:pages>${esc(v)}</bib:pages>`,
  extra: (v) => `<dc:description>${esc(v)}</dc:description>`,
  abstractNote: (v) => `<dcterms:abstract>${esc(v)}</dcterms:abstract>`,
  rights: (v) => `<dc:rights>${esc(v)}</dc:rights>`,
};

const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The resource each item is named by, as `doExport` chooses it: its ISBN, else its URL, else its id. */
function resourcesOf(items: ExportItem[]): Map<number, string> {
  const used = new Set<string>();
  const resources = new Map<number, string>();
  for (const item of items) {
    const isbn = item.fields?.ISBN ? `urn:isbn:${encodeURI(item.fields.ISBN)}` : undefined;
    const url = item.itemType !== 'attachment' ? item.fields?.url : undefined;
    let resource = `#item_${item.id}`;
    if (isbn && !used.has(isbn)) resource = isbn;
    else if (url && !used.has(url)) resource = url;
    used.add(resource);
    resources.set(item.id, resource);
    for (const note of item.notes ?? []) resources.set(note.id, `#item_${note.id}`);
    for (const attachment of item.attachments ?? []) resources.set(attachment.id, `#item_${attachment.id}`);
  }
  return resources;
}

function creatorsXml(creators: ExportCreator[]): string {
  const groups = new Map<string, ExportCreator[]>();
  for (const c of creators) {
    const tag = ['author', 'editor', 'contributor'].includes(c.creatorType)
      ? `bib:${c.creatorType}s`
      : `z:${c.creatorType}s`;
    groups.set(tag, [...(groups.get(tag) ?? []), c]);
  }
  return [...groups]
    .map(([tag, list]) => {
      const people = list
        .map(
          (c) =>
            `                <rdf:li>\n                    <foaf:Person>\n                        <foaf:surname>${esc(c.lastName)}</foaf:surname>\n` +
            (c.firstName ? `                        <foaf:givenName>${esc(c.firstName)}</foaf:givenName>\n` : '') +
            `                    </foaf:Person>\n                </rdf:li>\n`,
        )
        .join('');
      return `        <${tag}>\n            <rdf:Seq>\n${people}            </rdf:Seq>\n        </${tag}>\n`;
    })
    .join('');
}

function tagsXml(tags: ExportItem['tags']): string {
  return (tags ?? [])
    .map((t) =>
      typeof t === 'string'
        ? `        <dc:subject>${esc(t)}</dc:subject>\n`
        : `        <dc:subject>\n           <z:AutomaticTag>\n              <rdf:value>${esc(t.tag)}</rdf:value>\n           </z:AutomaticTag>\n        </dc:subject>\n`,
    )
    .join('');
}

function attachmentXml(a: ExportAttachment, resource: string, pathElement: string, tags?: ExportItem['tags']): string {
  const lines = [`    <z:Attachment rdf:about="${esc(resource)}">`, `        <z:itemType>attachment</z:itemType>`];
  if (a.fileName && a.linkMode !== 3) {
    lines.push(`        <${pathElement} rdf:resource="${esc(`files/${a.id}/${a.fileName}`)}"/>`);
  }
  if (a.url) lines.push(`        ${ITEM_FIELDS.url!(a.url)}`);
  if (a.title) lines.push(`        <dc:title>${esc(a.title)}</dc:title>`);
  if (a.note) lines.push(`        <dc:description>${esc(a.note)}</dc:description>`);
  lines.push(`        <z:linkMode>${a.linkMode}</z:linkMode>`);
  if (a.contentType) lines.push(`        <link:type>${esc(a.contentType)}</link:type>`);
  if (tags?.length) lines.push(tagsXml(tags).trimEnd());
  lines.push('    </z:Attachment>');
  return lines.join('\n') + '\n';
}

function itemXml(item: ExportItem, resources: Map<number, string>, pathElement: string): string {
  const resource = resources.get(item.id)!;
  const fields = item.fields ?? {};
  const { type, container } = TYPES[item.itemType] ?? {};
  const element = type ?? 'rdf:Description';
  let out = `    <${element} rdf:about="${esc(resource)}">\n        <z:itemType>${item.itemType}</z:itemType>\n`;
  let after = '';
  if (container) {
    const issn = fields.ISSN ? `urn:issn:${encodeURI(fields.ISSN)}` : undefined;
    const inner = Object.entries(fields)
      .filter(([k]) => CONTAINER_FIELDS[k])
      .map(([k, v]) => `            ${CONTAINER_FIELDS[k]!(v)}\n`)
      .join('');
    const series = fields.series
      ? `            <dcterms:isPartOf>\n                <bib:Series><dc:title>${esc(fields.series)}</dc:title></bib:Series>\n            </dcterms:isPartOf>\n`
      : '';
    if (issn) {
      out += `        <dcterms:isPartOf rdf:resource="${esc(issn)}"/>\n`;
      after += `    <${container} rdf:about="${esc(issn)}">\n${series}${inner}    </${container}>\n`;
    } else {
      out += `        <dcterms:isPartOf>\n            <${container}>\n${series}${inner}            </${container}>\n        </dcterms:isPartOf>\n`;
    }
  } else {
    if (fields.series) {
      out += `        <dcterms:isPartOf>\n            <bib:Series><dc:title>${esc(fields.series)}</dc:title></bib:Series>\n        </dcterms:isPartOf>\n`;
    }
    for (const [k, v] of Object.entries(fields)) if (CONTAINER_FIELDS[k]) out += `        ${CONTAINER_FIELDS[k]!(v)}\n`;
  }
  if (fields.publisher || fields.place) {
    out += `        <dc:publisher>\n            <foaf:Organization>\n`;
    if (fields.place) {
      out += `                <vcard:adr>\n                    <vcard:Address>\n                       <vcard:locality>${esc(fields.place)}</vcard:locality>\n                    </vcard:Address>\n                </vcard:adr>\n`;
    }
    if (fields.publisher) out += `                <foaf:name>${esc(fields.publisher)}</foaf:name>\n`;
    out += `            </foaf:Organization>\n        </dc:publisher>\n`;
  }
  out += creatorsXml(item.creators ?? []);
  for (const note of item.notes ?? []) out += `        <dcterms:isReferencedBy rdf:resource="#item_${note.id}"/>\n`;
  for (const a of item.attachments ?? []) out += `        <link:link rdf:resource="#item_${a.id}"/>\n`;
  out += tagsXml(item.tags);
  for (const [k, v] of Object.entries(fields)) {
    if (CONTAINER_FIELDS[k]) continue;
    if (['publisher', 'place', 'series'].includes(k)) continue;
    out += `        ${ITEM_FIELDS[k]?.(v) ?? `<z:${k}>${esc(v)}</z:${k}>`}\n`;
  }
  out += `    </${element}>\n${after}`;
  for (const note of item.notes ?? []) {
    out += `    <bib:Memo rdf:about="#item_${note.id}">\n       <rdf:value>${esc(note.html)}</rdf:value>\n    </bib:Memo>\n`;
  }
  for (const a of item.attachments ?? []) out += attachmentXml(a, resources.get(a.id)!, pathElement);
  return out;
}

function collectionXml(c: ExportCollection, resources: Map<number, string>): string {
  let out = `    <z:Collection rdf:about="#collection_${c.id}">\n        <dc:title>${esc(c.name)}</dc:title>\n`;
  const nested: string[] = [];
  for (const child of c.children) {
    if (typeof child === 'number') out += `        <dcterms:hasPart rdf:resource="${esc(resources.get(child)!)}"/>\n`;
    else {
      out += `        <dcterms:hasPart rdf:resource="#collection_${child.id}"/>\n`;
      nested.push(collectionXml(child, resources));
    }
  }
  return out + '    </z:Collection>\n' + nested.join('');
}

/** Writes the export into `dir` (created); gives the .rdf's path and each item's resource by its id. */
export function writeZoteroRdfExport(
  dir: string,
  items: ExportItem[],
  collections: ExportCollection[] = [],
  opts: ExportOptions = {},
): { rdfFile: string; resources: Map<number, string> } {
  fs.mkdirSync(dir, { recursive: true });
  const pathElement = opts.pathElement ?? 'z:path';
  const resources = resourcesOf(items);
  const parts = [NAMESPACES + '\n'];
  const files: ExportAttachment[] = [];
  for (const item of items) {
    if (item.itemType === 'note') {
      parts.push(
        `    <bib:Memo rdf:about="${resources.get(item.id)}">\n        <z:itemType>note</z:itemType>\n${tagsXml(item.tags)}       <rdf:value>${esc(item.note ?? '')}</rdf:value>\n    </bib:Memo>\n`,
      );
    } else if (item.itemType === 'attachment' && item.attachment) {
      parts.push(attachmentXml({ ...item.attachment, id: item.id }, resources.get(item.id)!, pathElement, item.tags));
      files.push({ ...item.attachment, id: item.id });
    } else {
      parts.push(itemXml(item, resources, pathElement));
      files.push(...(item.attachments ?? []));
    }
  }
  for (const c of collections) parts.push(collectionXml(c, resources));
  parts.push('</rdf:RDF>\n');
  const rdfFile = path.join(dir, opts.fileName ?? 'Exported Items.rdf');
  fs.writeFileSync(rdfFile, parts.join(''));
  for (const a of files) {
    if (!a.fileName || a.linkMode === 3 || a.fileMissing) continue;
    const file = path.join(dir, 'files', String(a.id), a.fileName);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, a.content ?? MINIMAL_PDF);
  }
  return { rdfFile, resources };
}

/** The files under `root` as a zip, named by their paths from `root`: a folder zipped as a user would. */
export function zipFolder(root: string): Uint8Array {
  const entries = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { name: path.relative(root, full).split(path.sep).join('/'), data: fs.readFileSync(full) };
    });
  return writeZip(entries);
}

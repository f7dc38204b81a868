import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CslName, CslRecord, ImportedFile, ImportedItem, LibraryReading, SkippedEntry } from '../imported-item';
import { ImportSourceError } from '../import-source-error';
import { cslNameOf, cslRecordOf, cslRole } from '../zotero/csl-mapping';
import { noteText } from '../zotero/note-text';
import { findExportFile } from './find-export-file';
import { cslDateOfText } from './rdf-date';
import { NS, RdfSyntaxError, readRdfGraph, type RdfGraph } from './rdf-graph';
import { primaryCreatorType, TYPES_WITH_ISSUE } from './zotero-schema-facts';

const { rdf, z, dc, dcterms, bib, foaf, vcard, link, prism } = NS;

/** Zotero's attachment link modes (`z:linkMode`). */
const LINKED_URL = '3';

/** Options of `readZoteroRdf`. */
export interface ZoteroRdfOptions {
  /**
   * Follow absolute paths and file: URIs (linked files of an export made without 'Export Files'), as the CLI
   * may for a user's own disk. Off by default: an export uploaded to the server must not name a file of the
   * server's to read; such an attachment is left out, said in `skipped`.
   */
  linkedFiles?: boolean;
}

/**
 * Reads a Zotero RDF export — what Zotero's 'Export Library…' (or 'Export Collection…') → 'Zotero RDF' with
 * 'Export Files' writes: one `.rdf` file and `files/<attachment id>/<name>` beside it. `target` is the .rdf
 * file or the folder it is in (an unzipped export; a folder holding the export's own folder is looked into).
 *
 * Every regular item comes as CSL with its files (paths relative to the .rdf's folder, each checked on disk),
 * the collections it is in as paths from the top, its tags, and its notes and attachments' notes as text. A
 * standalone attachment with a file (a PDF dropped into Zotero without a parent) is an item of type
 * 'document': it is a row of the user's library and often the only copy of a paper they keep, as the
 * data-directory reader has it too. A standalone note has no work to belong to and Folio no place for a
 * note alone; it is left out with why, as are links to web pages and attachments the export has no file for.
 *
 * Each item's key is the resource the export names it by, which Zotero derives from the item, so it is the
 * same in every export of that library (the item key Zotero syncs by is not exported): `#item_<id>`, the
 * item's row id, kept for the life of that Zotero database (another computer synced to the same account
 * numbers its rows apart); else `urn:isbn:…` for the first item of an ISBN, or the item's URL for the first
 * item of a URL, which hold across computers but change if the user edits that field (or another item with
 * that ISBN or URL comes first in a later export): such an item comes in again, and its file, already in
 * Folio by its SHA-256, only fills the fields its document left empty.
 */
export async function readZoteroRdf(target: string, opts: ZoteroRdfOptions = {}): Promise<LibraryReading> {
  const file = findExportFile(path.resolve(target));
  const name = path.basename(file);
  let graph: RdfGraph;
  try {
    graph = await readRdfGraph(file);
  } catch (error) {
    if (error instanceof RdfSyntaxError) {
      throw new ImportSourceError(
        'no_es_la_fuente',
        `${name} no se puede leer como RDF/XML (${error.message}): no parece una exportación «Zotero RDF».`,
        `${name} is not RDF/XML: ${error.message}`,
      );
    }
    throw error;
  }
  const reading = new ExportReading(graph, path.dirname(file), opts);
  if (reading.itemTypes.size === 0) {
    throw new ImportSourceError(
      'no_es_la_fuente',
      `${name} es RDF, pero no una exportación «Zotero RDF»: no tiene ningún elemento con z:itemType.`,
      `${name} is RDF but not a Zotero RDF export (no z:itemType)`,
    );
  }
  return { ...reading.read(), origen: `Zotero RDF (${name})`, file };
}

/** Whether a file is at `file`; false too for a path that cannot be looked at. */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** One export being read: its graph, and where its files are. */
class ExportReading {
  /** Each Zotero item of the export (regular items, notes, attachments) and its `z:itemType`, in the file's order. */
  readonly itemTypes = new Map<string, string>();
  /** How many resources name each node as what they are part of (`dcterms:isPartOf`). */
  private readonly partOfCount = new Map<string, number>();
  private readonly skipped: SkippedEntry[] = [];

  /** The export's folder with its symbolic links resolved, once a file is looked at. */
  private realDir: string | undefined;

  constructor(
    private readonly graph: RdfGraph,
    private readonly exportDir: string,
    private readonly opts: ZoteroRdfOptions,
  ) {
    for (const [subject, props] of graph.subjects) {
      const type = props
        .get(`${z}itemType`)
        ?.find((o) => o.kind === 'literal')
        ?.value.trim();
      if (type) this.itemTypes.set(subject, type);
      for (const o of props.get(`${dcterms}isPartOf`) ?? []) {
        if (o.kind === 'node') this.partOfCount.set(o.id, (this.partOfCount.get(o.id) ?? 0) + 1);
      }
    }
  }

  read(): Omit<LibraryReading, 'origen'> {
    const g = this.graph;
    const attached = new Set<string>();
    const referenced = new Set<string>();
    for (const props of g.subjects.values()) {
      for (const o of props.get(`${link}link`) ?? []) if (o.kind === 'node') attached.add(o.id);
      for (const o of props.get(`${dcterms}isReferencedBy`) ?? []) if (o.kind === 'node') referenced.add(o.id);
    }
    const collections = this.collectionPaths();
    const items: ImportedItem[] = [];
    for (const [subject, type] of this.itemTypes) {
      if (type === 'note') {
        if (!referenced.has(subject))
          this.skip(subject, this.noteWhat(subject), 'nota suelta, sin documento al que pertenezca');
        continue;
      }
      if (type === 'attachment') {
        if (attached.has(subject)) continue;
        const file = this.fileOf(subject);
        if (!file) continue;
        const record: CslRecord = {
          type: 'document',
          title: g.literal(subject, `${dc}title`) ?? path.basename(file.path),
        };
        items.push(this.imported(subject, record, [file], [subject], collections));
        continue;
      }
      items.push(this.regularItem(subject, type, collections));
    }
    return { items, skipped: this.skipped };
  }

  private skip(subject: string, what: string, motivo: string): void {
    this.skipped.push({ key: this.keyOf(subject), what, motivo });
  }

  /**
   * An item's key: the resource the export names it by. A blank node (an export not written by Zotero) has
   * no name that lasts beyond the file, so it gets one hashed from its type and title.
   */
  private keyOf(subject: string): string {
    if (!subject.startsWith('_:')) return subject;
    const text = [this.itemTypes.get(subject) ?? '', this.graph.literal(subject, `${dc}title`) ?? ''].join('\u001f');
    return `rdf-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  }

  private noteWhat(subject: string): string {
    const html = this.graph.literal(subject, `${rdf}value`) ?? '';
    return `nota: ${shorten(noteText(html).split('\n')[0] ?? '')}`;
  }

  private imported(
    subject: string,
    record: CslRecord,
    files: ImportedFile[],
    attachments: string[],
    collections: Map<string, string[][]>,
  ): ImportedItem {
    return {
      source: 'zotero-rdf',
      key: this.keyOf(subject),
      record,
      files,
      collections: collections.get(subject) ?? [],
      tags: this.tagsOf(subject),
      notes: this.notesOf(subject, attachments),
    };
  }

  /** Tags: `dc:subject` literals (manual tags) and `z:AutomaticTag` nodes; a call number (`dcterms:LCC`) is not one. */
  private tagsOf(subject: string): string[] {
    const tags = new Set<string>();
    for (const o of this.graph.objects(subject, `${dc}subject`)) {
      const tag =
        o.kind === 'literal'
          ? o.value.trim()
          : this.graph.isA(o.id, `${z}AutomaticTag`)
            ? this.graph.literal(o.id, `${rdf}value`)
            : undefined;
      if (tag) tags.add(tag);
    }
    return [...tags];
  }

  /** The item's child notes (`dcterms:isReferencedBy` → `bib:Memo`), then its attachments' own notes. */
  private notesOf(subject: string, attachments: string[]): string[] {
    const g = this.graph;
    const notes: string[] = [];
    for (const memo of g.nodes(subject, `${dcterms}isReferencedBy`)) {
      if (!g.isA(memo, `${bib}Memo`)) continue;
      const html = g.literal(memo, `${rdf}value`);
      const text = html && noteText(html);
      if (text) notes.push(text);
    }
    for (const attachment of attachments) {
      const html = g.literal(attachment, `${dc}description`);
      const text = html && noteText(html);
      if (text) notes.push(text);
    }
    return notes;
  }

  /**
   * Each item's collections, as paths of names from the top: `z:Collection`s (`bib:Collection` in older
   * exports) whose `dcterms:hasPart` names the item or, nested, another collection.
   */
  private collectionPaths(): Map<string, string[][]> {
    const g = this.graph;
    const all = [...g.ofType(`${z}Collection`), ...g.ofType(`${bib}Collection`)];
    const isCollection = new Set(all);
    const parentOf = new Map<string, string>();
    for (const c of all)
      for (const child of g.nodes(c, `${dcterms}hasPart`)) if (isCollection.has(child)) parentOf.set(child, c);
    const pathOf = (c: string): string[] => {
      const names: string[] = [];
      const seen = new Set<string>();
      for (let at: string | undefined = c; at !== undefined && !seen.has(at); at = parentOf.get(at)) {
        seen.add(at);
        names.unshift(g.literal(at, `${dc}title`) ?? '(sin nombre)');
      }
      return names;
    };
    const byItem = new Map<string, string[][]>();
    for (const c of all) {
      const members = g.nodes(c, `${dcterms}hasPart`).filter((m) => !isCollection.has(m));
      if (members.length === 0) continue;
      const p = pathOf(c);
      for (const member of members) {
        const list = byItem.get(member) ?? [];
        if (!list.some((q) => q.join('\u001f') === p.join('\u001f'))) list.push(p);
        byItem.set(member, list);
      }
    }
    return byItem;
  }

  /**
   * The file an attachment names, or undefined (said in `skipped`) for a link to a web page or an attachment
   * the export wrote no file for. A relative path is the export's own copy (`files/12/a.pdf`), read as Zotero
   * reads it: as written, else as a URI with %-escapes; an absolute path or file: URI is a linked file.
   */
  private fileOf(attachment: string): ImportedFile | undefined {
    const g = this.graph;
    const title = g.literal(attachment, `${dc}title`);
    const what = title ?? 'adjunto';
    const written = [...g.nodes(attachment, `${z}path`), ...g.nodes(attachment, `${rdf}resource`)][0];
    const linkMode = g.literal(attachment, `${z}linkMode`);
    if (written === undefined) {
      if (linkMode === LINKED_URL || (linkMode === undefined && this.urlOf(attachment))) {
        this.skip(attachment, what, 'enlace a una página web, no un archivo');
      } else {
        this.skip(
          attachment,
          what,
          'la exportación no incluye su archivo (Zotero no lo tenía, o se exportó sin «Exportar archivos»)',
        );
      }
      return undefined;
    }
    const located = this.locate(written);
    if ('motivo' in located) {
      this.skip(attachment, what, located.motivo);
      return undefined;
    }
    const file: ImportedFile = {
      path: located.path,
      exists: located.exists,
      // A linked file that 'Export Files' copied into the export is the export's own copy.
      link: located.relative ? 'stored' : 'linked',
    };
    const contentType = g.literal(attachment, `${link}type`);
    if (contentType) file.contentType = contentType;
    if (title) file.title = title;
    return file;
  }

  /**
   * Where a written path is. A relative one is inside the export, and what is there must be too: a path
   * climbing out ('../') or a symbolic link pointing out (an unzipped upload may hold one) is refused. An
   * absolute path or file: URI (an export without 'Export Files' names linked files so) is followed only
   * when the caller allows it.
   */
  private locate(written: string): { path: string; exists: boolean; relative: boolean } | { motivo: string } {
    const unplaceable = { motivo: `ruta de archivo que no se puede situar: ${written}` };
    const candidates: string[] = [];
    const decoded = (() => {
      try {
        return decodeURIComponent(written);
      } catch {
        return undefined;
      }
    })();
    const absolute = /^file:/i.test(written) || path.isAbsolute(written) || /^[a-zA-Z]:[\\/]/.test(written);
    if (absolute) {
      if (!this.opts.linkedFiles) {
        return { motivo: `archivo enlazado fuera de la exportación, que no se lee desde ella: ${written}` };
      }
      if (/^file:/i.test(written)) {
        try {
          candidates.push(fileURLToPath(written));
        } catch {
          return unplaceable;
        }
      } else {
        candidates.push(written);
        if (decoded && decoded !== written) candidates.push(decoded);
      }
      const there = candidates.find(isFile);
      return { path: there ?? candidates[0]!, exists: there !== undefined, relative: false };
    }
    // 'storage:a.pdf' (Zotero's own storage) or 'attachments:…' (its base folder): not in the export.
    if (/^[a-zA-Z][\w+.-]*:/.test(written)) return unplaceable;
    const inside = (rel: string) => {
      const full = path.resolve(this.exportDir, ...rel.split(/[\\/]/));
      return full.startsWith(this.exportDir + path.sep) ? full : undefined;
    };
    for (const rel of decoded && decoded !== written ? [written, decoded] : [written]) {
      const full = inside(rel);
      if (full) candidates.push(full);
    }
    if (candidates.length === 0) return unplaceable;
    const there = candidates.find(isFile);
    if (there && !this.realDir) this.realDir = fs.realpathSync(this.exportDir);
    if (there && !fs.realpathSync(there).startsWith(this.realDir + path.sep)) {
      return { motivo: `enlace simbólico que sale de la exportación: ${written}` };
    }
    return { path: there ?? candidates[0]!, exists: there !== undefined, relative: true };
  }

  private urlOf(subject: string): string | undefined {
    for (const id of this.graph.nodes(subject, `${dc}identifier`)) {
      if (this.graph.isA(id, `${dcterms}URI`)) {
        const url = this.graph.literal(id, `${rdf}value`);
        if (url) return url;
      }
    }
    return undefined;
  }

  private regularItem(subject: string, type: string, collections: Map<string, string[][]>): ImportedItem {
    const { fields, date } = this.fieldsOf(subject, type);
    const record = cslRecordOf(type, fields);
    const issued = date === undefined ? undefined : cslDateOfText(date);
    if (issued) record.issued = issued;
    const primary = primaryCreatorType(type);
    for (const { creatorType, name } of this.creatorsOf(subject)) {
      const role = cslRole(creatorType, primary);
      if (role) (record[role] ??= []).push(name);
    }
    const files: ImportedFile[] = [];
    const attachments: string[] = [];
    for (const attachment of this.graph.nodes(subject, `${link}link`)) {
      if (!this.graph.isA(attachment, `${z}Attachment`) && this.itemTypes.get(attachment) !== 'attachment') continue;
      attachments.push(attachment);
      const file = this.fileOf(attachment);
      if (file) files.push(file);
    }
    return this.imported(subject, record, files, attachments, collections);
  }

  /**
   * The item's fields under Zotero's base field names, as the translator wrote them: on the item, on its
   * container (`dcterms:isPartOf` → bib:Journal, bib:Book, z:Website …: its title, volume, issue and
   * identifiers), its series, and its publisher (`dc:publisher` → foaf:Organization, with a vCard address).
   */
  private fieldsOf(subject: string, type: string): { fields: Map<string, string>; date: string | undefined } {
    const g = this.graph;
    const fields = new Map<string, string>();
    const set = (field: string, value: string | undefined) => {
      if (value && !fields.has(field)) fields.set(field, value);
    };
    const parts = this.partsOf(subject);
    const series = parts.find((p) => g.isA(p, `${bib}Series`));
    const container = parts.find((p) => p !== series && !g.isA(p, `${bib}Part`));
    // Zotero gives each item a container of its own (a urn:issn one only to the first item of that ISSN); a
    // container other writers share between items holds one item's DOI, volume and issue, not this one's.
    const own = container !== undefined && (this.partOfCount.get(container) ?? 0) <= 1;
    const here = container && own ? [subject, container] : [subject];

    set('title', g.literal(subject, `${dc}title`));
    if (container) set('publicationTitle', g.literal(container, `${dc}title`));
    if (container && !own) {
      const issn = g
        .objects(container, `${dc}identifier`)
        .find((o) => o.kind === 'literal' && /^ISSN\s/i.test(o.value));
      if (issn?.kind === 'literal') set('ISSN', issn.value.trim().slice(5).trim());
    }
    if (series) set('series', g.literal(series, `${dc}title`));
    const date = g.literal(subject, `${dc}date`) ?? g.literal(subject, `${dcterms}issued`);
    for (const s of here) {
      set('volume', g.literal(s, `${prism}volume`));
      set(TYPES_WITH_ISSUE.has(type) ? 'issue' : 'number', g.literal(s, `${prism}number`));
      for (const o of g.objects(s, `${dc}identifier`)) {
        if (o.kind !== 'literal') continue;
        const id = /^(ISBN|ISSN|DOI)\s+(\S.*)$/i.exec(o.value.trim());
        if (id) set(id[1]!.toUpperCase(), id[2]!.trim());
      }
    }
    set('url', this.urlOf(subject));
    set('pages', g.literal(subject, `${bib}pages`));
    set('edition', g.literal(subject, `${prism}edition`));
    set('abstractNote', g.literal(subject, `${dcterms}abstract`));
    set('extra', g.literal(subject, `${dc}description`));
    set('type', g.literal(subject, `${dc}type`));
    for (const org of g.nodes(subject, `${dc}publisher`)) {
      set('publisher', g.literal(org, `${foaf}name`));
      for (const address of g.nodes(org, `${vcard}adr`)) set('place', g.literal(address, `${vcard}locality`));
    }
    // Every other field is written in Zotero's namespace under its own name: z:language, z:type, z:shortTitle …
    for (const [predicate, objects] of g.subjects.get(subject) ?? []) {
      if (!predicate.startsWith(z)) continue;
      const field = predicate.slice(z.length);
      if (field === 'itemType' || field === 'path') continue;
      const value = objects.find((o) => o.kind === 'literal')?.value.trim();
      if (value) set(field, value);
    }
    // cslRecordOf reads a date in the form Zotero stores; the export's is as the user typed it: read apart.
    fields.delete('date');
    return { fields, date };
  }

  /** The nodes an item is part of, following a section (`bib:Part`) on to its container. */
  private partsOf(subject: string): string[] {
    const found: string[] = [];
    const queue = this.graph.nodes(subject, `${dcterms}isPartOf`);
    while (queue.length > 0 && found.length < 8) {
      const node = queue.shift()!;
      if (node === subject || found.includes(node)) continue;
      found.push(node);
      queue.push(...this.graph.nodes(node, `${dcterms}isPartOf`));
    }
    return found;
  }

  /**
   * The item's creators in order within each role: `bib:authors`, `bib:editors`, `bib:contributors` and
   * `z:<type>s` (z:translators, z:bookAuthors, z:directors …), each an `rdf:Seq` of foaf:Person. A person
   * with a surname only is a single-field name, as Zotero's import reads it.
   */
  private creatorsOf(subject: string): { creatorType: string; name: CslName }[] {
    const g = this.graph;
    const creators: { creatorType: string; name: CslName }[] = [];
    for (const [predicate, objects] of g.subjects.get(subject) ?? []) {
      const role =
        /^http:\/\/purl\.org\/net\/biblio#(authors|editors|contributors)$/.exec(predicate)?.[1] ??
        (predicate.startsWith(z) && predicate.endsWith('s') ? predicate.slice(z.length) : undefined);
      if (!role) continue;
      const creatorType = role.slice(0, -1);
      for (const list of objects) {
        if (list.kind !== 'node') continue;
        const people = g.members(list.id);
        for (const person of people.length > 0 ? people : [list]) {
          if (person.kind !== 'node') continue;
          const lastName = g.literal(person.id, `${foaf}surname`) ?? g.literal(person.id, `${foaf}familyName`) ?? null;
          const firstName =
            g.literal(person.id, `${foaf}givenName`) ?? g.literal(person.id, `${foaf}givenname`) ?? null;
          if (!lastName && !firstName) continue;
          creators.push({ creatorType, name: cslNameOf({ lastName, firstName, fieldMode: firstName ? 0 : 1 }) });
        }
      }
    }
    return creators;
  }
}

import fs from 'node:fs';
import path from 'node:path';
import type { ImportedFile, ImportedItem, LibraryReading, SkippedEntry } from '../imported-item';
import { attachmentLocation, baseAttachmentPathIn, LINK_MODE } from './attachment-path';
import { collectionPathsByItem } from './collection-paths';
import { cslNameOf, cslRecordOf, cslRole } from './csl-mapping';
import { annotationText, annotationWhat, noteText } from './note-text';
import { openZoteroDatabase } from './open-zotero-database';
import { readZoteroRows, type AttachmentRow, type ItemRow, type ZoteroRows } from './zotero-rows';

/** Where a Zotero library keeps what the data directory alone does not tell. */
export interface ZoteroReadOptions {
  /**
   * The base folder of linked files stored relative to it (`attachments:` paths). When not given, it is
   * read from `prefs.js` in `profileDir`, then in the data directory itself.
   */
  baseAttachmentPath?: string;
  /** Zotero's profile folder (the one with `prefs.js`), which is not the data directory. */
  profileDir?: string;
}

/**
 * Reads a Zotero data directory (`zotero.sqlite` and `storage/`) without writing to it: every regular item
 * not in the trash as CSL with its files, collections, tags, and notes (child notes as text, annotations
 * as notes 'p. 3: «text» — comment'); standalone attachments as items of type 'document'; and what it
 * leaves out with why (items in the trash, standalone notes, links to web pages, files it cannot place).
 * Works on the schema of Zotero 5, 6 and 7, and of Zotero 4 (names in `creatorData`).
 */
export async function readZoteroLibrary(dataDir: string, opts: ZoteroReadOptions = {}): Promise<LibraryReading> {
  const root = path.resolve(dataDir);
  const database = await openZoteroDatabase(root);
  let rows: ZoteroRows;
  try {
    rows = readZoteroRows(database.db, database.schema);
  } finally {
    database.close();
  }
  const basePath =
    opts.baseAttachmentPath ??
    (opts.profileDir ? baseAttachmentPathIn(path.join(opts.profileDir, 'prefs.js')) : undefined) ??
    baseAttachmentPathIn(path.join(root, 'prefs.js'));
  return {
    ...assemble(rows, root, basePath),
    origen: `Zotero (esquema userdata ${database.userdataVersion})`,
  };
}

/** Whether a file is at `file`; false as well for a path that cannot be looked at (a parent that is a file, no permission). */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = groups.get(k) ?? [];
    list.push(row);
    groups.set(k, list);
  }
  return groups;
}

function assemble(rows: ZoteroRows, dataDir: string, basePath: string | undefined): Omit<LibraryReading, 'origen'> {
  const itemsById = new Map(rows.items.map((i) => [i.itemID, i]));
  const notesByParent = groupBy(rows.notes, (n) => n.parentID);
  const noteParents = new Map(rows.notes.map((n) => [n.itemID, n.parentID]));
  const attachmentsByParent = groupBy(rows.attachments, (a) => a.parentID);
  const attachmentsById = new Map(rows.attachments.map((a) => [a.itemID, a]));
  const annotationsByAttachment = groupBy(rows.annotations, (a) => a.attachmentID);
  const creatorsByItem = groupBy(rows.creators, (c) => c.itemID);
  const tagsByItem = groupBy(rows.tags, (t) => t.itemID);
  const collections = collectionPathsByItem(rows.collections, rows.collectionItems, rows.deletedCollections);
  const skipped: SkippedEntry[] = [];
  const items: ImportedItem[] = [];

  const title = (itemID: number) => rows.fields.get(itemID)?.get('title');
  const noteById = new Map(rows.notes.map((n) => [n.itemID, n]));
  const what = (item: ItemRow): string => {
    if (item.typeName === 'note') {
      const text = noteText(noteById.get(item.itemID)?.note ?? '').split('\n')[0] ?? '';
      return `nota: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
    }
    const attachmentPath = attachmentsById.get(item.itemID)?.path;
    const fileName = attachmentPath ? path.basename(attachmentPath.replace(/^\w+:/, '')) : '';
    return title(item.itemID) || fileName || (item.typeName === 'attachment' ? 'adjunto' : item.typeName);
  };
  const skip = (item: ItemRow, motivo: string) => skipped.push({ key: item.key, what: what(item), motivo });
  // A child of an item that is itself in the trash goes with it, and is not listed again.
  const live = (item: ItemRow | undefined) => item !== undefined && !item.deleted;

  const fileOf = (attachment: AttachmentRow, item: ItemRow): ImportedFile | undefined => {
    if (attachment.linkMode === LINK_MODE.linkedUrl) {
      skip(item, 'enlace a una página web, no un archivo');
      return undefined;
    }
    const location = attachmentLocation({ ...attachment, key: item.key }, dataDir, basePath);
    if (location.path === undefined) {
      skip(item, location.motivo);
      return undefined;
    }
    const file: ImportedFile = {
      path: location.path,
      exists: isFile(location.path),
      link: location.link,
    };
    if (attachment.contentType) file.contentType = attachment.contentType;
    const attachmentTitle = title(item.itemID);
    if (attachmentTitle) file.title = attachmentTitle;
    return file;
  };

  const notesOf = (itemID: number, attachmentIDs: number[]): string[] => {
    const notes: string[] = [];
    // An attachment's own note is kept in itemNotes under the attachment's itemID, beside the child notes.
    const ownNotes = [
      ...(notesByParent.get(itemID) ?? []).filter((n) => itemsById.get(n.itemID)?.typeName === 'note'),
      ...attachmentIDs.flatMap((id) => noteById.get(id) ?? []),
    ];
    for (const note of ownNotes) {
      if (!live(itemsById.get(note.itemID))) continue;
      const text = noteText(note.note ?? '');
      if (text) notes.push(text);
    }
    for (const attachmentID of attachmentIDs) {
      for (const annotation of annotationsByAttachment.get(attachmentID) ?? []) {
        const annotationItem = itemsById.get(annotation.itemID);
        if (!live(annotationItem)) continue;
        const text = annotationText(annotation);
        if (text) notes.push(text);
        else
          skipped.push({
            key: annotationItem!.key,
            what: annotationWhat(annotation.type),
            motivo: 'anotación sin texto ni comentario',
          });
      }
    }
    return notes;
  };

  const imported = (
    item: ItemRow,
    record: ImportedItem['record'],
    files: ImportedFile[],
    attachmentIDs: number[],
  ): ImportedItem => ({
    source: 'zotero',
    key: item.key,
    record,
    files,
    collections: collections.get(item.itemID) ?? [],
    tags: [...new Set((tagsByItem.get(item.itemID) ?? []).map((t) => t.name))],
    notes: notesOf(item.itemID, attachmentIDs),
  });

  for (const item of rows.items) {
    if (item.typeName === 'annotation') continue;
    if (item.typeName === 'note') {
      const parentID = noteParents.get(item.itemID) ?? null;
      if (parentID !== null) {
        if (live(itemsById.get(parentID)) && item.deleted) skip(item, 'nota en la papelera de Zotero');
        continue;
      }
      if (!item.deleted) skip(item, 'nota suelta, sin documento al que pertenezca');
      continue;
    }
    if (item.typeName === 'attachment') {
      const attachment = attachmentsById.get(item.itemID);
      if (!attachment) continue;
      if (attachment.parentID !== null) {
        // Child attachments are read with their parent; a note's embedded images are the note's.
        if (live(itemsById.get(attachment.parentID)) && item.deleted) skip(item, 'adjunto en la papelera de Zotero');
        continue;
      }
      if (item.deleted) {
        skip(item, 'en la papelera de Zotero');
        continue;
      }
      const file = fileOf(attachment, item);
      if (!file) continue;
      const name = title(item.itemID) || path.basename(file.path);
      items.push(imported(item, { type: 'document', title: name }, [file], [item.itemID]));
      continue;
    }
    if (item.deleted) {
      skip(item, 'en la papelera de Zotero');
      continue;
    }
    items.push(regularItem(item));
  }
  return { items, skipped };

  function regularItem(item: ItemRow): ImportedItem {
    const record = cslRecordOf(item.typeName, rows.fields.get(item.itemID) ?? new Map());
    const primary = rows.primaryCreatorTypes.get(item.itemTypeID);
    for (const creator of creatorsByItem.get(item.itemID) ?? []) {
      const role = cslRole(creator.creatorType, primary);
      if (role) (record[role] ??= []).push(cslNameOf(creator));
    }
    const files: ImportedFile[] = [];
    const attachmentIDs: number[] = [];
    for (const attachment of attachmentsByParent.get(item.itemID) ?? []) {
      const attachmentItem = itemsById.get(attachment.itemID);
      if (!live(attachmentItem)) continue;
      attachmentIDs.push(attachment.itemID);
      const file = fileOf(attachment, attachmentItem!);
      if (file) files.push(file);
    }
    return imported(item, record, files, attachmentIDs);
  }
}

// The SQL of the Zotero reader: queries against Zotero's own schema (a copy of the user's zotero.sqlite), not Folio's.
import type { DatabaseSync } from 'node:sqlite';
import type { CollectionRow } from './collection-paths';

/**
 * Where Zotero's schema differs between versions. Zotero 5 (2017) renamed `sourceItemID` to
 * `parentItemID` and `mimeType` to `contentType`, moved names from `creatorData` into `creators`, and
 * added feeds, `deletedCollections` and (Zotero 6) `itemAnnotations`.
 */
export interface ZoteroSchema {
  /** Column of `itemNotes` and `itemAttachments` naming the parent item. */
  parentColumn: 'parentItemID' | 'sourceItemID';
  /** Column of `itemAttachments` with the file's content type. */
  contentTypeColumn: 'contentType' | 'mimeType';
  /** Names are in `creatorData` (Zotero 4 and older), not in `creators`. */
  creatorData: boolean;
  /** The `libraries` table has a `type` ('user', 'group', 'feed'); feeds exist only when it does. */
  libraryTypes: boolean;
  hasDeletedCollections: boolean;
  hasAnnotations: boolean;
}

/** An item of the library: its type's name, key, and whether it is in the trash itself. */
export interface ItemRow {
  itemID: number;
  typeName: string;
  itemTypeID: number;
  key: string;
  deleted: boolean;
}

/** A creator of an item, in `orderIndex` order. */
export interface CreatorRow {
  itemID: number;
  firstName: string | null;
  lastName: string | null;
  fieldMode: number | null;
  creatorType: string;
}

/** A note item: its parent (undefined for a standalone note) and its HTML. */
export interface NoteRow {
  itemID: number;
  parentID: number | null;
  note: string | null;
}

/** An attachment item. */
export interface AttachmentRow {
  itemID: number;
  parentID: number | null;
  linkMode: number;
  contentType: string | null;
  path: string | null;
}

/** A Zotero 6+ annotation of an attachment. */
export interface AnnotationRow {
  itemID: number;
  attachmentID: number;
  type: number;
  text: string | null;
  comment: string | null;
  pageLabel: string | null;
}

/** What the reader needs from a Zotero database, read in a few queries rather than per item. */
export interface ZoteroRows {
  items: ItemRow[];
  /** itemID → field (named by its base field where it has one, e.g. bookTitle as publicationTitle) → value. */
  fields: Map<number, Map<string, string>>;
  /** itemTypeID → its primary creator type (author, artist, director …). */
  primaryCreatorTypes: Map<number, string>;
  creators: CreatorRow[];
  notes: NoteRow[];
  attachments: AttachmentRow[];
  annotations: AnnotationRow[];
  tags: { itemID: number; name: string }[];
  collections: CollectionRow[];
  collectionItems: { collectionID: number; itemID: number }[];
  deletedCollections: Set<number>;
}

type Row = Record<string, unknown>;

/** The `userdata` schema version in the `version` table; undefined when it has none. Throws when there is no such table. */
export function userdataVersionOf(db: DatabaseSync): number | undefined {
  const version = db.prepare("SELECT version FROM version WHERE schema = 'userdata'").get()?.version;
  return typeof version === 'number' ? version : undefined;
}

/** The names of the database's tables. */
export function tableNames(db: DatabaseSync): Set<string> {
  return new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((t) => String(t.name)),
  );
}

/** The column names of `table` (one of `tableNames`). */
export function columnNames(db: DatabaseSync, table: string): Set<string> {
  return new Set(
    db
      .prepare(`PRAGMA table_info(${table})`)
      .all()
      .map((c) => String(c.name)),
  );
}

const all = <T>(db: DatabaseSync, sql: string): T[] => db.prepare(sql).all() as unknown as T[];

/** Reads the rows the reader assembles items from, in the column names `schema` says this version uses. */
export function readZoteroRows(db: DatabaseSync, schema: ZoteroSchema): ZoteroRows {
  const parent = schema.parentColumn;
  // Feed items (RSS entries Zotero keeps in libraries of type 'feed') are not the user's library.
  const notFeed = schema.libraryTypes
    ? "WHERE i.libraryID NOT IN (SELECT libraryID FROM libraries WHERE type = 'feed')"
    : '';
  const items = all<Row>(
    db,
    `SELECT i.itemID, i.itemTypeID, t.typeName, i.key, d.itemID IS NOT NULL AS deleted
       FROM items i JOIN itemTypes t ON t.itemTypeID = i.itemTypeID
       LEFT JOIN deletedItems d ON d.itemID = i.itemID ${notFeed}
      ORDER BY i.itemID`,
  ).map((r) => ({ ...r, deleted: Boolean(r.deleted) }) as ItemRow);

  const baseFields = new Map<string, string>();
  for (const r of all<{ itemTypeID: number; fieldID: number; baseName: string }>(
    db,
    `SELECT m.itemTypeID, m.fieldID, f.fieldName AS baseName
       FROM baseFieldMappings m JOIN fields f ON f.fieldID = m.baseFieldID`,
  )) {
    baseFields.set(`${r.itemTypeID}:${r.fieldID}`, r.baseName);
  }
  const fields = new Map<number, Map<string, string>>();
  for (const r of all<{ itemID: number; itemTypeID: number; fieldID: number; fieldName: string; value: unknown }>(
    db,
    `SELECT d.itemID, i.itemTypeID, d.fieldID, f.fieldName, v.value
       FROM itemData d JOIN items i ON i.itemID = d.itemID
       JOIN fields f ON f.fieldID = d.fieldID JOIN itemDataValues v ON v.valueID = d.valueID`,
  )) {
    const name = baseFields.get(`${r.itemTypeID}:${r.fieldID}`) ?? r.fieldName;
    const itemFields = fields.get(r.itemID) ?? new Map<string, string>();
    if (r.value !== null) itemFields.set(name, String(r.value));
    fields.set(r.itemID, itemFields);
  }

  const primaryCreatorTypes = new Map(
    all<{ itemTypeID: number; creatorType: string }>(
      db,
      `SELECT it.itemTypeID, c.creatorType FROM itemTypeCreatorTypes it
         JOIN creatorTypes c ON c.creatorTypeID = it.creatorTypeID WHERE it.primaryField = 1`,
    ).map((r) => [r.itemTypeID, r.creatorType]),
  );
  const names = schema.creatorData
    ? 'creatorData n ON n.creatorDataID = c.creatorDataID'
    : 'creators n ON n.creatorID = c.creatorID';
  const creators = all<CreatorRow>(
    db,
    `SELECT ic.itemID, n.firstName, n.lastName, n.fieldMode, t.creatorType
       FROM itemCreators ic JOIN creators c ON c.creatorID = ic.creatorID JOIN ${names}
       JOIN creatorTypes t ON t.creatorTypeID = ic.creatorTypeID
      ORDER BY ic.itemID, ic.orderIndex`,
  );

  const notes = all<NoteRow>(db, `SELECT itemID, ${parent} AS parentID, note FROM itemNotes ORDER BY itemID`);
  const attachments = all<AttachmentRow>(
    db,
    `SELECT itemID, ${parent} AS parentID, linkMode, ${schema.contentTypeColumn} AS contentType, path
       FROM itemAttachments ORDER BY itemID`,
  );
  const annotations = schema.hasAnnotations
    ? all<AnnotationRow>(
        db,
        `SELECT itemID, parentItemID AS attachmentID, type, text, comment, pageLabel
           FROM itemAnnotations ORDER BY parentItemID, sortIndex, itemID`,
      )
    : [];
  const tags = all<{ itemID: number; name: string }>(
    db,
    'SELECT it.itemID, t.name FROM itemTags it JOIN tags t ON t.tagID = it.tagID ORDER BY it.itemID, t.name',
  );
  const collections = all<CollectionRow>(
    db,
    'SELECT collectionID, collectionName, parentCollectionID FROM collections',
  );
  const collectionItems = all<{ collectionID: number; itemID: number }>(
    db,
    'SELECT collectionID, itemID FROM collectionItems',
  );
  const deletedCollections = new Set(
    schema.hasDeletedCollections
      ? all<{ collectionID: number }>(db, 'SELECT collectionID FROM deletedCollections').map((r) => r.collectionID)
      : [],
  );
  return {
    items,
    fields,
    primaryCreatorTypes,
    creators,
    notes,
    attachments,
    annotations,
    tags,
    collections,
    collectionItems,
    deletedCollections,
  };
}

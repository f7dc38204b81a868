import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { schemaFileVersion, type ZoteroSchemaSql } from './zotero-schema-files';

/** A creator as a test gives it: a person (`last`, `first`) or a single-field name (`single`). */
export type TestCreator = { type?: string } & ({ last: string; first?: string } | { single: string });

/** An attachment as a test gives it; `path` is what Zotero stores ('storage:a.pdf', '/abs', 'attachments:rel'). */
export interface TestAttachment {
  parentID: number | null;
  linkMode: number;
  path: string | null;
  contentType?: string;
  title?: string;
  /** The attachment's own note, which Zotero keeps in itemNotes under the attachment's itemID. */
  note?: string;
}

/**
 * A Zotero data directory built the way Zotero builds a fresh one (`system.sql`, `userdata.sql`,
 * `triggers.sql`, then the global tables), filled through Zotero's own tables: fields are looked up by name
 * and must be valid for the item type (`itemTypeFields`), as Zotero itself requires.
 */
export class ZoteroTestLibrary {
  readonly db: DatabaseSync;
  readonly dbFile: string;
  private keyCounter = 0;

  constructor(
    readonly dataDir: string,
    sql: ZoteroSchemaSql,
  ) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.dbFile = path.join(dataDir, 'zotero.sqlite');
    // Zotero 5.0's system.sql writes its strings in double quotes, which SQLite now refuses unless asked.
    this.db = new DatabaseSync(this.dbFile, { enableDoubleQuotedStringLiterals: true });
    // A test database need not survive a power cut; waiting for the disk at every insert made each one take seconds.
    this.db.exec('PRAGMA synchronous = OFF');
    this.db.exec('BEGIN');
    this.db.exec(sql.system);
    this.db.exec(sql.userdata);
    this.db.exec(sql.triggers);
    this.db.exec(
      sql.globalTables
        .split('\n')
        .filter((line) => line.startsWith('INSERT'))
        .join('\n'),
    );
    // Zotero 6 added the annotation type through the global schema, after the ids system-107.sql has.
    if (this.has('itemAnnotations')) {
      this.db.exec("INSERT INTO itemTypes VALUES ((SELECT MAX(itemTypeID) + 1 FROM itemTypes), 'annotation', NULL, 0)");
    }
    // What Zotero.Schema fills at every startup from the tables above (its custom types aside).
    this.db.exec(`
      INSERT INTO itemTypesCombined SELECT itemTypeID, typeName, display, 0 FROM itemTypes;
      INSERT INTO fieldsCombined SELECT fieldID, fieldName, NULL, fieldFormatID, 0 FROM fields;
      INSERT INTO itemTypeFieldsCombined SELECT itemTypeID, fieldID, hide, orderIndex FROM itemTypeFields;
      INSERT INTO baseFieldMappingsCombined SELECT itemTypeID, baseFieldID, fieldID FROM baseFieldMappings;
    `);
    const version = this.db.prepare('INSERT INTO version VALUES (?, ?)');
    version.run('system', schemaFileVersion(sql.system));
    version.run('userdata', schemaFileVersion(sql.userdata));
    version.run('triggers', schemaFileVersion(sql.triggers));
    this.db.exec("INSERT INTO libraries (libraryID, type, editable, filesEditable) VALUES (1, 'user', 1, 1)");
    this.db.exec('COMMIT');
  }

  /** Whether this version of the schema has `table` (itemAnnotations came with Zotero 6, deletedCollections with 5.0.?). */
  has(table: string): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  }

  /** A new 8-character item key in Zotero's alphabet. */
  nextKey(): string {
    const alphabet = '23456789ABCDEFGHIJKLMNPQRSTUVWXYZ';
    let n = ++this.keyCounter;
    let key = '';
    for (let i = 0; i < 8; i++) {
      key = alphabet[n % alphabet.length] + key;
      n = Math.floor(n / alphabet.length);
    }
    return key;
  }

  private id(sql: string, name: string): number {
    const row = this.db.prepare(sql).get(name);
    if (!row) throw new Error(`Zotero's schema has no ${name}`);
    return Number(Object.values(row)[0]);
  }

  /** Adds an item of Zotero type `type` with `fields` (Zotero field names) and creators; returns its id and key. */
  addItem(
    type: string,
    fields: Record<string, string> = {},
    creators: TestCreator[] = [],
  ): { id: number; key: string } {
    const typeID = this.id('SELECT itemTypeID FROM itemTypes WHERE typeName = ?', type);
    const key = this.nextKey();
    const id = Number(
      this.db.prepare('INSERT INTO items (itemTypeID, libraryID, key) VALUES (?, 1, ?)').run(typeID, key)
        .lastInsertRowid,
    );
    for (const [field, value] of Object.entries(fields)) {
      const fieldID = this.id('SELECT fieldID FROM fields WHERE fieldName = ?', field);
      const valid = this.db
        .prepare('SELECT 1 FROM itemTypeFields WHERE itemTypeID = ? AND fieldID = ?')
        .get(typeID, fieldID);
      if (!valid && field !== 'title') throw new Error(`Zotero's ${type} has no field ${field}`);
      this.db.prepare('INSERT OR IGNORE INTO itemDataValues (value) VALUES (?)').run(value);
      const valueID = this.id('SELECT valueID FROM itemDataValues WHERE value = ?', value);
      this.db.prepare('INSERT INTO itemData VALUES (?, ?, ?)').run(id, fieldID, valueID);
    }
    creators.forEach((creator, orderIndex) => {
      const [first, last, mode] =
        'single' in creator ? ['', creator.single, 1] : [creator.first ?? '', creator.last, 0];
      this.db
        .prepare('INSERT OR IGNORE INTO creators (firstName, lastName, fieldMode) VALUES (?, ?, ?)')
        .run(first, last, mode);
      const creatorID = Number(
        this.db
          .prepare('SELECT creatorID FROM creators WHERE firstName = ? AND lastName = ? AND fieldMode = ?')
          .get(first, last, mode)!.creatorID,
      );
      const creatorTypeID = this.id(
        'SELECT creatorTypeID FROM creatorTypes WHERE creatorType = ?',
        creator.type ?? 'author',
      );
      this.db.prepare('INSERT INTO itemCreators VALUES (?, ?, ?, ?)').run(id, creatorID, creatorTypeID, orderIndex);
    });
    return { id, key };
  }

  /** Adds a note (a child of `parentID`, or standalone with null). */
  addNote(parentID: number | null, html: string): { id: number; key: string } {
    const note = this.addItem('note');
    this.db
      .prepare('INSERT INTO itemNotes (itemID, parentItemID, note, title) VALUES (?, ?, ?, ?)')
      .run(note.id, parentID, html, '');
    return note;
  }

  /** Adds an attachment item; `file` (bytes) is written where a stored one belongs, under storage/<key>/. */
  addAttachment(attachment: TestAttachment, file?: Uint8Array): { id: number; key: string } {
    const item = this.addItem('attachment', attachment.title ? { title: attachment.title } : {});
    this.db
      .prepare('INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path) VALUES (?, ?, ?, ?, ?)')
      .run(item.id, attachment.parentID, attachment.linkMode, attachment.contentType ?? null, attachment.path);
    if (attachment.note !== undefined) {
      this.db
        .prepare('INSERT INTO itemNotes (itemID, parentItemID, note, title) VALUES (?, ?, ?, ?)')
        .run(item.id, attachment.parentID, attachment.note, '');
    }
    if (file && attachment.path?.startsWith('storage:')) {
      const dir = path.join(this.dataDir, 'storage', item.key);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, attachment.path.slice('storage:'.length)), file);
    }
    return item;
  }

  /** Adds a Zotero 6+ annotation of an attachment (type 1 highlight, 2 note, 3 image …). */
  addAnnotation(
    attachmentID: number,
    a: { type: number; text?: string; comment?: string; pageLabel?: string; sortIndex: string },
  ): { id: number; key: string } {
    const item = this.addItem('annotation');
    this.db
      .prepare(
        'INSERT INTO itemAnnotations (itemID, parentItemID, type, text, comment, pageLabel, sortIndex, position, isExternal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)',
      )
      .run(
        item.id,
        attachmentID,
        a.type,
        a.text ?? null,
        a.comment ?? null,
        a.pageLabel ?? null,
        a.sortIndex,
        '{"pageIndex":0,"rects":[]}',
      );
    return item;
  }

  /** Adds a collection, nested in `parentID` when given; returns its id. */
  addCollection(name: string, parentID: number | null = null): number {
    return Number(
      this.db
        .prepare('INSERT INTO collections (collectionName, parentCollectionID, libraryID, key) VALUES (?, ?, 1, ?)')
        .run(name, parentID, this.nextKey()).lastInsertRowid,
    );
  }

  /** Puts an item in a collection. */
  collect(collectionID: number, itemID: number): void {
    this.db.prepare('INSERT INTO collectionItems (collectionID, itemID) VALUES (?, ?)').run(collectionID, itemID);
  }

  /** Tags an item (type 0: a tag the user added). */
  tag(itemID: number, name: string): void {
    this.db.prepare('INSERT OR IGNORE INTO tags (name) VALUES (?)').run(name);
    const tagID = this.id('SELECT tagID FROM tags WHERE name = ?', name);
    this.db.prepare('INSERT INTO itemTags VALUES (?, ?, 0)').run(itemID, tagID);
  }

  /** Moves an item, or a collection with `collection: true`, to the trash. */
  trash(id: number, collection = false): void {
    this.db
      .prepare(
        collection
          ? 'INSERT INTO deletedCollections (collectionID) VALUES (?)'
          : 'INSERT INTO deletedItems (itemID) VALUES (?)',
      )
      .run(id);
  }

  /** Closes the database, as Zotero leaves it when it quits. */
  close(): void {
    this.db.close();
  }
}

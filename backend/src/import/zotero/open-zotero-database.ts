import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { ImportSourceError } from '../import-source-error';
import { columnNames, tableNames, userdataVersionOf, type ZoteroSchema } from './zotero-rows';

/** A copy of a Zotero database, open for reading, and what its schema calls things. */
export interface ZoteroDatabase {
  db: DatabaseSync;
  /** The `userdata` schema version from the `version` table. */
  userdataVersion: number;
  schema: ZoteroSchema;
  /** Closes the copy and removes it. */
  close(): void;
}

/**
 * Opens `<dataDir>/zotero.sqlite` safely while Zotero may be running: the database (and its `-wal`, when
 * there is one) is copied to a temporary folder and the copy is read, so the user's files are never
 * written and Zotero's exclusive lock does not stand in the way. Throws an `ImportSourceError` for a
 * folder that is not there, one with no `zotero.sqlite`, a file that is not a Zotero database, and a
 * schema older than this reader knows.
 */
export async function openZoteroDatabase(dataDir: string): Promise<ZoteroDatabase> {
  const stat = fs.statSync(dataDir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) {
    throw new ImportSourceError(
      'no_existe',
      `No existe la carpeta ${dataDir}. Indique la carpeta de datos de Zotero (la que contiene zotero.sqlite; en Zotero: Editar → Configuración → Avanzado → Archivos y carpetas).`,
      `No such directory: ${dataDir}`,
    );
  }
  const source = path.join(dataDir, 'zotero.sqlite');
  if (!fs.existsSync(source)) {
    throw new ImportSourceError(
      'sin_base_de_datos',
      `La carpeta ${dataDir} no contiene zotero.sqlite: no parece la carpeta de datos de Zotero.`,
      `No zotero.sqlite in ${dataDir}`,
    );
  }
  const { DatabaseSync } = await loadSqlite();
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-zotero-'));
  const removeCopy = () => fs.rmSync(copyDir, { recursive: true, force: true });
  let db: DatabaseSync | undefined;
  try {
    const copy = path.join(copyDir, 'zotero.sqlite');
    fs.copyFileSync(source, copy);
    // A -wal holds commits not yet in the file; a -journal left by a write under way lets SQLite roll the
    // copy back to the last commit. Either belongs with the copy.
    for (const companion of ['-wal', '-journal']) {
      if (fs.existsSync(source + companion)) fs.copyFileSync(source + companion, copy + companion);
    }
    db = new DatabaseSync(copy);
    const userdataVersion = readUserdataVersion(db, source);
    const schema = readSchema(db, source, userdataVersion);
    const opened = db;
    return {
      db: opened,
      userdataVersion,
      schema,
      close() {
        opened.close();
        removeCopy();
      },
    };
  } catch (error) {
    db?.close();
    removeCopy();
    throw error;
  }
}

/**
 * Node's built-in SQLite. Node 24 has it without a flag or a warning; Node 22 before 22.13 only behind
 * --experimental-sqlite (22.13 and later print one ExperimentalWarning, which is harmless and left to
 * Node's own --no-warnings), so its absence is said plainly rather than as a missing module.
 */
async function loadSqlite(): Promise<typeof import('node:sqlite')> {
  try {
    return await import('node:sqlite');
  } catch {
    throw new Error(
      `Reading a Zotero library needs node:sqlite (Node 22.13 or later; Folio runs on Node 24): this is Node ${process.versions.node}`,
    );
  }
}

function notZotero(source: string, why: string): ImportSourceError {
  return new ImportSourceError(
    'no_es_la_fuente',
    `${source} no es una base de datos de Zotero (${why}).`,
    `${source} is not a Zotero database (${why})`,
  );
}

function readUserdataVersion(db: DatabaseSync, source: string): number {
  let version: number | undefined;
  try {
    version = userdataVersionOf(db);
  } catch (error) {
    const why = /not a database/i.test(String(error)) ? 'no es un archivo SQLite' : 'no tiene la tabla version';
    throw notZotero(source, why);
  }
  if (version === undefined) throw notZotero(source, "sin versión del esquema 'userdata'");
  return version;
}

const REQUIRED_TABLES = [
  'items',
  'itemTypes',
  'itemData',
  'itemDataValues',
  'fields',
  'creators',
  'itemCreators',
  'itemNotes',
  'itemAttachments',
];

function readSchema(db: DatabaseSync, source: string, userdataVersion: number): ZoteroSchema {
  const tables = tableNames(db);
  const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
  if (missing.length > 0) throw notZotero(source, `faltan las tablas ${missing.join(', ')}`);
  const notes = columnNames(db, 'itemNotes');
  const attachments = columnNames(db, 'itemAttachments');
  const creators = columnNames(db, 'creators');
  const parentColumn = notes.has('parentItemID') ? 'parentItemID' : 'sourceItemID';
  // Item keys (added for syncing), the parent column and creators' names are what everything here is read by.
  const namesKnown = creators.has('lastName') || tables.has('creatorData');
  if (
    !columnNames(db, 'items').has('key') ||
    !notes.has(parentColumn) ||
    !attachments.has(parentColumn) ||
    !namesKnown
  ) {
    throw new ImportSourceError(
      'version_antigua',
      `La base de datos de Zotero (esquema userdata ${userdataVersion}) es demasiado antigua para importarla: ábrala una vez con Zotero 5 o posterior, que la pone al día, y vuelva a importar.`,
      `Zotero database schema userdata ${userdataVersion} is too old to import; open it once in Zotero 5 or later`,
    );
  }
  return {
    parentColumn,
    contentTypeColumn: attachments.has('contentType') ? 'contentType' : 'mimeType',
    creatorData: !creators.has('lastName'),
    libraryTypes: tables.has('libraries') && columnNames(db, 'libraries').has('type'),
    hasDeletedCollections: tables.has('deletedCollections'),
    hasAnnotations: tables.has('itemAnnotations'),
  };
}

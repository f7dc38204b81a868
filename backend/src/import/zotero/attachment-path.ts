import fs from 'node:fs';
import path from 'node:path';

/** Zotero's link modes (`itemAttachments.linkMode`). */
export const LINK_MODE = {
  importedFile: 0,
  importedUrl: 1,
  linkedFile: 2,
  linkedUrl: 3,
  /** Zotero 7: an image inside a note, stored like an imported file. */
  embeddedImage: 4,
} as const;

/** Where an attachment's file is, or why it cannot be told. */
export type AttachmentLocation = { path: string; link: 'stored' | 'linked' } | { path?: undefined; motivo: string };

/**
 * The absolute path of an attachment's file. Stored files (`storage:name`) are in
 * `<dataDir>/storage/<attachment key>/name`; a linked file's path is absolute, or `attachments:relative`
 * against the base folder set in Zotero's preferences (`baseAttachmentPath`), when it is known.
 */
export function attachmentLocation(
  attachment: { key: string; linkMode: number; path: string | null },
  dataDir: string,
  baseAttachmentPath: string | undefined,
): AttachmentLocation {
  const stored = attachment.path ?? '';
  if (attachment.linkMode === LINK_MODE.linkedFile) {
    if (stored.startsWith('attachments:')) {
      if (!baseAttachmentPath) {
        return {
          motivo:
            'archivo vinculado con ruta relativa a la carpeta base de adjuntos de Zotero, que no se conoce (no hay prefs.js con extensions.zotero.baseAttachmentPath)',
        };
      }
      return { path: path.resolve(baseAttachmentPath, stored.slice('attachments:'.length)), link: 'linked' };
    }
    if (!stored || !path.isAbsolute(stored))
      return { motivo: `archivo vinculado sin ruta absoluta (${stored || 'vacía'})` };
    return { path: stored, link: 'linked' };
  }
  if (!stored.startsWith('storage:')) return { motivo: `archivo guardado sin ruta en storage (${stored || 'vacía'})` };
  return { path: path.join(dataDir, 'storage', attachment.key, stored.slice('storage:'.length)), link: 'stored' };
}

const BASE_PATH_PREF = /user_pref\(\s*"extensions\.zotero\.baseAttachmentPath"\s*,\s*("(?:[^"\\]|\\.)*")\s*\);/;

/**
 * The base folder for relative linked files, from a Zotero profile's `prefs.js`
 * (`user_pref("extensions.zotero.baseAttachmentPath", "…")`), or undefined when it is not set there.
 */
export function baseAttachmentPathIn(prefsFile: string): string | undefined {
  const text = fs.existsSync(prefsFile) ? fs.readFileSync(prefsFile, 'utf8') : '';
  const literal = BASE_PATH_PREF.exec(text)?.[1];
  if (!literal) return undefined;
  // prefs.js writes the value as a JavaScript string literal, which JSON reads for the escapes it uses.
  const value = JSON.parse(literal) as string;
  return value || undefined;
}

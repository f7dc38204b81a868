import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportedFile } from '../imported-item';
import type { FileLink } from './file-field';

/** Where an export's relative paths point: `filesDir` when given, else the export's own folder. */
export interface FileBase {
  exportDir: string;
  filesDir?: string;
}

/** A Windows path read on another system: `C:\…`, `C:/…` or `\\server\share\…`. */
const windowsAbsolute = (p: string): boolean => /^[A-Za-z]:[\\/]/.test(p) || /^\\\\[^\\]/.test(p);

/** A path Mendeley wrote without its leading slash: it starts at a folder of the disk's root. */
const MENDELEY_ABSOLUTE = /^(?:home|Users|Volumes|media|mnt|run|tmp|private|srv|opt)\//;

const isFile = async (p: string): Promise<boolean> => {
  try {
    return (await fs.stat(p)).isFile();
  } catch {
    return false;
  }
};

const inside = (file: string, dir: string): boolean => {
  const rel = path.relative(path.resolve(dir), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** `file://` and `file://localhost/` URLs as paths; `undefined` for a URL of any other scheme. */
function urlPath(link: string): string | undefined {
  try {
    return fileURLToPath(link.replace(/^file:\/\/localhost\//i, 'file:///'));
  } catch {
    return undefined;
  }
}

/**
 * The absolute path of a file an export names, whether it is there, and whether it is stored with the
 * export (inside its folder or `filesDir`) or linked from elsewhere. `~` is the user's home; a relative
 * path (backslashes read as separators) resolves against `base`; `..` may lead out of it, as it is the
 * user's own disk. `undefined` for a URL other than `file:`, which is never followed.
 */
export async function locateFile(link: FileLink, base: FileBase): Promise<ImportedFile | undefined> {
  let p = link.path;
  if (/^[a-z][a-z0-9+.-]+:/i.test(p) && !windowsAbsolute(p)) {
    if (!/^file:/i.test(p)) return undefined;
    const local = urlPath(p);
    if (!local) return undefined;
    p = local;
  }
  const windows = windowsAbsolute(p) && path.sep === '/';
  if (!windows && path.sep === '/') p = p.replaceAll('\\', '/');
  if (/^~(?:\/|$)/.test(p)) p = path.join(os.homedir(), p.slice(1));
  const root = base.filesDir ?? base.exportDir;
  let absolute = windows || path.isAbsolute(p) ? p : path.resolve(root, p);
  let exists = !windows && (await isFile(absolute));
  // Mendeley Desktop writes absolute paths on Linux and macOS without their leading slash.
  if (!exists && MENDELEY_ABSOLUTE.test(p) && (await isFile(path.resolve('/', p)))) {
    absolute = path.resolve('/', p);
    exists = true;
  }
  const stored = !windows && [base.filesDir, base.exportDir].some((dir) => dir && inside(absolute, dir));
  const file: ImportedFile = { path: absolute, exists, link: stored ? 'stored' : 'linked' };
  if (link.contentType) file.contentType = link.contentType;
  if (link.title) file.title = link.title;
  return file;
}

import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { withZip, type OpenZipOptions } from './zip';

/** What an archive unpacked to. */
export interface Extracted {
  /** Files written, as paths relative to the target folder. */
  files: string[];
  bytes: number;
}

/** Folders of metadata that archivers add and no library holds (macOS's resource forks). */
const IGNORED = /^(?:__MACOSX\/|.*\/?\.DS_Store$)/;

/**
 * Unpacks the zip at `source` into `target` (created), through the safe reader (`zip.ts`): its limits (total
 * unzipped bytes, expansion ratio, entry count; raise them with `options` for large archives) hold while every
 * entry streams, names with `..`, absolute or control characters are never listed, and each path is checked
 * again to stay inside `target`. Entries are written as plain files (a symbolic link's target becomes a file's
 * text, never a link). A broken archive, an encrypted entry or a bomb is a `ConversionError` in Spanish; what
 * was written is left for the caller to remove with its folder.
 */
export async function extractZip(source: string, target: string, options: OpenZipOptions = {}): Promise<Extracted> {
  const root = path.resolve(target);
  await fs.mkdir(root, { recursive: true });
  return withZip(source, options, async (zip) => {
    const files: string[] = [];
    for (const entry of zip.entries) {
      if (entry.directory || IGNORED.test(entry.name)) continue;
      const out = path.resolve(root, ...entry.name.split('/'));
      const rel = path.relative(root, out);
      if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) continue;
      await fs.mkdir(path.dirname(out), { recursive: true });
      // 'wx': an entry never writes over another (two names that differ only in case on some disks).
      try {
        await pipeline(Readable.from(zip.stream(entry.name)), createWriteStream(out, { flags: 'wx' }));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      files.push(rel.split(path.sep).join('/'));
    }
    return { files, bytes: zip.unzippedBytes };
  });
}

/** Whether the file at `file` begins as a zip archive does ('PK\x03\x04', or 'PK\x05\x06' when empty). */
export async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
  } finally {
    await handle.close();
  }
}

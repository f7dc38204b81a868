import { makeDeflatedZip } from './make-deflated-zip';

/**
 * Writes a zip archive with stored (uncompressed) entries, in the given order: enough for the container
 * formats (ODF wants its `mimetype` entry first and stored) without a zip library.
 */
export function makeZip(entries: { name: string; data: string | Uint8Array }[]): Uint8Array {
  return makeDeflatedZip(entries.map((e) => ({ ...e, method: 'store' as const })));
}

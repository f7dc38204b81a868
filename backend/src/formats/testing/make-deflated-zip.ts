import { crc32, deflateRawSync } from 'node:zlib';
import { writeZipRecords } from '../write-zip';

/** One entry of {@link makeDeflatedZip}; the optional fields forge headers for robustness tests. */
export interface DeflatedZipEntry {
  name: string;
  data: string | Uint8Array;
  /** 'deflate' by default; 'store' writes the bytes as they are (as `makeZip` does). */
  method?: 'deflate' | 'store';
  /** Uncompressed size written in the headers instead of the real one (a lying entry). */
  declaredSize?: number;
  /** CRC-32 written instead of the real one. */
  crc?: number;
  /** Sets the traditional-encryption flag (the data stays as it is). */
  encryptedFlag?: boolean;
}

/**
 * Writes a zip archive whose entries are deflated (or stored), in the given order. The headers can be
 * forged (declared size, CRC, encryption flag) to build damaged archives and zip bombs; `makeZip` is
 * this with every entry stored. The bytes are laid out by the production writer (`writeZipRecords`).
 */
export function makeDeflatedZip(entries: DeflatedZipEntry[]): Uint8Array {
  return writeZipRecords(
    entries.map((entry) => {
      const raw = Buffer.from(entry.data);
      const deflate = (entry.method ?? 'deflate') === 'deflate';
      return {
        name: entry.name,
        data: deflate ? deflateRawSync(raw, { level: 9 }) : raw,
        method: deflate ? 8 : 0,
        crc: entry.crc ?? crc32(raw),
        size: entry.declaredSize ?? raw.length,
        flags: 0x0800 | (entry.encryptedFlag ? 0x0001 : 0),
        // No date: the archives stay as they were before the writer was shared.
        date: 0,
      };
    }),
  );
}

import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a zip archive. */
export interface ZipFileEntry {
  name: string;
  data: Uint8Array;
}

/** 1980-01-01 00:00, the earliest DOS date: entries carry no time, so the same input gives the same bytes. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * One entry as it goes into the archive, every header field written as given: `writeZip` fills them in
 * from the content; test helpers (`testing/make-deflated-zip.ts`) forge them to build damaged
 * archives.
 */
export interface ZipRecord {
  name: string;
  /** The bytes as stored: deflated when `method` is 8, as they are when it is 0. */
  data: Uint8Array;
  /** Compression method: 8 deflate, 0 store. */
  method: number;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Uncompressed size. */
  size: number;
  /** General-purpose bit flags (0x0800: UTF-8 names). */
  flags: number;
  /** DOS modification date (the time is always 0). */
  date: number;
}

/**
 * Writes a zip archive: local headers and data in the given order, the central directory, its end
 * record. No ZIP64: an Office package stays far below 4 GiB.
 */
export function writeZipRecords(records: ZipRecord[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const record of records) {
    const name = Buffer.from(record.name, 'utf8');
    const data = Buffer.from(record.data.buffer, record.data.byteOffset, record.data.byteLength);
    const crc = record.crc >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(record.flags, 6);
    local.writeUInt16LE(record.method, 8);
    local.writeUInt16LE(record.date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(record.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(record.flags, 8);
    central.writeUInt16LE(record.method, 10);
    central.writeUInt16LE(record.date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(record.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/**
 * Writes a zip archive (deflated entries, in the given order; UTF-8 names) for the packages Folio writes
 * back (.docx). `testing/make-deflated-zip.ts` forges damaged archives for tests with
 * `writeZipRecords`; this one only ever writes well-formed ones.
 */
export function writeZip(entries: ZipFileEntry[]): Uint8Array {
  return writeZipRecords(
    entries.map((entry) => {
      const raw = Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
      return {
        name: entry.name,
        data: deflateRawSync(raw, { level: 6 }),
        method: 8,
        crc: crc32(raw),
        size: raw.length,
        flags: 0x0800,
        date: DOS_DATE,
      };
    }),
  );
}

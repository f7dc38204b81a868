import { crc32, deflateRawSync } from 'node:zlib';

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
 * this with every entry stored.
 */
export function makeDeflatedZip(entries: DeflatedZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = Buffer.from(entry.data);
    const deflate = (entry.method ?? 'deflate') === 'deflate';
    const data = deflate ? deflateRawSync(raw, { level: 9 }) : raw;
    const crc = entry.crc ?? crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const flags = 0x0800 | (entry.encryptedFlag ? 0x0001 : 0);
    const method = deflate ? 8 : 0;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

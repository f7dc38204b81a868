import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Db } from '../db/db';
import { blobBytes, blobExtent, deleteBlob, insertBlobChunk } from '../db/blobs.repo';
import { resumableUploadById } from '../db/resumable-uploads.repo';

/** Rows of at most about this size hold the parts, as the database blob store holds files. */
const CHUNK = 1024 * 1024;

/** The blob key under which an upload's parts are kept until it becomes a document. */
export const partsKey = (id: string) => `subida-${id}`;

/**
 * A tus data store in the database (`blob_chunks`, the rows the database blob store keeps files in), for
 * servers with DATABASE_URL: every API process behind one address reaches every upload's parts, so a part
 * may arrive at any of them. The upload's size, owner and creation time are its `resumable_uploads` row
 * (written by the route before the store is asked to create it); its offset is the bytes its rows hold.
 * Parts are buffered to 1 MB rows as they stream in, so memory stays flat.
 *
 * Two processes may take parts of one upload at once (a client that timed out and sent again, to another
 * process): tus's lock is per process. The rows keep the upload whole without a lock across processes: a
 * write starts only where the rows end (else 409, as a wrong `Upload-Offset`), and each row's number is
 * unique, so of two writers racing for the same row one fails and stops; a writer's rows therefore follow
 * each other from the offset it was checked at.
 */
export class DatabaseUploadStore extends DataStore {
  constructor(
    private readonly db: Db,
    private readonly expireMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const key = partsKey(id);
    const extent = await blobExtent(this.db, key);
    if (extent.bytes !== offset) throw ERRORS.INVALID_OFFSET;
    let n = extent.chunks;
    let pending: Buffer[] = [];
    let size = 0;
    let written = 0;
    const flush = async () => {
      if (size === 0) return;
      // The row number moves on only once the row is in: a writer that lost a row to another never writes after it.
      await insertBlobChunk(this.db, key, n, Buffer.concat(pending, size));
      n++;
      written += size;
      pending = [];
      size = 0;
    };
    try {
      for await (const chunk of readable) {
        pending.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= CHUNK) await flush();
      }
      await flush();
    } catch {
      // What arrived before the cut is kept, in order, as tus expects: the client goes on from there.
      await flush().catch(() => undefined);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + written;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await resumableUploadById(this.db, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: Number(row.size_bytes),
      offset: await blobBytes(this.db, partsKey(id)),
      creation_date: new Date(row.created).toISOString(),
    });
  }

  override async remove(id: string): Promise<void> {
    await deleteBlob(this.db, partsKey(id));
  }

  /** Expired uploads are removed with their records by the service's sweep (it knows which they are). */
  override async deleteExpired(): Promise<number> {
    return 0;
  }

  override getExpiration(): number {
    return this.expireMs;
  }
}

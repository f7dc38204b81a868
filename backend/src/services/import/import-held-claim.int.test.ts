import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimIdempotent, findIdempotent, releaseIdempotent } from '../../db/idempotency.repo';
import { findUserByEmail } from '../../db/users.repo';
import { userMetaOfCsl } from '../../import/csl-metadata';
import type { ImportedItem, LibraryReading } from '../../import/imported-item';
import { REPO_ROOT, useTestServer } from '../../testing/harness';
import { requestFingerprint } from '../idempotency';
import { importLibrary, importUploadKey } from './import-library';

const ctx = useTestServer();
let userId: string;
let dir: string;

beforeAll(async () => {
  await ctx.server.key('retenida@example.org');
  userId = (await findUserByEmail(ctx.server.runtime.deps.db, 'retenida@example.org'))!.id;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-held-'));
  for (const name of ['uno', 'dos']) {
    fs.copyFileSync(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'), path.join(dir, `${name}.pdf`));
    fs.appendFileSync(path.join(dir, `${name}.pdf`), `\n% ${name}\n`);
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const item = (key: string, file: string): ImportedItem => ({
  source: 'bibtex',
  key,
  record: { type: 'book', title: `Libro ${key}` },
  files: [{ path: path.join(dir, file), exists: true, link: 'stored' }],
  collections: [],
  tags: [],
  notes: [],
});

describe('an item whose upload a killed run had begun', () => {
  it('goes after the rest, and comes in once the earlier claim is given up', async () => {
    const { db } = ctx.server.runtime.deps;
    const library = path.join(dir, 'refs.bib');
    const reading: LibraryReading = {
      origen: 'BibTeX',
      skipped: [],
      items: [item('uno', 'uno.pdf'), item('dos', 'dos.pdf')],
    };
    // As a run killed between claiming the upload's key and recording it leaves the key: claimed, empty.
    const heldKey = importUploadKey(reading.items[0]!, library);
    const held = reading.items[0]!;
    const sha256 = createHash('sha256').update(fs.readFileSync(held.files[0]!.path)).digest('hex');
    const fingerprint = requestFingerprint({
      entrada: 'archivo',
      sha256,
      nombre: 'uno.pdf',
      meta: { userMeta: userMetaOfCsl(held.record, held.source) },
    });
    expect(await claimIdempotent(db, userId, 'subir', heldKey, fingerprint)).toBe(true);

    const order: string[] = [];
    const running = importLibrary(ctx.server.runtime.deps, userId, reading, {
      library,
      onItem: (_done, _total, result) => order.push(result.clave),
    });
    // The other item is not kept waiting behind the held one.
    for (let i = 0; i < 100 && order.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['dos']);
    // The claim is given up (as db/idempotency.repo.ts does with one abandoned for 2 minutes).
    await releaseIdempotent(db, userId, 'subir', heldKey);
    const report = await running;
    expect(order).toEqual(['dos', 'uno']);
    expect(report.resumen).toMatchObject({ nuevo: 2, omitido: 0 });
    expect((await findIdempotent(db, userId, 'subir', heldKey))?.pending).toBe(false);
  }, 60_000);
});

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest';

/** The models directory holding the committed tiny models (backend/scripts/make-tiny-*-model.ts). */
export const TEST_MODELS = fileURLToPath(new URL('../../../../test/fixtures/models', import.meta.url));

/** What `offlineModelTests` sets up, filled in by its hooks. */
export interface OfflineModelTests {
  /** A directory of the test file's own, removed after its last test. */
  scratch: string;
  /** `fetch`, failing in every test the way it does on our machines: nothing may reach the network. */
  fetchSpy: MockInstance<typeof fetch>;
}

/** Registers the hooks of a local-model test file: its scratch directory (named `prefix…`) and no network. */
export function offlineModelTests(prefix: string): OfflineModelTests {
  const tests = {} as OfflineModelTests;
  beforeAll(async () => {
    tests.scratch = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(() => rm(tests.scratch, { recursive: true, force: true }));
  beforeEach(() => {
    tests.fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.reject(new TypeError('fetch failed')));
  });
  afterEach(() => tests.fetchSpy.mockRestore());
  return tests;
}

/**
 * Writes a tiny model again with its script's `write` into `out` and expects each file byte for byte
 * equal to the committed one in `modelDir`. Returns the files written and the committed total size.
 */
export async function expectCommittedModel(
  write: (outDir: string) => Promise<Record<string, number>>,
  modelDir: string,
  out: string,
): Promise<{ files: string[]; total: number }> {
  const files = Object.keys(await write(out));
  let total = 0;
  for (const file of files) {
    const [committed, fresh] = await Promise.all([readFile(join(modelDir, file)), readFile(join(out, file))]);
    expect(committed.equals(fresh), `${file} is stale: run the script`).toBe(true);
    total += (await stat(join(modelDir, file))).size;
  }
  return { files, total };
}

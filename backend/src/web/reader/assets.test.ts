import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedReader, CACHED_ASSET_BYTES } from './assets';

const PDFJS = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const file = (dir: string, name: string) => path.join(PDFJS, dir, name);

describe("the reader's files cache", () => {
  it('holds at most its bound, keeps the files every page loads, and reads the rest again from disk', async () => {
    const read = cachedReader();
    const every = [file('build', 'pdf.min.mjs'), file('build', 'pdf.worker.min.mjs'), file('web', 'pdf_viewer.mjs')];
    // Every other file a viewer may ask for (character maps, fonts, decoders, unminified builds): more than the
    // bound together.
    const rest = ['build', 'web', 'cmaps', 'standard_fonts', 'wasm']
      .flatMap((dir) => fs.readdirSync(path.join(PDFJS, dir), { withFileTypes: true }).map((e) => ({ dir, e })))
      .filter(({ e }) => e.isFile() && !e.name.endsWith('.map'))
      .map(({ dir, e }) => file(dir, e.name))
      .filter((f) => !every.includes(f));
    const total = rest.reduce((sum, f) => sum + fs.statSync(f).size, 0);
    expect(total).toBeGreaterThan(CACHED_ASSET_BYTES);
    for (const f of rest) {
      for (const e of every) await read(e); // each page loads these
      expect((await read(f))?.equals(fs.readFileSync(f))).toBe(true);
      expect(read.heldBytes()).toBeLessThanOrEqual(CACHED_ASSET_BYTES);
    }
    for (const e of every) expect(read.held(e)).toBe(true);
    expect(rest.filter((f) => read.held(f)).length).toBeLessThan(rest.length / 2);
    // A file gone is not found, and not kept.
    expect(await read(file('cmaps', 'no-such.bcmap'))).toBeUndefined();
    expect(read.held(file('cmaps', 'no-such.bcmap'))).toBe(false);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildExtension } from './support/browser';

const SIZES = ['16', '32', '48', '96', '128'];
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("the built extension's icons", () => {
  it.each(['chrome', 'firefox'] as const)(
    'the %s manifest declares an icon at each size, for the extension and its toolbar button, and ships them',
    async (browser) => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), `folio-manifest-${browser}-`));
      dirs.push(out);
      const dir = await buildExtension(out, browser);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
        icons: Record<string, string>;
        action: { default_icon: Record<string, string>; default_popup: string };
      };
      expect(Object.keys(manifest.icons)).toEqual(SIZES);
      expect(manifest.action.default_icon).toEqual(manifest.icons);
      expect(manifest.action.default_popup).toBe('popup.html');
      for (const [size, file] of Object.entries(manifest.icons)) {
        expect(pngSize(path.join(dir, file)), file).toEqual([Number(size), Number(size)]);
      }
    },
    60_000,
  );
});

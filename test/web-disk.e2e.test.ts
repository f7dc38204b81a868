import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { fixturePath, hasFixture } from '../backend/src/testing/fixtures';
import { ARTIFACTS, describeInChromium } from './support/browser';
import { useWebServer } from './support/web-server';

const PDF = 'metadata-dev/dev-001.pdf';

describeInChromium("settings: the store's size on disk", () => {
  const web = useWebServer({}, { timeout: 180_000 });

  it('shows database, WAL, originals and total in the reader’s units at 1280 and 390 px', async () => {
    // One original file, so its line is not zero (where the fixture is at hand).
    const original = hasFixture(PDF) ? fs.statSync(fixturePath(PDF)).size : 0;
    if (original) await web.upload(fixturePath(PDF));
    const { page } = web;
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${web.base}/ajustes/claves`);
      const card = page.locator('section[aria-labelledby="disco-titulo"]');
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole('heading', { name: 'Espacio en disco' }).isVisible()).resolves.toBe(true);
      const rows = await card.locator('dl.disk > div').allInnerTexts();
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row).toMatch(/\d+(,\d)? (B|kB|MB|GB)$/);
      // On a server the originals may be kept in the database (FOLIO_BLOBS), and the line says so.
      if (original)
        expect(rows[2]).toMatch(/^Archivos originales( \(dentro de la base de datos\))?\s+\d+(,\d)? (kB|MB)$/);
      // Nothing runs past a phone's width.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await card.screenshot({ path: path.join(ARTIFACTS, `ajustes-disco-${width}.png`) });
      await page.screenshot({ path: path.join(ARTIFACTS, `ajustes-${width}.png`), fullPage: true });
    }
  }, 120_000);
});

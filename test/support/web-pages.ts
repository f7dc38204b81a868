import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS } from './browser';

/** Signs in through the sign-in form, as a person would; the session cookie stays in the page's context. */
export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/entrar`);
  await page.locator('input[name="correo"]').fill(email);
  await page.locator('input[name="contrasena"]').fill(password);
  await Promise.all([
    page.waitForURL((u) => u.pathname !== '/entrar'),
    page.locator('form button[type="submit"]').first().click(),
  ]);
}

/**
 * Screenshots of the page as it stands at 1280 px and at 390 px (a phone), full height, into
 * test/artifacts/<name>-1280.png and <name>-390.png; the viewport is put back afterwards. Also checks that
 * nothing overflows sideways at 390 px (a table or a header cut off on a phone).
 */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    if (width === 390) {
      const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
      expect(overflow, `${name} is wider than a 390 px screen`).toBeLessThanOrEqual(1);
    }
  }
  await page.setViewportSize(before);
}

/**
 * axe-core on the page as it stands: no serious or critical violation (WCAG 2.1 A and AA rules). The page
 * must come from `browser.newContext()`, not `browser.newPage()` (axe opens a blank page in its context).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const grave = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(grave, `axe on ${page.url()}`).toEqual([]);
}

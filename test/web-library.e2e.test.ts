import fs from 'node:fs';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/browser';
import { expectAccessible, shootBothWidths } from './support/web-pages';
import { useWebServer } from './support/web-server';

// The page's own globals, for the functions Playwright runs inside Chromium (the typecheck has no DOM lib).
interface PageNode {
  cloneNode(deep: boolean): PageNode;
  querySelectorAll(selector: string): ArrayLike<PageNode> & Iterable<PageNode>;
  remove(): void;
  dispatchEvent(event: unknown): boolean;
  textContent: string | null;
}
declare const document: { getElementById(id: string): PageNode | null } & Pick<PageNode, 'querySelectorAll'>;
declare const DataTransfer: new () => { items: { add(file: unknown): void } };
declare const DragEvent: new (type: string, init: Record<string, unknown>) => unknown;

/** Three notes dropped at once; the third is over the single-request limit (50 KB here), so it goes in parts. */
const paragraph = 'El agua del anillo de cenotes se muestreó en lluvias y en secas, con nitratos medidos cada mes. ';
const FILES = [
  { name: 'cenotes.md', text: `# Cenotes y acuíferos\n\n${paragraph.repeat(20)}\n` },
  { name: 'anillo.md', text: `# Anillo de cenotes\n\n${paragraph.repeat(25)}\n` },
  {
    name: 'bitacora.md',
    text: `# Bitácora de muestreo\n\n${Array.from({ length: 12 }, () => paragraph.repeat(60)).join('\n\n')}\n`,
  },
];
const BY_TITLE = ['Anillo de cenotes', 'Bitácora de muestreo', 'Cenotes y acuíferos'];

const title = 'library page in Chromium against `folio serve`: drop, sort, filter, collections, export';

describeInChromium(title, () => {
  // A single-request limit of 50 KB, so that the third note goes in parts.
  const web = useWebServer({
    env: { FOLIO_MAX_UPLOAD_MB: '0.05' },
    scopes: false,
    context: { acceptDownloads: true, viewport: { width: 1280, height: 720 } },
  });

  /** The titles of the rows as shown, top to bottom (the title cell without its checkbox and collection tag). */
  const titles = () =>
    web.page.locator('#documentos tr[data-id] th.title').evaluateAll((cells) =>
      cells.map((cell) => {
        const copy = (cell as unknown as PageNode).cloneNode(true);
        for (const extra of copy.querySelectorAll('input, .tag, .doc-error')) extra.remove();
        return (copy.textContent ?? '').trim();
      }),
    );

  it('takes three files dropped at once, each with its own progress, through to listo', async () => {
    const { page, base } = web;
    await page.goto(`${base}/biblioteca`);
    await page.getByText('Tu biblioteca está vacía.').waitFor();
    const parts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/biblioteca/subidas')) parts.push(r.method());
    });
    // What a drop from the file manager does: a `drop` on the add card with the files in its DataTransfer.
    const shown = await page.evaluate((files) => {
      const data = new DataTransfer();
      for (const f of files) data.items.add(new File([f.text], f.name, { type: 'text/markdown' }));
      const card = document.getElementById('anadir')!;
      card.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
      card.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      return {
        lines: document.querySelectorAll('#subidas li').length,
        bars: document.querySelectorAll('#subidas li progress').length,
      };
    }, FILES);
    expect(shown).toEqual({ lines: 3, bars: 3 });
    const lines = page.locator('#subidas li');
    await page.locator('#subidas li[data-estado="listo"]').nth(2).waitFor({ timeout: 120_000 });
    for (const [i, f] of FILES.entries()) {
      const line = lines.nth(i);
      expect(await line.getAttribute('data-estado')).toBe('listo');
      expect(await line.getAttribute('data-estado-texto')).toBe('listo');
      // Named by its title once read, else by its file name (often read before its upload is answered).
      const named = [f.name.replace(/\.md$/, ''), /^# (.+)$/m.exec(f.text)![1]!];
      expect(named.map((n) => `«${n}» añadido.`)).toContain(await line.textContent());
    }
    expect(parts).toContain('PATCH');
    await page.locator('#documentos tr[data-estado="listo"]').nth(2).waitFor({ timeout: 60_000 });
    expect(await page.locator('#documentos tr[data-id]').count()).toBe(3);
    // Each file's line, settled: its notice and its state.
    await shootBothWidths(page, 'web-biblioteca-subidas');
  }, 180_000);

  it('sorts by title, and a reload keeps the order', async () => {
    const { page, base } = web;
    await page.getByLabel('Ordenar por').selectOption('titulo');
    await page.waitForURL(`${base}/biblioteca?orden=titulo`);
    await expect.poll(titles, { timeout: 20_000 }).toEqual(BY_TITLE);
    await page.reload();
    expect(await titles()).toEqual(BY_TITLE);
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('titulo');
    await shootBothWidths(page, 'web-biblioteca');
    await expectAccessible(page);
  });

  it('finds by title or author as you type', async () => {
    const { page } = web;
    await page.getByLabel('Título o autor').pressSequentially('bitác', { delay: 40 });
    await expect.poll(titles, { timeout: 20_000 }).toEqual(['Bitácora de muestreo']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('bitác');
    await page.getByLabel('Título o autor').fill('');
    await expect.poll(titles, { timeout: 20_000 }).toEqual(BY_TITLE);
  });

  it('creates a collection, assigns two documents, filters by it and exports it', async () => {
    const { page } = web;
    await page.getByLabel('Nombre de la colección').fill('Tesis de cenotes');
    await page.getByRole('button', { name: 'Crear colección' }).click();
    await page.locator('#avisos', { hasText: 'Colección «Tesis de cenotes» creada.' }).waitFor();
    await page.getByRole('checkbox', { name: 'Elegir «Anillo de cenotes»' }).check();
    // Keyboard too: Space on the focused box selects it.
    await page.getByRole('checkbox', { name: 'Elegir «Cenotes y acuíferos»' }).focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Colección de destino').selectOption('Tesis de cenotes');
    await page.getByRole('button', { name: 'Asignar', exact: true }).click();
    await page.locator('#avisos', { hasText: '2 documentos asignados a «Tesis de cenotes».' }).waitFor();
    expect(await titles()).toEqual(BY_TITLE);

    await page.getByLabel('Colección', { exact: true }).selectOption('Tesis de cenotes');
    await page.waitForURL(/biblioteca=Tesis/);
    await expect.poll(titles, { timeout: 20_000 }).toEqual(['Anillo de cenotes', 'Cenotes y acuíferos']);
    await page.reload();
    expect(await titles()).toEqual(['Anillo de cenotes', 'Cenotes y acuíferos']);
    await shootBothWidths(page, 'web-biblioteca-coleccion');
    await expectAccessible(page);

    expect(await page.locator('#exportar').textContent()).toContain('Exportar la colección «Tesis de cenotes»:');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#exportar').getByRole('link', { name: 'RIS' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('folio-tesis-de-cenotes.ris');
    const ris = fs.readFileSync((await download.path())!, 'utf8');
    expect(ris).toContain('Anillo de cenotes');
    expect(ris).toContain('Cenotes y acuíferos');
    expect(ris).not.toContain('Bitácora');
  });
});

import { beforeAll, expect, it } from 'vitest';
import { describeInChromium } from './support/browser';
import { expectAccessible, shootBothWidths } from './support/web-pages';
import { useWebServer } from './support/web-server';
import { buildSamplePdf, MUESTRA } from './fixtures/sample-pdf';

const PDF_TITLE = 'Cuaderno de campo del acuífero de Yucatán';
const MD_TITLE = 'Bitácora de los pozos';
const CLAIM = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';

const title = 'search and verify pages in Chromium against `folio serve`';

describeInChromium(title, () => {
  const web = useWebServer({
    context: { viewport: { width: 1280, height: 720 } },
    clipboard: true,
  });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { base, key } = web;

    const upload = async (query: string, body: Uint8Array | string, type: string) => {
      const res = await fetch(`${base}/api/v1/documentos?esperar=90&${query}`, {
        method: 'POST',
        body,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': type },
      });
      expect(res.status).toBe(201);
      const doc = (await res.json()) as { id: string; estado: string };
      expect(doc.estado).toBe('listo');
      return doc.id;
    };
    ids.pdf = await upload(
      'nombre=cuaderno.pdf&biblioteca=tesis',
      new Uint8Array(buildSamplePdf(MUESTRA)),
      'application/pdf',
    );
    const wells = Array.from(
      { length: 6 },
      (_, i) =>
        `## Pozo ${i + 1}\n\nLos nitratos del pozo ${i + 1} se midieron cada mes, en lluvias y en secas, ` +
        'junto con la conductividad y la temperatura del agua.',
    );
    ids.md = await upload(
      `nombre=pozos.md&titulo=${encodeURIComponent(MD_TITLE)}&autores=${encodeURIComponent('Chan May, Jorge')}` +
        '&anio=2018&biblioteca=campo',
      `# ${MD_TITLE}\n\n${wells.join('\n\n')}\n`,
      'text/markdown',
    );
  }, 240_000);

  it('searches with a type filter, with `/` to the box, copies a citation and follows the reader link', async () => {
    const { page, base } = web;
    await page.getByRole('link', { name: 'Buscar' }).click();
    await page.waitForURL(`${base}/buscar`);
    // `/` focuses the box from anywhere but a field; typed in a field it is just a character.
    await page.locator('#anio').focus();
    await page.keyboard.type('/');
    expect(await page.locator('#anio').inputValue()).toBe('/');
    await page.locator('#anio').fill('');
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await page.evaluate('document.activeElement?.id')).toBe('q');
    await page.keyboard.type('nitratos');

    // Both documents speak of nitrates; the type filter keeps the PDF's passages only.
    await page.getByLabel('Tipo de documento').selectOption({ label: 'PDF' });
    await Promise.all([page.waitForURL(/\/buscar\?q=nitratos/), page.getByRole('button', { name: 'Buscar' }).click()]);
    expect(new URL(page.url()).searchParams.get('tipo')).toBe('pdf');
    const results = page.locator('li.result');
    expect(await results.count()).toBeGreaterThan(0);
    for (const heading of await page.locator('li.result h3').allTextContents()) expect(heading).toBe(PDF_TITLE);
    expect(await page.locator('.engines').textContent()).toContain('léxico (BM25)');

    // Without the filter the Markdown document answers too.
    await page.goto(`${base}/buscar?q=nitratos`);
    expect(await page.locator('li.result h3').allTextContents()).toContain(MD_TITLE);
    await page.goto(`${base}/buscar?q=${encodeURIComponent('nitratos Homún')}&tipo=pdf`);

    const first = results.first();
    const cita = (await first.locator('dd.cita').textContent())!.trim();
    expect(cita).toBe('(Pérez Canul, 2021, p. 2)');
    expect((await first.locator('dd.localizador').textContent())!.trim()).toBe('p. 2');
    await shootBothWidths(page, 'web-buscar');
    await expectAccessible(page);

    await first.getByRole('button', { name: 'Copiar cita' }).click();
    await first.getByRole('button', { name: 'Copiado' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(cita);
    await page.locator('#avisos', { hasText: 'Copiado' }).waitFor();
    await first.getByRole('button', { name: 'Copiar texto + cita' }).click();
    const both = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(both).toMatch(/^«[\s\S]*44\.9 mg\/L[\s\S]*» \(Pérez Canul, 2021, p\. 2\)$/);

    await Promise.all([page.waitForURL(/\/leer\//), first.getByRole('link', { name: /Abrir en el lector/ }).click()]);
    expect(new URL(page.url()).pathname).toBe(`/leer/${ids.pdf}`);
    expect(await page.locator('h1').textContent()).toContain(PDF_TITLE);
  }, 120_000);

  it('shows a bad year as a message on the page', async () => {
    const { page, base } = web;
    await page.goto(`${base}/buscar?q=nitratos&anio=ayer`);
    expect(await page.getByRole('alert').textContent()).toContain('El año debe ser un número');
  });

  it('verifies a claim copied from a document: respaldada, with its passage and support', async () => {
    const { page, base } = web;
    await page.getByRole('link', { name: 'Verificar' }).click();
    await page.waitForURL(`${base}/verificar`);
    await page.getByLabel('Afirmación').fill(CLAIM);
    await page.getByLabel('Año del texto (opcional)').fill('2022');
    await Promise.all([page.waitForURL(`${base}/verificar`), page.getByRole('button', { name: 'Verificar' }).click()]);
    const verdict = page.locator('.verdict-text');
    expect(await verdict.getAttribute('data-veredicto')).toBe('respaldada');
    expect(await verdict.textContent()).toContain('Respaldada');
    expect(await page.locator('.probability').textContent()).toMatch(/Probabilidad de respaldo: \d+ %/);
    const top = page.locator('li.result').first();
    expect(await top.locator('h3').textContent()).toBe(PDF_TITLE);
    expect(await top.locator('.rel').textContent()).toContain('Apoyo directo');
    expect(await top.locator('.support').textContent()).toMatch(/Respaldo\s+\d+ %/);
    expect((await top.locator('dd.cita').textContent())!.trim()).toBe('(Pérez Canul, 2021, p. 2)');
    await shootBothWidths(page, 'web-verificar');
    await expectAccessible(page);
  }, 120_000);

  it('without a model, says a paraphrase is not stated in the same words, shows the closest passage and the NLI command', async () => {
    const { page, base } = web;
    // The PDF says 'Este cuaderno reúne las mediciones de nitratos en los cenotes del anillo.': in other words.
    await page.goto(`${base}/verificar`);
    await page
      .getByLabel('Afirmación')
      .fill('El cuaderno recopila los datos de nitrato tomados en los cenotes del anillo.');
    await Promise.all([page.waitForURL(`${base}/verificar`), page.getByRole('button', { name: 'Verificar' }).click()]);
    const verdict = page.locator('.verdict-text');
    expect(await verdict.getAttribute('data-veredicto')).toBe('sin_respaldo');
    expect(await verdict.textContent()).toContain(
      'Sin respaldo confirmado: ningún pasaje de tu biblioteca dice esta afirmación con las mismas palabras.',
    );
    const closest = page.getByRole('group', { name: 'El pasaje más cercano' });
    expect(await closest.locator('blockquote').textContent()).toContain('reúne las mediciones de nitratos');
    expect((await closest.locator('.cita').textContent())!.trim()).toBe('(Pérez Canul, 2021, p. iii)');
    expect(await closest.locator('a.localizador').getAttribute('href')).toContain(`/leer/${ids.pdf}`);
    expect(await closest.locator('code').textContent()).toBe('npm run folio -- models pull nli');
    await shootBothWidths(page, 'web-verificar-sin-modelo');
    await expectAccessible(page);
  }, 120_000);
});

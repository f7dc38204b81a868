import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { mendLineEndHyphens } from '../text-repair/line-end-hyphens';
import { convertPdf } from './pdf';
import { pageTextFromItems } from './pdf-page-text';

/** A word cut at a line end, as pdf.js reads it and nothing mends it: a letter, '-', a lower-case line. */
const CUT = /\p{L}-\n\p{Ll}/gu;

/** The text of every page as read before line-end hyphens are undone. */
async function pagesAsRead(file: string): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const { items } = await page.getTextContent();
      pages.push(pageTextFromItems(items, { transform: viewport.transform, height: viewport.height }).texto);
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

async function converted(file: string): Promise<string> {
  const { unidades } = await convertPdf({ path: file, size: 0 }, { progress: async () => {} });
  return unidades.map((u) => u.texto).join('\n\n');
}

describe('line-end hyphens in a PDF pdfTeX hyphenated (test/fixtures/latex/line-end-hyphens.pdf)', () => {
  const file = path.join(REPO_ROOT, 'test/fixtures/latex/line-end-hyphens.pdf');
  let read = '';
  let text = '';
  beforeAll(async () => {
    read = (await pagesAsRead(file)).join('\n\n');
    text = await converted(file);
  });

  it('has the cuts to mend, as pdf.js reads them', () => {
    for (const cut of ['lo-\ncation', 'discov-\ners', 'per-\ntaining', 'infor-\nmación', 'infor-\nmação']) {
      expect(read).toContain(cut);
    }
    for (const cut of ['pro-\nblème', 'Donaudampf-\nschiff', 'self-\nevident', 'e-\nmail', 'Jean-\nPaul']) {
      expect(read).toContain(cut);
    }
    for (const cut of ['teórico-\npráctico', 'bem-\nestar', 'bien-\nêtre', 'Ost-\nWest', '1990-\n2000']) {
      expect(read).toContain(cut);
    }
  });

  it('joins the words TeX cut, in five languages', () => {
    for (const words of ['exact location', 'committee discovers', 'Documents pertaining', 'La información']) {
      expect(text).toContain(words);
    }
    for (const words of ['A informação', 'Le problème', 'Das Donaudampfschiff', 'und Regierungschefs']) {
      expect(text).toContain(words);
    }
  });

  it('keeps the compounds broken at their hyphen, and leaves the number range and the suspended hyphen', () => {
    for (const words of ['quite self-evident', 'short e-mail', 'from Jean-Paul', 'curso\nteórico-práctico\ny']) {
      expect(text).toContain(words);
    }
    for (const words of ['nosso bem-estar', 'le bien-être', 'der Ost-West-Achse', '1990-\n2000', 'Staats-\nund']) {
      expect(text).toContain(words);
    }
    expect(text.match(CUT)).toEqual(['s-\nu']);
  });
});

/** A document of the metadata set in each language, and compounds it breaks at a line end. */
const REAL: { file: string; lang: string; compounds: string[] }[] = [
  { file: 'dev-024.pdf', lang: 'es', compounds: [] },
  { file: 'dev-063.pdf', lang: 'pt', compounds: ['Western-Blot', 'anti-retrovirais'] },
  { file: 'dev-083.pdf', lang: 'en', compounds: ['non-seasonal', 'well-defined'] },
  { file: 'dev-026.pdf', lang: 'fr', compounds: ['c’est-à-dire', 'sous-ensemble', 'sous-partie', 'celle-ci'] },
  { file: 'dev-025.pdf', lang: 'de', compounds: ['EU-Beitritt', 'Lissabon-Strategie', 'EU-Präsidentschaften'] },
];

describe.skipIf(!hasFixture('metadata-dev'))(
  titleNeeding('line-end hyphens in real PDFs of five languages (metadata-dev)', 'metadata-dev'),
  () => {
    it.each(REAL)('$file ($lang): cut words joined, compounds kept', async ({ file, compounds }) => {
      const source = fixturePath(`metadata-dev/${file}`);
      const read = await pagesAsRead(source);
      const { decisions } = mendLineEndHyphens(read);
      expect(read.join('\n\n').match(CUT)!.length).toBeGreaterThan(100);
      expect(decisions.filter((d) => d.action === 'join').length).toBeGreaterThan(100);

      const text = await converted(source);
      // All that is left of a letter, a hyphen and a lower-case line is a suspended hyphen ('Staats- und').
      for (const left of text.match(new RegExp(`\\S*${CUT.source}\\S*`, 'gu')) ?? []) {
        expect(left).toMatch(/-\n(und|and|y|e|et|ou|oder)$/u);
      }
      for (const compound of compounds) expect(text).toContain(compound);
    });
  },
);

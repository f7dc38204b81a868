import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { pageTextFromItems } from './pdf-page-text';
import { inferFolios, type Folio, type PageEdges, type PageLine } from './pdf-folios';

/**
 * A page as its edges: an optional running head, body lines, an optional running foot (null: none).
 * Positions are those of a 792 pt page: head at 765, body from 700 down, foot at 36.
 */
function page(head: string | null, body: string[] = ['Texto del cuerpo de la página.'], foot: string | null = null) {
  const lines: PageLine[] = [];
  if (head !== null) lines.push({ text: head, y: 765, height: 10 });
  body.forEach((text, i) => lines.push({ text, y: 700 - 14 * i, height: 11 }));
  if (foot !== null) lines.push({ text: foot, y: 36, height: 10 });
  return { top: lines.slice(0, 3), bottom: lines.slice(-3) } satisfies PageEdges;
}
const footed = (foot: string | null, body?: string[]) => page(null, body, foot);

const printed = (folios: Folio[]) => folios.map((f) => f.impresa);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('inferFolios', () => {
  it('reads a footer sequence, with the folio as printed and where it came from', () => {
    const folios = inferFolios(range(1, 8).map((n) => footed(String(n))));
    expect(printed(folios)).toEqual(range(1, 8).map(String));
    for (const f of folios) {
      expect(f).toMatchObject({ romana: false, origen: 'texto' });
      expect(f.confianza).toBeGreaterThanOrEqual(0.6);
      expect(f.confianza).toBeLessThanOrEqual(0.95);
    }
  });

  it('keeps the offset of an excerpt (physical 1 is folio 47)', () => {
    expect(printed(inferFolios(range(47, 52).map((n) => footed(`— ${n} —`))))).toEqual(range(47, 52).map(String));
  });

  it('takes the folio, not the chapter number, from a running head', () => {
    const pages = range(47, 56).map((n) => page(n % 2 ? `Capítulo 2 · ${n}` : `${n} · Los cenotes del anillo`));
    expect(printed(inferFolios(pages))).toEqual(range(47, 56).map(String));
  });

  it('reads heads whose folio is not the first or the last line of the page content', () => {
    // Heads drawn after the body: what counts is the position on the page, not the content order.
    const pages = range(10, 15).map((n) => {
      const p = page(`Revista de Hidrología  ${n}`, ['Primer párrafo.', 'Segundo párrafo.', 'Tercero.', 'Cuarto.']);
      return { top: [...p.top.slice(1), p.top[0]!], bottom: p.bottom };
    });
    expect(printed(inferFolios(pages))).toEqual(range(10, 15).map(String));
  });

  it('reads roman front matter, then the arabic body; unnumbered openers take the predicted folio', () => {
    const pages = [
      footed(null, ['Cuaderno de campo del acuífero']), // title page: i, not printed
      footed('ii'),
      footed('iii'),
      footed('iv'),
      footed(null, ['Capítulo primero', 'El acuífero kárstico…']), // chapter opener: 1, not printed
      ...range(2, 9).map((n) => footed(String(n))),
      footed(null, ['2 Nitratos']), // opener inside the run: 10
      ...range(11, 14).map((n) => footed(String(n))),
    ];
    const folios = inferFolios(pages);
    expect(printed(folios)).toEqual(['i', 'ii', 'iii', 'iv', ...range(1, 14).map(String)]);
    expect(folios.map((f) => f.romana)).toEqual([true, true, true, true, ...range(1, 14).map(() => false)]);
    const [title, second] = [folios[0]!, folios[1]!];
    const [opener, numbered, inner] = [folios[4]!, folios[5]!, folios[13]!];
    expect(title.confianza!).toBeLessThan(second.confianza!);
    expect(opener.confianza!).toBeLessThan(numbered.confianza!);
    expect(inner.confianza!).toBeLessThan(numbered.confianza!);
    expect(inner.confianza!).toBeGreaterThan(opener.confianza!);
  });

  it('reads upper-case roman folios and stores them lower case', () => {
    const folios = inferFolios(['IX', 'X', 'XI', 'XII'].map((n) => footed(n)));
    expect(folios.map((f) => [f.impresa, f.romana])).toEqual([
      ['ix', true],
      ['x', true],
      ['xi', true],
      ['xii', true],
    ]);
  });

  it('gives the predicted folio to a page whose number was misread', () => {
    const feet = ['21', '22', '2B', '24', '25', '26'];
    const folios = inferFolios(feet.map((n) => footed(n)));
    expect(printed(folios)).toEqual(range(21, 26).map(String));
    expect(folios[2]!.confianza!).toBeLessThan(folios[1]!.confianza!);
  });

  it('grows more confident with more pages that agree', () => {
    const short = inferFolios(range(1, 4).map((n) => footed(String(n))));
    const long = inferFolios(range(1, 40).map((n) => footed(String(n))));
    const gappy = inferFolios(range(1, 40).map((n) => footed(n % 3 ? String(n) : null)));
    expect(long[0]!.confianza!).toBeGreaterThan(short[0]!.confianza!);
    expect(long[0]!.confianza!).toBeGreaterThan(gappy[0]!.confianza!);
    expect(printed(gappy)).toEqual(range(1, 40).map(String));
  });

  it('reads "Página n de N" and "p. n"', () => {
    expect(printed(inferFolios(range(1, 5).map((n) => footed(`Página ${n} de 5`))))).toEqual(range(1, 5).map(String));
    expect(printed(inferFolios(range(3, 7).map((n) => page(`p. ${n}`))))).toEqual(range(3, 7).map(String));
  });

  it('keeps a restart of the numbering (two articles in one file)', () => {
    const pages = [...range(101, 105), ...range(1, 5)].map((n) => footed(String(n)));
    expect(printed(inferFolios(pages))).toEqual([...range(101, 105), ...range(1, 5)].map(String));
  });

  it('leaves pages outside every run without a folio', () => {
    // Numbered 1-5, then ten pages of plates, then 16-20: two runs; the plates have no printed folio.
    const pages = range(1, 20).map((n) => footed(n <= 5 || n > 15 ? String(n) : null));
    const folios = inferFolios(pages);
    expect(printed(folios).slice(0, 5)).toEqual(range(1, 5).map(String));
    expect(printed(folios).slice(5, 14)).toEqual(range(6, 14).map(() => null));
    // The page just before a run is its unnumbered opener.
    expect(printed(folios).slice(14)).toEqual(range(15, 20).map(String));
    expect(folios[5]).toEqual({ impresa: null, romana: false });
  });

  describe('does not take for a folio', () => {
    const none = (pages: PageEdges[]) => expect(printed(inferFolios(pages))).toEqual(pages.map(() => null));

    it('the year of a running head', () => {
      none(range(1, 8).map(() => page('Boletín de Hidrología, 2019')));
      none(range(1, 8).map(() => footed('© 2021')));
    });

    it('chapter and section numbers', () => {
      none(range(1, 8).map(() => page('Capítulo 3')));
      none(range(1, 8).map((n) => page(`1.${n} Métodos`)));
      none(range(1, 8).map((n) => page(`${n}. Resultados`)));
    });

    it('numbers in body text', () => {
      none(
        range(1, 8).map((n) =>
          page(null, [`En ${1990 + 3 * n} se midieron ${n * 7} cenotes de la península de Yucatán y otros más.`]),
        ),
      );
      // A long body line ending in a number that happens to follow the pages: not a running head.
      none(
        range(1, 6).map((n) =>
          page(null, [`las mediciones que se repitieron en los cenotes del anillo a lo largo de la campaña ${n}`]),
        ),
      );
    });

    it('a single numbered page, or two, among many', () => {
      none(range(1, 10).map((n) => footed(n === 5 ? '5' : null)));
      none(range(1, 10).map((n) => footed(n === 5 || n === 6 ? String(n) : null)));
    });

    it('numbers that do not follow the pages', () => {
      none([7, 3, 12, 9, 1, 15].map((n) => footed(String(n))));
      none(range(1, 6).map((n) => footed(String(2 * n))));
    });

    it('a lone numeral before the body when it is not front matter', () => {
      // 'I' opening a sentence is no folio i.
      const pages = [page(null, ['I think therefore I am.']), ...range(2, 6).map((n) => footed(String(n)))];
      expect(printed(inferFolios(pages))[0]).toBe('1');
      expect(inferFolios(pages)[0]!.romana).toBe(false);
    });
  });

  it('pairs short front matter with a body starting at 1 on the same edge', () => {
    expect(printed(inferFolios(['i', 'ii', 'iii', '1'].map((n) => footed(n))))).toEqual(['i', 'ii', 'iii', '1']);
    expect(printed(inferFolios(['iii', 'iv', '1', '2', '3'].map((n) => footed(n))))).toEqual([
      'iii',
      'iv',
      '1',
      '2',
      '3',
    ]);
    // The roman number is a chapter title at the top while the body's folios are at the bottom.
    const mixed = [page('III'), page('IV'), footed('1'), footed('2')];
    expect(printed(inferFolios([...mixed, footed('3'), footed('4')]))).toEqual([null, null, '1', '2', '3', '4']);
  });

  it('in a two-page document, needs both pages numbered', () => {
    expect(printed(inferFolios([footed('41'), footed('42')]))).toEqual(['41', '42']);
    expect(printed(inferFolios([footed('41'), footed(null)]))).toEqual([null, null]);
  });

  describe('one-page documents', () => {
    it('take a single folio-like number on an outer line, with low confidence', () => {
      const folios = inferFolios([footed('| 41 www.flightsafety.org | AviationSafetyWorld | october 2006')]);
      expect(folios).toEqual([{ impresa: '41', romana: false, origen: 'texto', confianza: 0.5 }]);
      expect(printed(inferFolios([footed('- 7 -')]))).toEqual(['7']);
    });

    it('take nothing when the number is ambiguous, a year, roman or inside the text', () => {
      expect(printed(inferFolios([footed('12 | 14')]))).toEqual([null]);
      expect(printed(inferFolios([footed('Mérida, 2019')]))).toEqual([null]);
      expect(printed(inferFolios([footed('xii')]))).toEqual([null]);
      expect(printed(inferFolios([footed(null, ['Capítulo 4 de la obra', 'y su continuación'])]))).toEqual([null]);
      expect(printed(inferFolios([{ top: [], bottom: [] }]))).toEqual([null]);
    });

    it('take nothing from a stack of lone numbers: the ticks of a chart axis', () => {
      const line = (text: string, y: number) => ({ text, y, height: 10 });
      const ticks = ['8', '6', '4', '2', '0'].map((t, i) => line(t, 700 - 100 * i));
      const axis = { top: ticks.slice(0, 3), bottom: [...ticks.slice(3), line('0 2 4 6 8', 250)] };
      expect(printed(inferFolios([axis]))).toEqual([null]);
      // A folio alone in the foot, under body text, is still read.
      expect(printed(inferFolios([{ top: [line('Notes on a chart', 700)], bottom: [line('7', 40)] }]))).toEqual(['7']);
    });
  });

  it('handles no pages and pages without text', () => {
    expect(inferFolios([])).toEqual([]);
    expect(printed(inferFolios(range(1, 3).map(() => ({ top: [], bottom: [] }))))).toEqual([null, null, null]);
  });

  it('is fast on a long book', () => {
    const pages = range(1, 3000).map((n) =>
      page(n % 2 ? `Capítulo ${Math.ceil(n / 30)} · ${n}` : `${n} · Historia`, [
        `Línea ${n * 3} de ${n + 7} notas 19${n % 100}`,
      ]),
    );
    const started = performance.now();
    const folios = inferFolios(pages);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(printed(folios)).toEqual(range(1, 3000).map(String));
  });
});

const PDF_FIXTURES = fixturePath('pdfs');
const fixturesExist = hasFixture('pdfs/manifest.json');

/** Expands the manifest's '...' between two arabic labels. */
function expandLabels(labels: string[]): string[] {
  return labels.flatMap((label, i) =>
    label === '...' ? range(Number(labels[i - 1]) + 1, Number(labels[i + 1]) - 1).map(String) : [label],
  );
}

async function edgesOf(file: string): Promise<PageEdges[]> {
  const task = getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 });
  try {
    const doc = await task.promise;
    const edges: PageEdges[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const p = await doc.getPage(n);
      const { transform, height } = p.getViewport({ scale: 1 });
      edges.push(pageTextFromItems((await p.getTextContent()).items, { transform, height }).edges);
    }
    return edges;
  } finally {
    await task.destroy();
  }
}

describe.skipIf(!fixturesExist)(titleNeeding('inferFolios on the shared PDF fixtures', 'pdfs/manifest.json'), () => {
  const manifest: { file: string; expected_labels: string[] | null }[] = fixturesExist
    ? JSON.parse(readFileSync(resolve(PDF_FIXTURES, 'manifest.json'), 'utf8'))
    : [];
  const expected = (file: string) => expandLabels(manifest.find((e) => e.file === file)!.expected_labels!);
  const edges = new Map<string, PageEdges[]>();
  beforeAll(async () => {
    for (const { file } of manifest) edges.set(file, await edgesOf(resolve(PDF_FIXTURES, file)));
  }, 120_000);

  it('finds, from the printed heads alone, the /PageLabels of the books that print them', () => {
    // GeoTopo: 117 pages, 'iii' at the top of page 3, arabic heads ('4 1.1. TOPOLOGISCHE RÄUME'), chapter
    // openers without a head. The others print their folio in the foot.
    for (const file of ['GeoTopo-komprimiert.pdf', 'bug793632.pdf', 'pdfminer-pagelabels.pdf']) {
      const folios = inferFolios(edges.get(file)!);
      expect(printed(folios), file).toEqual(expected(file));
      for (const f of folios) expect(f.origen).toBe('texto');
    }
  });

  it('reads the printed foot of the one page that has no /PageLabels', () => {
    // The manifest's note: 'printed folio is "41" (footer "| 41")'.
    const entry = manifest.find((e) => e.file === 'issue-00352-asw-oct96-p41.pdf')!;
    expect(entry.expected_labels).toBeNull();
    expect(inferFolios(edges.get(entry.file)!)).toEqual([
      { impresa: '41', romana: false, origen: 'texto', confianza: 0.5 },
    ]);
  });

  it('reads what is printed even where the labels say otherwise, and nothing where nothing is printed', () => {
    // issue14847 prints 'iii' on page 1 and 1, 2, 3 on pages 3-5, while its labels say i … iv, 1, 2.
    expect(printed(inferFolios(edges.get('issue14847.pdf')!))).toEqual([null, null, '1', '2', '3', null]);
    for (const file of ['labelled_pages.pdf', 'rotation.pdf', 'issue1453.pdf', 'bad-PageLabels.pdf']) {
      expect(printed(inferFolios(edges.get(file)!)), file).toEqual(edges.get(file)!.map(() => null));
    }
    expect(printed(inferFolios(edges.get('pdflatex-4-pages.pdf')!))).toEqual(['1', '2', '3', '4']);
  });
});

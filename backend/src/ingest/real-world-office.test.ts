import type { AnclaSeccion } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../testing/fixtures';
import type { Block, Conversion, SourceFile } from './converter';
import { convertEpub } from './epub/epub';
import { convertPptx } from './office/pptx';

const DIR = 'real-world';
const present = hasFixture(`${DIR}/README.md`);
const ctx = { progress: async () => {} };
const file = (name: string): SourceFile => ({ path: fixturePath(`${DIR}/${name}`), size: 0 });

/** Every paragraph block of a conversion, in order. */
const blocks = (c: Conversion): Block[] => c.unidades.flatMap((u) => u.bloques ?? []);

/** The EPUB 'ruta' of a block, joined by ' > '. */
const ruta = (b: Block) => (b.ancla as AnclaSeccion).ruta.join(' > ');

/**
 * Real EPUB and PPTX files from public test corpora whose text sits outside the main flow
 * (../shared/fixtures/real-world/README.md): SVG text, MathML, charts. Each is converted whole and
 * checked for the words a reader sees, where they stand.
 */
describe.skipIf(!present)(titleNeeding('real-world EPUB and PPTX', `${DIR}/README.md`), () => {
  it('idpf__sous-le-vent.epub: the French text drawn as SVG <text>, in order, as paragraphs', async () => {
    const c = await convertEpub(file('idpf__sous-le-vent.epub'), ctx);
    const texts = blocks(c).map((b) => b.texto);
    // The title page: three <text> elements, three paragraphs.
    const title = texts.indexOf('SOUS LE VENT', 1);
    expect(texts.slice(title - 1, title + 2)).toEqual(['Jean-Bernard Pouy Joe G. Pinelli', 'SOUS LE VENT', 'Roman']);
    // A block of tspans, one per line, two paragraphs apart by a wider gap; a word split across two
    // tspans of one line ('av' + 'ec') is whole again.
    expect(texts).toContain(
      'Jᴏᴇ G. Pɪɴᴇʟʟɪ vit à Liège où il enseigne le dessin, l’illustration et la bande dessinée à l’Académie ' +
        'royale des beaux-arts. Il est l’un des précurseurs du genre autobiographique en bande dessinée. Il a ' +
        'travaillé avec de nombreux auteurs de romans noirs dont Marc Villard, Didier Daeninckx et Jean-Hugues ' +
        'Oppel. Actuellement il travaille sur deux projets, l’un avec Jake Lamar, l’autre avec Thierry Bellefroid.',
    );
    // The story itself, in the section the table of contents names, in reading order.
    const story = blocks(c).filter((b) => ruta(b) === 'Commencer la lecture');
    expect(story[0]!.texto).toBe('I');
    expect(story[1]!.texto).toMatch(/^Il en avait souvent rêvé, au moins depuis la communale\. Dans la petite école/);
    expect(story.map((b) => (b.ancla as AnclaSeccion).parrafo)).toEqual(story.map((_, i) => i + 1));
    const all = texts.join('\n');
    expect(all.indexOf('Il en avait souvent rêvé')).toBeLessThan(all.indexOf('Oui, il lui fallait partir.'));
  });

  it(
    'idpf__linear-algebra.epub: inline MathML kept in its sentence, placeholder alt text ignored',
    { timeout: 240_000 },
    async () => {
      const c = await convertEpub(file('idpf__linear-algebra.epub'), ctx);
      const all = blocks(c);
      const csnm = all.find((b) => b.texto.startsWith('Theorem CSNM\n'))!;
      expect(csnm.texto).toBe(
        'Theorem CSNM\nColumn Space of a Nonsingular Matrix\n' +
          'Suppose A is a square matrix of size n. Then A is nonsingular if and only if C (A) = ℂ^n. □',
      );
      const remes = all.find((b) => b.texto.includes('Suppose that A and B are row-equivalent augmented matrices.'))!;
      expect(ruta(remes)).toBe('Section RREF Reduced Row-Echelon Form > Subsection RO: Row Operations');
      const text = all.map((b) => b.texto).join('\n');
      expect(text).not.toContain('Alternative text not available');
      expect(text).not.toMatch(/Suppose that +(is|are) /);
      // Structure survives: scripts, operators and matrices in linear form.
      expect(text).toContain('B = [−1, 2, 5, 3; 1, 0, −6, 1; −4, 2, 2, −2]');
      expect(text).toMatch(/a_11, a_12, a_13, …, a_1n/);
    },
  );

  it('pypptx__cht-charts.pptx: the chart-only slide reads its series and categories', async () => {
    const c = await convertPptx(file('pypptx__cht-charts.pptx'), ctx);
    expect(c.unidades.map((u) => [u.ancla, u.texto])).toEqual([
      [
        { tipo: 'diapositiva', n: 1 },
        'Series: Series 1, Series 2, Series 3\nCategorías: Category 1, Category 2, Category 3, Category 4',
      ],
    ]);
  });

  it('pypptx__cht-legend.pptx: each slide reads the chart its own frame names', async () => {
    const c = await convertPptx(file('pypptx__cht-legend.pptx'), ctx);
    expect(c.unidades.map((u) => u.ancla)).toEqual([1, 2].map((n) => ({ tipo: 'diapositiva', n })));
    for (const unit of c.unidades) {
      expect(unit.bloques!.map((b) => b.texto)).toEqual([
        'Series: Series 1, Series 2, Series 3\nCategorías: Category 1, Category 2, Category 3, Category 4',
      ]);
    }
  });
});

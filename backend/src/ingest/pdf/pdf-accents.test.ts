import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { accented, composeAccentItems, composeAccents, type AccentItem } from './pdf-accents';
import { convertPdf } from './pdf';

/** A text item as pdf.js gives it: upright, `size` points, starting at x on baseline y. */
const item = (str: string, x: number, y: number, width: number, size = 10, hasEOL = false): AccentItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
  hasEOL,
});
const strings = (items: readonly AccentItem[]) => items.map((i) => i.str);

describe('accented', () => {
  it('joins a spacing accent to its letter, a dotless ı or ȷ under an accent above becoming i or j', () => {
    expect(accented('o', '´')).toBe('ó');
    expect(accented('ı', '´')).toBe('í');
    expect(accented('ı', '¨')).toBe('ï');
    expect(accented('ȷ', 'ˇ')).toBe('ǰ');
    expect(accented('c', '¸')).toBe('ç');
    expect(accented('A', '˚')).toBe('Å');
    expect(accented('o', '˝')).toBe('ő');
    // No precomposed letter: the base and its combining mark (a math hat over theta).
    expect(accented('θ', 'ˆ')).toBe('θ\u0302');
  });
});

describe('composeAccentItems', () => {
  it("joins pdfTeX's accent ending one item to the letter starting the next, drawn back under it", () => {
    // "validaci´" then "on" starting 8 points before the accent's end, as pdf.js reads OT1 text.
    const items = [item('validaci´', 148.9, 665, 138.9, 17.2), item('on tomogr´', 279.9, 665, 79, 17.2)];
    items.push(item('afica', 350.9, 665, 40, 17.2, true));
    expect(strings(composeAccentItems(items))).toEqual(['validaci', 'ón tomogr', 'áfica']);
  });

  it("joins a capital's raised accent, an item of its own, and drops the emptied item", () => {
    const items = [item('o, ', 434.4, 542.2, 11.6), item('´', 446, 544.7, 5), item('A ', 444.8, 542.2, 10.8)];
    expect(strings(composeAccentItems(items))).toEqual(['o, ', 'Á ']);
  });

  it('joins an accent drawn back over the previous letter (cedilla under a capital, accents after)', () => {
    expect(strings(composeAccentItems([item('U C', 133.8, 530.3, 18.1), item('¸ . Difra', 146, 530.3, 40)]))).toEqual([
      'U Ç',
      '. Difra',
    ]);
    expect(
      strings(
        composeAccentItems([
          item('Valls-Sole', 306.1, 636.2, 122.4, 8.5),
          item('´ J, Nicola', 425.4, 636.5, 37.8, 8.5),
        ]),
      ),
    ).toEqual(['Valls-Solé', ' J, Nicola']);
  });

  it("puts TeX's math accent, an item of combining marks alone, on the sign drawn under it", () => {
    // dev-021 (a LaTeX thesis): '→', the hat raised at 397.2, a space, then '∆' from 395.2 to 404.7.
    const arrow = [item('→', 382.4, 343.9, 10), item('\u0302', 397.2, 346.4, 0), item(' ', 392.4, 343.9, 2.8)];
    const after = composeAccentItems([...arrow, item('∆', 395.2, 343.9, 9.6), item(' est', 404.7, 343.9, 15)]);
    expect(strings(after)).toEqual(['→', ' ', '∆\u0302', ' est']);
    // Nothing under it on the line: the mark stays where it was.
    expect(strings(composeAccentItems([...arrow, item('est', 420, 343.9, 15)]))).toEqual(['→', '\u0302', ' ', 'est']);
  });

  it("leaves a web address's tilde drawn over the letter after it (dev-006: '…iinet.net.au/˜' 'vanluynm/')", () => {
    const url = [
      item('http://members.iinet.net.au/˜', 146.4, 643.5, 154.9, 12),
      item('vanluynm/.', 295.3, 643.5, 59.7, 12),
    ];
    expect(strings(composeAccentItems(url))).toEqual(['http://members.iinet.net.au/˜', 'vanluynm/.']);
    expect(composeAccents('http://example.org/˜ana/')).toBe('http://example.org/˜ana/');
  });

  it('leaves an accent that does not sit over a letter: a gap, another line, a turned line', () => {
    const apart = [item('30´', 100, 500, 15), item('de arco', 117, 500, 30)];
    expect(strings(composeAccentItems(apart))).toEqual(['30´', 'de arco']);
    const nextLine = [item('validaci´', 100, 500, 40), item('on', 95, 488, 10)];
    expect(strings(composeAccentItems(nextLine))).toEqual(['validaci´', 'on']);
    const ended = [item('validaci´', 100, 500, 40, 10, true), item('on', 135, 500, 10)];
    expect(strings(composeAccentItems(ended))).toEqual(['validaci´', 'on']);
  });
});

describe('composeAccents', () => {
  it('joins an accent touching a letter its language writes with it, before or after it, NFC', () => {
    expect(composeAccents('Asociaci´on Argentina de Astronom´ıa')).toBe('Asociación Argentina de Astronomía');
    expect(composeAccents('Espa˜na, Fran¸cois, ¨uber, Sunˇcica')).toBe('España, François, über, Sunčica');
    expect(composeAccents('Valls-Sole´ J')).toBe('Valls-Solé J');
    expect(composeAccents('Astronomı\u0301a')).toBe('Astronomía');
    expect(composeAccents('configuraci\u00f3n')).toBe('configuración');
  });

  it('moves a combining mark drawn before its base after it (Word math): "P ̸= Q" is "P ≠ Q"', () => {
    expect(composeAccents('P \u0338= Q')).toBe('P ≠ Q');
    expect(composeAccents('[\u0302y]')).toBe('[ŷ]');
  });

  it('leaves quotes in elisions, primes, degree signs, apostrophes and code alone', () => {
    for (const text of [
      'l´amour, d´un, qu´il, dell´anno',
      '5´ de arco',
      'a 30˚C',
      'L´hospitalisation, Member´s',
      'https://gsyc.urjc.es/˜grex/',
      '`echo` and `ls`',
      'x^2 y_1',
      'Straße ıstanbul',
    ]) {
      expect(composeAccents(text)).toBe(text);
    }
  });
});

describe('LaTeX PDFs set in OT1 (test/fixtures/latex, made by make/latex-ot1.sh)', () => {
  const read = async (name: string) => {
    const file = path.join(REPO_ROOT, 'test/fixtures/latex', name);
    return convertPdf({ path: file, size: readFileSync(file).length }, { progress: async () => {} });
  };

  it('stores every Spanish, Portuguese and French accented letter composed, upper and lower case', async () => {
    const { unidades, metadatos } = await read('tesis-ot1.pdf');
    const text = unidades.map((u) => u.texto).join('\n');
    expect(metadatos.titulo).toBe('Nuevo tipo de mapa temático e interfaz visual para configuración');
    for (const letters of [
      'á é í ó ú ü ñ Á É Í Ó Ú Ü Ñ ¿Qué? ¡Sí! canción, pingüino,',
      'à â ê ô ã õ ç À Â Ê Ô Ã Õ Ç á é í ó ú Á É Í Ó Ú: ação,',
      'à â ç é è ê ë î ï ô ù û ü ÿ À Â Ç É È Ê Ë Î Ï Ô Ù Û Ü Ÿ: être,',
      'Noël, naïf, où, sûr, L’Haÿ-les-Roses, Ça, Élève, Île, Ouïe.',
      'Autora: María José Cañizares Peña',
      'La difração de raios X',
    ]) {
      expect(text).toContain(letters);
    }
    expect(text).not.toMatch(/[´˜¨`ˆ¸˚ˇı]/u);
  });

  it('reads the bulletin article’s title, authors and text composed, real spacing accents kept', async () => {
    const { unidades, metadatos } = await read('boletin-ot1.pdf');
    expect(metadatos.titulo).toBe('Estudio de validación tomográfica del modelo MHD AWSoM');
    expect(metadatos.autores).toEqual(['García Ñúñez, Diego', 'Sgró, Inés']);
    const text = unidades[0]!.texto;
    expect(text).toContain('Asociación Argentina de Astronomía, Boletín de artículos científicos');
    expect(text).toContain('Un acento suelto: l´amour y 5´ de arco, a 30˚C.');
  });
});

/** Reads every page's text items of a PDF as pdf.js gives them. */
async function pagesOfItems(file: string): Promise<AccentItem[][]> {
  const task = getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: AccentItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      pages.push((await page.getTextContent()).items.filter((i) => 'str' in i));
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The lines that differ, before and after. */
const diff = (before: string, after: string) => {
  const [a, b] = [before.split('\n'), after.split('\n')];
  return a.flatMap((line, i) => (line === b[i] ? [] : [`${line} → ${b[i]}`]));
};

/** The outside fixtures that hold accents drawn apart (eval:pdf-text lists them): their text changes. */
const SPLIT_ACCENTS = new Set(['GeoTopo-komprimiert.pdf']);

describe('the other PDF fixtures', () => {
  const folder = fixturePath('pdfs');
  const files = hasFixture('pdfs') ? readdirSync(folder).filter((f) => f.endsWith('.pdf')) : [];
  const committed = ['test/fixtures/muestra.pdf', 'test/fixtures/ocr/escaneado.pdf'].map((f) =>
    path.join(REPO_ROOT, f),
  );
  it(titleNeeding('keep their text as it was, but for those holding split accents', 'pdfs'), async () => {
    for (const file of [...files.map((f) => path.join(folder, f)), ...committed]) {
      const name = path.basename(file);
      const pages = await pagesOfItems(file);
      const before = pages.flatMap(strings).join('\n');
      const after = pages.flatMap((items) => strings(composeAccentItems(items)).map(composeAccents)).join('\n');
      if (SPLIT_ACCENTS.has(name)) expect(after, name).not.toBe(before);
      else expect(diff(before, after), name).toEqual([]);
    }
  });
});

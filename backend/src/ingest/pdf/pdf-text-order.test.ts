import { describe, expect, it } from 'vitest';
import { pageTextFromItems } from './pdf-page-text';
import {
  isArabicText,
  itemPlace,
  normalizePresentationForms,
  orderTextItems,
  type OrderedItem,
} from './pdf-text-order';

/** An upright item of `size` points at (x, y), `width` wide (by default half a point per point of size and character). */
function item(str: string, x: number, y: number, options: Partial<OrderedItem> & { size?: number } = {}): OrderedItem {
  const size = options.size ?? 10;
  return {
    str,
    transform: options.transform ?? [size, 0, 0, size, x, y],
    width: options.width ?? str.length * size * 0.5,
    height: size,
    hasEOL: options.hasEOL ?? false,
    ...(options.dir && { dir: options.dir }),
  };
}

const strs = (items: readonly OrderedItem[]) => items.map((i) => i.str);

describe('itemPlace', () => {
  it('is x and y for upright text, and follows the baseline of turned text', () => {
    expect(itemPlace([10, 0, 0, 10, 72, 700])).toEqual({ along: 72, across: 700, angle: 0 });
    // Turned a quarter left: the text runs up the page; its baseline is x = 142.9.
    const turned = itemPlace([0, 5, -5, 0, 142.9, 680]);
    expect(turned.angle).toBe(90);
    expect(turned.along).toBeCloseTo(680);
    expect(turned.across).toBeCloseTo(-142.9);
  });
});

describe('orderTextItems', () => {
  it('orders the cells of a table row drawn right column first', () => {
    const row = [
      item('37,499.96', 400, 500),
      item('DISTRICT DIRECTOR', 200, 500),
      item('BAIN, J', 50, 500, { hasEOL: true }),
    ];
    const ordered = orderTextItems(row);
    expect(strs(ordered)).toEqual(['BAIN, J', 'DISTRICT DIRECTOR', '37,499.96']);
    expect(ordered.map((i) => i.hasEOL)).toEqual([false, false, true]);
  });

  it('keeps the stream order of different lines, so columns are not interleaved', () => {
    const items = [item('left one', 300, 700, { hasEOL: true }), item('right two', 50, 680)];
    expect(strs(orderTextItems(items))).toEqual(['left one', 'right two']);
  });

  it('reads a right-to-left line from right to left, keeping numbers inside it left to right', () => {
    const items = [
      item('2024', 100, 500, { dir: 'ltr', width: 20 }),
      item(' ', 120, 500, { width: 3 }),
      item('سنة', 123, 500, { dir: 'rtl', width: 15 }),
      item(' ', 138, 500, { width: 3 }),
      item('في', 141, 500, { dir: 'rtl', width: 10 }),
    ];
    expect(
      orderTextItems(items)
        .map((i) => i.str)
        .join(''),
    ).toBe('في سنة 2024');
    const digits = [
      item('في عام', 200, 500, { dir: 'rtl' }),
      item('12', 150, 500),
      item(' ', 160, 500),
      item('34', 165, 500),
    ];
    expect(strs(orderTextItems(digits))).toEqual(['في عام', '12', ' ', '34']);
  });

  it('drops the same text drawn again almost in place (fake bold), not a word repeated elsewhere', () => {
    const bold = [item('Hello', 72, 700), item('Hello', 72.5, 700.3), item('World', 100, 700)];
    expect(strs(orderTextItems(bold))).toEqual(['Hello', 'World']);
    const twice = [item('Hello', 72, 700), item('Hello', 100, 700)];
    expect(strs(orderTextItems(twice))).toEqual(['Hello', 'Hello']);
  });
});

describe('normalizePresentationForms', () => {
  it("reads Adobe's private-use small capitals and old-style figures as the letters and digits they show", () => {
    // 'Asmall Bsmall Csmall', 'oneoldstyle nineoldstyle nineoldstyle eightoldstyle', 'Eacutesmall'.
    expect(normalizePresentationForms('\uf761\uf762\uf763 \uf731\uf739\uf739\uf738 \uf7e9t\uf7e9')).toBe(
      'abc 1998 été',
    );
    // Other private-use characters (a symbol font's bullets) are left as they are.
    expect(normalizePresentationForms('\uf0b7 \ue000')).toBe('\uf0b7 \ue000');
  });

  it('turns Arabic presentation forms and ligatures into ordinary letters, and nothing else', () => {
    expect(normalizePresentationForms('\ufe8e\ufedf\ufecc\ufeae\ufe91\ufef4\ufe94')).toBe('العربية');
    expect(normalizePresentationForms('\ufb01nal x² ½')).toBe('final x² ½');
  });

  it('in Arabic text, reads the Persian look-alike letters common fonts use as the Arabic ones', () => {
    // 'هذه إضافية' as Word writes it: heh doachashmee, Farsi yeh.
    const word = '\u06be\u0630\u0647 \u0625\ufebf\ufe8e\ufed3\ufbfe\ufe94';
    expect(normalizePresentationForms(word, true)).toBe('هذه إضافية');
    expect(normalizePresentationForms(word, false)).toBe('\u06be\u0630\u0647 \u0625\u0636\u0627\u0641\u06cc\u0629');
  });

  it('tells Arabic text from Persian', () => {
    expect(isArabicText('هذه فقرة إضافية')).toBe(true);
    expect(isArabicText('این یک پاراگراف است')).toBe(false);
    expect(isArabicText('plain English')).toBe(false);
  });
});

describe('pageTextFromItems, ordering applied', () => {
  it('separates table cells and reads rows of turned text in order', () => {
    const turned = (str: string, x: number, along: number, hasEOL = false) =>
      item(str, 0, 0, { transform: [0, 5, -5, 0, x, along], width: str.length * 2.5, hasEOL });
    const page = pageTextFromItems([
      turned('37,499.96', 142.9, 680),
      turned('DISTRICT DIRECTOR', 142.9, 428),
      turned('BAIN, J MATTHEW', 142.9, 202, true),
      turned('21,000.00', 148.9, 680),
      turned('LEGISLATIVE CORRESPONDENT', 148.9, 428),
      turned('SMITH, ALVARO R', 148.9, 202, true),
    ]);
    expect(page.texto).toBe(
      'BAIN, J MATTHEW DISTRICT DIRECTOR 37,499.96\nSMITH, ALVARO R LEGISLATIVE CORRESPONDENT 21,000.00',
    );
  });

  it('does not glue whole words set half a line apart, and writes a superscript as one', () => {
    const page = pageTextFromItems([
      item('Hello', 0, 700, { size: 48 }),
      item('Hello', 109.3, 724, { size: 48 }),
      item('World', 218.7, 700, { size: 24 }),
      item('World', 281.4, 724, { size: 24 }),
    ]);
    expect(page.texto).toBe('Hello Hello World World');
    expect(pageTextFromItems([item('x', 72, 700), item('2', 77, 704, { size: 6 })]).texto).toBe('x^2');
  });

  it('reads Arabic in logical order, normalised', () => {
    // Items as pdf.js gives them: each word in logical order, the words in drawing order (left to right).
    const page = pageTextFromItems([
      item('\ufe8e\ufedf\ufecc\ufeae\ufe91\ufef4\ufe94', 160, 733, { dir: 'rtl', width: 117 }),
      item(' ', 277.6, 733, { width: 0.3 }),
      item('\ufe8e\ufee7\ufeee\ufe8d\ufec9', 288, 733, { dir: 'rtl', width: 80 }),
    ]);
    expect(page.texto).toBe('انواع العربية');
  });
});

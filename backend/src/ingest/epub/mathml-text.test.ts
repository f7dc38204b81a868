import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { linearMath, mathText, type MathNode } from './mathml-text';

/** The first <math> of an HTML fragment, parsed as the EPUB reader parses its documents. */
function math(markup: string): MathNode {
  const { document } = parseHTML(`<!doctype html><html><body><p>${markup}</p></body></html>`);
  return document.querySelector('math') as unknown as MathNode;
}

const M = (body: string, attributes = '') =>
  math(`<math xmlns="http://www.w3.org/1998/Math/MathML"${attributes}>${body}</math>`);

describe('mathText', () => {
  it('prefers meaningful alt text, then a TeX or plain-text annotation, then the linear form', () => {
    expect(mathText(M('<mi>x</mi>', ' alttext="x squared"'))).toBe('x squared');
    const annotated =
      '<semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x^{2}</annotation></semantics>';
    expect(mathText(M(annotated, ' alttext="Alternative text not available"'))).toBe('x^{2}');
    expect(mathText(M('<mi>A</mi>', ' alttext="Alternative text not available"'))).toBe('A');
    expect(mathText(M('<mi>A</mi>', ' alttext="equation"'))).toBe('A');
    expect(mathText(M('<mi>A</mi>', ' alttext="  "'))).toBe('A');
  });

  it('ignores annotations in other encodings', () => {
    const annotated =
      '<semantics><mi>y</mi><annotation-xml encoding="MathML-Content"><ci>y</ci></annotation-xml>' +
      '<annotation encoding="image/png">data</annotation></semantics>';
    expect(mathText(M(annotated))).toBe('y');
  });
});

describe('linearMath', () => {
  it('writes tokens in order with spaced relations and unspaced prefix signs', () => {
    expect(linearMath(M('<mi>A</mi><mi>B</mi>'))).toBe('AB');
    expect(linearMath(M('<mrow><mi>A</mi><mo>=</mo><mi>B</mi><mo>+</mo><mn>2</mn></mrow>'))).toBe('A = B + 2');
    expect(linearMath(M('<mo>−</mo><mi>x</mi><mo>=</mo><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo>'))).toBe('−x = (−1)');
    expect(linearMath(M('<mi>f</mi><mo>&#x2061;</mo><mo>(</mo><mi>x</mi><mo>,</mo><mi>y</mi><mo>)</mo>'))).toBe(
      'f(x, y)',
    );
    expect(linearMath(M('<mi>x</mi><mtext>for all</mtext><mi>y</mi>'))).toBe('x for all y');
  });

  it('writes scripts as ^ and _, grouping what is more than one token', () => {
    expect(linearMath(M('<msup><mi>x</mi><mn>2</mn></msup>'))).toBe('x^2');
    expect(linearMath(M('<msub><mi>a</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub>'))).toBe('a_ij');
    expect(linearMath(M('<msup><mi>e</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msup>'))).toBe('e^(n + 1)');
    expect(linearMath(M('<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>'))).toBe('x_i^2');
    expect(
      linearMath(
        M(
          '<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>a</mi><mi>i</mi></msub>',
        ),
      ),
    ).toBe('∑_(i = 1)^n a_i');
    expect(linearMath(M('<mover><mi>x</mi><mo>¯</mo></mover>'))).toBe('x¯');
    expect(linearMath(M('<mover><mi>x</mi><mi>k</mi></mover>'))).toBe('x^k');
    expect(
      linearMath(M('<mmultiscripts><mi>C</mi><mi>k</mi><none/><mprescripts/><mi>n</mi><none/></mmultiscripts>')),
    ).toBe('_nC_k');
  });

  it('writes fractions, roots, fences and tables', () => {
    expect(linearMath(M('<mfrac><mn>1</mn><mn>2</mn></mfrac>'))).toBe('1/2');
    expect(linearMath(M('<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac>'))).toBe('(a + b)/2');
    expect(linearMath(M('<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>'))).toBe('√(x + 1)');
    expect(linearMath(M('<mroot><mi>x</mi><mn>3</mn></mroot>'))).toBe('√[3](x)');
    expect(linearMath(M('<mfenced><mi>a</mi><mi>b</mi></mfenced>'))).toBe('(a, b)');
    expect(linearMath(M('<mfenced open="[" close="]" separators=";"><mi>a</mi><mi>b</mi></mfenced>'))).toBe('[a; b]');
    const matrix =
      '<mrow><mo>[</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>2</mn></mtd></mtr>' +
      '<mtr><mtd><mn>3</mn></mtd><mtd><mn>4</mn></mtd></mtr></mtable><mo>]</mo></mrow>';
    expect(linearMath(M(matrix))).toBe('[1, 2; 3, 4]');
    const gaps =
      '<mtable><mtr><mtd><mo>⋮</mo></mtd><mtd></mtd></mtr><mtr><mtd><mn>5</mn></mtd></mtr><mtr><mtd></mtd></mtr></mtable>';
    expect(linearMath(M(gaps))).toBe('⋮; 5');
  });

  it('leaves out phantoms and annotations, and reads self-closed spaces', () => {
    expect(linearMath(M('<mi>a</mi><mphantom><mi>b</mi></mphantom><mspace width="1em"></mspace><mi>c</mi>'))).toBe(
      'a c',
    );
    expect(
      linearMath(M('<semantics><mi>z</mi><annotation encoding="application/x-tex">z</annotation></semantics>')),
    ).toBe('z');
  });
});

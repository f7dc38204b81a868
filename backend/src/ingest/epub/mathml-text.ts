/**
 * MathML as one line of text, so that a formula stays in its sentence ("Suppose that A is a square matrix
 * of size n") instead of leaving a hole. Works on any DOM (linkedom's HTML or XML documents).
 */

/** The little of a DOM node this reads. */
export interface MathNode {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  childNodes: ArrayLike<MathNode>;
  getAttribute?(name: string): string | null;
}

/**
 * The text of a `<math>` element, from the first of:
 * 1. its `alttext`, unless it is a placeholder ('Alternative text not available', 'equation' …);
 * 2. a plain-text or TeX annotation of its `<semantics>`;
 * 3. a linear form of its presentation markup: tokens in order, `x^2`, `a_i`, `(a+b)/2`, `√(x)`,
 *    `∑_(i=1)^n`, tables as `a, b; c, d`.
 */
export function mathText(math: MathNode): string {
  const alt = clean(attr(math, 'alttext'));
  if (alt && !PLACEHOLDER.test(alt)) return alt;
  const annotation = annotationText(math);
  if (annotation) return annotation;
  return linearMath(math);
}

/** The linear form of MathML presentation markup (see `mathText`), without looking at alt text. */
export function linearMath(node: MathNode): string {
  return tidy(linear(node));
}

/** Alt text that says nothing about the formula. */
const PLACEHOLDER =
  /^(?:alternative text not available|no alt(?:ernative)? text|not available|alt(?:ernative)? text|math(?:ematical)? (?:expression|formula|equation)|(?:inline |display )?(?:math|equation|formula|expression|image|img)(?: \d+)?|n\/?a|none|null|undefined|\W*)$/i;

const TEX_ENCODINGS = new Set(['application/x-tex', 'text/x-tex', 'application/x-latex', 'text/plain', 'latex', 'tex']);

function annotationText(math: MathNode): string {
  for (const semantics of elements(math).filter((el) => name(el) === 'semantics')) {
    for (const annotation of elements(semantics).filter((el) => name(el) === 'annotation')) {
      const encoding = (attr(annotation, 'encoding') ?? '').trim().toLowerCase();
      const text = clean(annotation.textContent);
      if (text && TEX_ENCODINGS.has(encoding)) return text;
    }
  }
  return '';
}

/** Operators written with a space on each side when they stand between two operands. */
const SPACED = new Set([
  '=',
  '+',
  '-',
  '−',
  '±',
  '∓',
  '×',
  '÷',
  '⋅',
  '·',
  '<',
  '>',
  '≤',
  '≥',
  '≠',
  '≈',
  '≡',
  '∼',
  '≅',
  '∝',
  '∈',
  '∉',
  '⊂',
  '⊆',
  '⊃',
  '⊇',
  '∪',
  '∩',
  '→',
  '←',
  '↦',
  '⇒',
  '⇐',
  '⇔',
  '⟹',
  '⟺',
  ':=',
  '∘',
  '⊕',
  '⊗',
  '∧',
  '∨',
]);
/** Accents drawn over a base (`x̄`, `v⃗`), written after it rather than as a superscript. */
const ACCENTS = new Set(
  [0xaf, 0x2c9, 0x304, 0x203e, 0x5e, 0x2c6, 0x302, 0x7e, 0x2dc, 0x303, 0x2d9, 0x307, 0xa8, 0x308, 0x2192, 0x20d7].map(
    (code) => String.fromCodePoint(code),
  ),
);
/** Invisible operators (function application, invisible times, separator, plus) and zero-width spaces. */
const INVISIBLE = /[\u2061-\u2064\u200b-\u200d\ufeff]/g;

function linear(node: MathNode): string {
  if (node.nodeType === 3 || node.nodeType === 4) return '';
  if (node.nodeType !== 1) return '';
  const tag = name(node);
  const kids = elements(node);
  const arg = (i: number) => linear(kids[i] ?? emptyNode);
  switch (tag) {
    case 'mi':
    case 'mn':
    case 'ms':
      return clean(node.textContent);
    case 'mtext':
      return ` ${clean(node.textContent)} `;
    case 'mo': {
      const op = clean(node.textContent);
      if (op === ',' || op === ';') return `${op} `;
      return SPACED.has(op) ? ` ${op} ` : op;
    }
    case 'mspace':
      return ' ';
    case 'mphantom':
    case 'annotation':
    case 'annotation-xml':
    case 'none':
    case 'mprescripts':
    case 'malignmark':
    case 'maligngroup':
      return '';
    case 'semantics':
      return arg(0);
    case 'maction':
      return arg(0);
    case 'msup':
      return spaceAfterLarge(arg(0), `^${group(arg(1))}`);
    case 'msub':
      return spaceAfterLarge(arg(0), `_${group(arg(1))}`);
    case 'msubsup':
      return spaceAfterLarge(arg(0), `_${group(arg(1))}^${group(arg(2))}`);
    case 'mover': {
      const over = tidy(arg(1));
      return isAccent(node, over) ? `${arg(0)}${over}` : `${arg(0)}^${group(over)}`;
    }
    case 'munder':
      return spaceAfterLarge(arg(0), `_${group(arg(1))}`);
    case 'munderover':
      return spaceAfterLarge(arg(0), `_${group(arg(1))}^${group(arg(2))}`);
    case 'mmultiscripts': {
      // base, then (sub, sup) pairs; the prescripts after <mprescripts/> come before the base.
      const split = kids.findIndex((k) => name(k) === 'mprescripts');
      const post = split < 0 ? kids.slice(1) : kids.slice(1, split);
      const pre = split < 0 ? [] : kids.slice(split + 1);
      return `${scripts(pre)}${arg(0)}${scripts(post)}`;
    }
    case 'mfrac':
      return `${group(arg(0))}/${group(arg(1))}`;
    case 'msqrt':
      return `√(${tidy(row(kids))})`;
    case 'mroot':
      return `√[${tidy(arg(1))}](${tidy(arg(0))})`;
    case 'mfenced': {
      const open = attr(node, 'open') ?? '(';
      const close = attr(node, 'close') ?? ')';
      const separators = (attr(node, 'separators') ?? ',').replace(/\s+/g, '');
      const parts = kids.map((k, i) => {
        const separator = i < kids.length - 1 ? (separators[Math.min(i, separators.length - 1)] ?? '') : '';
        return tidy(linear(k)) + (separator ? `${separator} ` : '');
      });
      return `${open}${parts.join('')}${close}`;
    }
    case 'mtable':
      return kids
        .filter((row) => name(row) === 'mtr' || name(row) === 'mlabeledtr')
        .map((row) =>
          elements(row)
            .filter((cell, i) => name(cell) === 'mtd' && !(name(row) === 'mlabeledtr' && i === 0))
            .map((cell) => tidy(linear(cell)))
            .filter(Boolean)
            .join(', '),
        )
        .filter(Boolean)
        .join('; ');
    default:
      // math, mrow, mstyle, mpadded, menclose, merror, mtd …: their children in order.
      return row(kids);
  }
}

/** Children in order; an operator with no operand before it ('−x', '(−1)') is a prefix, unspaced. */
function row(kids: MathNode[]): string {
  return kids
    .map((kid, i) => {
      const text = linear(kid);
      const before = kids[i - 1];
      const prefix = !before || (name(before) === 'mo' && !/[)\]}|]$/.test(clean(before.textContent)));
      return prefix && name(kid) === 'mo' ? text.trim() : text;
    })
    .join('');
}

/** Big operators (∑, ∫ …) with their limits stand apart from what they apply to: '∑_(i = 1)^n a_i'. */
const LARGE_OPERATOR = /^(?:[∑∏∐∫∬∭∮⋃⋂⋀⋁⨁⨂]|lim|max|min|sup|inf)$/;

function spaceAfterLarge(base: string, scripts: string): string {
  return LARGE_OPERATOR.test(tidy(base)) ? `${tidy(base)}${scripts} ` : `${base}${scripts}`;
}

function scripts(pairs: MathNode[]): string {
  let out = '';
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const sub = tidy(linear(pairs[i]!));
    const sup = tidy(linear(pairs[i + 1]!));
    if (sub) out += `_${group(sub)}`;
    if (sup) out += `^${group(sup)}`;
  }
  return out;
}

function isAccent(node: MathNode, over: string): boolean {
  const accent = attr(node, 'accent');
  if (accent === 'true') return true;
  if (accent === 'false') return false;
  return ACCENTS.has(over);
}

/** A script or a fraction's part: bare when it is one token ('2', 'n', 'x′'), else in parentheses. */
function group(text: string): string {
  const t = tidy(text);
  if (!t) return '()';
  if (/^[\p{L}\p{N}.′″∞]+$/u.test(t) || (/^[([{].*[)\]}]$/.test(t) && balanced(t))) return t;
  return `(${t})`;
}

/** True when the first bracket closes only at the very end ('(a+b)', not '(a)+(b)'). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const [i, ch] of [...text].entries()) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) {
      depth--;
      if (depth === 0 && i < [...text].length - 1) return false;
    }
  }
  return depth === 0;
}

function tidy(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

const emptyNode: MathNode = { nodeType: 1, localName: 'mrow', textContent: '', childNodes: [] };

function elements(node: MathNode): MathNode[] {
  return Array.from(node.childNodes).filter((child) => child.nodeType === 1);
}

/** The local name, lower case, without a prefix ('m:mfrac' → 'mfrac'). */
function name(node: MathNode): string {
  const local = (node.localName ?? '').toLowerCase();
  return local.slice(local.lastIndexOf(':') + 1);
}

function attr(node: MathNode, attribute: string): string | null {
  return node.getAttribute?.(attribute) ?? null;
}

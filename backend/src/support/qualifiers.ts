import { foldText } from '../text/fold';

/**
 * Qualifiers that make a claim stronger than a passage without them: quantity (all, none), frequency (always,
 * never) and exclusivity (only), folded, by family. They are function words, so coverage never sees them; a
 * passage that says the gestoras 'suelen ofrecer' a fixed rate does not say they 'siempre' do.
 */
const QUALIFIERS: readonly (readonly string[])[] = [
  ['todos', 'todas', 'all', 'every', 'entire'],
  ['siempre', 'always'],
  ['nunca', 'jamas', 'never'],
  ['solo', 'solamente', 'unicamente', 'exclusivamente', 'only', 'solely', 'exclusively'],
  ['ninguno', 'ninguna', 'ningun', 'nadie', 'none', 'nobody'],
];

/**
 * Fixed phrases whose words are no qualifier and no comparison: 'sobre todo', 'no sólo', 'not only', 'at all';
 * and bounds ('más de una', 'al menos', 'at least', 'more than 50'), which the figure checks read.
 */
const NOT_QUALIFIER =
  /\b(?:sobre todo|no solo|no solamente|not only|at all|all over|above all|(?:mas|menos) de|al menos|por lo menos|a lo sumo|at (?:least|most)|(?:more|less|fewer) than (?=\d|one|two|three|a |an |half))\b/g;

function wordsOf(text: string): Set<string> {
  return new Set(
    foldText(text)
      .replace(NOT_QUALIFIER, ' ')
      .match(/\p{L}+/gu) ?? [],
  );
}

/**
 * A qualifier of the claim of which `text` has no word of the same family ('Todas las firmas alquilan
 * vestidos' against a passage on 'vestidos de firma de alquiler'): the passage does not state the claim in
 * full. Undefined when every qualifier of the claim is there.
 */
export function missingQualifier(claim: string, text: string): string | undefined {
  const c = wordsOf(claim);
  const t = wordsOf(text);
  for (const family of QUALIFIERS) {
    const said = family.find((w) => c.has(w));
    if (said && !family.some((w) => t.has(w))) return said;
  }
  return undefined;
}

/**
 * Words that place a thing on a scale, by scale, one side against the other (folded): more / less, high / low,
 * better / worse, fast / slow, many / few. Several are function words that coverage never sees.
 */
const SCALES: readonly (readonly [readonly string[], readonly string[]])[] = [
  [
    ['mas', 'mayor', 'mayores', 'superior', 'superiores', 'more', 'most', 'greater', 'higher', 'larger', 'bigger'],
    ['menos', 'menor', 'menores', 'inferior', 'inferiores', 'less', 'least', 'fewer', 'lower', 'smaller'],
  ],
  [
    ['alto', 'alta', 'altos', 'altas', 'high'],
    ['bajo', 'baja', 'bajos', 'bajas', 'low'],
  ],
  [
    ['mejor', 'mejores', 'better', 'best'],
    ['peor', 'peores', 'worse', 'worst'],
  ],
  [
    ['rapido', 'rapida', 'rapidos', 'rapidas', 'fast', 'faster', 'quick', 'quickly'],
    ['lento', 'lenta', 'lentos', 'lentas', 'slow', 'slower', 'slowly'],
  ],
  [
    ['many', 'numerous', 'numerosos', 'numerosas'],
    ['few', 'escasos', 'escasas'],
  ],
];

/**
 * A word of the claim that places something on a scale where `text` places it on the other side and never on
 * the claim's ('más alta' where the passage says 'más baja', 'Few projects' where it says 'many'), or undefined.
 */
export function scaleReversed(claim: string, text: string): { claim: string; text: string } | undefined {
  const c = wordsOf(claim);
  const t = wordsOf(text);
  for (const [up, down] of SCALES) {
    for (const [side, other] of [
      [up, down],
      [down, up],
    ] as const) {
      const said = side.find((w) => c.has(w));
      if (!said || other.some((w) => c.has(w)) || side.some((w) => t.has(w))) continue;
      const opposite = other.find((w) => t.has(w));
      if (opposite) return { claim: said, text: opposite };
    }
  }
  return undefined;
}

/**
 * A comparison the claim makes ('es superior', 'more frequent') of which `text` has no word on either side of
 * its scale: the passage does not compare what the claim compares. Only the first scale (more / less) counts;
 * the others are as often plain description as comparison.
 */
export function missingComparison(claim: string, text: string): string | undefined {
  const c = wordsOf(claim);
  const t = wordsOf(text);
  const [up, down] = SCALES[0]!;
  const said = [...up, ...down].find((w) => c.has(w));
  if (!said || [...up, ...down].some((w) => t.has(w))) return undefined;
  return said;
}

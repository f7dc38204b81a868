import { foldText } from '../text/fold';
import { claimClauses } from './clauses';
import { contentWords } from './text';

/** A comparison: 'más … que', 'menos … que', 'mayor/menor … que', 'more/less … than', '-er than'. */
const MARKER = /\b(?:mas|menos|mayor|menor|mejor|peor|more|less|better|worse|\p{L}{3,}er)\b(.{0,60}?)\b(?:que|than)\b/u;

interface Sides {
  left: Set<string>;
  right: string | undefined;
}

function sidesOf(text: string): Sides | undefined {
  const folded = foldText(text);
  const m = MARKER.exec(folded);
  if (!m) return undefined;
  const left = new Set(contentWords(folded.slice(0, m.index)).map((w) => w.key));
  const right = contentWords(folded.slice(m.index + m[0].length))[0]?.key;
  return { left, right };
}

/**
 * Whether claim and passage compare the same two things the other way round ('reprimirla es más eficiente
 * que recanalizarla' against 'recanalizarla es más eficiente que reprimirla'): what follows 'que'/'than' in
 * each stands before the comparison in the other.
 */
export function comparisonReversed(claim: string, passage: string): boolean {
  const c = sidesOf(claim);
  const p = sidesOf(passage);
  if (!c?.right || !p?.right || c.right === p.right) return false;
  return p.left.has(c.right) && c.left.has(p.right);
}

/** Which way a comparison goes: +1 for more/higher, -1 for less/lower (folded words). */
const MORE = /^(?:mayor|mayores|mas alt[oa]s?|mas elevad[oa]s?|mas grandes?|more|higher|greater|larger|bigger)$/;
const LESS = /^(?:menor|menores|menos|mas baj[oa]s?|mas pequen[oa]s?|less|lower|smaller|fewer)$/;
const DIRECTION_MARKER =
  /\b(mas alt[oa]s?|mas elevad[oa]s?|mas grandes?|mas baj[oa]s?|mas pequen[oa]s?|mayor(?:es)?|menor(?:es)?|menos|more|less|higher|greater|larger|bigger|lower|smaller|fewer)\b(.{0,60}?)\b(?:que|than)\b/u;
const PLACE_WORD = /\b(?:en|in|at|durante|during|para|for)\s+(?:(?:el|la|los|las|the)\s+)?(\p{L}+)\s*$/u;

/** The figure of the clause of `text` that names `key`, nearest to it; undefined when that is not one figure. */
function figureNear(text: string, key: string): number | undefined {
  for (const clause of claimClauses(text, { strongMinWords: 1 })) {
    const words = foldText(clause).match(/\d+(?:[.,]\d+)?|\p{L}+/gu) ?? [];
    const at = words.findIndex((w) => contentWords(w)[0]?.key === key);
    if (at < 0) continue;
    let best: { d: number; v: number } | undefined;
    words.forEach((w, j) => {
      const d = Math.abs(at - j);
      if (/^\d/.test(w) && (!best || d < best.d)) best = { d, v: Number(w.replace(',', '.')) };
    });
    return best?.v;
  }
  return undefined;
}

/**
 * Whether the passage's figures say the opposite of a comparison the claim makes: 'fue más baja en lluvias
 * que en secas' against '44,9 mg/L en lluvias y 31,2 mg/L en secas'; 'the printer kept more decimal places
 * than the computer' against 'the computer … six decimal places, … the printer … three'. The two things
 * compared are the word after 'que'/'than' and the one before the comparison (after 'en'/'in' when the
 * comparison names one there, else the claim's first content word); each takes the figure nearest to it.
 */
export function figuresContradictComparison(claim: string, passage: string): boolean {
  const folded = foldText(claim);
  const m = DIRECTION_MARKER.exec(folded);
  if (!m) return false;
  const way = MORE.test(m[1]!) ? 1 : LESS.test(m[1]!) ? -1 : 0;
  if (way === 0) return false;
  const second = contentWords(folded.slice(m.index + m[0].length))[0]?.key;
  const place = PLACE_WORD.exec(m[2]!.trim() ? ` ${m[2]!}` : '')?.[1];
  const first = place ? contentWords(place)[0]?.key : contentWords(folded.slice(0, m.index))[0]?.key;
  if (!first || !second || first === second) return false;
  const a = figureNear(passage, first);
  const b = figureNear(passage, second);
  if (a === undefined || b === undefined || a === b) return false;
  return Math.sign(a - b) !== way;
}

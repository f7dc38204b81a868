import { foldText } from '../ids';
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

import { foldText } from '../text/fold';

/**
 * Words that say a state goes on (folded): 'permanece en el hospital', 'sigue ingresada', 'continúa en el
 * cargo', 'todavía vive allí', 'remains in hospital', 'stayed' ('still' also means 'even so': left out).
 */
const GOES_ON =
  /\b(?:permanec\w*|permanezc\w*|(?:sigue[ns]?|segu[ií]a[ns]?|continu[aá]\w*) (?:en|con|ingresad[oa]s?|viv[oa]s?|\w+(?:ando|iendo|yendo))|todavia|se qued(?:a|an|o|aba|aron) en|remains?|remained|stays?|stayed|continues? to|continued to)\b/;

/**
 * Words that say a state ended (folded): leaving, being discharged, ceasing, dying: 'se marchó a su casa',
 * 'recibió el alta', 'dejó el cargo', 'ya no', 'went home', 'left the ward', 'was discharged', 'no longer',
 * 'quit' ('left' alone may be a side).
 */
const ENDED =
  /\b(?:se (?:marcho|marcharon|fue|fueron) |salio|salieron|abandono|abandonaron|dejo (?:de|el|la|los|las)|dejaron (?:de|el|la)|recib\w* el alta|dad[oa]s? de alta|(?:volvio|regreso|volvieron|regresaron) a (?:su )?casa|ya no|ceso|cesaron|termino|terminaron|murio|fallecio|left (?:the|his|her|their|its)|went home|returned home|(?:was|were|been) discharged|discharged|no longer|quit|ceased|stopped|died)/;

/**
 * A state the claim says goes on and the passage's clause says ended, or the other way round ('Raquel
 * Mosquera permanece en el hospital' against 'se marchó a su casa después de 32 días en el hospital'): the
 * two words that disagree, or undefined.
 */
export function stateChanged(claim: string, clause: string): { claim: string; text: string } | undefined {
  const [c, t] = [foldText(claim), foldText(clause)];
  const claimGoesOn = GOES_ON.exec(c);
  const textEnded = ENDED.exec(t);
  if (claimGoesOn && textEnded && !ENDED.test(c)) return { claim: claimGoesOn[0], text: textEnded[0].trim() };
  const claimEnded = ENDED.exec(c);
  const textGoesOn = GOES_ON.exec(t);
  if (claimEnded && textGoesOn && !GOES_ON.test(c) && !ENDED.test(t)) {
    return { claim: claimEnded[0].trim(), text: textGoesOn[0] };
  }
  return undefined;
}

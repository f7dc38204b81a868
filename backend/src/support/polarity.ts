import { foldText } from '../text/fold';

/**
 * Negation cues of Spanish and English, on accent-folded text. Spanish doubles its negations ('no … nunca',
 * 'no … ningún') without undoing them, so a sentence is negated when any cue is present, not by parity.
 * 'sin embargo' (however) and 'no sólo' (not only) are not negations. Lexical negations ('lack',
 * 'carece', 'fails to', 'absence of') count: SciFact and abstracts state most negative findings that way.
 */
const NEGATION =
  /\b(?:no|not|never|none|nobody|nothing|neither|nor|without|cannot|nunca|jamas|ningun|ninguna|ninguno|ningunos|ningunas|nada|nadie|tampoco|ni|sin|lacks?|lacking|lacked|absence|absent|fails?|failed|unable|carecen?|carecia|ausencia|ausente|falta|faltan)\b|n't\b/g;
const NOT_NEGATION = /\b(?:sin embargo|sin duda|no solo|no solamente|not only|no longer only|no doubt|nonetheless)\b/g;

const NEGATING_PREFIX = /^(?:un|in|im|ir|il|non|dis|des)/;
/** Words that begin like a negation and are not one ('increase' is not the opposite of 'crease'). */
const NOT_NEGATED =
  /^(?:incre|inclu|indic|inform|invol|instal|interes|insist|induc|inhib|intens|inter|inves|impor|impro|impac|imple|infiltr|inund|incorp|inici|impuls|impres|discov|displa|dispos|distrib|disminu|descri|design|destin|desarr|descub|despu|destac|descen|desplaz|descarg|unders|unifor|univer|union|unit)/;

/**
 * True when one text has a word that is the other's word with a negating prefix: 'independent' /
 * 'dependent', 'inaccurate' / 'accurate', 'ineficaz' / 'eficaz', 'unrelated' / 'related'. The base must
 * have at least five letters and the word must not be one that only looks prefixed ('increase', 'display').
 */
export function prefixAntonym(a: string, b: string): boolean {
  const wa = new Set(foldText(a).match(/\p{L}+/gu) ?? []);
  const wb = new Set(foldText(b).match(/\p{L}+/gu) ?? []);
  const negates = (from: Set<string>, to: Set<string>) =>
    [...from].some((w) => {
      const m = NEGATING_PREFIX.exec(w);
      if (!m || NOT_NEGATED.test(w)) return false;
      const base = w.slice(m[0].length);
      return base.length >= 5 && to.has(base) && !from.has(base);
    });
  return negates(wa, wb) || negates(wb, wa);
}

/** Number of negation cues in a text (0 = affirmative). */
export function negationCues(text: string): number {
  const t = foldText(text).replace(/[’']/g, "'").replace(NOT_NEGATION, ' ');
  return t.match(NEGATION)?.length ?? 0;
}

/**
 * Words of change by direction, as folded prefixes. A claim that something rises and a passage that it
 * falls, about the same things, contradict each other; so do a claim and a passage of the same direction
 * where exactly one is negated. 'Prevents' and 'blocks' count as falls (of what follows them), as
 * 'reduces' does; words whose direction depends on more than their object ('protect', 'regulate') are out.
 */
const UP = [
  'increas',
  'higher',
  'rais',
  'elevat',
  'enhanc',
  'greater',
  'augment',
  'boost',
  'improv',
  'promot',
  'stimulat',
  'upregul',
  'up-regul',
  'aument',
  'mayor',
  'eleva',
  'increment',
  'sube',
  'suben',
  'subio',
  'crece',
  'crecen',
  'crecio',
  'mejora',
  'potencia',
  'estimula',
  'favorece',
  'induc',
  'positively',
  'positivamente',
  'grew',
  'grow',
  'rise',
  'rose',
  'risen',
  'climb',
  'soar',
  'expand',
  'doubl',
  'tripl',
  'duplic',
  'triplic',
  'acelera',
];
const DOWN = [
  'decreas',
  'reduc',
  'lower',
  'less',
  'fewer',
  'declin',
  'inhibit',
  'suppress',
  'diminish',
  'attenuat',
  'impair',
  'worsen',
  'downregul',
  'down-regul',
  'disminu',
  'menor',
  'baja',
  'bajan',
  'descend',
  'descien',
  'cae',
  'caen',
  'cayo',
  'empeora',
  'atenua',
  'inhibe',
  'suprime',
  'merma',
  'redujo',
  'prevent',
  'imped',
  'block',
  'abolish',
  'abrogat',
  'negatively',
  'shrank',
  'shrink',
  'shrunk',
  'fell',
  'fall',
  'dropp',
  'drops',
  'sank',
  'plummet',
  'halv',
  'bajaron',
  'decrec',
  'previene',
  'impide',
  'bloquea',
  'negativamente',
];

/** +1 when a text speaks of an increase only, -1 of a decrease only, 0 when neither or both. */
export function direction(text: string): -1 | 0 | 1 {
  const words = foldText(text).match(/[\p{L}-]+/gu) ?? [];
  const up = words.some((w) => UP.some((p) => w.startsWith(p)));
  const down = words.some((w) => DOWN.some((p) => w.startsWith(p)));
  return up === down ? 0 : up ? 1 : -1;
}

/** What the polarity check found between a claim and the sentence aligned with it. */
export interface PolarityFinding {
  claimNegated: boolean;
  passageNegated: boolean;
  /** Both state a direction of change, opposite ones, and both or neither are negated. */
  directionFlip: boolean;
  /** One is negated and the other not (and no direction decided it). */
  negationFlip: boolean;
  /** Both state the same direction of change, and both or neither are negated. */
  directionAgree: boolean;
}

/** Compares the polarity (negation, direction of change) of a claim and the passage sentence aligned with it. */
export function comparePolarity(claim: string, sentence: string): PolarityFinding {
  const claimNegated = negationCues(claim) > 0;
  // A word negated by its prefix in one text and not in the other flips the sentence's polarity.
  const passageNegated = negationCues(sentence) > 0 !== prefixAntonym(claim, sentence);
  const dc = direction(claim);
  const dp = direction(sentence);
  if (dc !== 0 && dp !== 0) {
    // 'does not reduce' and 'increases' agree no more than they disagree: only one difference is a flip.
    const negationFlip = dc === dp && claimNegated !== passageNegated;
    const directionFlip = dc !== dp && claimNegated === passageNegated;
    const directionAgree = dc === dp && claimNegated === passageNegated;
    return { claimNegated, passageNegated, directionFlip, negationFlip, directionAgree };
  }
  return {
    claimNegated,
    passageNegated,
    directionFlip: false,
    negationFlip: claimNegated !== passageNegated,
    directionAgree: false,
  };
}

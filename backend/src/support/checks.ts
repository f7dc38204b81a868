import { align, isRecord, type Alignment } from './align';
import { foldText } from '../text/fold';
import { compareEntities } from './entities';
import { claimClauses } from './clauses';
import { comparisonReversed, figuresContradictComparison } from './comparatives';
import { compareNumbers } from './numbers';
import { opposedWords } from './opposites';
import { comparePolarity, direction, negatedElsewhere, negationReachesShared, type PolarityFinding } from './polarity';
import { tooLittleToBack } from './informative';
import { askedInPassage, hedgedInPassage } from './hedges';
import { stateChanged } from './states';
import { missingComparison, missingQualifier, scaleReversed } from './qualifiers';
import { contentWords, isFigure } from './text';

/** What the deterministic checks found, as counts and flags (also features of the calibrated scorer). */
export interface CheckFlags {
  /** Claim figures (not years) the passage does not state. */
  numberMissing: number;
  /** Claim figures for which the aligned text gives another value of the same unit. */
  numberConflict: number;
  yearMissing: number;
  yearConflict: number;
  /** The aligned sentence states the opposite direction of change (rises / falls). */
  directionFlip: boolean;
  /** Exactly one of claim and aligned sentence is negated. */
  negationFlip: boolean;
  /** The claim is negated ('does not', 'no', 'lacks' …). */
  claimNegated: boolean;
  /** The aligned sentence is negated. */
  passageNegated: boolean;
  /** Claim and aligned sentence state the same direction of change with the same polarity. */
  directionAgree: boolean;
  /** Named things of the claim absent from the passage. */
  entityMissing: number;
  /** A named thing of the claim is missing and the aligned sentence names another in its place. */
  entitySwap: boolean;
}

/** The checks' verdict on one passage: a ceiling on support, a contradiction signal, and why. */
export interface CheckOutcome {
  /** The most support the passage may be given, 0-1 (1: nothing found against it). */
  cap: number;
  /** How strongly the checks say the passage contradicts the claim, 0-1 (0: no conflict found). */
  contradiction: number;
  flags: CheckFlags;
  /** Short reasons, Spanish, in the order found. */
  motivos: string[];
}

/**
 * The clause of `text` that holds most of the claim's weighted content words (`text` when it has one). When
 * the claim states a change, a clause stating one is preferred if it holds at least half as much: the change
 * is what the polarity check reads.
 */
function bestClause(claim: string, text: string): string {
  const clauses = claimClauses(text, { strongMinWords: 1 });
  if (clauses.length <= 1) return text;
  const weights = new Map(contentWords(claim).map((w) => [w.key, w.weight]));
  const held = (c: string) =>
    [...new Set(contentWords(c).map((w) => w.key))].reduce((n, k) => n + (weights.get(k) ?? 0), 0);
  const best = clauses.reduce((b, c) => (held(c) > held(b) ? c : b));
  if (direction(claim) === 0 || direction(best) !== 0) return best;
  const changing = clauses.filter((c) => direction(c) !== 0 && held(c) >= held(best) / 2);
  return changing.length > 0 ? changing.reduce((b, c) => (held(c) > held(b) ? c : b)) : best;
}

/** Share of a clause's content words a passage clause must hold for their polarities to be compared. */
const STATED_CLAUSE = 0.6;

/** Weighted share of the content words of `part` that `text` holds. */
function share(part: string, text: string): number {
  const words = contentWords(part);
  const total = words.reduce((n, w) => n + w.weight, 0);
  if (total === 0) return 0;
  const keys = new Set(contentWords(text).map((w) => w.key));
  return words.filter((w) => keys.has(w.key)).reduce((n, w) => n + w.weight, 0) / total;
}

/**
 * Polarity read clause by clause: each clause of a claim of several ('A, pero no B') against the passage's
 * clause that holds it, so that a negation in one clause is compared with that clause and not with
 * another ('… cerca de Mérida, pero no en el interior del anillo' copied word for word is no flip). A
 * claim of one clause is compared with `clause`, the passage's clause that holds most of it.
 */
function clausePolarity(claim: string, text: string, clause: string): PolarityFinding {
  const parts = claimClauses(claim, { strongMinWords: 1 });
  // Only clauses the passage states: a clause it says nothing about ('… y su agua se puede beber sin
  // tratamiento') has no polarity there to compare with.
  const stated = parts.flatMap((part) => {
    const held = bestClause(part, text);
    return share(part, held) >= STATED_CLAUSE ? [comparePolarity(part, held)] : [];
  });
  if (parts.length <= 1 || stated.length === 0) return comparePolarity(claim, clause);
  const findings = stated;
  return {
    claimNegated: findings.some((f) => f.claimNegated),
    passageNegated: findings.some((f) => f.passageNegated),
    directionFlip: findings.some((f) => f.directionFlip),
    negationFlip: findings.some((f) => f.negationFlip),
    directionAgree: findings.some((f) => f.directionAgree) && !findings.some((f) => f.directionFlip),
  };
}

/**
 * How sure it is that claim and passage speak of the same thing, from the coverage of the aligned
 * sentences: 0 below 35 %, 1 from 80 %. A conflict only counts as a contradiction on the same subject.
 */
export function sameSubject(coverage: number): number {
  return Math.min(1, Math.max(0, (coverage - 0.35) / 0.45));
}

/**
 * The window's coverage of the claim leaving out the claim's figures the window does not hold (a figure in
 * dispute is unfound by definition, and would otherwise make the passage look like it is about something else).
 */
function coverageBesideFigures(a: Alignment): number {
  const total = a.claimWords.reduce((s, w) => s + w.weight, 0);
  const unfound = new Set(a.window.unfound);
  const figures = a.claimWords.filter((w) => isFigure(w.word) && unfound.has(w.word)).reduce((s, w) => s + w.weight, 0);
  return total > figures ? Math.min(1, (a.window.coverage * total) / (total - figures)) : a.window.coverage;
}

/**
 * Runs every deterministic check of a claim against a passage and its alignment. Caps and contradiction
 * strengths (documented in docs/architecture/support-and-verify.md):
 * - a figure of the same unit (or a year, or an ISO date) with another value in the aligned text: cap 0.15
 *   (year 0.25), contradiction 0.8 × same subject;
 * - a figure or year not stated at all: cap 0.5;
 * - the opposite direction of change, or negation flipped, in the clause of the aligned sentence that holds
 *   the claim: cap 0.2 / 0.25, contradiction 0.8 / 0.75 × same subject (with little overlap, or a name of the
 *   claim missing, the flip is only a cap of 0.5); so does a word of the claim whose antonym stands in that
 *   clause in its place (support/opposites.ts: 'lejanos' for 'cercanos');
 * - a named thing missing: cap 0.45 (0.3 for two or more); swapped for another with the rest of the claim
 *   covered: cap 0.2, contradiction 0.8 × same subject.
 * Same subject is read from the aligned sentence or the aligned window, the larger.
 */
export function runChecks(claim: string, passage: string, alignment: Alignment): CheckOutcome {
  const flags: CheckFlags = {
    numberMissing: 0,
    numberConflict: 0,
    yearMissing: 0,
    yearConflict: 0,
    directionFlip: false,
    negationFlip: false,
    claimNegated: false,
    passageNegated: false,
    directionAgree: false,
    entityMissing: 0,
    entitySwap: false,
  };
  const motivos: string[] = [];
  let cap = 1;
  let contradiction = 0;
  const limit = (c: number) => (cap = Math.min(cap, c));
  const conflict = (c: number) => (contradiction = Math.max(contradiction, c));
  // The figure in dispute is no sign of another subject: the rest of the claim tells whether it is the same.
  const subjectWindow = sameSubject(coverageBesideFigures(alignment));
  const subjectSentence = sameSubject(alignment.sentence.coverage);

  // In a sheet, a figure of another row says nothing of this one.
  const figures = isRecord(alignment.window.text) ? alignment.window.text : passage;
  for (const n of compareNumbers(claim, figures, alignment.window.text)) {
    if (n.status === 'matched') continue;
    const what = n.claim.year ? 'año' : n.claim.unit === 'mes' ? 'mes' : n.claim.unit === 'fecha' ? 'fecha' : 'cifra';
    if (n.status === 'conflict') {
      if (n.claim.year) flags.yearConflict++;
      else flags.numberConflict++;
      limit(n.claim.year ? 0.25 : 0.15);
      conflict(0.8 * subjectWindow);
      const bounds = n.claim.bound && n.other!.bound && n.claim.bound !== n.other!.bound;
      const side = (b?: 'min' | 'max') => (b === 'min' ? 'más de' : 'menos de');
      motivos.push(
        bounds
          ? `cota opuesta: ${side(n.claim.bound)} ${n.claim.raw} frente a ${side(n.other!.bound)} ${n.other!.raw}`
          : `${what} distinta: ${n.claim.raw} frente a ${n.other!.raw}`,
      );
    } else {
      if (n.claim.year) flags.yearMissing++;
      else flags.numberMissing++;
      limit(0.5);
      motivos.push(`${what} ausente: ${n.claim.raw}`);
    }
  }

  const named = compareEntities(claim, passage, alignment.sentence.text);
  const subject = Math.max(subjectSentence, subjectWindow);
  // Polarity is read in the clause of the aligned sentence that holds the claim: 'no hay ríos …, y la capa
  // de suelo …' does not negate the second clause.
  const clause = bestClause(claim, alignment.window.text);
  const polarity = clausePolarity(claim, alignment.window.text, clause);
  flags.claimNegated = polarity.claimNegated;
  flags.passageNegated = polarity.passageNegated;
  flags.directionAgree = polarity.directionAgree;
  if (polarity.directionFlip || polarity.negationFlip) {
    flags.directionFlip = polarity.directionFlip;
    flags.negationFlip = polarity.negationFlip;
    // A flip about something else (a name of the claim is missing, or the negation reaches none of the words
    // the claim and the clause share) is no contradiction, only no support.
    const aboutTheClaim = polarity.directionFlip || negationReachesShared(claim, clause);
    if (subject > 0.3 && named.missing.length === 0 && aboutTheClaim) {
      limit(polarity.directionFlip ? 0.2 : 0.25);
      conflict((polarity.directionFlip ? 0.8 : 0.75) * subject);
    } else limit(0.5);
    motivos.push(polarity.directionFlip ? 'sentido del cambio opuesto' : 'negación invertida');
  }

  // Negation read on the word it reaches: a shared word one text negates and the other affirms is not stated
  // ('causes no deaths' against 'causes half the deaths … causes no natural'), though not surely contradicted.
  const negatedWord =
    polarity.directionFlip || polarity.negationFlip ? undefined : negatedElsewhere(claim, alignment.window.text);
  if (negatedWord) {
    limit(0.5);
    motivos.push(`negación sobre otra palabra: ${negatedWord}`);
  }

  // An opposite in the claim's place ('más lejanos' where the passage says 'más cercanos') is a change of
  // direction too, when negation does not already account for the difference.
  const flipped = polarity.directionFlip || polarity.negationFlip;
  const opposed = flipped ? undefined : opposedWords(claim, clause);
  // So is a comparison the other way round ('A es más eficiente que B' against 'B es más eficiente que A').
  const reversed =
    !flipped &&
    !opposed &&
    (comparisonReversed(claim, clause) || figuresContradictComparison(claim, alignment.window.text));
  if (opposed || reversed) {
    flags.directionFlip = true;
    if (subject > 0.3 && named.missing.length === 0) {
      limit(0.2);
      conflict(0.8 * subject);
    } else limit(0.5);
    motivos.push(opposed ? `opuesto: ${opposed.claim} frente a ${opposed.text}` : 'comparación invertida');
  }

  // A scale read the other way ('más alta' against 'más baja', 'few' against 'many') is a change of direction too.
  const scaled = flipped || opposed || reversed ? undefined : scaleReversed(claim, clause);
  if (scaled) {
    flags.directionFlip = true;
    if (subject > 0.3 && named.missing.length === 0) {
      limit(0.2);
      conflict(0.8 * subject);
    } else limit(0.5);
    motivos.push(`escala opuesta: ${scaled.claim} frente a ${scaled.text}`);
  } else if (!flipped && !opposed && !reversed) {
    // Read the other way elsewhere in the aligned sentences: not stated, though not surely contradicted.
    const near = scaleReversed(claim, alignment.window.text);
    if (near) {
      limit(0.5);
      motivos.push(`escala opuesta cerca: ${near.claim} frente a ${near.text}`);
    }
  }

  // A state the claim says goes on and the passage says ended ('permanece en el hospital' against 'se marchó a
  // su casa'), or the other way round, is a change of direction too.
  const changed = flipped || opposed || reversed || scaled ? undefined : stateChanged(claim, clause);
  if (changed) {
    flags.directionFlip = true;
    // The words in dispute are no sign of another subject: the rest of the claim tells whether it is the same.
    const rest = align(foldText(claim).replace(changed.claim, ' '), clause).sentence.coverage;
    const same = Math.max(subject, sameSubject(rest));
    if (same > 0.3 && named.missing.length === 0) {
      limit(0.2);
      conflict(0.75 * same);
    } else limit(0.5);
    motivos.push(`estado cambiado: ${changed.claim} frente a ${changed.text}`);
  }

  // What makes the claim stronger than the passage ('siempre', 'todas', 'solo', 'es superior') must be stated.
  const qualifier = missingQualifier(claim, alignment.window.text);
  if (qualifier) {
    limit(0.5);
    motivos.push(`calificador no dicho: ${qualifier}`);
  }
  const compared = scaled ? undefined : missingComparison(claim, alignment.window.text);
  if (compared) {
    limit(0.5);
    motivos.push(`comparación no dicha: ${compared}`);
  }
  // Said as an intention, a possibility, a plan or an accusation, it is not stated as a fact.
  const hedge = hedgedInPassage(claim, clause);
  if (hedge) {
    limit(0.5);
    motivos.push(`el pasaje no lo afirma: ${hedge}`);
  }
  if (askedInPassage(claim, alignment.sentence.text.trim())) {
    limit(0.5);
    motivos.push('el pasaje lo pregunta, no lo afirma');
  }
  // A claim of one informative word ('Es alcalde', 'Son nuevas') is not stated by a passage that shares it.
  if (tooLittleToBack(claim)) {
    limit(0.5);
    motivos.push('pocas palabras informativas');
  }

  if (named.missing.length > 0) {
    flags.entityMissing = named.missing.length;
    const covered = Math.max(alignment.sentence.coverage, alignment.window.coverage);
    if (named.others.length > 0 && named.missing.length === 1 && covered >= 0.6) {
      flags.entitySwap = true;
      limit(0.2);
      conflict(0.8 * subject);
      motivos.push(`nombre distinto: ${named.missing[0]} frente a ${named.others.join(', ')}`);
    } else {
      limit(named.missing.length > 1 ? 0.3 : 0.45);
      motivos.push(`nombre ausente: ${named.missing.join(', ')}`);
    }
  }
  return { cap, contradiction, flags, motivos };
}

import { foldText } from '../text/fold';

/**
 * Marks of a general rule: universal quantifiers, norms and habitual statements ('todos los …', 'toda
 * persona', 'deberá', 'se aplica a', 'all …', 'every', 'must', 'applies to'). A passage stating such a rule
 * that covers much of a claim without naming the claim's particular case is the framework the claim applies
 * (APLICACION_DE_MARCO), not a direct backing.
 */
const GENERAL =
  /\b(?:todos|todas|toda persona|todo aquel|cualquier|cualquiera|siempre que|en general|por lo general|por regla general|debe|deben|debera|deberan|se aplica|se aplican|es aplicable|queda prohibido|esta prohibido|tiene derecho|tienen derecho|all|every|any|whenever|always|in general|generally|as a rule|must|shall|applies to|apply to|is prohibited|are prohibited|is entitled|are entitled)\b/;

/** True when a text reads as a general rule (see `GENERAL`). */
export function generalRule(text: string): boolean {
  return GENERAL.test(foldText(text));
}

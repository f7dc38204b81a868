import type { Juez } from '@folio/shared';
import { scorerPath } from '../../support/verdict-probability';
import type { SupportScorer } from '../../ai/support-scorer';

/**
 * Which judge the support scorer is now: `lexico` when the scorer without a model answers (none installed,
 * FOLIO_NLI=0, or a model that failed to load), else `nli`. Read after judging, so a model that failed on
 * this very request counts as the lexical scorer that answered in its place. /health and X-Folio-Respaldo
 * name the same scorer in full.
 */
export function judgeKind(scorer: Pick<SupportScorer, 'name'>): Juez {
  return scorerPath(scorer.name) === 'lexico' ? 'lexico' : 'nli';
}

import { foldText } from '../text/fold';
import { isFunctionWord } from './text';

/**
 * Spanish adjectives of nationality and region, written in lower case but naming a place as much as its
 * name does ('la norma mexicana' is not 'la norma europea'). English capitalises them, so they are names there.
 */
const DEMONYMS = new Set(
  (
    'mexicano mexicana europeo europea estadounidense norteamericano norteamericana americano americana ' +
    'latinoamericano latinoamericana español española argentino argentina chileno chilena colombiano colombiana ' +
    'peruano peruana venezolano venezolana ecuatoriano ecuatoriana boliviano boliviana uruguayo uruguaya ' +
    'paraguayo paraguaya brasileño brasileña cubano cubana guatemalteco guatemalteca hondureño hondureña ' +
    'salvadoreño salvadoreña nicaragüense costarricense panameño panameña dominicano dominicana portugués ' +
    'portuguesa francés francesa alemán alemana italiano italiana británico británica inglés inglesa ' +
    'irlandés irlandesa escocés escocesa holandés holandesa belga suizo suiza austriaco austriaca sueco sueca ' +
    'noruego noruega danés danesa finlandés finlandesa polaco polaca ruso rusa ucraniano ucraniana griego ' +
    'griega turco turca chino china japonés japonesa coreano coreana indio india paquistaní iraní iraquí ' +
    'sirio siria israelí palestino palestina egipcio egipcia marroquí argelino argelina nigeriano nigeriana ' +
    'keniano keniana sudafricano sudafricana australiano australiana canadiense asiático asiática ' +
    'africano africana andino andina amazónico amazónica caribeño caribeña mediterráneo mediterránea ' +
    'yucateco yucateca maya mapuche kurdo kurda'
  )
    .split(' ')
    .flatMap((w) => [foldText(w), `${foldText(w)}s`, `${foldText(w)}es`]),
);

/**
 * Named things of a text, folded: capitalized words inside a sentence (names, places, institutions),
 * acronyms ('WHO', 'OMS') and codes mixing letters and digits ('BRCA1', 'IL-6', 'COVID-19'). A sentence's
 * first word is capitalized anyway, so it counts only when it is an acronym or a code: 'Madrid es …'
 * loses 'Madrid' here, and the coverage score still weighs it as a content word. Spanish adjectives of
 * nationality and region count too (`DEMONYMS`).
 */
export function entities(text: string): string[] {
  const out = new Set<string>();
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  for (const m of words) {
    const w = m[0].replace(/['’-]+$/, '');
    const prev = text.slice(0, m.index).trimEnd();
    const initial = prev === '' || /[.!?¿¡:;\n"«(]$/.test(prev);
    const acronym = /^\p{Lu}{2,}s?$/u.test(w) && w.length <= 8;
    const code = /\p{L}/u.test(w) && /\d/.test(w) && !/^\d+(?:st|nd|rd|th|º|ª|o|a)?$/.test(w);
    const capitalized = /^\p{Lu}\p{Ll}/u.test(w);
    const demonym = DEMONYMS.has(foldText(w));
    if (acronym || code || demonym || (capitalized && !initial)) {
      const f = foldText(w);
      if (!isFunctionWord(f) && f.length > 1) out.add(f);
    }
  }
  return [...out];
}

/** Hyphens and apostrophes dropped, so 'IL-6' and 'IL6', "O'Brien" and 'OBrien' are the same name. */
const compact = (s: string) => s.replace(/[-'’]/g, '');

function present(entity: string, compactPassage: string): boolean {
  const name = compact(entity.length > 5 && entity.endsWith('s') ? entity.slice(0, -1) : entity);
  for (let at = compactPassage.indexOf(name); at >= 0; at = compactPassage.indexOf(name, at + 1)) {
    // The name must start a word: 'ema' is not present in 'sistema'.
    if (at === 0 || !/[\p{L}\p{N}]/u.test(compactPassage[at - 1]!)) return true;
  }
  return false;
}

/** What the entity check found: the claim's named things the passage lacks, and the ones it has instead. */
export interface EntityFinding {
  claim: string[];
  missing: string[];
  /** Named things of the aligned sentence that the claim does not name (a swapped subject or value). */
  others: string[];
}

/** Compares the named things of a claim with a passage and with the sentence aligned with the claim. */
export function compareEntities(claim: string, passage: string, sentence: string): EntityFinding {
  const inClaim = entities(claim);
  const inPassage = compact(foldText(passage));
  // 'los Andes' is named by 'andinas', 'Turquía' by 'turcos': a demonym sharing the name's first letters.
  const passageNames = entities(passage);
  const related = (e: string) =>
    passageNames.some((p) => (DEMONYMS.has(e) || DEMONYMS.has(p)) && p !== e && p.slice(0, 3) === e.slice(0, 3));
  const missing = inClaim.filter((e) => !present(e, inPassage) && !related(e));
  const claimText = compact(foldText(claim));
  const others = entities(sentence).filter((e) => !present(e, claimText));
  return { claim: inClaim, missing, others };
}

import type { Juez, Verificacion } from './pasaje';

/** The command that installs the NLI model, the judge that recognises a paraphrase. */
export const NLI_PULL_COMMAND = 'npm run folio -- models pull nli';

/** Why a verdict of the lexical judge is not the last word. */
export const LEXICAL_LIMIT =
  'El juez léxico (sin modelo) compara palabras y no reconoce una paráfrasis: si un pasaje lo dice con otras ' +
  'palabras, no puede verlo.';

/** Where the judge of paraphrase comes from. */
export const NLI_ADVICE = `El modelo NLI sí juzga paráfrasis: instálalo con \`${NLI_PULL_COMMAND}\`.`;

type PasajeVerificado = Verificacion['pasajes'][number];

/** What the rule reads of a verification (`Verificacion` fits). */
export interface VeredictoJuzgado {
  veredicto: Verificacion['veredicto'];
  pasajes: readonly PasajeVerificado[];
  juez?: Juez;
}

/**
 * The passage that backs a claim most among those weighed that do not contradict it: a source set aside as
 * later than the claim was never weighed, and a passage the judge found contradicting the claim ('20 metros'
 * for '200 metros') is not one that says it in other words. The first of equals, as `pasajes` lists them.
 * Undefined when there is none.
 */
export function closestPassage(pasajes: readonly PasajeVerificado[]): PasajeVerificado | undefined {
  let best: PasajeVerificado | undefined;
  for (const p of pasajes) {
    if (p.relacion === 'IMPOSIBLE_TEMPORAL' || p.relacion === 'CONTRADICCION') continue;
    if (!best || p.respaldo > best.respaldo) best = p;
  }
  return best;
}

/**
 * The closest passage when a verdict without backing may be the lexical judge's blindness rather than the
 * library's silence: the lexical judge answered, the claim came out `sin_respaldo` or `parcial`, and some
 * passage was weighed that does not contradict it. The lexical judge compares words, so a passage saying the claim in other words is
 * missed; the NLI model would judge it. Undefined when the verdict stands as it is: the NLI model answered, the
 * claim was backed or contradicted, or no passage was weighed but those contradicting it.
 */
export function lexicalDoubt(v: VeredictoJuzgado): PasajeVerificado | undefined {
  if (v.juez !== 'lexico') return undefined;
  if (v.veredicto !== 'sin_respaldo' && v.veredicto !== 'parcial') return undefined;
  return closestPassage(v.pasajes);
}

/** The start of a passage for a sentence that quotes it; the reader link shows it whole. */
export const passageExcerpt = (s: string, max = 240) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
};

/**
 * The Spanish `nota` of a verification the lexical judge could not confirm ({@link lexicalDoubt}): no passage
 * states the claim (or, for `parcial`, all of it) in the same words, the closest one quoted with its `cita`,
 * the judge's blindness to other words, and the NLI model named as the judge of paraphrase. Undefined when the verdict needs no note.
 */
export function lexicalNote(v: VeredictoJuzgado): string | undefined {
  const closest = lexicalDoubt(v);
  if (!closest) return undefined;
  const lead =
    v.veredicto === 'parcial'
      ? 'Parte de la afirmación no aparece con las mismas palabras en ningún pasaje de tu biblioteca; el más ' +
        'cercano a toda ella'
      : 'Ningún pasaje de tu biblioteca dice esta afirmación con las mismas palabras; el más cercano';
  return `${lead} es ${closest.cita}: «${passageExcerpt(closest.texto)}». ${LEXICAL_LIMIT} ${NLI_ADVICE}`;
}

/**
 * The Spanish `nota` of a cite job whose lexical judge left claims uncited although a passage was close to
 * them (`cercanas` of them): no passage states them in the same words, the judge cannot see other words, and
 * the NLI model judges paraphrase. Undefined when the NLI model judged, or no uncited claim had a close passage.
 */
export function lexicalCiteNote(juez: Juez | undefined, cercanas: number): string | undefined {
  if (juez !== 'lexico' || cercanas === 0) return undefined;
  const which =
    cercanas === 1
      ? 'Una afirmación quedó sin cita porque ningún pasaje la dice con las mismas palabras'
      : `${cercanas} afirmaciones quedaron sin cita porque ningún pasaje las dice con las mismas palabras`;
  return `${which}. ${LEXICAL_LIMIT} ${NLI_ADVICE}`;
}

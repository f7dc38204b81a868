import { lexicalCiteNote, type Citado } from '@folio/shared';
import type { CiteJobRow, CiteResult, ClaimOutcome } from '../../db/cite-jobs.repo';

/**
 * The closest passage of an uncited claim, when it gives the claim some support: below the job's `umbral`
 * nothing backs the claim, and a passage that backs it 0 % (as a whole percent, as it is shown) is not even
 * close, so neither the page nor the lexical judge's `nota` treats it as one.
 */
export function closestPassage(a: ClaimOutcome): ClaimOutcome['mejor'] {
  return a.cita === undefined && !a.pregunta && a.mejor && Math.round(a.mejor.respaldo * 100) > 0 ? a.mejor : undefined;
}

/** Uncited claims (not questions) for which a passage was close, though below the threshold. */
const closeButUncited = (r: CiteResult) => (r.afirmaciones ?? []).filter((a) => closestPassage(a)).length;

/**
 * A cite job as the contract shows it: the result when done, where to poll while working, why it failed.
 * A result says which judge weighed its claims (`juez`), and, when the lexical one left claims uncited that a
 * passage came close to, a `nota` saying they may be stated in other words and that the NLI model judges that.
 */
export function presentCite(row: CiteJobRow, publicUrl: string): Citado {
  const done = row.estado === 'listo' || row.estado === 'error';
  return {
    id: row.id,
    estado: row.estado,
    ...(row.estado === 'listo' &&
      row.resultado && {
        texto: row.resultado.texto,
        // jsonb keeps keys in its own order: written back in the contract's.
        citas: row.resultado.citas.map((c) => ({
          afirmacion: c.afirmacion,
          cita: c.cita,
          localizador: c.localizador,
          documento: c.documento,
          fragmento: c.fragmento,
          pasaje: c.pasaje,
          respaldo: c.respaldo,
          ...(c.enlace && { enlace: c.enlace }),
        })),
        bibliografia: row.resultado.bibliografia,
      }),
    estilo: row.estilo,
    ...(!done && { progreso_url: `${publicUrl}/api/v1/citar/${row.id}` }),
    ...(row.estado === 'error' && { error: row.error ?? 'No se pudo citar el texto.' }),
    ...(row.estado === 'listo' && row.resultado && judgeOf(row.resultado)),
  };
}

/** Which judge weighed a result's claims and, when the lexical one left close claims uncited, the note. */
function judgeOf(r: CiteResult): Pick<Citado, 'juez' | 'nota'> {
  const nota = lexicalCiteNote(r.juez, closeButUncited(r));
  return { ...(r.juez && { juez: r.juez }), ...(nota && { nota }) };
}

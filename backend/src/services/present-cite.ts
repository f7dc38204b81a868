import type { Citado } from '@folio/shared';
import type { CiteJobRow } from '../db/cite-jobs.repo';

/** A cite job as the contract shows it: the result when done, where to poll while working, why it failed. */
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
  };
}

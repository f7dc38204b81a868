import type { Importacion } from '@folio/shared';
import type { Deps } from '../../context';
import { importJobItems, type ImportJobRow } from '../../db/import-jobs.repo';

/**
 * An import job as the API shows it: progress, each item done so far (with a link to its document), the
 * report when done, where to poll while working, why it failed.
 */
export async function presentImport(deps: Pick<Deps, 'db' | 'config'>, row: ImportJobRow): Promise<Importacion> {
  const publicUrl = deps.config.publicUrl;
  const done = row.estado === 'listo' || row.estado === 'error';
  const items = await importJobItems(deps.db, row.id);
  return {
    id: row.id,
    estado: row.estado,
    archivo: row.archivo_nombre,
    origen: row.origen,
    progreso: { hechos: row.hechos, ...(row.total !== null && { total: row.total }) },
    elementos: items.map((i) => ({
      clave: i.clave,
      titulo: i.titulo,
      resultado: i.resultado,
      ...(i.documento && {
        documento: i.documento,
        enlace: `${publicUrl}/biblioteca/documentos/${encodeURIComponent(i.documento)}`,
      }),
      ...(i.motivo && { motivo: i.motivo }),
    })),
    ...(row.estado === 'listo' &&
      row.informe && {
        // jsonb keeps keys in its own order: written back in the contract's.
        informe: {
          origen: row.informe.origen,
          resumen: row.informe.resumen,
          archivos_que_faltan: row.informe.archivos_que_faltan,
          dejado_fuera: row.informe.dejado_fuera,
          segundos: row.informe.segundos,
        },
      }),
    ...(row.estado === 'error' && { error: row.error ?? 'No se pudo importar la biblioteca.' }),
    creado: new Date(row.created).toISOString(),
    ...(!done && { progreso_url: `${publicUrl}/api/v1/importaciones/${row.id}` }),
  };
}

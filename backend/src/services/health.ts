import type { DiscoSalud } from '@folio/shared';
import type { Deps } from '../context';
import { BUNDLED_STYLES } from '../cite/csl/registry';
import { pingDatabase } from '../db/health.repo';
import { countOutdatedReadings } from '../db/rereads.repo';
import { vectorSearchReport } from '../db/vectors.repo';
import type { FileKind } from '../ingest/converter';
import { READER_VERSIONS } from '../ingest/reader-versions';
import { converterFor } from '../ingest/registry';
import { TIPO_OF_KIND } from '../ingest/tipo-of-kind';
import { ingestJob } from '../jobs/definitions';
import { SEARCH_ENGINES } from './search';
import { storeSizes } from './store/store-sizes';

const readableKinds = () => (Object.keys(TIPO_OF_KIND) as FileKind[]).filter((k) => converterFor(k));

/**
 * The store's size on disk in bytes (shared's `DiscoSalud`). A failure to measure is reported in place
 * rather than failing the whole report: the store answered, only a size could not be read.
 */
async function diskReport(deps: Deps): Promise<DiscoSalud> {
  try {
    const s = await storeSizes(deps.db, deps.blobs);
    return {
      base_datos_bytes: s.database,
      registro_escritura_bytes: s.wal,
      ...(s.walReason !== undefined && { registro_escritura_motivo: s.walReason }),
      originales_bytes: s.originals,
      originales_en_base_datos: s.originalsInDatabase,
      total_bytes: s.total,
    };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/**
 * What answers right now: the store, the queue, the engines, citation styles, and the sections of the parts
 * mounted beside the API (`sections`, e.g. the MCP server's, composed in app.ts). Nothing claims more than
 * it has.
 */
export async function healthReport<S extends Record<string, unknown>>(deps: Deps, sections: S) {
  const database = await pingDatabase(deps.db);
  let queue: { ok: boolean; en_cola?: number; activos?: number; error?: string };
  try {
    const s = await deps.queue.stats(ingestJob(deps.config));
    queue = { ok: true, en_cola: s.queued, activos: s.active };
  } catch (err) {
    queue = { ok: false, error: (err as Error).message };
  }
  // Documents read by an older reader that the start-up sweep has yet to read again (all users: a count only).
  const rereads = database.ok
    ? await countOutdatedReadings(deps.db, READER_VERSIONS).catch(() => undefined)
    : undefined;
  const disk = database.ok ? await diskReport(deps) : undefined;
  const ok = database.ok && queue.ok;
  return {
    estado: ok ? 'ok' : 'degradado',
    version: '1.0.0',
    api: `${deps.config.publicUrl}/api/v1`,
    base_datos: { tipo: deps.db.kind, ok: database.ok, ...(database.error && { error: database.error }) },
    ...(disk && { disco: disk }),
    cola: {
      ...queue,
      trabajadores_en_este_proceso: deps.config.workers,
      ...(rereads !== undefined && { relecturas_pendientes: rereads }),
    },
    motores: {
      lectura: readableKinds(),
      busqueda_lexica: SEARCH_ENGINES.lexico,
      busqueda_vectorial: vectorSearchReport(deps.db),
      ...deps.engines.report(),
      // Files read in a reader process load OCR there: this process's own worker never starts.
      ...(deps.reader && {
        lectura_de_archivos: deps.reader.describe(),
        ...(deps.engines.ocr && { ocr: `${deps.engines.ocr.name}; en el proceso lector` }),
      }),
      registros: deps.config.metadataLookup
        ? `DOI en ${deps.config.metadataLookup.doiResolver}, ISBN en ${deps.config.metadataLookup.isbnResolver} ` +
          '(al terminar de leer cada documento; FOLIO_METADATA_LOOKUP=0 lo desactiva)'
        : 'desactivada (FOLIO_METADATA_LOOKUP=0): quedan los metadatos leídos del propio documento',
    },
    citas: {
      estilos_incluidos: Object.keys(BUNDLED_STYLES),
      cuota: deps.config.citeQuota
        ? `${deps.config.citeQuota.max} peticiones por usuario cada ${deps.config.citeQuota.days} días`
        : 'sin cuota',
    },
    ...sections,
  };
}

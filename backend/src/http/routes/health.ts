import type { Hono } from 'hono';
import type { Deps } from '../../context';
import { vectorSearchReport } from '../../db/vectors.repo';
import { ingestJob } from '../../jobs/ingest.job';
import type { FileKind } from '../../ingest/converter';
import { converterFor } from '../../ingest/registry';
import { TIPO_OF_KIND } from '../../ingest/tipo-of-kind';
import { SEARCH_ENGINES } from '../../services/search';
import { BUNDLED_STYLES } from '../../cite/csl/registry';
import { MCP_TOOLS } from '../../mcp/server';
import { protectedResourceMetadataUrl } from '../../mcp/urls';
import type { AppEnv } from '../env';

const readableKinds = () => (Object.keys(TIPO_OF_KIND) as FileKind[]).filter((k) => converterFor(k));

/** What answers right now. Later parts fill in the engines they bring; nothing claims more than it has. */
export async function healthReport(deps: Deps) {
  let database = { ok: true as boolean, error: undefined as string | undefined };
  try {
    await deps.db.query('SELECT 1');
  } catch (err) {
    database = { ok: false, error: (err as Error).message };
  }
  let queue: { ok: boolean; en_cola?: number; activos?: number; error?: string };
  try {
    const s = await deps.queue.stats(ingestJob(deps.config));
    queue = { ok: true, en_cola: s.queued, activos: s.active };
  } catch (err) {
    queue = { ok: false, error: (err as Error).message };
  }
  const ok = database.ok && queue.ok;
  return {
    estado: ok ? 'ok' : 'degradado',
    version: '1.0.0',
    api: `${deps.config.publicUrl}/api/v1`,
    base_datos: { tipo: deps.db.kind, ok: database.ok, ...(database.error && { error: database.error }) },
    cola: { ...queue, trabajadores_en_este_proceso: deps.config.workers },
    motores: {
      lectura: readableKinds(),
      busqueda_lexica: SEARCH_ENGINES.lexico,
      busqueda_vectorial: vectorSearchReport(deps.db),
      ...deps.engines.report(),
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
    mcp: {
      url: `${deps.config.publicUrl}/mcp`,
      transporte: 'streamable-http, sin sesiones',
      herramientas: MCP_TOOLS,
      autenticacion: ["clave de API con el permiso 'mcp'", 'OAuth 2.1 (código de autorización con PKCE S256)'],
      metadatos_oauth: protectedResourceMetadataUrl(deps.config.publicUrl),
    },
  };
}

export function healthRoutes(app: Hono<AppEnv>): void {
  app.get('/health', async (c) => {
    const report = await healthReport(c.var.deps);
    return c.json(report, report.estado === 'ok' ? 200 : 503);
  });
}

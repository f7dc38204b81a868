import type { Hono } from 'hono';
import type { Config } from '../../config';
import { healthReport } from '../../services/health';
import type { AppEnv } from '../env';

/** GET /health: 200 when the store and the queue answer, else 503; `sections` adds the mounted parts' own. */
export function healthRoutes(
  app: Hono<AppEnv>,
  sections: (config: Config) => Record<string, unknown> = () => ({}),
): void {
  app.get('/health', async (c) => {
    const deps = c.var.deps;
    const report = await healthReport(deps, sections(deps.config));
    return c.json(report, report.estado === 'ok' ? 200 : 503);
  });
}

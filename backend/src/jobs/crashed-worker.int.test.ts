import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { useTestStore } from '../testing/harness';
import { measureRecovery } from './testing/crash-recovery';

// Two processes share a queue only on a server PostgreSQL: the embedded store is one process's.
const server = Boolean(process.env.DATABASE_URL);

describe.skipIf(!server)('a worker process killed while it holds a job (issue 32; server store only)', () => {
  const fx = useTestStore();

  it("has its job resumed by another worker, with the server's settings", async () => {
    const config = loadConfig({ FOLIO_LOG: 'silent' });
    // pg-boss's defaults as Folio had them (a 30 s heartbeat, a supervision pass a minute) took 57-90 s;
    // `npm run bench:recovery` measures both.
    const seconds = await measureRecovery(
      fx.store.databaseUrl!,
      { heartbeatSeconds: config.jobHeartbeatSeconds, superviseSeconds: config.jobSuperviseSeconds },
      45,
    );
    expect(seconds).toBeGreaterThan(0);
  }, 60_000);
});

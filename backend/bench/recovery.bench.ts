/**
 * How soon a job held by a worker process that dies (SIGKILL) is resumed by another worker, and what the
 * supervision costs: `npm run bench:recovery` (needs a server PostgreSQL: DATABASE_URL; two processes cannot
 * share the embedded store). Printed per setting, today's beside pg-boss's defaults as Folio had them before
 * (a 30 s heartbeat, a supervision pass a minute): seconds from the kill to the job starting again, each
 * trial and the slowest, and the database's transactions per second while a worker holds one job (its
 * heartbeats, the supervision passes, the polls). `--trials N` (default 3).
 */
import postgres from 'postgres';
import { loadConfig } from '../src/config';
import { measureRecovery, type Supervision } from '../src/jobs/testing/crash-recovery';
import { startPgBossQueue } from '../src/jobs/queue';
import { recoveryJob, POLL_SECONDS } from '../src/jobs/testing/crash-recovery';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('bench:recovery skipped: it needs a server PostgreSQL (set DATABASE_URL).');
  process.exit(0);
}
const trialsAt = process.argv.indexOf('--trials');
const trials = trialsAt > 0 ? Number(process.argv[trialsAt + 1]) : 3;
const config = loadConfig({ ...process.env, FOLIO_LOG: 'silent' });

const settings: { name: string; s: Supervision }[] = [
  { name: 'before: heartbeat 30 s, pass every 60 s (pg-boss defaults)', s: { heartbeatSeconds: 30 } },
  {
    name: `now: heartbeat ${config.jobHeartbeatSeconds} s, pass every ${config.jobSuperviseSeconds} s`,
    s: { heartbeatSeconds: config.jobHeartbeatSeconds, superviseSeconds: config.jobSuperviseSeconds },
  },
];

/** Transactions per second on the database over `seconds` while one worker holds one job. */
async function costWhileHolding(s: Supervision, seconds = 30): Promise<number> {
  const sql = postgres(url!, { max: 1, onnotice: () => undefined });
  const queue = await startPgBossQueue({
    connectionString: url!,
    pollSeconds: POLL_SECONDS,
    heartbeatSeconds: s.heartbeatSeconds,
    ...(s.superviseSeconds && { superviseSeconds: s.superviseSeconds }),
    onError: () => undefined,
  });
  const def = recoveryJob(`recovery-cost-${Date.now().toString(36)}`);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const taken = new Promise<void>((resolve) => void queue.work(def, 1, async () => (resolve(), held)));
  await queue.send(def, { n: 1 });
  await taken;
  const count = async () => {
    const [row] = await sql<{ n: string }[]>`
      SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`;
    return Number(row!.n);
  };
  const before = await count();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  // A fresh read of the statistics, not the snapshot this session took at its first read.
  await sql`SELECT pg_stat_clear_snapshot()`;
  const after = await count();
  release();
  await queue.stop();
  await sql.end();
  return (after - before) / seconds;
}

console.log(`| setting | resumed after (s), ${trials} trials | slowest | transactions/s while a job runs |`);
console.log('|---|---|---|---|');
for (const { name, s } of settings) {
  const times: number[] = [];
  for (let i = 0; i < trials; i++) times.push(await measureRecovery(url, s));
  const cost = await costWhileHolding(s);
  console.log(
    `| ${name} | ${times.map((t) => t.toFixed(1)).join(', ')} | ${Math.max(...times).toFixed(1)} | ${cost.toFixed(1)} |`,
  );
}

// A worker process for crash-recovery.ts: takes one job of RECOVERY_QUEUE, says 'taken', and holds it
// until it is killed. Says 'ready' once its queue is started.
import { startPgBossQueue } from '../queue';
import { POLL_SECONDS, recoveryJob } from './crash-recovery';

const queue = await startPgBossQueue({
  connectionString: process.env.DATABASE_URL!,
  pollSeconds: POLL_SECONDS,
  heartbeatSeconds: Number(process.env.RECOVERY_HEARTBEAT),
  ...(process.env.RECOVERY_SUPERVISE && { superviseSeconds: Number(process.env.RECOVERY_SUPERVISE) }),
  onError: () => undefined,
});
await queue.work(recoveryJob(process.env.RECOVERY_QUEUE!), 1, async () => {
  console.log('taken');
  await new Promise(() => undefined);
});
console.log('ready');

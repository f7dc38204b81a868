import type { Deps } from '../../context';
import { findCiteJobForWorker, updateCiteJob } from '../../db/cite-jobs.repo';
import { AppError } from '../../errors';
import { ConversionError } from '../../ingest/converter';
import type { JobAttempt } from '../../jobs/job-definition';
import { citeText, storeBlob } from './cite-text';

type CiteJobDeps = Pick<Deps, 'db' | 'blobs' | 'log' | 'config' | 'engines'>;

/** Progress is written at most every 5 %: a long text does not write a row per sentence. */
function progressWriter(deps: Pick<Deps, 'db'>, id: string) {
  let last = 0;
  return async (fraction: number) => {
    const progreso = 0.05 + 0.9 * fraction;
    if (progreso - last < 0.05) return;
    last = progreso;
    await updateCiteJob(deps.db, id, { estado: 'procesando', progreso });
  };
}

/**
 * Carries out a queued cite job (`POST /citar`): cites its text or .docx and stores the result. A broken
 * .docx or a style that cannot format fails it at once; other failures throw to be retried, and the last
 * attempt records the failure instead.
 */
export async function runCiteJob(
  deps: CiteJobDeps,
  id: string,
  job: Pick<JobAttempt<unknown>, 'retryCount' | 'retryLimit' | 'signal'>,
): Promise<void> {
  const row = await findCiteJobForWorker(deps.db, id);
  if (!row || row.estado === 'listo' || row.estado === 'error') return;
  await updateCiteJob(deps.db, id, { estado: 'procesando', progreso: 0.02, error: null });
  try {
    const outcome = await citeText(deps, row, { signal: job.signal, progress: progressWriter(deps, id) });
    const outputBlob = outcome.docx ? await storeBlob(deps, `cite-${id}`, outcome.docx) : null;
    await updateCiteJob(deps.db, id, {
      estado: 'listo',
      progreso: 1,
      resultado: outcome.resultado,
      outputBlob,
      error: null,
    });
  } catch (err) {
    // A broken .docx or a style that cannot format is the request's fault: retrying will not help.
    const permanent = err instanceof ConversionError || err instanceof AppError;
    if (permanent || job.retryCount >= job.retryLimit) {
      if (!permanent) deps.log.error(`cite ${id} failed for good`, err);
      await markCiteFailed(deps, id, messageOf(err));
      return;
    }
    deps.log.info(`cite ${id} failed, will retry (attempt ${job.retryCount + 1})`, err);
    throw err;
  }
}

function messageOf(err: unknown): string {
  if (err instanceof ConversionError) return err.mensaje;
  if (err instanceof AppError) return err.mensaje;
  return 'No se pudo citar el texto por un fallo interno. Vuelve a intentarlo.';
}

/** Ends a cite job that failed (also called for jobs that exhausted their retries by crashing). */
export async function markCiteFailed(deps: Pick<Deps, 'db'>, id: string, error?: string): Promise<void> {
  const row = await findCiteJobForWorker(deps.db, id);
  if (!row || row.estado === 'listo') return;
  await updateCiteJob(deps.db, id, {
    estado: 'error',
    progreso: null,
    error: error ?? 'No se pudo citar el texto por un fallo interno. Vuelve a intentarlo.',
  });
}

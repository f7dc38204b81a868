import type { Db } from '../db/db';
import { updateDocument } from '../db/documents.repo';
import { ConversionError, type Fase } from '../ingest/converter';

/** The slice of overall progress each phase moves through. */
const RANGES: Record<Fase, [number, number]> = {
  descarga: [0.02, 0.15],
  conversion: [0.15, 0.6],
  ocr: [0.6, 0.88],
  transcripcion: [0.6, 0.88],
  indexado: [0.9, 0.99],
};

const PHASE_NAMES: Record<Fase, string> = {
  descarga: 'descarga',
  conversion: 'conversión',
  ocr: 'OCR',
  transcripcion: 'transcripción',
  indexado: 'indexado',
};

/** A phase ran past its time budget: the file is too hard to read here, retrying will not help. */
export class PhaseTimeoutError extends ConversionError {
  constructor(fase: Fase, minutes: number) {
    super(
      `La fase de ${PHASE_NAMES[fase]} superó el tiempo máximo de ${minutes} min. El archivo es demasiado grande o complejo para leerlo aquí.`,
      `Phase ${fase} exceeded its ${minutes} min budget`,
    );
    this.name = 'PhaseTimeoutError';
  }
}

/**
 * Writes `fase` and `progreso` of a document as work advances: phase changes at once, progress within
 * a phase at most every 5 % or every second, so a 1,000-page PDF does not write 1,000 rows. Each phase
 * gets `phaseMs` of time: past it, `signal` aborts with a PhaseTimeoutError, which converters honour. With
 * `report: false` (a background re-read, whose document stays `listo` meanwhile) only the clock runs.
 */
export function phaseProgress(
  deps: { db: Db },
  id: string,
  opts: { phaseMs: number; signal?: AbortSignal; report?: boolean },
) {
  const report = opts.report ?? true;
  let fase: Fase = 'conversion';
  let last = 0;
  let lastAt = 0;
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => controller.abort(new PhaseTimeoutError(fase, Math.round(opts.phaseMs / 60_000))),
      opts.phaseMs,
    );
    timer.unref();
  };
  arm();
  return {
    signal: controller.signal,
    async phase(next: Fase) {
      fase = next;
      last = RANGES[next][0];
      lastAt = Date.now();
      arm();
      if (report) await updateDocument(deps.db, id, { estado: 'procesando', fase, progreso: last });
    },
    async progress(fraction: number) {
      const [from, to] = RANGES[fase];
      const progreso = from + (to - from) * Math.min(1, Math.max(0, fraction));
      const now = Date.now();
      if (!report || (progreso - last < 0.05 && now - lastAt < 1000)) return;
      last = progreso;
      lastAt = now;
      await updateDocument(deps.db, id, { estado: 'procesando', fase, progreso });
    },
    /** Stops the clock (the job is over). */
    done() {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    },
  };
}

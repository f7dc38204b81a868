import type { Deps } from '../context';
import { updateDocument } from '../db/documents.repo';
import type { Fase } from '../ingest/converter';

/** The slice of overall progress each phase moves through. */
const RANGES: Record<Fase, [number, number]> = {
  descarga: [0.02, 0.15],
  conversion: [0.15, 0.6],
  ocr: [0.6, 0.88],
  transcripcion: [0.6, 0.88],
  indexado: [0.9, 0.99],
};

/**
 * Writes `fase` and `progreso` of a document as work advances: phase changes at once, progress within
 * a phase at most every 5 % or every second, so a 1,000-page PDF does not write 1,000 rows.
 */
export function phaseProgress(deps: Pick<Deps, 'db'>, id: string) {
  let fase: Fase = 'conversion';
  let last = 0;
  let lastAt = 0;
  return {
    async phase(next: Fase) {
      fase = next;
      last = RANGES[next][0];
      lastAt = Date.now();
      await updateDocument(deps.db, id, { estado: 'procesando', fase, progreso: last });
    },
    async progress(fraction: number) {
      const [from, to] = RANGES[fase];
      const progreso = from + (to - from) * Math.min(1, Math.max(0, fraction));
      const now = Date.now();
      if (progreso - last < 0.05 && now - lastAt < 1000) return;
      last = progreso;
      lastAt = now;
      await updateDocument(deps.db, id, { estado: 'procesando', fase, progreso });
    },
  };
}

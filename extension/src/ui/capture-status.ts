import type { CaptureView } from '../messaging/protocol';

/** Display names of the server's processing phases. */
const FASES: Record<string, string> = {
  descarga: 'descarga',
  conversion: 'conversión',
  ocr: 'OCR',
  transcripcion: 'transcripción',
  indexado: 'indexado',
};

/** How a capture's state reads in the popup. */
export interface CaptureStatus {
  /** 'En cola', 'Subiendo…', 'Procesando (conversión)', 'Listo', 'Error'. */
  label: string;
  /** More about it: the retry pending, the reference, the failure. */
  detail?: string;
  /** Progress 0-1 while processing, when the server says. */
  progress?: number;
  tone: 'pending' | 'ready' | 'error';
}

/** The Spanish status line of a capture: en cola → subiendo → procesando (fase) → listo, or error. */
export function captureStatus(c: CaptureView, now = Date.now()): CaptureStatus {
  switch (c.state) {
    case 'queued': {
      if (!c.reintento) return { label: 'En cola', tone: 'pending' };
      const wait =
        c.proximoIntento !== undefined ? Math.max(0, Math.round((c.proximoIntento - now) / 1000)) : undefined;
      const when =
        wait === undefined ? '' : wait <= 1 ? ' Se reintenta ahora.' : ` Se reintenta en ${formatWait(wait)}.`;
      return { label: 'En cola', detail: `${c.reintento}${when}`, tone: 'pending' };
    }
    case 'uploading':
      // A large file goes in parts; its progress is the share the server holds.
      return { label: 'Subiendo…', progress: c.progreso, tone: 'pending' };
    case 'processing': {
      const fase = c.fase ? ` (${FASES[c.fase] ?? c.fase})` : '';
      return { label: `Procesando${fase}`, progress: c.progreso, detail: c.reintento, tone: 'pending' };
    }
    case 'ready':
      return { label: 'Listo', detail: c.referencia, tone: 'ready' };
    case 'error':
      return { label: 'Error', detail: c.error, tone: 'error' };
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} min`;
}

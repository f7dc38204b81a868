import { ApiError, buildLink, type Documento, formatCitation, formatLocator, type AnclaTiempo } from '@folio/shared';
import type { CaptureInput, CaptureRow, CaptureState, CapturedDocument, FolioDb, VideoMoment } from './db';

/** First retry after this long; each further one doubles it. */
export const BACKOFF_BASE_MS = 5_000;
/** No wait between retries is longer than this. */
export const BACKOFF_CAP_MS = 30 * 60_000;
/**
 * Server failures (5xx, 429) give up after this many attempts. Failures to connect never give up:
 * offline is a normal state of a laptop, and the capture waits for the network.
 */
export const MAX_SERVER_ATTEMPTS = 8;
/** Between two polls of a document still processing (each poll also long-polls on the server). */
export const POLL_INTERVAL_MS = 2_000;

/** Rows whose work is not finished: they count on the badge and are picked up by sync. */
export const PENDING_STATES: readonly CaptureState[] = ['queued', 'uploading', 'processing'];

/**
 * The wait before retry number `attempt` (1-based): exponential from {@link BACKOFF_BASE_MS}, capped at
 * {@link BACKOFF_CAP_MS}, with "equal jitter" (between half and all of it) so that captures made together
 * do not retry in lockstep. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: number): number {
  const exp = BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1);
  const ceiling = Math.min(BACKOFF_CAP_MS, exp);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** What happened to a capture; {@link transition} turns it into the row's next state. */
export type OutboxEvent =
  | { type: 'upload-start' }
  | { type: 'upload-ok'; documento: Documento }
  | { type: 'upload-failed'; error: unknown }
  | { type: 'poll-ok'; documento: Documento }
  | { type: 'poll-failed'; error: unknown }
  | { type: 'retry' };

/** The clock and dice of a transition, passed in so that schedules are testable. */
export interface Tick {
  now: number;
  random: number;
}

/**
 * The outbox state machine, pure: the changes an event makes to a row. Uploads that fail for a reason that
 * may pass (no connection, 5xx, 429) go back to `queued` with backoff; others end in `error` with a Spanish
 * text. A document the server accepted is polled in `processing` until it is `listo` (ready, with
 * `referencia`) or `error`.
 */
export function transition(row: CaptureRow, event: OutboxEvent, tick: Tick): Partial<CaptureRow> {
  const { now } = tick;
  switch (event.type) {
    case 'upload-start':
      return { state: 'uploading', attempts: row.attempts + 1, updatedAt: now };
    case 'upload-ok':
    case 'poll-ok':
      return fromDocument(row, event.documento, now, event.type === 'upload-ok');
    case 'upload-failed': {
      const failure = describeFailure(event.error);
      const exhausted = failure.estado !== 0 && row.attempts >= MAX_SERVER_ATTEMPTS;
      if (!failure.retryable || exhausted) {
        return {
          state: 'error',
          error: exhausted ? `${failure.mensaje} (tras ${row.attempts} intentos)` : failure.mensaje,
          errorCode: failure.codigo,
          lastError: undefined,
          updatedAt: now,
        };
      }
      return {
        state: 'queued',
        lastError: failure.mensaje,
        errorCode: failure.codigo,
        nextAttemptAt: now + retryWait(row.attempts, failure, tick.random),
        updatedAt: now,
      };
    }
    case 'poll-failed': {
      const failure = describeFailure(event.error);
      if (failure.codigo === 'no_encontrado') {
        return {
          state: 'error',
          error: 'El documento ya no está en tu biblioteca.',
          errorCode: failure.codigo,
          updatedAt: now,
        };
      }
      if (!failure.retryable) {
        return { state: 'error', error: failure.mensaje, errorCode: failure.codigo, updatedAt: now };
      }
      const attempts = row.attempts + 1;
      return {
        attempts,
        lastError: failure.mensaje,
        errorCode: failure.codigo,
        nextAttemptAt: now + retryWait(attempts, failure, tick.random),
        updatedAt: now,
      };
    }
    case 'retry':
      return {
        state: row.documentId ? 'processing' : 'queued',
        attempts: 0,
        nextAttemptAt: now,
        error: undefined,
        errorCode: undefined,
        lastError: undefined,
        updatedAt: now,
      };
  }
}

function retryWait(attempts: number, failure: Failure, random: number): number {
  return Math.max(backoffDelay(attempts, random), (failure.retryAfter ?? 0) * 1000);
}

/** What a capture keeps of the document it became (the popup shows and cites it). */
export function capturedDocument(doc: Documento): CapturedDocument {
  return {
    id: doc.id,
    titulo: doc.titulo,
    autores: doc.autores,
    anio: doc.anio,
    tipo: doc.tipo,
    enlace: doc.enlace,
    ...(doc.origen_metadatos && { origen_metadatos: doc.origen_metadatos }),
  };
}

function fromDocument(row: CaptureRow, doc: Documento, now: number, uploaded: boolean): Partial<CaptureRow> {
  const documento = capturedDocument(doc);
  const common: Partial<CaptureRow> = {
    documentId: doc.id,
    // The upload in parts (if any) is over: its address is no use any more.
    uploadUrl: undefined,
    documento,
    fase: doc.fase,
    progreso: doc.progreso,
    lastError: undefined,
    errorCode: undefined,
    updatedAt: now,
  };
  if (doc.estado === 'listo') {
    return {
      ...common,
      state: 'ready',
      referencia: doc.referencia,
      moment: row.kind === 'video' && row.t !== undefined ? videoMoment(documento, row.t) : undefined,
    };
  }
  if (doc.estado === 'error') {
    return { ...common, state: 'error', error: doc.error ?? 'Folio no pudo leer esta captura.' };
  }
  return {
    ...common,
    state: 'processing',
    attempts: uploaded ? 0 : row.attempts,
    // Straight after the upload, poll at once (the poll itself waits on the server).
    nextAttemptAt: uploaded ? now : now + POLL_INTERVAL_MS,
  };
}

/**
 * The citation of the second a video capture was made at: the anchor `{tipo: 'tiempo', t0: t, t1: t}`
 * formatted by the shared formatter, like any passage of that video, and the reader link opened there.
 */
export function videoMoment(doc: CapturedDocument, t: number): VideoMoment {
  const second = Math.max(0, Math.floor(t));
  const ancla: AnclaTiempo = { tipo: 'tiempo', t0: second, t1: second };
  const localizador = formatLocator(ancla);
  const base = doc.enlace.slice(0, Math.max(0, doc.enlace.lastIndexOf('/leer/')));
  return {
    cita: formatCitation(doc, localizador),
    localizador,
    enlace: buildLink(base, doc.id, ancla),
  };
}

interface Failure {
  estado: number;
  codigo: string;
  mensaje: string;
  retryable: boolean;
  retryAfter?: number;
}

/** A failure as the outbox keeps it: Spanish text for the user and whether waiting may help. */
export function describeFailure(error: unknown): Failure {
  if (error instanceof ApiError) {
    const base = {
      estado: error.estado,
      codigo: error.codigo,
      retryable: error.retryable,
      retryAfter: error.retryAfter,
    };
    if (error.codigo === 'sin_conexion') return { ...base, mensaje: 'Sin conexión con Folio; se reintentará.' };
    if (error.codigo === 'no_autenticado') {
      return { ...base, mensaje: 'Folio rechazó la clave de API. Revísala en las opciones de la extensión.' };
    }
    if (error.codigo === 'prohibido') {
      return { ...base, mensaje: 'La clave de API no tiene permiso de escritura. Usa una clave con «escritura».' };
    }
    return { ...base, mensaje: error.mensaje };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { estado: -1, codigo: 'interno', mensaje: `Error inesperado: ${text}`, retryable: false };
}

/** Options of {@link enqueueCapture}. */
export interface EnqueueOptions {
  now?: number;
  /** Defaults to a random UUID; it becomes the upload's Idempotency-Key. */
  id?: string;
}

/**
 * Puts a capture in the outbox: its row (`queued`, due now), its file apart, and the selection as a saved
 * quote, in one transaction. This is how every capture enters: the popup, context menus, keyboard commands.
 */
export async function enqueueCapture(db: FolioDb, input: CaptureInput, opts: EnqueueOptions = {}): Promise<CaptureRow> {
  const now = opts.now ?? Date.now();
  const row: CaptureRow = {
    id: opts.id ?? crypto.randomUUID(),
    kind: input.kind,
    url: input.url,
    titulo: input.titulo,
    nombre: input.nombre,
    contentType: input.contentType,
    t: input.t,
    state: 'queued',
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    nextAttemptAt: now,
  };
  await db.transaction('rw', db.captures, db.bodies, db.quotes, async () => {
    await db.captures.add(row);
    if (input.body !== undefined) await db.bodies.add({ id: row.id, body: input.body });
    if (input.quote) {
      await db.quotes.add({
        ...input.quote,
        id: crypto.randomUUID(),
        captureId: row.id,
        url: input.url,
        titulo: input.titulo,
        createdAt: now,
      });
    }
  });
  return row;
}

/**
 * Applies an event to a stored row and returns the row as saved, or undefined when the row is gone
 * (dismissed meanwhile). The read and the write share a transaction.
 */
export async function applyEvent(
  db: FolioDb,
  id: string,
  event: OutboxEvent,
  tick: Tick,
): Promise<CaptureRow | undefined> {
  return db.transaction('rw', db.captures, db.bodies, async () => {
    const row = await db.captures.get(id);
    if (!row) return undefined;
    const next: CaptureRow = { ...row, ...transition(row, event, tick) };
    await db.captures.put(next);
    // Once the server holds the document, its copy here is no longer needed.
    if (next.documentId && !row.documentId) await db.bodies.delete(id);
    return next;
  });
}

/** Pending rows whose next step is due at `now`, oldest first. */
export async function dueCaptures(db: FolioDb, now: number): Promise<CaptureRow[]> {
  const rows = await db.captures.where('nextAttemptAt').belowOrEqual(now).toArray();
  return rows.filter((r) => PENDING_STATES.includes(r.state)).sort((a, b) => a.createdAt - b.createdAt);
}

/** When the next pending row is due, or null when nothing is pending. */
export async function nextDueAt(db: FolioDb): Promise<number | null> {
  const pending = await db.captures
    .where('state')
    .anyOf([...PENDING_STATES])
    .toArray();
  return pending.reduce<number | null>(
    (min, r) => (min === null || r.nextAttemptAt < min ? r.nextAttemptAt : min),
    null,
  );
}

/** Counts for the badge: captures still on their way, and failed ones. */
export async function outboxCounts(db: FolioDb): Promise<{ pending: number; errors: number }> {
  const [pending, errors] = await Promise.all([
    db.captures
      .where('state')
      .anyOf([...PENDING_STATES])
      .count(),
    db.captures.where('state').equals('error').count(),
  ]);
  return { pending, errors };
}

/** The most recent captures, newest first. */
export async function recentCaptures(db: FolioDb, limit = 20): Promise<CaptureRow[]> {
  return db.captures.orderBy('createdAt').reverse().limit(limit).toArray();
}

/** Sends a failed capture through again: back to upload, or to polling when the server already has it. */
export async function retryCapture(db: FolioDb, id: string, now = Date.now()): Promise<CaptureRow | undefined> {
  return applyEvent(db, id, { type: 'retry' }, { now, random: 0 });
}

/** Removes a capture from the list (and its file and quotes); the document on the server stays. */
export async function dismissCapture(db: FolioDb, id: string): Promise<void> {
  await db.transaction('rw', db.captures, db.bodies, db.quotes, async () => {
    await db.captures.delete(id);
    await db.bodies.delete(id);
    await db.quotes.where('captureId').equals(id).delete();
  });
}

/** Sends again every capture that failed because of the key, once a new key has been saved. */
export async function retryAuthFailures(db: FolioDb, now = Date.now()): Promise<number> {
  const failed = await db.captures.where('state').equals('error').toArray();
  const auth = failed.filter((r) => r.errorCode === 'no_autenticado' || r.errorCode === 'prohibido');
  for (const row of auth) await retryCapture(db, row.id, now);
  return auth.length;
}

import 'fake-indexeddb/auto';
import { ApiError, type Documento } from '@folio/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { type CaptureRow, FolioDb } from './db';
import { captureView } from './handlers';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  MAX_SERVER_ATTEMPTS,
  POLL_INTERVAL_MS,
  applyEvent,
  backoffDelay,
  dismissCapture,
  dueCaptures,
  enqueueCapture,
  nextDueAt,
  outboxCounts,
  retryAuthFailures,
  transition,
  videoMoment,
} from './outbox';

const dbs: FolioDb[] = [];
function freshDb(): FolioDb {
  const db = new FolioDb(`outbox-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const NOW = 1_700_000_000_000;

function row(over: Partial<CaptureRow> = {}): CaptureRow {
  return {
    id: 'c1',
    kind: 'page',
    url: 'https://example.org/a',
    state: 'queued',
    createdAt: NOW,
    updatedAt: NOW,
    attempts: 0,
    nextAttemptAt: NOW,
    ...over,
  };
}

const doc = (over: Partial<Documento> = {}): Documento => ({
  id: 'abc123def456',
  titulo: 'Cenotes',
  autores: ['Pérez Canul, Lucía'],
  anio: 2021,
  tipo: 'video',
  estado: 'procesando',
  fase: 'transcripcion',
  progreso: 0.5,
  unidades: 0,
  creado: '2024-05-01T10:00:00.000Z',
  enlace: 'http://folio.test/leer/abc123def456',
  texto_url: 'http://folio.test/api/v1/documentos/abc123def456/texto',
  ...over,
});

const offline = () => new ApiError({ estado: 0, codigo: 'sin_conexion', mensaje: 'No se pudo conectar.' });
const serverDown = () => new ApiError({ estado: 500, codigo: 'interno', mensaje: 'Error interno del servidor.' });

describe('backoffDelay', () => {
  it('doubles from the base with jitter between half and all of it, capped', () => {
    // random 0 → half the ceiling; random → 1 → the whole ceiling.
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect(backoffDelay(1, 0.999_999)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(4, 0.5)).toBe(30_000);
    for (let n = 1; n <= 40; n++) {
      const lo = backoffDelay(n, 0);
      const hi = backoffDelay(n, 0.999_999);
      expect(hi).toBeLessThanOrEqual(BACKOFF_CAP_MS);
      expect(lo).toBeGreaterThanOrEqual(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (n - 1)) / 2);
    }
    expect(backoffDelay(30, 0.5)).toBe(BACKOFF_CAP_MS * 0.75);
  });
});

describe('transition (the outbox state machine)', () => {
  const tick = { now: NOW + 1000, random: 0 };

  it('queued → uploading counts the attempt', () => {
    expect(transition(row(), { type: 'upload-start' }, tick)).toMatchObject({ state: 'uploading', attempts: 1 });
  });

  it('uploading → processing with fase and progreso, polled at once', () => {
    const next = transition(row({ state: 'uploading', attempts: 2 }), { type: 'upload-ok', documento: doc() }, tick);
    expect(next).toMatchObject({
      state: 'processing',
      documentId: 'abc123def456',
      fase: 'transcripcion',
      progreso: 0.5,
      attempts: 0,
      nextAttemptAt: tick.now,
    });
  });

  it('processing → ready with referencia; a video gets the citation of its captured second', () => {
    const ready = doc({ estado: 'listo', referencia: 'Pérez Canul, L. (2021). Cenotes.' });
    const next = transition(
      row({ state: 'processing', kind: 'video', t: 83.7 }),
      { type: 'poll-ok', documento: ready },
      tick,
    );
    expect(next).toMatchObject({ state: 'ready', referencia: 'Pérez Canul, L. (2021). Cenotes.' });
    expect(next.moment).toEqual({
      cita: '(Pérez Canul, 2021, 1:23)',
      localizador: '1:23',
      enlace: 'http://folio.test/leer/abc123def456?t=83',
    });
  });

  it("keeps where the document's values came from, for 'Revisar datos' to flag the doubtful ones", () => {
    const origen_metadatos = { anio: { origen: 'fecha_creacion' as const, confianza: 0.3 } };
    const ready = doc({ estado: 'listo', origen_metadatos });
    const next = transition(row({ state: 'processing' }), { type: 'poll-ok', documento: ready }, tick);
    expect(next.documento?.origen_metadatos).toEqual(origen_metadatos);
    expect(captureView({ ...row({ state: 'ready' }), ...next }).origen_metadatos).toEqual(origen_metadatos);
  });

  it('still processing → polled again after the interval', () => {
    const next = transition(row({ state: 'processing', documentId: 'x' }), { type: 'poll-ok', documento: doc() }, tick);
    expect(next).toMatchObject({ state: 'processing', nextAttemptAt: tick.now + POLL_INTERVAL_MS });
  });

  it('a document the server could not read ends in error with its text', () => {
    const failed = doc({ estado: 'error', error: 'El PDF está cifrado.' });
    expect(transition(row({ state: 'processing' }), { type: 'poll-ok', documento: failed }, tick)).toMatchObject({
      state: 'error',
      error: 'El PDF está cifrado.',
    });
  });

  it('offline: back to queued with backoff, never giving up', () => {
    const next = transition(
      row({ state: 'uploading', attempts: 50 }),
      { type: 'upload-failed', error: offline() },
      tick,
    );
    expect(next).toMatchObject({ state: 'queued', lastError: 'Sin conexión con Folio; se reintentará.' });
    expect(next.nextAttemptAt).toBe(tick.now + backoffDelay(50, 0));
  });

  it('server errors retry with backoff (Retry-After when longer), then give up', () => {
    const limited = new ApiError({ estado: 429, codigo: 'limite_de_ritmo', mensaje: 'Espera.', retryAfter: 120 });
    const wait = transition(row({ state: 'uploading', attempts: 1 }), { type: 'upload-failed', error: limited }, tick);
    expect(wait).toMatchObject({ state: 'queued', nextAttemptAt: tick.now + 120_000 });
    const last = row({ state: 'uploading', attempts: MAX_SERVER_ATTEMPTS });
    expect(transition(last, { type: 'upload-failed', error: serverDown() }, tick)).toMatchObject({
      state: 'error',
      error: `Error interno del servidor. (tras ${MAX_SERVER_ATTEMPTS} intentos)`,
    });
  });

  it('a refused key ends in error at once, in Spanish, and retry sends it again', () => {
    const refused = new ApiError({ estado: 401, codigo: 'no_autenticado', mensaje: 'x' });
    const failed = transition(
      row({ state: 'uploading', attempts: 1 }),
      { type: 'upload-failed', error: refused },
      tick,
    );
    expect(failed).toMatchObject({ state: 'error', errorCode: 'no_autenticado' });
    expect(failed.error).toMatch(/rechazó la clave/);
    const again = transition(row({ ...failed }), { type: 'retry' }, tick);
    expect(again).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: tick.now, error: undefined });
  });

  it('retry of a document the server already has goes back to polling, not uploading', () => {
    expect(transition(row({ state: 'error', documentId: 'd1' }), { type: 'retry' }, tick)).toMatchObject({
      state: 'processing',
    });
  });

  it('a document gone from the library (404 while polling) ends in error', () => {
    const gone = new ApiError({ estado: 404, codigo: 'no_encontrado', mensaje: 'x' });
    expect(transition(row({ state: 'processing' }), { type: 'poll-failed', error: gone }, tick)).toMatchObject({
      state: 'error',
      error: 'El documento ya no está en tu biblioteca.',
    });
  });
});

describe('the stored outbox', () => {
  it('enqueues row, body and quote together; the body goes once the server has the document', async () => {
    const db = freshDb();
    const captured = await enqueueCapture(
      db,
      {
        kind: 'page',
        url: 'https://example.org/a',
        titulo: 'A',
        nombre: 'a.html',
        contentType: 'text/html',
        body: '<html></html>',
        quote: { exact: 'hola', prefix: '', suffix: ' mundo', start: 0, end: 4 },
      },
      { now: NOW },
    );
    expect(captured.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.bodies.get(captured.id)).toEqual({ id: captured.id, body: '<html></html>' });
    expect(await db.quotes.where('captureId').equals(captured.id).count()).toBe(1);
    expect((await dueCaptures(db, NOW)).map((r) => r.id)).toEqual([captured.id]);
    expect(await outboxCounts(db)).toEqual({ pending: 1, errors: 0 });

    await applyEvent(db, captured.id, { type: 'upload-start' }, { now: NOW, random: 0 });
    await applyEvent(db, captured.id, { type: 'upload-ok', documento: doc({ tipo: 'web' }) }, { now: NOW, random: 0 });
    expect(await db.bodies.get(captured.id)).toBeUndefined();
    expect(await db.captures.get(captured.id)).toMatchObject({ state: 'processing', documentId: 'abc123def456' });

    await dismissCapture(db, captured.id);
    expect(await db.captures.count()).toBe(0);
    expect(await db.quotes.count()).toBe(0);
  });

  it('finds the next due time and only due rows', async () => {
    const db = freshDb();
    const a = await enqueueCapture(db, { kind: 'url', url: 'https://a.example' }, { now: NOW });
    const b = await enqueueCapture(db, { kind: 'url', url: 'https://b.example' }, { now: NOW + 1 });
    await applyEvent(db, a.id, { type: 'upload-start' }, { now: NOW, random: 0 });
    await applyEvent(db, a.id, { type: 'upload-failed', error: offline() }, { now: NOW, random: 0 });
    expect((await dueCaptures(db, NOW + 1)).map((r) => r.id)).toEqual([b.id]);
    expect(await nextDueAt(db)).toBe(NOW + 1);
    await db.captures.update(b.id, { state: 'ready' });
    expect(await nextDueAt(db)).toBe(NOW + backoffDelay(1, 0));
  });

  it('sends captures refused for the key again once a new key is saved', async () => {
    const db = freshDb();
    const a = await enqueueCapture(db, { kind: 'url', url: 'https://a.example' }, { now: NOW });
    const refused = new ApiError({ estado: 403, codigo: 'prohibido', mensaje: 'x' });
    await applyEvent(db, a.id, { type: 'upload-failed', error: refused }, { now: NOW, random: 0 });
    expect(await outboxCounts(db)).toEqual({ pending: 0, errors: 1 });
    expect(await retryAuthFailures(db, NOW + 5)).toBe(1);
    expect(await db.captures.get(a.id)).toMatchObject({ state: 'queued', nextAttemptAt: NOW + 5 });
  });
});

describe('videoMoment', () => {
  it('builds cita, localizador and the reader link from a tiempo anchor at the captured second', () => {
    const m = videoMoment(
      {
        id: 'v1',
        titulo: 'Charla',
        autores: ['Eco, Umberto', 'Kahneman, Daniel'],
        tipo: 'video',
        enlace: 'https://f.example/folio/leer/v1',
      },
      3723.9,
    );
    expect(m).toEqual({
      cita: '(Eco y Kahneman, s. f., 1:02:03)',
      localizador: '1:02:03',
      enlace: 'https://f.example/folio/leer/v1?t=3723',
    });
  });
});

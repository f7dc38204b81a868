import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Deps } from '../../context';
import { readDocx } from '../../cite/docx/cited-docx';
import { insertCiteJob, findCiteJob, type CiteJobRow, type CiteOptions } from '../../db/cite-jobs.repo';

export type { CiteJobRow } from '../../db/cite-jobs.repo';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { ConversionError, DEFAULT_LIMITS } from '../../ingest/converter';
import { citeJob } from '../../jobs/definitions';
import { SUPPORT_THRESHOLD } from '../../support/bar';
import { resolveCiteLocale, resolveCiteStyle } from './cite-style';
import { storeBlob } from './cite-text';
import {
  claimOrReplay,
  releaseClaim,
  rememberResource,
  requestFingerprint,
  type IdempotentRequest,
} from '../idempotency';

/** What to cite: a text, or a .docx already streamed to a temporary file. */
export type CiteInput = { entrada: 'texto'; texto: string } | { entrada: 'docx'; path: string };

/** The operation's defaults: APA, Spanish, and the support threshold verify and ask use (support/bar.ts). */
export const CITE_DEFAULTS = { estilo: 'apa', idioma: 'es-ES', umbral: SUPPORT_THRESHOLD } as const;

const OPERATION = 'citar';

/** The key with what the request asks for: the text (or the .docx's SHA-256) and every option. */
async function idempotentCite(key: string, input: CiteInput, opciones: CiteOptions): Promise<IdempotentRequest> {
  const entrada =
    input.entrada === 'texto'
      ? input
      : {
          entrada: 'docx',
          sha256: createHash('sha256')
            .update(await fs.readFile(input.path))
            .digest('hex'),
        };
  return { key, fingerprint: requestFingerprint({ entrada, opciones }) };
}

/**
 * Creates a cite job (POST /citar) and queues it. A repeated Idempotency-Key gives back the job it
 * created; the same key with another text, .docx or options is refused (409 conflicto). The style, the locale and a .docx are checked before anything is queued (400), and the
 * per-user quota, when configured, before anything is stored (402 cuota_superada).
 */
export async function submitCite(
  deps: Pick<Deps, 'db' | 'config' | 'blobs' | 'queue'>,
  userId: string,
  input: CiteInput,
  opciones: CiteOptions,
  idempotencyKey?: string,
): Promise<{ row: CiteJobRow; repeated: boolean }> {
  const tmp = input.entrada === 'docx' ? input.path : undefined;
  try {
    const idem = idempotencyKey ? await idempotentCite(idempotencyKey, input, opciones) : undefined;
    const previous = await claimOrReplay(deps.db, userId, OPERATION, idem);
    const row = previous && (await findCiteJob(deps.db, userId, previous));
    if (row) return { row, repeated: true };
    try {
      return { row: await createCiteJob(deps, userId, input, opciones, idem), repeated: false };
    } catch (err) {
      await releaseClaim(deps.db, userId, OPERATION, idem).catch(() => {});
      throw err;
    }
  } finally {
    if (tmp) await fs.rm(tmp, { force: true });
  }
}

/** Checks the style, locale and .docx of a cite request, stores it as a job within the quota and queues it. */
async function createCiteJob(
  deps: Pick<Deps, 'db' | 'config' | 'blobs' | 'queue'>,
  userId: string,
  input: CiteInput,
  opciones: CiteOptions,
  idem: IdempotentRequest | undefined,
): Promise<CiteJobRow> {
  const style = await resolveCiteStyle(deps, userId, opciones.estilo);
  resolveCiteLocale(opciones.idioma);
  let inputBlob: string | undefined;
  if (input.entrada === 'docx') {
    try {
      await readDocx(input.path, { limits: DEFAULT_LIMITS });
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
      throw new AppError('peticion_invalida', {
        mensaje: err.mensaje,
        message: err.message,
        detalles: { campo: 'cuerpo' },
      });
    }
  }
  const id = newId();
  if (input.entrada === 'docx') inputBlob = await storeBlob(deps, `cite-${id}-in`, await fs.readFile(input.path));
  const created = await insertCiteJob(
    deps.db,
    {
      id,
      userId,
      entrada: input.entrada,
      texto: input.entrada === 'texto' ? input.texto : undefined,
      inputBlob,
      opciones,
      estilo: style.id,
    },
    deps.config.citeQuota,
  );
  if (!('id' in created)) {
    if (inputBlob) await deps.blobs.delete(inputBlob);
    const quota = deps.config.citeQuota!;
    throw new AppError('cuota_superada', {
      mensaje: `Usaste tus ${quota.max} peticiones de citas de los últimos ${quota.days} días.`,
      message: `You used your ${quota.max} cite requests of the last ${quota.days} days.`,
      detalles: { cuota: quota.max, dias: quota.days, usadas: created.usadas },
    });
  }
  await rememberResource(deps.db, userId, OPERATION, idem, id);
  await deps.queue.send(citeJob(deps.config), { citeId: id }, id);
  return created;
}

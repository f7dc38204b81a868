import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError, errorBody } from '../errors';
import { askEvents, type AskRequest } from '../services/ask';
import type { AppEnv } from './env';
import { knownError } from '../db/outage';

/**
 * An answer as server-sent events, as it is written (`askEvents`): the API's `POST /preguntar` with
 * `stream` and the web app's `/preguntar/flujo` both answer with this. A failure ends the stream with an
 * `error` event in the contract's error body; a client that went away stops the answer.
 */
export function streamAnswer(c: Context<AppEnv>, userId: string, req: AskRequest, what: string): Response {
  const deps = c.var.deps;
  const abort = new AbortController();
  return streamSSE(c, async (sse) => {
    sse.onAbort(() => abort.abort());
    try {
      for await (const e of askEvents(deps, userId, req, abort.signal)) {
        await sse.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
      }
    } catch (err) {
      if (abort.signal.aborted) return;
      let appError = knownError(err, deps.outages);
      if (!appError) {
        deps.log.error(`${what} failed`, err);
        appError = new AppError('interno');
      }
      await sse.writeSSE({ event: 'error', data: JSON.stringify(errorBody(appError, deps.config.publicUrl)) });
    }
  });
}

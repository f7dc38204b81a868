import { z } from 'zod';
import { ErrorApi } from './error';
import { Fuente, Pasaje, Respuesta } from './pasaje';

/** `pasajes`: the passages given to the writer, in the order of the numbers it was given them under (1..k). */
export const EventoPasajes = z
  .object({ pasajes: z.array(Pasaje) })
  .meta({ id: 'EventoPasajes', description: 'The passages given to the writer, numbered 1..k in this order.' });
export type EventoPasajes = z.infer<typeof EventoPasajes>;

/** `texto`: the next piece of the answer, already checked; all of them joined are `respuesta` of `fin`. */
export const EventoTexto = z.object({ texto: z.string() }).meta({
  id: 'EventoTexto',
  description: 'A delta of the answer (checked sentences, then the footnote definitions).',
});
export type EventoTexto = z.infer<typeof EventoTexto>;

export const EVENTOS_PREGUNTAR = ['pasajes', 'texto', 'fuente', 'fin', 'error'] as const;
export type EventoPreguntarNombre = (typeof EVENTOS_PREGUNTAR)[number];

/**
 * One server-sent event of `POST /preguntar` with `stream: true` (or `Accept: text/event-stream`): an
 * `event:` line with the name and one `data:` line with the JSON payload. Order: `pasajes` once, first; then
 * `texto` deltas, each `fuente` right after the `texto` that first cites it; last `fin` with the whole answer,
 * or `error` (the error body of a failed request) instead.
 */
export const EventoPreguntar = z
  .discriminatedUnion('event', [
    z.object({ event: z.literal('pasajes'), data: EventoPasajes }),
    z.object({ event: z.literal('texto'), data: EventoTexto }),
    z.object({ event: z.literal('fuente'), data: Fuente }),
    z.object({ event: z.literal('fin'), data: Respuesta }),
    z.object({ event: z.literal('error'), data: ErrorApi }),
  ])
  .meta({
    id: 'EventoPreguntar',
    description:
      'A server-sent event: `event: <name>` and `data: <JSON>`. Order: `pasajes` (once, first); `texto` deltas, ' +
      'each `fuente` right after the `texto` that first cites it (so `fuente` events come in footnote order); ' +
      '`fin` last with the whole Respuesta (its `respuesta` is every `texto` joined), or `error` instead.',
  });
export type EventoPreguntar = z.infer<typeof EventoPreguntar>;

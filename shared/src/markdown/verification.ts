import type { Verificacion } from '../contract/pasaje';
import { blocks, inline } from './inline';
import { passageItem } from './search';

const VEREDICTO: Record<Verificacion['veredicto'], string> = {
  respaldada: 'respaldada por tu biblioteca',
  parcial: 'respaldada en parte',
  contradicha: 'contradicha por tu biblioteca',
  sin_respaldo: 'sin respaldo en tu biblioteca',
};

const RELACION: Record<string, string> = {
  APOYO_DIRECTO: 'apoyo directo',
  CONTRADICCION: 'contradicción',
  CONTEXTO: 'contexto',
  APLICACION_DE_MARCO: 'aplicación de un marco general',
  IMPOSIBLE_TEMPORAL: 'posterior a la afirmación: no puede respaldarla',
};

const percent = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The Markdown form of a verification (`POST /verificar` with `formato=markdown`): a heading with the claim,
 * the verdict in words with the probability that the claim is backed, then the passages weighed as in search
 * (literal text, `cita — [localizador](enlace)`), each followed by its relation and support. When the library
 * had nothing to weigh it says so.
 */
export function verificationMarkdown(v: Verificacion): string {
  const title = `# Verificación de «${inline(v.afirmacion)}»`;
  const verdict = `**Veredicto: ${v.veredicto}** — ${VEREDICTO[v.veredicto]} (probabilidad de respaldo: ${percent(v.probabilidad)}).`;
  const body =
    v.pasajes.length > 0
      ? v.pasajes
          .map((p, i) =>
            passageItem(p, i + 1, `${RELACION[p.relacion] ?? inline(p.relacion)}, respaldo ${percent(p.respaldo)}`),
          )
          .join('\n\n')
      : 'No se encontró nada en tu biblioteca sobre esta afirmación.';
  return blocks([title, verdict, body]);
}

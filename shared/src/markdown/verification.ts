import type { Verificacion } from '../contract/pasaje';
import { LEXICAL_LIMIT, lexicalDoubt, NLI_ADVICE } from '../contract/verdict-doubt';
import { blocks, inline } from './inline';
import { passageItem } from './search';

const VEREDICTO: Record<Verificacion['veredicto'], string> = {
  respaldada: 'respaldada por tu biblioteca',
  parcial: 'respaldada en parte',
  contradicha: 'contradicha por tu biblioteca',
  sin_respaldo: 'sin respaldo en tu biblioteca',
};

/** The verdict in words when the lexical judge found no backing but weighed passages (see lexicalDoubt). */
const VEREDICTO_LEXICO: Partial<Record<Verificacion['veredicto'], string>> = {
  parcial: 'respaldada en parte; el resto no aparece con las mismas palabras en ningún pasaje',
  sin_respaldo: 'ningún pasaje de tu biblioteca la dice con las mismas palabras',
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
 * the verdict in words with the probability that the claim is backed, then the passages weighed as in search (literal
 * text, `cita — [localizador](enlace)`), each followed by its relation and support. When the library had
 * nothing to weigh it says so. When the lexical judge found no backing (lexicalDoubt), the verdict says that
 * no passage states the claim in the same words, and the closest passage follows it, quoted and cited, with
 * the judge's limit and the command that installs the NLI model.
 */
export function verificationMarkdown(v: Verificacion): string {
  const title = `# Verificación de «${inline(v.afirmacion)}»`;
  const closest = lexicalDoubt(v);
  const words = (closest && VEREDICTO_LEXICO[v.veredicto]) ?? VEREDICTO[v.veredicto];
  const verdict = `**Veredicto: ${v.veredicto}** — ${words} (probabilidad de respaldo: ${percent(v.probabilidad)}).`;
  const doubt = closest
    ? [
        `El pasaje más cercano (respaldo ${percent(closest.respaldo)}):`,
        quoted(closest.texto),
        `${inline(closest.cita)} — [${inline(closest.localizador) || 'abrir'}](${closest.enlace})`,
        `${LEXICAL_LIMIT} ${NLI_ADVICE}`,
      ]
    : [];
  const body =
    v.pasajes.length > 0
      ? v.pasajes
          .map((p, i) =>
            passageItem(p, i + 1, `${RELACION[p.relacion] ?? inline(p.relacion)}, respaldo ${percent(p.respaldo)}`),
          )
          .join('\n\n')
      : 'No se encontró nada en tu biblioteca sobre esta afirmación.';
  return blocks([title, verdict, ...doubt, body]);
}

/** A passage's literal text as a blockquote. */
const quoted = (texto: string) =>
  texto
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');

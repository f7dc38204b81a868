import type { Strings } from '../i18n';
import { fillPlaceholders } from '../i18n';

const es = {
  title: 'Preguntar',
  intro:
    'Pregunta a tu biblioteca: la respuesta cita sus fuentes con notas, y cada nota se comprueba contra el pasaje que cita.',
  question: 'Pregunta',
  question_hint: 'Por ejemplo: ¿Qué concentración de nitratos se midió en Homún?',
  submit: 'Preguntar',
  answer: 'Respuesta',
  writing: 'Escribiendo la respuesta…',
  searching: 'Buscando en tu biblioteca…',
  done: 'Respuesta terminada.',
  sources: 'Fuentes',
  source_n: 'Fuente {n}',
  open_reader: 'Abrir en el lector',
  footnote_label: 'Nota {n}: {cita}',
  confidence_alta: 'Confianza alta: cada frase está respaldada por sus fuentes y la respuesta cubre la pregunta.',
  confidence_media:
    'Confianza media: parte de lo escrito no pudo respaldarse y se dejó fuera, o la respuesta cubre la pregunta solo en parte.',
  confidence_baja: 'Confianza baja: la respuesta apenas cubre la pregunta.',
  nothing_found: 'No se encontró nada: ningún pasaje de tu biblioteca responde a esta pregunta.',
  empty_question: 'Escribe una pregunta.',
  too_long: 'La pregunta es demasiado larga (como mucho 4000 caracteres).',
  failed: 'No se pudo responder: {reason}',
  done_in: 'Respuesta terminada en {s} s.',
} as const;

export type AskStringKey = keyof typeof es;

const en: Record<AskStringKey, string> = {
  title: 'Ask',
  intro:
    'Ask your library: the answer cites its sources with footnotes, and every footnote is checked against the passage it cites.',
  question: 'Question',
  question_hint: 'For example: What nitrate concentration was measured in Homún?',
  submit: 'Ask',
  answer: 'Answer',
  writing: 'Writing the answer…',
  searching: 'Searching your library…',
  done: 'Answer finished.',
  sources: 'Sources',
  source_n: 'Source {n}',
  open_reader: 'Open in the reader',
  footnote_label: 'Footnote {n}: {cita}',
  confidence_alta: 'High confidence: every sentence is backed by its sources and the answer covers the question.',
  confidence_media:
    'Medium confidence: part of what was written could not be backed and was left out, or the answer covers the question only in part.',
  confidence_baja: 'Low confidence: the answer barely covers the question.',
  nothing_found: 'Nothing found: no passage of your library answers this question.',
  empty_question: 'Type a question.',
  too_long: 'The question is too long (at most 4000 characters).',
  failed: 'Could not answer: {reason}',
  done_in: 'Answer finished in {s} s.',
};

const TABLES = { es, en } as const;

/** The Ask page's strings in the page's language. */
export function askStrings(s: Strings) {
  const table: Record<AskStringKey, string> = TABLES[s.lang];
  return (key: AskStringKey, vars: Record<string, string | number> = {}) => fillPlaceholders(table[key], vars);
}

export type AskT = ReturnType<typeof askStrings>;

import type { Lang } from '../i18n';
import { fillPlaceholders } from '../i18n';

const es = {
  title: 'Verificar',
  intro:
    'Escribe una afirmación y Folio busca en tu biblioteca los pasajes que la respaldan o la contradicen, y dice si la respaldan.',
  afirmacion: 'Afirmación',
  afirmacion_hint: 'Una o varias frases, tal como las escribirías en tu texto.',
  anio: 'Año del texto (opcional)',
  anio_hint: 'Las fuentes publicadas después de este año no pueden respaldarla: se dejan aparte.',
  submit: 'Verificar',
  verdict_heading: 'Veredicto',
  veredicto_respaldada: 'Respaldada: tu biblioteca respalda la afirmación.',
  veredicto_parcial: 'Respaldada en parte: algunas partes de la afirmación tienen respaldo y otras no.',
  veredicto_sin_respaldo: 'Sin respaldo: ningún pasaje de tu biblioteca la respalda.',
  veredicto_contradicha: 'Contradicha: un pasaje de tu biblioteca dice lo contrario.',
  veredicto_sin_respaldo_lexico:
    'Sin respaldo confirmado: ningún pasaje de tu biblioteca dice esta afirmación con las mismas palabras.',
  veredicto_parcial_lexico:
    'Respaldada en parte: algunas partes tienen respaldo; las demás no aparecen con las mismas palabras en ningún pasaje.',
  closest_heading: 'El pasaje más cercano',
  closest_intro: 'No dice la afirmación con las mismas palabras:',
  closest_support: 'Respaldo: {pct} %',
  closest_in_list: 'Verlo en la lista',
  lexical_limit:
    'Este veredicto es del juez léxico (sin modelo): compara palabras y no reconoce una paráfrasis, así que si un pasaje dice lo mismo con otras palabras, no puede verlo. El modelo NLI sí juzga paráfrasis; instálalo con',
  probabilidad: 'Probabilidad de respaldo: {pct} %',
  scorer: 'Juzgado por: {name} · {ms} ms',
  passages: 'Pasajes sopesados ({n})',
  no_passages: 'No hay pasajes en tu biblioteca que hablen de esto.',
  no_passages_hint: 'Comprueba que el documento esté listo, o escribe la afirmación con otras palabras.',
  relacion: 'Relación',
  respaldo: 'Respaldo',
  respaldo_pct: '{pct} %',
  relacion_APOYO_DIRECTO: 'Apoyo directo',
  relacion_CONTRADICCION: 'Contradicción',
  relacion_CONTEXTO: 'Contexto',
  relacion_APLICACION_DE_MARCO: 'Aplicación de un marco general',
  relacion_IMPOSIBLE_TEMPORAL: 'Posterior a la afirmación (descartado)',
  error_afirmacion: 'Escribe la afirmación que quieres verificar.',
  error_afirmacion_long: 'La afirmación es demasiado larga (máximo 4000 caracteres).',
  error_nul: 'El campo «{field}» contiene un carácter nulo (U+0000), que no se admite.',
  error_anio: 'El año debe ser un número entero como 2021, entre -3000 y 3000.',
} as const;

export type VerifyStringKey = keyof typeof es;

const en: Record<VerifyStringKey, string> = {
  title: 'Verify',
  intro:
    'Write a claim and Folio looks in your library for the passages that back it or contradict it, and tells whether they back it.',
  afirmacion: 'Claim',
  afirmacion_hint: 'One or more sentences, as you would write them in your text.',
  anio: 'Year of the text (optional)',
  anio_hint: 'Sources published after this year cannot back it: they are set aside.',
  submit: 'Verify',
  verdict_heading: 'Verdict',
  veredicto_respaldada: 'Supported: your library backs the claim.',
  veredicto_parcial: 'Partly supported: some parts of the claim are backed and others are not.',
  veredicto_sin_respaldo: 'Not supported: no passage of your library backs it.',
  veredicto_contradicha: 'Contradicted: a passage of your library says the opposite.',
  veredicto_sin_respaldo_lexico:
    'No confirmed support: no passage of your library states this claim in the same words.',
  veredicto_parcial_lexico:
    'Partly supported: some parts are backed; the rest does not appear in the same words in any passage.',
  closest_heading: 'The closest passage',
  closest_intro: 'It does not state the claim in the same words:',
  closest_support: 'Support: {pct} %',
  closest_in_list: 'See it in the list',
  lexical_limit:
    'This verdict comes from the lexical judge (no model): it compares words and cannot recognise a paraphrase, so if a passage says the same in other words, it cannot see it. The NLI model judges paraphrase; install it with',
  probabilidad: 'Probability of support: {pct} %',
  scorer: 'Judged by: {name} · {ms} ms',
  passages: 'Passages weighed ({n})',
  no_passages: 'No passage of your library speaks of this.',
  no_passages_hint: 'Check that the document is ready, or write the claim in other words.',
  relacion: 'Relation',
  respaldo: 'Support',
  respaldo_pct: '{pct} %',
  relacion_APOYO_DIRECTO: 'Direct support',
  relacion_CONTRADICCION: 'Contradiction',
  relacion_CONTEXTO: 'Context',
  relacion_APLICACION_DE_MARCO: 'Applies a general framework',
  relacion_IMPOSIBLE_TEMPORAL: 'Later than the claim (set aside)',
  error_afirmacion: 'Write the claim you want to verify.',
  error_afirmacion_long: 'The claim is too long (4000 characters at most).',
  error_nul: 'The field “{field}” contains a null character (U+0000), which is not accepted.',
  error_anio: 'The year must be a whole number such as 2021, between -3000 and 3000.',
};

/** The verify page's own strings; a passage's citation, place and buttons come from the search page's. */
export interface VerifyStrings {
  lang: Lang;
  t(key: VerifyStringKey, vars?: Record<string, string | number>): string;
  has(key: string): key is VerifyStringKey;
}

export function verifyStrings(lang: Lang): VerifyStrings {
  const table: Record<VerifyStringKey, string> = lang === 'en' ? en : es;
  return {
    lang,
    t: (key, vars) => fillPlaceholders(table[key], vars),
    has: (key): key is VerifyStringKey => Object.hasOwn(table, key),
  };
}

import type { Strings } from '../i18n';
import { fillPlaceholders } from '../i18n';

const es = {
  title: 'Citar',
  intro:
    'Pega un borrador o elige un .docx: cada afirmación que tu biblioteca respalda recibe su cita, con la bibliografía al final. Las citas salen de los pasajes guardados, nunca de un modelo.',
  text_label: 'Texto',
  text_hint: 'Pega aquí tu texto (hasta 200 000 caracteres).',
  or: 'o bien',
  file_label: 'Un documento .docx',
  file_hint: 'Se devuelve el mismo .docx con las citas en su sitio y la bibliografía añadida.',
  drop_here: 'Suelta aquí un .docx',
  options: 'Opciones',
  style: 'Estilo',
  styles_bundled: 'Incluidos',
  styles_own: 'Tus estilos',
  locale: 'Idioma de las citas',
  threshold: 'Umbral de respaldo',
  threshold_hint: 'De 0 a 1: solo se cita una afirmación cuyo mejor pasaje la respalda al menos así (0,7 por defecto).',
  submit: 'Citar',
  register_title: 'Registrar un estilo CSL',
  register_file: 'Archivo de estilo (.csl)',
  register_hint:
    'Un estilo CSL 1.0, como los del repositorio de estilos de CSL (hasta 1 MB). Después aparece en la lista de estilos.',
  register_submit: 'Registrar el estilo',
  registered: 'Estilo «{titulo}» registrado como {id}.',
  register_failed: 'No se pudo registrar el estilo: {reason}',
  style_missing: 'Elige un archivo de estilo (.csl).',
  working_title: 'Citando…',
  working: 'El texto está {estado} ({pct} %). Esta página se actualiza sola cada pocos segundos.',
  estado_en_cola: 'en cola',
  estado_procesando: 'en proceso',
  refresh: 'Actualizar ahora',
  result_title: 'Texto citado',
  claims: 'Afirmaciones',
  claims_count: '{cited} de {total} citadas',
  cited: 'Citada',
  not_cited: 'Sin cita',
  support: 'Respaldo: {pct} %',
  below: 'Su mejor pasaje la respalda un {pct} %, por debajo del umbral ({umbral} %):',
  nothing_backs: 'Ningún pasaje de tu biblioteca la respalda.',
  below_lexical:
    'Ningún pasaje la dice con las mismas palabras. El más cercano la respalda un {pct} % (umbral: {umbral} %) y puede decirla con otras:',
  lexical_note:
    'Las afirmaciones sin cita las juzgó el juez léxico (sin modelo), que compara palabras y no reconoce una paráfrasis: un pasaje puede decirlas con otras palabras. El modelo NLI sí la juzga; instálalo con',
  none_cited_lexical: 'Ningún pasaje de tu biblioteca dice con las mismas palabras lo que afirma el texto.',
  question: 'Es una pregunta: las preguntas no se citan.',
  open_reader: 'Abrir en el lector',
  markdown: 'Texto en Markdown',
  copy: 'Copiar el Markdown',
  copied: 'Copiado',
  copy_failed: 'No se pudo copiar: selecciona el texto y cópialo',
  bibliography: 'Bibliografía',
  none_cited: 'Ningún pasaje de tu biblioteca respalda el texto.',
  download: 'Descargar el .docx citado',
  again: 'Citar otro texto',
  style_used: 'Estilo: {estilo}',
  empty_input: 'Pega un texto o elige un .docx.',
  both_inputs: 'Pega un texto o elige un .docx, no los dos a la vez.',
  empty_file: 'El archivo está vacío.',
  bad_threshold: 'El umbral es un número entre 0 y 1 (por ejemplo 0,7).',
  text_too_long: 'El texto es demasiado largo (como mucho 200 000 caracteres).',
  failed: 'No se pudo citar: {reason}',
  job_failed: 'La cita terminó con error: {error}',
  not_found: 'Este trabajo de citas no existe o no es tuyo.',
  error_title: 'No se pudo citar',
} as const;

export type CiteStringKey = keyof typeof es;

const en: Record<CiteStringKey, string> = {
  title: 'Cite',
  intro:
    'Paste a draft or choose a .docx: every claim your library backs gets its citation, with the bibliography at the end. Citations come from the stored passages, never from a model.',
  text_label: 'Text',
  text_hint: 'Paste your text here (up to 200,000 characters).',
  or: 'or',
  file_label: 'A .docx document',
  file_hint: 'You get the same .docx back with the citations in place and the bibliography appended.',
  drop_here: 'Drop a .docx here',
  options: 'Options',
  style: 'Style',
  styles_bundled: 'Bundled',
  styles_own: 'Your styles',
  locale: 'Language of the citations',
  threshold: 'Backing threshold',
  threshold_hint:
    'From 0 to 1: a claim is cited only when its best passage backs it at least this much (0.7 by default).',
  submit: 'Cite',
  register_title: 'Register a CSL style',
  register_file: 'Style file (.csl)',
  register_hint:
    'A CSL 1.0 style, like those of the CSL styles repository (up to 1 MB). It then appears in the list of styles.',
  register_submit: 'Register the style',
  registered: 'Style “{titulo}” registered as {id}.',
  register_failed: 'The style could not be registered: {reason}',
  style_missing: 'Choose a style file (.csl).',
  working_title: 'Citing…',
  working: 'The text is {estado} ({pct} %). This page refreshes itself every few seconds.',
  estado_en_cola: 'queued',
  estado_procesando: 'being processed',
  refresh: 'Refresh now',
  result_title: 'Cited text',
  claims: 'Claims',
  claims_count: '{cited} of {total} cited',
  cited: 'Cited',
  not_cited: 'Not cited',
  support: 'Backing: {pct} %',
  below: 'Its best passage backs it {pct} %, below the threshold ({umbral} %):',
  nothing_backs: 'No passage of your library backs it.',
  below_lexical:
    'No passage states it in the same words. The closest backs it {pct} % (threshold: {umbral} %) and may say it in others:',
  lexical_note:
    'The uncited claims were judged by the lexical judge (no model), which compares words and cannot recognise a paraphrase: a passage may state them in other words. The NLI model judges paraphrase; install it with',
  none_cited_lexical: 'No passage of your library states in the same words what the text claims.',
  question: 'It is a question: questions are not cited.',
  open_reader: 'Open in the reader',
  markdown: 'Text in Markdown',
  copy: 'Copy the Markdown',
  copied: 'Copied',
  copy_failed: 'Could not copy: select the text and copy it',
  bibliography: 'Bibliography',
  none_cited: 'No passage of your library backs the text.',
  download: 'Download the cited .docx',
  again: 'Cite another text',
  style_used: 'Style: {estilo}',
  empty_input: 'Paste a text or choose a .docx.',
  both_inputs: 'Paste a text or choose a .docx, not both at once.',
  empty_file: 'The file is empty.',
  bad_threshold: 'The threshold is a number between 0 and 1 (for example 0.7).',
  text_too_long: 'The text is too long (at most 200,000 characters).',
  failed: 'Could not cite: {reason}',
  job_failed: 'Citing ended with an error: {error}',
  not_found: 'This cite job does not exist or is not yours.',
  error_title: 'Could not cite',
};

const TABLES = { es, en } as const;

/** The Cite page's strings in the page's language. */
export function citeStrings(s: Strings) {
  const table: Record<CiteStringKey, string> = TABLES[s.lang];
  return (key: CiteStringKey, vars: Record<string, string | number> = {}) => fillPlaceholders(table[key], vars);
}

export type CiteT = ReturnType<typeof citeStrings>;

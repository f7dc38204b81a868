import type { Lang } from '../i18n';
import { fillPlaceholders } from '../i18n';

const es = {
  title: 'Buscar',
  intro: 'Busca pasajes en tu biblioteca. Cada resultado trae su cita, su localizador y un enlace al lector.',
  q_label: 'Qué buscar',
  q_hint: 'Palabras sueltas, o una frase exacta entre comillas dobles: "agua subterránea".',
  slash_hint: 'Pulsa {key} en cualquier parte de la página para volver a este cuadro.',
  submit: 'Buscar',
  filters: 'Filtros',
  documento: 'Documento',
  documento_all: 'Todos los documentos',
  tipo: 'Tipo de documento',
  tipo_all: 'Todos los tipos',
  biblioteca: 'Colección',
  biblioteca_all: 'Todas las colecciones',
  anio: 'Año',
  anio_hint: 'Un año (2021) o un intervalo (2015-2020).',
  results: '{n} resultados para «{q}»',
  results_one: '1 resultado para «{q}»',
  none_title: 'Sin resultados para «{q}».',
  none_hint: 'Prueba con menos palabras, quita las comillas o los filtros, o comprueba que el documento ya esté listo.',
  engines: 'Respondieron: {engines} · {ms} ms',
  engine_lexico: 'léxico (BM25)',
  engine_semantico: 'semántico ({model})',
  engine_semantico_off: 'sin búsqueda semántica',
  engine_rasgos: 'reordenación por rasgos',
  engine_reranker: 'reordenador {model}',
  read: 'Abrir en el lector',
  read_place: '«{title}», {place}',
  cita: 'Cita',
  localizador: 'Lugar',
  copy_cita: 'Copiar cita',
  copy_both: 'Copiar texto + cita',
  copied: 'Copiado',
  copy_failed: 'No se pudo copiar: selecciona el texto y cópialo a mano.',
  passage_of: 'Pasaje de «{title}»',
  error_q: 'Escribe qué buscar.',
  error_q_long: 'La búsqueda es demasiado larga (máximo 2000 caracteres).',
  error_nul: 'El campo «{field}» contiene un carácter nulo (U+0000), que no se admite.',
  error_anio: 'El año debe ser un número como 2021 o un intervalo como 2015-2020.',
  error_tipo: 'Ese tipo de documento no existe.',
  no_year: 's. f.',
} as const;

export type SearchStringKey = keyof typeof es;

const en: Record<SearchStringKey, string> = {
  title: 'Search',
  intro: 'Search passages in your library. Each result comes with its citation, its locator and a link to the reader.',
  q_label: 'What to search for',
  q_hint: 'Single words, or an exact phrase in double quotes: "groundwater flow".',
  slash_hint: 'Press {key} anywhere on the page to come back to this box.',
  submit: 'Search',
  filters: 'Filters',
  documento: 'Document',
  documento_all: 'All documents',
  tipo: 'Document type',
  tipo_all: 'All types',
  biblioteca: 'Collection',
  biblioteca_all: 'All collections',
  anio: 'Year',
  anio_hint: 'A year (2021) or a range (2015-2020).',
  results: '{n} results for “{q}”',
  results_one: '1 result for “{q}”',
  none_title: 'No results for “{q}”.',
  none_hint: 'Try fewer words, drop the quotes or the filters, or check that the document is ready.',
  engines: 'Answered by: {engines} · {ms} ms',
  engine_lexico: 'lexical (BM25)',
  engine_semantico: 'semantic ({model})',
  engine_semantico_off: 'no semantic search',
  engine_rasgos: 'feature reranking',
  engine_reranker: 'reranker {model}',
  read: 'Open in the reader',
  read_place: '“{title}”, {place}',
  cita: 'Citation',
  localizador: 'Place',
  copy_cita: 'Copy citation',
  copy_both: 'Copy text + citation',
  copied: 'Copied',
  copy_failed: 'Could not copy: select the text and copy it by hand.',
  passage_of: 'Passage of “{title}”',
  error_q: 'Type what to search for.',
  error_q_long: 'The search is too long (2000 characters at most).',
  error_nul: 'The field “{field}” contains a null character (U+0000), which is not accepted.',
  error_anio: 'The year must be a number such as 2021 or a range such as 2015-2020.',
  error_tipo: 'That document type does not exist.',
  no_year: 'n.d.',
};

/** The search page's own strings (the verify page reuses those of a result). */
export interface SearchStrings {
  lang: Lang;
  t(key: SearchStringKey, vars?: Record<string, string | number>): string;
}

export function searchStrings(lang: Lang): SearchStrings {
  const table: Record<SearchStringKey, string> = lang === 'en' ? en : es;
  return {
    lang,
    t: (key, vars) => fillPlaceholders(table[key], vars),
  };
}

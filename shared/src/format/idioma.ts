/** Language of the human-readable strings the formatters produce: Spanish (the default) or English. */
export type Idioma = 'es' | 'en';

/** The language used when a caller gives none. */
export const DEFAULT_IDIOMA: Idioma = 'es';

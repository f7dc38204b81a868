/**
 * Tesseract's models of each script and the scripts' names: which installed languages read a page in a
 * script, and what OCR here reads. A model reads the script it was trained on only.
 */

/**
 * Tesseract's models of each script Tesseract's script detection names, in the order they are preferred.
 * Only languages written in that script: a page is never read with a model of another one. Persian, Urdu,
 * Pashto, Uyghur and Sindhi are written in the Arabic script (detection does not tell them apart), with
 * letters Arabic lacks: their models read Arabic's letters too, so any of them reads an 'Arabic' page.
 */
const SCRIPT_LANGUAGES: Record<string, readonly string[]> = {
  Arabic: ['ara', 'fas', 'urd', 'pus', 'uig', 'snd'],
  Armenian: ['hye'],
  Bengali: ['ben', 'asm'],
  Canadian_Aboriginal: ['iku'],
  Cherokee: ['chr'],
  Cyrillic: ['rus', 'ukr', 'bel', 'bul', 'mkd', 'srp', 'kaz', 'kir', 'mon', 'tgk', 'tat', 'uzb_cyrl', 'aze_cyrl'],
  Devanagari: ['hin', 'mar', 'nep', 'san'],
  Ethiopic: ['amh', 'tir'],
  Fraktur: ['frk'],
  Georgian: ['kat', 'kat_old'],
  Greek: ['ell', 'grc'],
  Gujarati: ['guj'],
  Gurmukhi: ['pan'],
  Han: ['chi_sim', 'chi_tra'],
  Hangul: ['kor'],
  Hebrew: ['heb', 'yid'],
  Japanese: ['jpn'],
  Kannada: ['kan'],
  Khmer: ['khm'],
  Lao: ['lao'],
  Malayalam: ['mal'],
  Myanmar: ['mya'],
  Oriya: ['ori'],
  Sinhala: ['sin'],
  Syriac: ['syr'],
  Tamil: ['tam'],
  Telugu: ['tel'],
  Thaana: ['div'],
  Thai: ['tha'],
  Tibetan: ['bod', 'dzo'],
  Vietnamese: ['vie'],
};

/** Detection's names for a part of a script that has its own entry. */
const SAME_AS: Record<string, string> = { Hiragana: 'Japanese', Katakana: 'Japanese' };

/**
 * Models read together at most: each one more makes a page slower by as much again (Tesseract reads a
 * line with each and keeps the best), and two cover the pairs that matter (simplified and traditional
 * Chinese, Russian and Ukrainian).
 */
const MAX_LANGUAGES = 2;

/** Tesseract's script names, in Spanish. */
const NAMES: Record<string, string> = {
  Arabic: 'árabe',
  Armenian: 'armenia',
  Bengali: 'bengalí',
  Canadian_Aboriginal: 'silábica canadiense',
  Cherokee: 'cheroqui',
  Cyrillic: 'cirílica',
  Devanagari: 'devanagari',
  Ethiopic: 'etíope',
  Fraktur: 'gótica (Fraktur)',
  Georgian: 'georgiana',
  Greek: 'griega',
  Gujarati: 'guyaratí',
  Gurmukhi: 'gurmukhi',
  Han: 'china (han)',
  Hangul: 'coreana (hangul)',
  Hebrew: 'hebrea',
  Japanese: 'japonesa',
  Katakana: 'japonesa (katakana)',
  Hiragana: 'japonesa (hiragana)',
  Kannada: 'canaresa',
  Khmer: 'jemer',
  Lao: 'lao',
  Malayalam: 'malayalam',
  Myanmar: 'birmana',
  Oriya: 'oriya',
  Sinhala: 'cingalesa',
  Syriac: 'siríaca',
  Tamil: 'tamil',
  Telugu: 'telugu',
  Thaana: 'thaana',
  Thai: 'tailandesa',
  Tibetan: 'tibetana',
  Vietnamese: 'vietnamita',
};

/** The models of `script`, the preferred first; none for a script Tesseract has no model of. */
export const modelsOf = (script: string): readonly string[] => SCRIPT_LANGUAGES[SAME_AS[script] ?? script] ?? [];

/** 'a', 'a y b', 'a, b y c'. */
export const listed = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;

/** A script's name in Spanish ('árabe', 'china (han)'); Tesseract's own name for the rare ones. */
export const scriptName = (script: string): string => NAMES[script] ?? script;

/**
 * The installed languages to read a page in `script` with (at most MAX_LANGUAGES, the preferred first);
 * undefined for the Latin script (read in the document's language), an unknown script, or a script none of
 * whose models is installed.
 */
export function scriptLanguages(script: string | undefined, installed: readonly string[]): string[] | undefined {
  if (!script || script === 'Latin') return undefined;
  const langs = modelsOf(script)
    .filter((l) => installed.includes(l))
    .slice(0, MAX_LANGUAGES);
  return langs.length > 0 ? langs : undefined;
}

/** The scripts OCR here reads, by Tesseract's names: 'Latin' always, then each with an installed model. */
export const scriptsOf = (installed: readonly string[]): string[] => [
  'Latin',
  ...Object.keys(SCRIPT_LANGUAGES).filter((s) => scriptLanguages(s, installed)),
];

/**
 * What OCR here reads, for the notices: 'la escritura latina', 'la escritura latina, la china (han) y la
 * árabe'. The Latin script always (the engine does not start without its languages), then each script one
 * of whose models is installed.
 */
export function scriptsRead(installed: readonly string[]): string {
  const others = scriptsOf(installed)
    .slice(1)
    .map((s) => `la ${scriptName(s)}`);
  return listed(['la escritura latina', ...others]);
}

/**
 * The scripts OCR reads here, and how the others are named to a reader. The installed Tesseract models
 * (Spanish, English, Portuguese, French, German, Italian, Catalan) read the Latin script only: a page in
 * another one comes out as made-up Latin words, so it is not read blind but said.
 */
const READ = new Set(['Latin']);

/** Tesseract's script names, in Spanish. */
const NAMES: Record<string, string> = {
  Arabic: 'árabe',
  Armenian: 'armenia',
  Bengali: 'bengalí',
  Cyrillic: 'cirílica',
  Devanagari: 'devanagari',
  Georgian: 'georgiana',
  Greek: 'griega',
  Han: 'china (han)',
  Hangul: 'coreana (hangul)',
  Hebrew: 'hebrea',
  Japanese: 'japonesa',
  Katakana: 'japonesa (katakana)',
  Hiragana: 'japonesa (hiragana)',
  Tamil: 'tamil',
  Thai: 'tailandesa',
};

/** The script detected, when it is one OCR does not read here; undefined for Latin or when unknown. */
export function unreadScript(script: string | undefined): string | undefined {
  return script && !READ.has(script) ? script : undefined;
}

/** 'escritura árabe', 'escritura china (han)'; Tesseract's own name for the rare ones. */
export const scriptSaid = (script: string): string => `escritura ${NAMES[script] ?? script}`;

/** What OCR here does read, for the notices. */
export const SCRIPTS_READ = 'la escritura latina';

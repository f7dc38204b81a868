/** Text search configurations Folio indexes with, by language. */
export type SearchConfig = 'spanish' | 'english' | 'simple';

const SPANISH = new Set(
  'de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya o este sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros es son fue ha han era'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the of and to a in is it that was for on are as with his they at be this have from or one had by but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first been call who its now find long down day did get come made may part'.split(
    ' ',
  ),
);

/** Words too common to find anything with the 'simple' configuration (which keeps stopwords). */
export function isStopword(word: string): boolean {
  return SPANISH.has(word) || ENGLISH.has(word);
}

/**
 * The configuration for a text: Spanish or English by which language's function words it uses (a
 * document's declared language decides when the text is too short to tell); 'simple' when neither can
 * be told, and such a passage is indexed with both languages' stems.
 */
export function searchConfigOf(text: string, declared?: string | null): SearchConfig {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let es = 0;
  let en = 0;
  for (const w of words.slice(0, 400)) {
    if (SPANISH.has(w)) es++;
    if (ENGLISH.has(w)) en++;
  }
  if (es + en >= 4) {
    if (es > en * 1.3) return 'spanish';
    if (en > es * 1.3) return 'english';
  }
  const lang = declared?.toLowerCase() ?? '';
  if (lang.startsWith('es')) return 'spanish';
  if (lang.startsWith('en')) return 'english';
  return 'simple';
}

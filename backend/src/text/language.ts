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

const EITHER = new Set([...SPANISH, ...ENGLISH]);

/** Words too common to find anything with the 'simple' configuration (which keeps stopwords). */
export function isStopword(word: string): boolean {
  return EITHER.has(word);
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

/**
 * Words frequent in one language and rare in the others, to tell a document's language from its text.
 * Spanish and Portuguese share most function words; these lists keep the ones that tell them apart.
 */
const MARKERS: Record<string, ReadonlySet<string>> = {
  es: new Set(
    'el la los las del y que en por para con una es se su al lo como más pero sus este esta entre cuando muy sin sobre también hasta hay donde desde todo durante fue ha han era son'.split(
      ' ',
    ),
  ),
  en: new Set(
    'the of and to in is that was for on are as with this have from by but not which were be been their its it an or has at these this'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'o os da do das dos e em que não uma um com para por se na no nas nos ao à é são foi pelo pela mais como também seu sua entre'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les des du et en que une un est pour dans par sur au aux ce cette qui ne pas sont été avec plus ou leur il elle nous'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das und ist den dem des ein eine einer nicht zu mit von auf für sich im auch es wird werden sind wir ich oder aus bei nach wie'.split(
      ' ',
    ),
  ),
  it: new Set(
    'il la le di che e è un una per con del della dei delle non sono nel nella gli al alla anche più come questo questa'.split(
      ' ',
    ),
  ),
};

/**
 * The language of a text ('es', 'en', 'pt', 'fr', 'de', 'it') by which language's function words it uses
 * most, over its first 3,000 words; undefined when it has too few such words or no clear winner.
 */
export function detectLanguage(text: string): string | undefined {
  const words = (text.toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, 3000);
  const scores = Object.entries(MARKERS).map(([lang, set]) => [lang, words.filter((w) => set.has(w)).length] as const);
  scores.sort((a, b) => b[1] - a[1]);
  const [best, second] = scores;
  if (!best || best[1] < 8 || best[1] < 0.05 * words.length) return undefined;
  return second && best[1] < 1.3 * second[1] ? undefined : best[0];
}

/**
 * The language of a short phrase (a title) by its function words alone: the language with the most, when
 * one has more than any other; undefined when none shows.
 */
export function phraseLanguage(text: string): string | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scores = Object.entries(MARKERS).map(([lang, set]) => [lang, words.filter((w) => set.has(w)).length] as const);
  scores.sort((a, b) => b[1] - a[1]);
  const [best, second] = scores;
  return best && best[1] > 0 && (!second || best[1] > second[1]) ? best[0] : undefined;
}

/**
 * A document's language: what its text says, keeping the declared tag when it agrees ('es-CO' for Spanish
 * text), the declared tag only when the text cannot tell. Office programs stamp their own default ('en-US')
 * on documents written in any language, so the declaration is never believed against the text.
 */
export function documentLanguage(
  text: string,
  declared: string | undefined,
): { idioma?: string; origen?: 'texto' | 'propiedades' } {
  const detected = detectLanguage(text);
  if (detected) {
    const agrees = declared?.toLowerCase().split('-')[0] === detected;
    return { idioma: agrees ? declared : detected, origen: 'texto' };
  }
  return declared ? { idioma: declared, origen: 'propiedades' } : {};
}

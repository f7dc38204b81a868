import { foldText } from '../text/fold';
import { contentWords, type ContentWord } from './text';

/**
 * Words common enough in Spanish and English to appear in almost any text (frequent verbs and their usual
 * forms, vague nouns, adverbs and adjectives), folded. They are content words, so coverage counts them, but a
 * passage sharing them with a claim says nothing about the claim: 'Va a ser así' is not backed by any sentence
 * that also 'va', and 'Todo va bien' by none that is also 'bien'.
 */
const COMMON = new Set(
  // Spanish verbs (infinitive and frequent forms).
  (
    'ir va van vamos iba iban voy fue ido yendo vaya hacer hace hacen hizo hecho hecha haciendo haga tener tiene ' +
    'tienen tenia tenian tuvo tuvieron tenido tengo decir dice dicen dijo dicho digo dar da dan dio dado ver ve ven ' +
    'vio visto veo poner pone ponen puso puesto saber sabe saben supo querer quiere quieren quiso llegar llega ' +
    'llegan llego pasar pasa pasan paso pasado deber debe deben debia parecer parece parecen parecia quedar queda ' +
    'quedan quedo creer cree creen creo seguir sigue siguen sigo llevar lleva llevan llevo dejar deja dejan dejo ' +
    'venir viene vienen vino volver vuelve vuelven volvio salir sale salen salio tomar toma toman tomo estar esta ' +
    'estan estuvo estado sea sean seria serian sera seran estara hacerlo tenerlo ' +
    // Spanish nouns, adverbs and adjectives of little content.
    'cosa cosas vez veces forma manera modo parte partes caso casos tipo tipos momento momentos gente persona ' +
    'personas algo alguien alguno alguna algunos algunas bien mal mejor peor bueno buena buenos buenas malo mala ' +
    'gran grande grandes pequeno pequena nuevo nueva nuevos nuevas viejo ahora hoy ayer aqui alli ahi alla asi ' +
    'siempre todavia aun casi bastante demasiado mucho mucha muchos muchas poco poca pocos pocas verdad cierto ' +
    'cierta claro ademas incluso realmente igual parecido hecho lado lugar punto tema ' +
    // English verbs.
    'go goes went gone going get gets got getting make makes made making take takes took taken say says saying ' +
    'see sees saw seen come comes came know knows knew known think thinks thought give gives gave given keep keeps ' +
    'kept let lets put puts seem seems seemed become becomes became turn turns turned ' +
    // English nouns, adverbs and adjectives of little content.
    'thing things way ways time times part parts kind lot lots something someone anything everything well good ' +
    'bad better worse new old big small great really actually now today still already even ever often ' +
    'quite rather pretty fact true'
  ).split(' '),
);

/** True for a folded content word too common to back a claim (see `COMMON`). */
export function isCommonWord(word: string): boolean {
  return COMMON.has(word);
}

/** The content words of a text that say something on their own: numbers, and words that are not common. */
export function informativeWords(text: string): ContentWord[] {
  return contentWords(text).filter((w) => !COMMON.has(w.word));
}

/**
 * The fewest informative words a claim needs for a passage to back it lexically: a claim of one ('Es
 * alcalde', 'Son nuevas') names no subject the passage could be about, and one shared word does not make
 * the same statement.
 */
export const MIN_INFORMATIVE_WORDS = 2;

/** Whether a claim has too few informative words to be backed by word coverage (see `MIN_INFORMATIVE_WORDS`). */
export function tooLittleToBack(claim: string): boolean {
  return informativeWords(foldText(claim)).length < MIN_INFORMATIVE_WORDS;
}

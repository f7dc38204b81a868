import { foldText } from '../../text/fold';

/** Words that name a doctorate in the languages of the library (es, pt, en, fr, de, it). */
const DOCTORAL = /\b(doctor\w*|doutor\w*|dottorat\w*|ph ?d|promotion)\b/;
/** Words that name a master's or a diploma (BibTeX's @mastersthesis holds both, as citation-js reads it). */
const MASTERS =
  /\b(master\w*|maestr\w*|mestrado|mestre|magist\w*|dissertacao|memoire|diplom\w*|tesina|laurea magistrale)\b/;
/** Nouns that alone name a doctoral thesis: German and English 'Dissertation', Portuguese 'tese', French 'thèse'. */
const DOCTORAL_NOUN = /\b(dissertation|tese|these)\b/;

/**
 * The BibTeX entry type of a thesis from its genre as the reference writes it ('Tesis doctoral', 'Dissertação
 * (Mestrado)', 'Thèse de doctorat', 'Masterarbeit'): @phdthesis or @mastersthesis, or undefined when the genre
 * does not say the level ('Tesis', 'Trabajo fin de grado'), which is left as citation-js writes it (@misc with
 * its `type`) rather than guessed.
 */
export function thesisEntryType(genre: string | undefined): 'phdthesis' | 'mastersthesis' | undefined {
  const g = foldText(genre ?? '').replace(/[.'’]/g, '');
  if (DOCTORAL.test(g)) return 'phdthesis';
  if (MASTERS.test(g)) return 'mastersthesis';
  if (DOCTORAL_NOUN.test(g)) return 'phdthesis';
  return undefined;
}

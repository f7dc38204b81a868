import type { Ancla } from '@folio/shared';
import type { PassageIndexing } from '../db/units.repo';
import { foldText } from '../text/fold';
import { searchConfigOf } from '../text/language';

/** The headings an anchor carries: a section's or web page's path, a sheet's name. */
function headingsOf(ancla: Ancla): string[] {
  if (ancla.tipo === 'seccion' || ancla.tipo === 'web') return ancla.ruta ?? [];
  if (ancla.tipo === 'hoja' && ancla.hoja) return [ancla.hoja];
  return [];
}

/**
 * How lexical search indexes a passage: the language of its text (the document's declared one when the
 * text is too short to tell), the accent-folded text, and its headings — except one that only repeats the
 * document's title, which is indexed once for every passage already.
 */
export function passageIndexing(
  passage: { texto: string; ancla: Ancla },
  declaredLanguage: string | null | undefined,
  title: string,
): PassageIndexing {
  const foldedTitle = foldText(title);
  const headings = headingsOf(passage.ancla)
    .map(foldText)
    .filter((h) => h && h !== foldedTitle);
  return {
    lang: searchConfigOf(passage.texto, declaredLanguage),
    folded: foldText(passage.texto),
    heading: [...new Set(headings)].join(' '),
  };
}

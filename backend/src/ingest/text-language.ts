import { documentLanguage } from '../text/language';
import type { FoundMetadata, Unit } from './converter';

/** Units read for the language: enough words to tell, few enough to stay cheap on a long document. */
const UNITS_READ = 40;

/**
 * The metadata with `idioma` told by the document's own text (`documentLanguage`): word processors stamp
 * their default language ('en-US' from LibreOffice) on documents written in any, so the property stays only
 * when it agrees with the text or the text cannot tell.
 */
export function withTextLanguage(metadatos: FoundMetadata, unidades: readonly Unit[]): FoundMetadata {
  const text = unidades
    .slice(0, UNITS_READ)
    .map((u) => u.texto)
    .join('\n');
  const { idioma } = documentLanguage(text, metadatos.idioma);
  return idioma ? { ...metadatos, idioma } : metadatos;
}

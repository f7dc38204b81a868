import { listed, modelsOf, scriptLanguages, scriptName, scriptsRead } from '../../ai/tesseract-scripts';

/**
 * How the scripts OCR does not read here are told to a reader. A model reads the script it was trained on
 * only: a page whose script (Tesseract's script detection) has no installed model comes out as made-up
 * words, so it is not read blind but said, with how to get it read (`ai/tesseract-scripts.ts`: which
 * models read which script).
 */

/**
 * The script detected, when OCR here does not read it: not Latin, and no model of it among `installed`;
 * undefined for Latin, a script it reads, or when unknown.
 */
export function unreadScript(script: string | undefined, installed: readonly string[]): string | undefined {
  return script && script !== 'Latin' && !scriptLanguages(script, installed) ? script : undefined;
}

/** 'escritura árabe', 'escritura china (han)'; Tesseract's own name for the rare ones. */
export const scriptSaid = (script: string): string => `escritura ${scriptName(script)}`;

/**
 * How to get scripts read, for a notice: "para leerla, 'npm run folio -- models pull ocr ara' o el paquete
 * de Debian tesseract-ocr-ara"; undefined when Tesseract has a model of none of them.
 */
export function howToRead(scripts: readonly string[]): string | undefined {
  const langs = [...new Set(scripts.flatMap((s) => modelsOf(s).slice(0, 1)))];
  if (langs.length === 0) return undefined;
  const debian = langs.map((l) => `tesseract-ocr-${l.replaceAll('_', '-')}`);
  return (
    `para ${scripts.length === 1 ? 'leerla' : 'leerlas'}, 'npm run folio -- models pull ocr ${langs.join(' ')}' ` +
    `o ${debian.length === 1 ? 'el paquete' : 'los paquetes'} de Debian ${listed(debian)}`
  );
}

/**
 * The end of a notice of text in scripts not read: ', que el OCR de este servidor no lee (lee la escritura
 * latina); para leerla, …'.
 */
export const notReadHere = (scripts: readonly string[], installed: readonly string[]): string => {
  const how = howToRead(scripts);
  return `, que el OCR de este servidor no lee (lee ${scriptsRead(installed)})${how ? `; ${how}` : ''}`;
};

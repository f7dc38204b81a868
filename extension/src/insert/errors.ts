/** Why an insertion could not be made. Each code has one Spanish message for the user. */
export type InsertErrorCode =
  | 'sin_destino'
  | 'solo_lectura'
  | 'rechazada'
  | 'sin_obras'
  | 'sin_formato'
  | 'docs_sin_iframe'
  | 'docs_sin_destino'
  | 'docs_sin_cursor'
  | 'docs_solo_lectura'
  | 'docs_rechazada';

const MESSAGES: Record<InsertErrorCode, string> = {
  sin_destino: 'No hay un campo de texto con el cursor. Haz clic donde quieras la cita y vuelve a abrir Folio.',
  solo_lectura: 'Este campo es de solo lectura: no se puede insertar la cita.',
  rechazada: 'El editor de esta página no aceptó la inserción (¿está en modo de solo lectura?).',
  sin_obras: 'Aún no has citado ninguna obra en esta página con Folio.',
  sin_formato: 'Folio no pudo dar formato a la bibliografía. Recarga la página y vuelve a intentarlo.',
  docs_sin_iframe:
    'No se encontró el área de escritura de Google Docs. Espera a que el documento termine de cargar o recarga la página.',
  docs_sin_destino: 'Google Docs aún no está listo para escribir. Haz clic en el documento y vuelve a intentarlo.',
  docs_sin_cursor: 'Haz clic en el documento de Google Docs donde quieras la cita y vuelve a abrir Folio.',
  docs_solo_lectura:
    'Este documento de Google Docs está en modo de solo lectura: cambia a «Edición» o «Sugerencias» para citar.',
  docs_rechazada: 'Google Docs no aceptó la inserción.',
};

/** A failed insertion: `code` for tests and logs, `message` in Spanish for the picker's notice. */
export class InsertError extends Error {
  constructor(
    readonly code: InsertErrorCode,
    message: string = MESSAGES[code],
  ) {
    super(message);
    this.name = 'InsertError';
  }
}

/** What a successful insertion may want the user to know (e.g. it went in as a suggestion). */
export interface InsertOutcome {
  /** Spanish text, shown briefly before the picker closes. */
  aviso?: string;
}

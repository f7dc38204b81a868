/** A capture that cannot be made, with a Spanish message for the user. */
export class CaptureRefused extends Error {
  constructor(readonly mensaje: string) {
    super(mensaje);
    this.name = 'CaptureRefused';
  }
}

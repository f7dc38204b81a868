/**
 * A failure of an engine (a model, an endpoint, a worker), said for the client in Spanish (`mensaje`) and
 * English (`message`), never with a URL or a key in it. Each engine's error is one of these by its name.
 */
export class EngineError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** An engine failure that may pass if tried again (a timeout, a busy endpoint), or may not. */
export class RetryableEngineError extends EngineError {
  constructor(
    mensaje: string,
    message: string,
    readonly retryable: boolean,
    options?: ErrorOptions,
  ) {
    super(mensaje, message, options);
  }
}

/**
 * A conversion that cannot succeed (broken or unsupported file). `message` is English for logs;
 * `mensaje` is the Spanish text stored in the document's `error`. Retryable failures (I/O, a provider
 * down) are plain errors and are retried by the job queue.
 */
export class ConversionError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

/**
 * A capture that cannot be made, for a reason the user can act on (no captions, not a PDF, a login
 * needed). `message` is Spanish and meant to be shown as it is.
 */
export class CaptureError extends Error {
  override readonly name = 'CaptureError';
}

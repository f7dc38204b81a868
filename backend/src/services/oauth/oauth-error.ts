/**
 * An OAuth protocol error (RFC 6749 §5.2, RFC 7591 §3.2.2): the OAuth endpoints answer `{error,
 * error_description}` because that is what every OAuth client parses; it is the one place Folio does not use
 * its own error body. `redirectUri` is set when the authorization endpoint may send the error back to the
 * client (RFC 6749 §4.1.2.1), never for an unknown client or an unregistered redirect URI.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly redirect?: { uri: string; state?: string },
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

import crypto from 'node:crypto';

/** Lifetimes, in seconds. */
export const OAUTH_LIFETIMES = {
  /** A consent page left open this long must be asked again. */
  request: 10 * 60,
  /** OAuth 2.1 wants codes short-lived; the client redeems one within seconds of the redirect. */
  code: 5 * 60,
  access: 60 * 60,
  /** Rotated at every use, so an active client never reaches it. */
  refresh: 30 * 24 * 60 * 60,
} as const;

/** A new secret: `prefix` then 256 random bits in base64url. */
export function newSecret(prefix = ''): string {
  return `${prefix}${crypto.randomBytes(32).toString('base64url')}`;
}

/** How every OAuth secret is stored: 256 random bits need no slow hash, and a fast one keeps auth cheap. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` hashes to `hash`, in constant time. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}

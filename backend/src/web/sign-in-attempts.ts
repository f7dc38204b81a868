/**
 * Failed sign-ins remembered per email and per client address, in this process's memory: past
 * `max` failures within `windowMs` the key is refused until its oldest failure leaves the window,
 * even with the right password. (The API's limiter counts requests per API key, which a visitor
 * who has not signed in does not have.)
 */
export class SignInAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: { perEmail: number; perAddress: number; windowMs: number } = {
      perEmail: 5,
      perAddress: 30,
      windowMs: 15 * 60_000,
    },
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => t > now - this.limits.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private max(key: string): number {
    return key.startsWith('correo:') ? this.limits.perEmail : this.limits.perAddress;
  }

  /** Seconds until these keys may try again; 0 when they may now. */
  retryAfter(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      const max = this.max(key);
      if (recent.length >= max) {
        const freedAt = recent[recent.length - max]! + this.limits.windowMs;
        wait = Math.max(wait, Math.ceil((freedAt - now) / 1000));
      }
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const recent = this.recent(key, now);
      recent.push(now);
      this.failures.set(key, recent.slice(-this.max(key)));
    }
    if (this.failures.size > 10_000) for (const key of [...this.failures.keys()]) this.recent(key, now);
  }

  /** A successful sign-in clears the email's failures (not the address's). */
  succeed(emailKey: string): void {
    this.failures.delete(emailKey);
  }
}

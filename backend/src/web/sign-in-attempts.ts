import type { Db } from '../db/db';
import { clearSignInFailures, recordSignInFailure, signInWait, sweepSignInFailures } from '../db/limits.repo';

/** How often this instance sweeps failures that have left the window. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Failed sign-ins remembered per email and per client address, in the database (so every API process on
 * it shares them): past `max` failures within `windowMs` the key is refused until its oldest failure leaves
 * the window, even with the right password. (The API's limiter counts requests per API key, which a visitor
 * who has not signed in does not have.)
 */
export class SignInAttempts {
  private lastSweep = 0;

  constructor(
    private readonly limits: { perEmail: number; perAddress: number; windowMs: number } = {
      perEmail: 5,
      perAddress: 30,
      windowMs: 15 * 60_000,
    },
  ) {}

  private max(key: string): number {
    return key.startsWith('correo:') ? this.limits.perEmail : this.limits.perAddress;
  }

  /** Seconds until these keys may try again; 0 when they may now. */
  async retryAfter(db: Db, keys: string[]): Promise<number> {
    let wait = 0;
    for (const key of keys) {
      wait = Math.max(wait, Math.ceil(await signInWait(db, key, this.max(key), this.limits.windowMs / 1000)));
    }
    return wait;
  }

  async fail(db: Db, keys: string[]): Promise<void> {
    await recordSignInFailure(db, keys);
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await sweepSignInFailures(db, this.limits.windowMs / 1000);
    }
  }

  /** A successful sign-in clears the email's failures (not the address's). */
  async succeed(db: Db, emailKey: string): Promise<void> {
    await clearSignInFailures(db, emailKey);
  }
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { useTestStore } from '../../testing/harness';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-hash';
import { resolveWebSession } from './resolve-web-session';
import { setPassword } from './set-password';
import { signIn } from './sign-in';

const fx = useTestStore();
let db: Db;
beforeAll(async () => {
  db = (await fx.openStore()).db;
});

const DAYS = { sessionDays: 30 };

/** The field a refused password names, or undefined when it was taken. */
async function refusedField(email: string, password: string): Promise<unknown> {
  try {
    await setPassword(db, email, password);
    return undefined;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    expect(err.codigo).toBe('peticion_invalida');
    return err.detalles?.campo;
  }
}

describe('setting a password', () => {
  it('takes 12 to 1024 characters, counted as characters and not as UTF-16 units, with no other rule', async () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([12, 1024]);
    expect(await refusedField('corta@example.org', 'x'.repeat(11))).toBe('contrasena');
    // Six emoji are twelve UTF-16 units but six characters: too short.
    expect(await refusedField('corta@example.org', '🔑'.repeat(6))).toBe('contrasena');
    expect(await refusedField('larga@example.org', 'x'.repeat(1025))).toBe('contrasena');
    // A refused password makes no user.
    expect(await db.query("SELECT 1 FROM users WHERE email IN ('corta@example.org', 'larga@example.org')")).toEqual([]);
    // No composition rules: twelve lowercase letters do; so do 1024 emoji (2048 UTF-16 units).
    expect(await refusedField('ana@example.org', 'aaaaaaaaaaaa')).toBeUndefined();
    expect(await refusedField('ana@example.org', '🔑'.repeat(1024))).toBeUndefined();
  });

  it('signs the user in with the new password only, and ends every open session of that user alone', async () => {
    const first = await setPassword(db, ' Bea@Example.org ', 'la primera frase de paso');
    expect(first).toMatchObject({ email: 'bea@example.org', userCreated: true, sessionsEnded: 0 });
    const other = await setPassword(db, 'carla@example.org', 'la frase de paso de carla');

    const browsers = [
      await signIn(db, { email: 'bea@example.org', password: 'la primera frase de paso' }, DAYS),
      await signIn(db, { email: 'bea@example.org', password: 'la primera frase de paso' }, DAYS),
    ];
    const carla = await signIn(db, { email: 'carla@example.org', password: 'la frase de paso de carla' }, DAYS);
    for (const s of [...browsers, carla]) expect(await resolveWebSession(db, s!.token)).toBeDefined();

    const changed = await setPassword(db, 'bea@example.org', 'una frase de paso nueva');
    expect(changed).toMatchObject({ userId: first.userId, userCreated: false, sessionsEnded: 2 });
    for (const s of browsers) expect(await resolveWebSession(db, s!.token)).toBeUndefined();
    expect(await resolveWebSession(db, carla!.token)).toMatchObject({ userId: other.userId });

    expect(await signIn(db, { email: 'bea@example.org', password: 'la primera frase de paso' }, DAYS)).toBeUndefined();
    const again = await signIn(db, { email: 'bea@example.org', password: 'una frase de paso nueva' }, DAYS);
    expect(again).toMatchObject({ userId: first.userId, email: 'bea@example.org' });
  });
});

import type { Db } from '../../db/db';
import { anyUserHasPassword, findUserCredential } from '../../db/user-passwords.repo';
import { AppError, invalidField } from '../../errors';
import { setPassword } from './set-password';
import { startWebSession, type StartedSession } from './start-web-session';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Sign-up is open on a first run (no user has a password yet) or when the operator allows it.
 * On a first run an existing user without a password (the owner made at the first start) may claim
 * its account; otherwise only new emails sign up.
 */
export async function signUpOpen(db: Db, allowed: boolean): Promise<boolean> {
  return allowed || !(await anyUserHasPassword(db));
}

/** Creates the account (or, on a first run, claims a password-less one) and opens its session. */
export async function signUp(
  db: Db,
  input: { email: string; password: string; userAgent?: string },
  opts: { allowed: boolean; sessionDays: number },
): Promise<StartedSession & { userId: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 320)
    throw invalidField('correo', 'El correo no es válido.', 'The email is not valid.');
  const firstRun = !(await anyUserHasPassword(db));
  if (!firstRun && !opts.allowed) {
    throw new AppError('prohibido', {
      mensaje: 'El registro está cerrado en este servidor.',
      message: 'Sign-up is closed on this server.',
    });
  }
  const existing = await findUserCredential(db, email);
  if (existing && (existing.password_hash || !firstRun)) {
    throw new AppError('conflicto', {
      mensaje: 'Ya existe una cuenta con ese correo; inicia sesión.',
      message: 'An account with that email exists; sign in.',
      detalles: { campo: 'correo' },
    });
  }
  const user = await setPassword(db, email, input.password);
  const session = await startWebSession(db, user.userId, { days: opts.sessionDays, userAgent: input.userAgent });
  return { ...session, userId: user.userId, email: user.email };
}

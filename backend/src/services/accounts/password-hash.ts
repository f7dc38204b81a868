import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { AppError } from '../../errors';

/**
 * Argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 30 ms a hash here.
 * `Algorithm` is a const enum the isolated build cannot read, hence the literal (2 = Argon2id).
 */
const ARGON2ID: Options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** NIST SP 800-63B: long passphrases welcome, no composition rules; a bound keeps hashing cheap. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;

/** 400 naming `contrasena` when the password is too short or too long. */
export function checkPasswordRules(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw new AppError('peticion_invalida', {
      mensaje: `La contraseña debe tener entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`,
      message: `The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
      detalles: { campo: 'contrasena' },
    });
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown email, or a user with no password
 * yet) it verifies against a decoy hash of the same cost and answers false, so the time taken does not
 * tell which emails exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hash('folio decoy password', ARGON2ID);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

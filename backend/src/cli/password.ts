import type { Db } from '../db/db';
import { AppError } from '../errors';
import { setPassword } from '../services/accounts/set-password';
import { UsageError } from './args';

/** Where the password comes from: a terminal (asked twice, not echoed) or a pipe (its first line). */
export interface PasswordInput {
  isTTY: boolean;
  /** The whole piped input. */
  readAll(): Promise<string>;
  /** Asks on the terminal without echoing. */
  ask(prompt: string): Promise<string>;
}

/**
 * `password EMAIL`: sets the web sign-in password of a user (created if new) and signs out every
 * browser of that user. Reads the password from stdin when piped, else prompts twice.
 */
export async function passwordCommand(
  db: Db,
  args: string[],
  input: PasswordInput,
  out: (line: string) => void,
): Promise<void> {
  const email = args.find((a) => !a.startsWith('--'));
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new UsageError('Usage: password EMAIL   (the password is read from stdin, or asked for)');
  }
  let password: string;
  if (input.isTTY) {
    password = await input.ask(`New password for ${email.toLowerCase()}: `);
    if ((await input.ask('Repeat it: ')) !== password) throw new UsageError('The passwords differ; nothing changed.');
  } else {
    password = (await input.readAll()).split(/\r?\n/)[0] ?? '';
  }
  try {
    const result = await setPassword(db, email, password);
    out(
      `${result.userCreated ? 'Created user' : 'User'} ${result.email}: password set` +
        (result.sessionsEnded ? `; ${result.sessionsEnded} open session(s) ended.` : '.') +
        ' Sign in at /entrar.',
    );
  } catch (err) {
    if (err instanceof AppError) throw new UsageError(err.message);
    throw err;
  }
}

/** The process's stdin as a PasswordInput. */
export function stdinPasswordInput(): PasswordInput {
  const stdin = process.stdin;
  return {
    isTTY: !!stdin.isTTY,
    async readAll() {
      const chunks: Buffer[] = [];
      for await (const chunk of stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    ask(prompt) {
      return new Promise((resolve, reject) => {
        process.stderr.write(prompt);
        stdin.setRawMode(true);
        stdin.resume();
        stdin.setEncoding('utf8');
        let typed = '';
        const done = (err?: Error) => {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          if (err) reject(err);
          else resolve(typed);
        };
        const onData = (chunk: string) => {
          for (const ch of chunk) {
            if (ch === '\r' || ch === '\n') return done();
            if (ch === '\u0003') return done(new UsageError('Cancelled.'));
            if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
            else if (ch >= ' ') typed += ch;
          }
        };
        stdin.on('data', onData);
      });
    },
  };
}

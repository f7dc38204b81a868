import type { Config } from './config';

export interface Logger {
  error(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  debug(msg: string, extra?: unknown): void;
}

const LEVELS = { silent: 0, error: 1, info: 2, debug: 3 } as const;

/** Lines to stderr, so stdout stays clean for CLI output (the key on the last line). */
export function createLogger(level: Config['log']): Logger {
  const at = LEVELS[level];
  const line = (lvl: string, msg: string, extra?: unknown) => {
    const detail =
      extra instanceof Error ? (extra.stack ?? extra.message) : extra === undefined ? '' : JSON.stringify(extra);
    process.stderr.write(`${new Date().toISOString()} ${lvl} ${msg}${detail ? ` ${detail}` : ''}\n`);
  };
  return {
    error: (m, e) => at >= 1 && line('ERROR', m, e),
    info: (m, e) => at >= 2 && line('INFO', m, e),
    debug: (m, e) => at >= 3 && line('DEBUG', m, e),
  };
}

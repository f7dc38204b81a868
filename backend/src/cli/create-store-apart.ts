import { spawn } from 'node:child_process';
import type { Config } from '../config';
import { embeddedStoreExists } from '../runtime';
import { thisProgram } from './this-program';

/** The hidden command a child process runs to create the store, then exits. */
export const CREATE_STORE_COMMAND = 'create-store';

/**
 * Creates the embedded store in a process of its own, on the first start of a server or worker. Creating
 * it (initdb, then every migration) leaves the process that did it some 100 MB larger for good (malloc's
 * heap stays fragmented once the WebAssembly heap has been given back), so the process that then runs
 * for days only opens a store that exists. `command` is how to run this same program (`thisProgram()`).
 *
 * Returns whether a child created it. Nothing to do with a server PostgreSQL or a store that exists; if
 * the child fails, the caller opens the store itself and so meets (and reports) whatever stopped it.
 */
export async function createStoreApart(config: Config, command: string[] = thisProgram()): Promise<boolean> {
  if (config.databaseUrl || embeddedStoreExists(config) || !command.at(-1)) return false;
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, [...args, CREATE_STORE_COMMAND], {
    env: { ...process.env, FOLIO_DATA: config.dataDir },
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', () => resolve(null)); // could not be started at all
  });
  return code === 0 && embeddedStoreExists(config);
}

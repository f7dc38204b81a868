import { createReadingEngines } from '../../ai/reading-engines';
import { loadConfig, type Config } from '../../config';
import { createLogger } from '../../log';
import { convertFile } from '../registry';
import { sentError, type FromReader, type ToReader } from './protocol';

/**
 * The reader process's side (`folio read-files`): reads the files its server sends over the IPC channel,
 * several at a time as the server's workers ask, with OCR and transcription of its own, and tells back each
 * reading's phases, progress and result. It holds no store and no key. It exits when the server closes the
 * channel: after an idle time, at shutdown, or because the server itself has gone.
 */
export async function serveReads(config: Config): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new Error('folio read-files is started by a Folio server, which talks to it over IPC.');
  const log = createLogger(config.log);
  const engines = await createReadingEngines(config, log);
  const running = new Map<number, AbortController>();
  // A server gone mid-reading cannot be told anything: what it asked for is dropped with it.
  const tell = (message: FromReader) => {
    if (process.connected) send(message, undefined, undefined, () => undefined);
  };

  const read = async ({ id, file, limits }: Extract<ToReader, { type: 'read' }>) => {
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const conversion = await convertFile(file, {
        progress: async (fraction) => tell({ type: 'progress', id, fraction }),
        phase: async (fase) => tell({ type: 'phase', id, fase }),
        signal: controller.signal,
        engines,
        limits,
        threads: config.pdfThreads,
      });
      tell({ type: 'done', id, conversion });
    } catch (error) {
      tell({ type: 'failed', id, error: sentError(error) });
    } finally {
      running.delete(id);
    }
  };

  process.on('message', (message: ToReader) => {
    if (message.type === 'read') void read(message);
    else if (message.type === 'abort') running.get(message.id)?.abort(new Error('The server stopped this reading'));
  });
  process.once('disconnect', () => {
    for (const controller of running.values()) controller.abort(new Error('The server closed the reader'));
    void engines.close().finally(() => process.exit(0));
  });
}

/** `folio read-files`, as `main.ts` runs it: the configuration from the environment the server passed. */
export async function runReaderProcess(): Promise<void> {
  try {
    await serveReads(loadConfig());
  } catch (error) {
    process.stderr.write(`folio read-files: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

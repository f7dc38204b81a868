import { SCOPES } from '@folio/shared';
import { createApp } from '../app';
import { createStoreApart, CREATE_STORE_COMMAND } from './create-store-apart';
import { thisProgram } from './this-program';
import { ImportSourceError } from '../import/import-source-error';
import { UsageError } from './args';
import { compactCommand } from './compact';
import { keysCommand } from './keys';
import { missingModels } from '../models/installed';
import { modelsCommand, runPull } from './models';
import { passwordCommand, stdinPasswordInput } from './password';
import { loadConfig, type Config } from '../config';
import { countUsers } from '../db/users.repo';
import { createLogger } from '../log';
import { openBlobStore, openRuntime, openStore, StoreBusyError, type Runtime } from '../runtime';
import { listen } from '../server';
import { createApiKey } from '../services/accounts/api-keys';

const OWNER_EMAIL = process.env.FOLIO_OWNER_EMAIL ?? 'owner@localhost';

/** On the first start with an empty store: an owner and one key with every scope, printed once. */
async function bootstrapOwner(runtime: Runtime, config: Config) {
  if ((await countUsers(runtime.deps.db)) > 0) return;
  const { key } = await createApiKey(runtime.deps.db, OWNER_EMAIL, [...SCOPES], 'first start');
  const base = `${config.publicUrl}/api/v1`;
  process.stdout.write(
    `\nFirst start: created the owner ${OWNER_EMAIL} and an API key with scopes ${SCOPES.join(',')}.\n` +
      `It is shown only this once; keep it:\n\n  ${key}\n\n` +
      `Try: curl -H "Authorization: Bearer ${key}" ${base}/documentos\n\n`,
  );
}

function onSignals(stop: () => Promise<void>) {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) process.exit(1);
      stopping = true;
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

/**
 * FOLIO_MODELS_PULL: the engines' missing models are pulled before the engines start. A hub that cannot be
 * reached is said in one line and the server starts anyway, with the engines it has.
 */
async function pullAtStart(config: Config) {
  // Models already in place are not checked against the hub: a later start works offline, and fast.
  const engines = await missingModels(config, config.modelsPull);
  if (!engines.length) return;
  const out = (line: string) => process.stderr.write(`${line}\n`);
  const results = await runPull(config, engines, out).catch((err: Error) => {
    out(`Models not pulled: ${err.message}`);
    return [];
  });
  if (results.some((r) => r.status === 'failed')) {
    out('Some models could not be pulled; Folio starts with the engines it has (see /health).');
  }
}

/** One line when semantic search is off, naming the command that turns it on. */
function semanticSearchNotice(runtime: Runtime, config: Config) {
  if (runtime.deps.engines.embedder) return;
  process.stderr.write(
    `Semantic search is off: no embedding model (${config.embeddings.localModel}) in ${config.modelsDir}. ` +
      'Turn it on with: npm run folio -- models pull (or start with FOLIO_MODELS_PULL=1).\n',
  );
}

async function serveCommand(config: Config) {
  await pullAtStart(config);
  await createStoreApart(config);
  const runtime = await openRuntime(config, { workers: true, program: thisProgram() });
  await bootstrapOwner(runtime, config);
  semanticSearchNotice(runtime, config);
  const server = await listen(createApp(runtime.deps), config.host, config.port, config.publicUrl);
  runtime.deps.log.info(
    `Folio API at ${config.publicUrl}/api/v1 (store: ${config.databaseUrl ? 'PostgreSQL server' : `embedded, ${config.dataDir}`}; workers: ${config.workers})`,
  );
  onSignals(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await runtime.close();
  });
}

async function workerCommand(config: Config) {
  if (config.workers < 1) throw new UsageError('FOLIO_WORKERS must be at least 1 for a worker process.');
  await createStoreApart(config);
  const runtime = await openRuntime(config, { workers: true, program: thisProgram() });
  runtime.deps.log.info(`Folio worker running ${config.workers} ingestion job(s) at a time`);
  onSignals(() => runtime.close());
}

async function main(argv: string[]) {
  const [command = 'serve', ...args] = argv;
  const config = loadConfig();
  if (command === 'serve') return serveCommand(config);
  if (command === 'worker') return workerCommand(config);
  if (command === 'keys') {
    // The store is all key commands need: no queue, no engines.
    const store = await openStore(config);
    try {
      await keysCommand(store.db, args, (line) => process.stdout.write(`${line}\n`));
    } finally {
      await store.close();
    }
    return;
  }
  if (command === 'password') {
    const store = await openStore(config);
    try {
      await passwordCommand(store.db, args, stdinPasswordInput(), (line) => process.stdout.write(`${line}\n`));
    } finally {
      await store.close();
    }
    return;
  }
  if (command === 'compact') {
    // Opening the embedded store takes its lock: with a server running this stops here, having done nothing.
    const store = await openStore(config);
    try {
      const out = (line: string) => process.stdout.write(`${line}\n`);
      await compactCommand(config, store.db, openBlobStore(config, store.db), args, out);
    } finally {
      await store.close();
    }
    return;
  }
  if (command === CREATE_STORE_COMMAND) {
    // Run by createStoreApart in a process of its own: create and migrate the store, then exit.
    await (await openStore(config)).close();
    return;
  }
  if (command === 'import') {
    // Runs its own workers unless --no-wait: on the embedded store the server must be stopped meanwhile.
    const { importCommand } = await import('./import');
    process.exitCode = await importCommand(config, args, (line) => process.stdout.write(`${line}\n`));
    return;
  }
  if (command === 'models') {
    // Files and the hub only: no store, so it also runs while the server is up.
    process.exitCode = await modelsCommand(config, args, (line) => process.stdout.write(`${line}\n`));
    return;
  }
  throw new UsageError(
    `Unknown command '${command}'. Commands: serve, worker, keys, password, models, import, compact.`,
  );
}

main(process.argv.slice(2)).catch((err) => {
  const log = createLogger('error');
  if (err instanceof UsageError || err instanceof StoreBusyError) process.stderr.write(`${err.message}\n`);
  else if (err instanceof ImportSourceError) process.stderr.write(`${err.mensaje}\n`);
  else log.error('Folio stopped', err);
  process.exit(err instanceof UsageError ? 2 : 1);
});

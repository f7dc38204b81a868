import path from 'node:path';
import type { Config } from '../config';
import { findDocument } from '../db/documents.repo';
import { ensureUser } from '../db/users.repo';
import type { LibraryReading } from '../import/imported-item';
import { openRuntime } from '../runtime';
import { importLibrary, type ImportReport } from '../services/import/import-library';
import { option, UsageError } from './args';
import { createStoreApart } from './create-store-apart';
import { createCounter } from './progress-bar';
import { thisProgram } from './this-program';

const USAGE =
  'Usage: folio import zotero ZOTERO_DATA_DIR [--profile DIR | --base DIR] --user EMAIL [--no-wait]\n' +
  '       folio import zotero-rdf EXPORT.rdf|EXPORT_DIR --user EMAIL [--no-wait]\n' +
  '       folio import bibliografia FILE.bib|.ris|.json [--files DIR] --user EMAIL [--no-wait]';

/** Where a library's files are, besides its own folder. */
interface ReaderOptions {
  /** A bibliography's files (`--files`). */
  filesDir?: string;
  /** Zotero's profile folder, whose prefs.js names the base folder of relative linked files (`--profile`). */
  profileDir?: string;
  /** That base folder itself (`--base`). */
  baseDir?: string;
}

/** How each kind of library is read: imported on use, so the CLI loads only the reader it needs. */
export type LibraryReaders = Record<
  'zotero' | 'zotero-rdf' | 'bibliografia',
  (target: string, opts: ReaderOptions) => Promise<LibraryReading>
>;

const READERS: LibraryReaders = {
  zotero: async (dir, opts) =>
    (await import('../import/zotero/read-zotero-library')).readZoteroLibrary(dir, {
      profileDir: opts.profileDir,
      baseAttachmentPath: opts.baseDir,
    }),
  // On the user's own disk, an export's absolute links are theirs to follow.
  'zotero-rdf': async (target) =>
    (await import('../import/zotero-rdf/read-zotero-rdf')).readZoteroRdf(target, { linkedFiles: true }),
  bibliografia: async (file, opts) =>
    (await import('../import/bibliography/read-bibliography-file')).readBibliographyFile(file, {
      filesDir: opts.filesDir,
    }),
};

/**
 * `folio import`: brings a Zotero data directory or a BibTeX, RIS or CSL-JSON export (with its files) into a
 * user's library, then, unless `--no-wait`, reads the files in this process and waits until every one is
 * read, so the library is searchable when the command ends. Prints a summary; 0 when it ran (items left out
 * are in the summary), else it throws.
 */
export async function importCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
  readers: LibraryReaders = READERS,
): Promise<number> {
  const [kindArg, target] = args;
  const kind =
    kindArg === 'bibtex' || kindArg === 'ris' || kindArg === 'csl-json'
      ? 'bibliografia'
      : kindArg === 'zotero' && target?.toLowerCase().endsWith('.rdf')
        ? 'zotero-rdf'
        : kindArg;
  const email = option(args, 'user');
  if ((kind !== 'zotero' && kind !== 'zotero-rdf' && kind !== 'bibliografia') || !target || target.startsWith('--'))
    throw new UsageError(USAGE);
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`folio import needs --user EMAIL\n${USAGE}`);
  const dir = (name: string) => {
    const value = option(args, name);
    return value ? path.resolve(value) : undefined;
  };
  const wait = !args.includes('--no-wait');
  const reading = await readers[kind](path.resolve(target), {
    filesDir: dir('files'),
    profileDir: dir('profile'),
    baseDir: dir('base'),
  });
  const library = reading.file ?? path.resolve(target);
  out(`${reading.origen}: ${reading.items.length} elementos, ${reading.skipped.length} que no se importan.`);

  // As serve and worker do: creating the embedded store in this process would leave it hundreds of MB larger.
  await createStoreApart(config);
  const runtime = await openRuntime(config, { workers: wait, program: thisProgram() });
  try {
    const { db } = runtime.deps;
    const user = await ensureUser(db, email);
    const imported = createCounter(process.stderr, 'importados');
    const report = await importLibrary(runtime.deps, user.id, reading, {
      library,
      onItem: (done, total) => imported(done, total),
    });
    if (wait) await waitUntilRead(runtime.deps.db, user.id, report);
    for (const line of summary(report)) out(line);
  } finally {
    await runtime.close();
  }
  return 0;
}

/** Waits until every document the import made or found is read (or failed), drawing how many are. */
async function waitUntilRead(db: Parameters<typeof findDocument>[0], userId: string, report: ImportReport) {
  const ids = [
    ...new Set(
      report.elementos.flatMap((e) =>
        e.resultado === 'nuevo' || e.resultado === 'archivo_nuevo' ? [e.documento!] : [],
      ),
    ),
  ];
  const read = createCounter(process.stderr, 'leídos    ');
  const pending = new Set(ids);
  read(0, ids.length);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const row = await findDocument(db, userId, id);
      if (!row || row.estado === 'listo' || row.estado === 'error') pending.delete(id);
    }
    read(ids.length - pending.size, ids.length);
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The lines of the summary: counts, then each item left out and why, then what Folio does not keep yet. */
function summary(report: ImportReport): string[] {
  const r = report.resumen;
  const lines = [
    `Nuevos: ${r.nuevo}. Ya estaban en tu biblioteca: ${r.ya_estaba}. Importados antes: ${r.sin_cambios}. No importados: ${r.omitido}. ` +
      `Solo referencia (sin archivo): ${r.referencia}. Referencias que ya tienen su archivo: ${r.archivo_nuevo}. (${report.segundos} s)`,
  ];
  for (const e of report.elementos.filter((e) => e.resultado === 'omitido')) {
    lines.push(`  no importado: ${e.clave} «${e.titulo}»: ${e.motivo}`);
  }
  for (const e of report.elementos.filter((e) => e.resultado === 'referencia' && e.motivo)) {
    lines.push(`  solo referencia: ${e.clave} «${e.titulo}»: ${e.motivo}`);
  }
  for (const f of report.archivos_que_faltan) lines.push(`  falta un archivo de ${f.clave}: ${f.ruta}`);
  const d = report.dejado_fuera;
  const left = [
    d.otros_adjuntos && `${d.otros_adjuntos} adjuntos más de un mismo elemento`,
    d.notas && `${d.notas} notas`,
    d.otras_colecciones && `${d.otras_colecciones} pertenencias a una segunda colección`,
  ].filter(Boolean);
  if (left.length) lines.push(`Folio aún no guarda: ${left.join(', ')}.`);
  return lines;
}

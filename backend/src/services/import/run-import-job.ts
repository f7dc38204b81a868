import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../context';
import {
  findImportJobForWorker,
  importJobItems,
  noOutcomes,
  updateImportJob,
  type ImportJobItemRow,
  type ImportJobRow,
  type ImportSummary,
} from '../../db/import-jobs.repo';
import { ConversionError } from '../../formats/conversion-error';
import { extractZip, looksLikeZip } from '../../formats/extract-zip';
import { ImportSourceError } from '../../import/import-source-error';
import { confineToFolder, readExportFolder } from '../../import/read-export-folder';
import type { JobAttempt } from '../../jobs/job-definition';
import { importLibrary, type ImportedItemResult } from './import-library';

type ImportJobDeps = Parameters<typeof importLibrary>[0] & Pick<Deps, 'log'>;

/** Progress is written at most this often: a library of thousands of items is not an UPDATE per item. */
export const PROGRESS_EVERY_MS = 1000;

const FAILED = 'No se pudo importar la biblioteca por un fallo interno. Vuelve a intentarlo.';

/** The `library` of `imported_items` for an uploaded library: its name, so a second upload of it adds nothing. */
export const uploadedLibrary = (row: Pick<ImportJobRow, 'origen'>) => `subida:${row.origen}`;

/** Where a job unpacks its upload; removed when the attempt ends, whatever happens. */
export const importWorkDir = (config: Deps['config'], id: string) => path.join(config.dataDir, 'tmp', `importar-${id}`);

/**
 * Carries out a queued import job: unpacks the upload (`formats/extract-zip.ts`, the zip reader's limits
 * raised to twice FOLIO_MAX_IMPORT_MB), picks its reader (`import/read-export-folder.ts`), keeps the files it
 * names to those uploaded, and runs `importLibrary` with the library named by the job's `origen`, writing
 * each item's outcome as it completes (at most once a second). An upload that is not a library, or a broken
 * zip, fails at once with the reason; any other failure throws to be retried, and `importLibrary`, idempotent
 * by item key, goes on where the last attempt stopped. An aborted attempt (the queue's expiry or stop) stops
 * between two items. The unpacked folder is removed when the attempt ends; the upload, when the job ends.
 */
export async function runImportJob(
  deps: ImportJobDeps,
  id: string,
  job: Pick<JobAttempt<unknown>, 'retryCount' | 'retryLimit' | 'signal'>,
): Promise<void> {
  const row = await findImportJobForWorker(deps.db, id);
  if (!row || row.estado === 'listo' || row.estado === 'error') return;
  // An earlier attempt began it (a worker killed, a retry): what that attempt made is this job's.
  const resumed = row.estado === 'procesando';
  await updateImportJob(deps.db, id, { estado: 'procesando', hechos: 0, error: null });
  const work = importWorkDir(deps.config, id);
  await fs.rm(work, { recursive: true, force: true });
  const progress = progressWriter(deps, id, work, resumed);
  try {
    const { reader, reading } = await readUpload(deps, row, work);
    const total = reading.items.length + reading.skipped.length;
    await updateImportJob(deps.db, id, { lector: reader, total });
    const report = await importLibrary(deps, row.user_id, reading, {
      library: uploadedLibrary(row),
      onItem: (done, _total, result) => {
        progress.add(done, result);
        // Between two items: the attempt was cut off (expired, or the worker stopping); a retry goes on.
        job.signal.throwIfAborted();
      },
    });
    await progress.flush();
    const items = await importJobItems(deps.db, id);
    const resumen = noOutcomes();
    for (const item of items) resumen[item.resultado]++;
    const informe: ImportSummary = {
      origen: report.origen,
      resumen,
      archivos_que_faltan: report.archivos_que_faltan.map((f) => ({ clave: f.clave, ruta: inUpload(f.ruta, work) })),
      dejado_fuera: report.dejado_fuera,
      segundos: report.segundos,
    };
    // Cleaned before it is told done: whoever waits for the job finds nothing of the upload left.
    await fs.rm(work, { recursive: true, force: true });
    await dropUpload(deps, row);
    await updateImportJob(deps.db, id, { estado: 'listo', hechos: total, informe, error: null });
  } catch (err) {
    // What completed before the failure is the job's progress: a retry goes on from there.
    await progress.flush().catch(() => {});
    const permanent = err instanceof ImportSourceError || err instanceof ConversionError;
    if (permanent || job.retryCount >= job.retryLimit) {
      if (!permanent) deps.log.error(`import ${id} failed for good`, err);
      await markImportFailed(deps, id, permanent ? err.mensaje : undefined);
      return;
    }
    deps.log.info(`import ${id} failed, will retry (attempt ${job.retryCount + 1})`, err);
    throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The upload unpacked in `work` and read by the reader its content calls for. */
async function readUpload(deps: ImportJobDeps, row: ImportJobRow, work: string) {
  if (!row.archivo_blob) throw new ImportSourceError('no_existe', 'La subida ya no está.', 'upload gone');
  const zipOptions = {
    limits: { maxUnzippedBytes: 2 * deps.config.maxImportBytes },
    maxEntries: 200_000,
  };
  const exportDir = path.join(work, 'exportacion');
  const archivo = await deps.blobs.localPath(row.archivo_blob);
  // A zip is unpacked and searched for its export; a lone file is the export, under the user's name for it.
  let exportPath = exportDir;
  if (await looksLikeZip(archivo)) {
    await extractZip(archivo, exportDir, zipOptions);
  } else {
    await fs.mkdir(exportDir, { recursive: true });
    exportPath = path.join(exportDir, safeFileName(row.archivo_nombre));
    await fs.copyFile(archivo, exportPath);
  }
  let filesDir: string | undefined;
  if (row.archivos_blob) {
    const archivos = await deps.blobs.localPath(row.archivos_blob);
    if (!(await looksLikeZip(archivos))) {
      throw new ImportSourceError(
        'no_es_la_fuente',
        `${row.archivos_nombre ?? 'El archivo de archivos'} no es un .zip: comprime la carpeta de los archivos y súbela.`,
        'the files upload is not a zip',
      );
    }
    filesDir = path.join(work, 'archivos');
    await extractZip(archivos, filesDir, zipOptions);
  }
  const found = await readExportFolder(exportPath, { filesDir });
  return { reader: found.reader, reading: await confineToFolder(found.reading, work) };
}

/** A file name as the user's, kept to one safe segment. */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f]/g, '');
  return base && base !== '.' && base !== '..' ? base : 'exportacion';
}

/** A path inside the upload's folder as the export names it, without where the server unpacked it. */
function inUpload(text: string, work: string): string {
  const prefixes = [path.join(work, 'exportacion') + path.sep, path.join(work, 'archivos') + path.sep, work + path.sep];
  let out = text;
  for (const prefix of prefixes) out = out.split(prefix).join('');
  return out;
}

/** Buffers items as they complete and writes them with the count at most every PROGRESS_EVERY_MS. */
function progressWriter(deps: Pick<Deps, 'db'>, id: string, work: string, resumed: boolean) {
  let buffer: ImportJobItemRow[] = [];
  let done = 0;
  let last = Date.now();
  let writing: Promise<void> = Promise.resolve();
  let failed: unknown;
  const write = () => {
    const items = buffer;
    buffer = [];
    const hechos = done;
    last = Date.now();
    writing = writing
      .then(() => updateImportJob(deps.db, id, { hechos }, items, resumed))
      .catch((err) => {
        failed ??= err;
      });
    return writing;
  };
  return {
    add(n: number, result: ImportedItemResult) {
      if (failed) throw failed;
      done = n;
      buffer.push({
        posicion: n,
        clave: result.clave,
        titulo: result.titulo,
        resultado: result.resultado,
        documento: result.documento ?? null,
        motivo: result.motivo === undefined ? null : inUpload(result.motivo, work),
      });
      if (Date.now() - last >= PROGRESS_EVERY_MS) void write();
    },
    async flush() {
      await write();
      if (failed) throw failed;
    },
  };
}

/** Removes the uploaded files of a job that ended. */
async function dropUpload(deps: Pick<Deps, 'db' | 'blobs'>, row: ImportJobRow): Promise<void> {
  for (const blob of [row.archivo_blob, row.archivos_blob]) if (blob) await deps.blobs.delete(blob);
  await updateImportJob(deps.db, row.id, { archivoBlob: null, archivosBlob: null });
}

/** Ends an import job that failed (also called for jobs that exhausted their retries by crashing). */
export async function markImportFailed(
  deps: Pick<Deps, 'db' | 'blobs' | 'config'>,
  id: string,
  error?: string,
): Promise<void> {
  const row = await findImportJobForWorker(deps.db, id);
  if (!row || row.estado === 'listo') return;
  await fs.rm(importWorkDir(deps.config, id), { recursive: true, force: true });
  await dropUpload(deps, row);
  await updateImportJob(deps.db, id, { estado: 'error', error: error ?? FAILED });
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../context';
import { findImportJob, insertImportJob, type ImportJobRow } from '../../db/import-jobs.repo';
import { AppError } from '../../errors';
import { newId } from '../../ids';
import { importJob } from '../../jobs/definitions';
import { claimOrReplay, releaseClaim, rememberResource, requestFingerprint } from '../idempotency';

export type { ImportJobRow } from '../../db/import-jobs.repo';

/** One file of an import upload, already on disk. */
export interface ImportPart {
  tmpPath: string;
  size: number;
  sha256: string;
  /** The name the user's file had. */
  nombre: string;
}

/** An import upload: the export (`archivo`), the zip of its files (`archivos`) and the text fields (`origen`). */
export interface ImportForm {
  archivo?: ImportPart;
  archivos?: ImportPart;
  fields: Record<string, string>;
}

/** Removes the temporary files of an upload (after a refusal, or once stored). */
export async function discardImportForm(form: ImportForm): Promise<void> {
  for (const part of [form.archivo, form.archivos]) if (part) await fs.rm(part.tmpPath, { force: true });
}

const OPERATION = 'importar';

/**
 * The name a library goes by when the upload does not give one: the file's name without its extensions
 * ('Mi biblioteca.zip' → 'Mi biblioteca', 'refs.bib' → 'refs') and without the ' (1)' a browser adds to a
 * second download, so the same export uploaded again is the same library (`imported_items.library`) and adds
 * nothing; two exports under one name are one library, which the form's `origen` tells apart.
 */
export function libraryName(fileName: string): string {
  const base = path.basename(fileName.replace(/\\/g, '/'));
  const name = base
    .replace(/(\.(zip|bib|bibtex|biblatex|ris|json|csljson|rdf|txt))+$/i, '')
    .replace(/\s*\(\d+\)$/, '')
    .trim();
  return (name || base).slice(0, 200);
}

/**
 * Creates an import job (POST /importaciones, the web page's form) from an upload already streamed to disk:
 * the export (`archivo`) and the zip of its files (`archivos`) go to the blob store, where a worker on any
 * machine finds them, and the job is queued. A repeated Idempotency-Key gives back the job it created; the
 * same key with other files is refused (409). The upload's temporary files are gone when this returns.
 */
export async function submitImport(
  deps: Pick<Deps, 'db' | 'config' | 'blobs' | 'queue'>,
  userId: string,
  form: ImportForm,
  idempotencyKey?: string,
): Promise<{ row: ImportJobRow; repeated: boolean }> {
  const { archivo, archivos } = form;
  try {
    if (!archivo) {
      throw new AppError('peticion_invalida', {
        mensaje: 'Falta el campo de archivo «archivo»: la exportación de tu biblioteca.',
        message: "Missing the file field 'archivo': your library's export.",
        detalles: { campo: 'archivo' },
      });
    }
    for (const [campo, part] of [
      ['archivo', archivo],
      ['archivos', archivos],
    ] as const) {
      if (part && part.size === 0) {
        throw new AppError('peticion_invalida', {
          mensaje: `El archivo ${part.nombre} está vacío.`,
          message: `The file ${part.nombre} is empty.`,
          detalles: { campo },
        });
      }
    }
    const origen = form.fields.origen?.trim().slice(0, 200) || libraryName(archivo.nombre);
    const idem = idempotencyKey
      ? {
          key: idempotencyKey,
          fingerprint: requestFingerprint({ archivo: archivo.sha256, archivos: archivos?.sha256, origen }),
        }
      : undefined;
    const previous = await claimOrReplay(deps.db, userId, OPERATION, idem);
    const found = previous && (await findImportJob(deps.db, userId, previous));
    if (found) return { row: found, repeated: true };
    try {
      const id = newId();
      const store = async (part: ImportPart, which: string) => {
        const key = `import-${id}-${which}`;
        await deps.blobs.putFile(key, part.tmpPath);
        return key;
      };
      const archivoBlob = await store(archivo, 'archivo');
      const archivosBlob = archivos && (await store(archivos, 'archivos'));
      const row = await insertImportJob(deps.db, {
        id,
        userId,
        archivoNombre: archivo.nombre,
        archivosNombre: archivos?.nombre,
        archivoBlob,
        archivosBlob,
        origen,
      });
      await rememberResource(deps.db, userId, OPERATION, idem, id);
      await deps.queue.send(importJob(deps.config), { importId: id }, id);
      return { row, repeated: false };
    } catch (err) {
      await releaseClaim(deps.db, userId, OPERATION, idem).catch(() => {});
      throw err;
    }
  } finally {
    // Stored blobs were moved away; whatever is left of the upload goes.
    await discardImportForm(form);
  }
}

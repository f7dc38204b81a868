/**
 * A library of real files for the evaluations that judge answers over documents (`eval:verify`'s own claim
 * set, `eval:ask`): each file is uploaded through the real API (POST /documentos, as a user would) into a
 * fresh test store, with the engines this machine has, and waited for until it is ready. Committed files are
 * under `test/fixtures/`; the outside material (`FOLIO_FIXTURES`, see docs/TESTING.md) is used when present,
 * and a file that is absent is reported, never silently dropped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { fixturePath, REPO_ROOT } from '../src/testing/fixtures';
import { auth, createTestStore, startTestServer, type TestServer, type TestStore } from '../src/testing/harness';

/** One file of the library: `repo:` paths are under the repository, `shared:` ones in the outside material. */
export interface LibraryFile {
  /** `repo:test/fixtures/…` or `shared:pdfs/…`. */
  file: string;
  /** Metadata given with the upload (a user would type them; files often lack them). */
  titulo?: string;
  autores?: string;
  anio?: number;
}

export interface FixtureLibrary {
  server: TestServer;
  key: string;
  /** `file` → Folio document id, for the files that were present and became ready. */
  ids: Map<string, string>;
  /** Files that are not on this machine. */
  absent: string[];
  /** Files that were uploaded but did not become ready, with the reason the API gave. */
  failed: { file: string; why: string }[];
  close(): Promise<void>;
}

/** Absolute path of a `LibraryFile.file`. */
export function libraryFilePath(file: string): string {
  if (file.startsWith('repo:')) return path.join(REPO_ROOT, file.slice(5));
  if (file.startsWith('shared:')) return fixturePath(file.slice(7));
  throw new Error(`fixture-library: ${file} must start with repo: or shared:`);
}

/**
 * Opens a test server on a fresh store and uploads `files` (in order) as one user's library. The server has the
 * engines this machine's configuration gives, or with `lexicalOnly` none of the models (no embeddings,
 * cross-encoder or NLI), as on a machine that has pulled none: the path every install has.
 */
export async function openFixtureLibrary(
  files: LibraryFile[],
  email = 'eval@example.org',
  { lexicalOnly = false } = {},
): Promise<FixtureLibrary> {
  const store: TestStore = await createTestStore();
  const env = loadConfig();
  const server = await startTestServer(store, {
    modelsDir: env.modelsDir,
    // No model by this name can be under modelsDir, so no embedder is created.
    embeddings: lexicalOnly ? { localModel: 'folio/no-embeddings' } : env.embeddings,
    reranker: lexicalOnly ? { ...env.reranker, enabled: false } : env.reranker,
    nli: lexicalOnly ? { ...env.nli, enabled: false } : env.nli,
    jobRetries: 0,
  });
  const key = await server.key(email, ['lectura', 'escritura']);
  const ids = new Map<string, string>();
  const absent: string[] = [];
  const failed: FixtureLibrary['failed'] = [];
  for (const f of files) {
    const where = libraryFilePath(f.file);
    if (!fs.existsSync(where)) {
      absent.push(f.file);
      continue;
    }
    const form = new FormData();
    form.append('archivo', new Blob([fs.readFileSync(where)]), path.basename(where));
    if (f.titulo) form.append('titulo', f.titulo);
    if (f.autores) form.append('autores', f.autores);
    if (f.anio !== undefined) form.append('anio', String(f.anio));
    const res = await server.request('/api/v1/documentos?esperar=600', {
      method: 'POST',
      body: form,
      headers: auth(key),
    });
    const doc = await res.json();
    if (res.status >= 300 || doc.estado !== 'listo') {
      failed.push({ file: f.file, why: String(doc.error ?? doc.mensaje ?? `HTTP ${res.status} ${doc.estado ?? ''}`) });
      continue;
    }
    ids.set(f.file, doc.id as string);
  }
  return {
    server,
    key,
    ids,
    absent,
    failed,
    close: async () => {
      await server.close();
      await store.drop();
    },
  };
}

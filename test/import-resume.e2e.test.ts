import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MODE } from '../backend/src/import/zotero/attachment-path';
import { ZoteroTestLibrary } from '../backend/src/import/zotero/testing/zotero-database';
import { zoteroRepo, zoteroSchemaSql } from '../backend/src/import/zotero/testing/zotero-schema-files';
import { createTestStore, type TestStore } from '../backend/src/testing/harness';
import { buildSamplePdf } from './fixtures/sample-pdf';
import { API_KEY, cli, freePort, serveEnv, spawnFolio, startServe } from './support/folio-process';

const ITEMS = 40;
let store: TestStore;
let env: NodeJS.ProcessEnv;
let port: number;
let root: string;

/** A Zotero library of ITEMS articles, each with its own PDF whose words no other item has. */
function buildLibrary(dataDir: string) {
  const z = new ZoteroTestLibrary(dataDir, zoteroSchemaSql());
  const shelf = z.addCollection('Interrumpida');
  for (let i = 0; i < ITEMS; i++) {
    const item = z.addItem('journalArticle', { title: `Informe número ${i}`, date: `${2000 + (i % 20)}` }, [
      { last: `Autora${i}`, first: 'Marta' },
    ]);
    const pdf = buildSamplePdf({
      title: `Informe ${i}`,
      pages: [[`Este informe trata de la palabra clave${i}x y de nada más.`, 'Segunda línea del informe.']],
    });
    z.addAttachment(
      {
        parentID: item.id,
        linkMode: LINK_MODE.importedFile,
        path: `storage:informe-${i}.pdf`,
        contentType: 'application/pdf',
      },
      pdf,
    );
    z.collect(shelf, item.id);
  }
  z.close();
}

beforeAll(async () => {
  if (!zoteroRepo.present) return;
  store = await createTestStore();
  port = await freePort();
  env = serveEnv(store, port);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-import-resume-'));
  buildLibrary(path.join(root, 'Zotero'));
});

afterAll(async () => {
  await store?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!zoteroRepo.present)(zoteroRepo.title('an import killed midway, started again'), () => {
  it('finishes the job: every item once, none twice, all read', async () => {
    const dataDir = path.join(root, 'Zotero');
    const first = spawnFolio(['import', 'zotero', dataDir, '--user', 'rosa@example.org'], env);
    // Killed as the OOM killer or a closed laptop would, as soon as the first item is in.
    const deadline = Date.now() + 180_000;
    while (!/importados \[.*\] [1-9]\d*\//.test(first.stderr()) && Date.now() < deadline) {
      if (first.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');

    const again = await cli(env, 'import', 'zotero', dataDir, '--user', 'rosa@example.org');
    expect(again.stderr).not.toMatch(/Error/);
    expect(again.code).toBe(0);
    const counts =
      /Nuevos: (\d+)\. Ya estaban en tu biblioteca: (\d+)\. Importados antes: (\d+)\. No importados: 0\./.exec(
        again.stdout,
      );
    expect(counts, again.stdout).not.toBeNull();
    const [nuevos, yaEstaban, antes] = counts!.slice(1).map(Number) as [number, number, number];
    // The killed run brought some in; the second brought the rest, and nothing twice.
    expect(antes + yaEstaban).toBeGreaterThan(0);
    expect(nuevos).toBeGreaterThan(0);
    expect(nuevos + yaEstaban + antes).toBe(ITEMS);

    const key = API_KEY.exec((await cli(env, 'keys', 'create', '--user', 'rosa@example.org')).stdout)![0];
    const server = await startServe(env, port);
    try {
      const get = async (p: string) =>
        (
          await fetch(`http://127.0.0.1:${port}/api/v1${p}`, { headers: { Authorization: `Bearer ${key}` } })
        ).json() as Promise<Record<string, unknown>>;
      const list = (await get('/documentos?limite=200')) as { total: number; documentos: { estado: string }[] };
      expect(list.total).toBe(ITEMS);
      // A document the killed run queued is read by the server that runs next, if not by the second import.
      for (let i = 0; i < 60 && (await get('/documentos?estado=listo&limite=200')).total !== ITEMS; i++) {
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(((await get('/documentos?estado=listo&limite=200')) as { total: number }).total).toBe(ITEMS);
      for (const i of [0, ITEMS - 1]) {
        const found = (await get(`/buscar?q=clave${i}x`)) as { pasajes: { documento: { titulo: string } }[] };
        expect(found.pasajes.map((p) => p.documento.titulo)).toEqual([`Informe número ${i}`]);
      }
    } finally {
      await server.stop();
    }
  }, 420_000);
});

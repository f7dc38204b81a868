import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleLibrary, type SampleLibrary } from '../backend/src/import/zotero/testing/sample-library';
import { zoteroRepo, zoteroSchemaSql } from '../backend/src/import/zotero/testing/zotero-schema-files';
import { createTestStore, REPO_ROOT, type TestStore } from '../backend/src/testing/harness';
import { API_KEY, cli, freePort, serveEnv, startServe, type FolioProcess } from './support/folio-process';

let store: TestStore;
let env: NodeJS.ProcessEnv;
let port: number;
let root: string;
let sample: SampleLibrary;
let server: FolioProcess | undefined;

beforeAll(async () => {
  if (!zoteroRepo.present) return;
  store = await createTestStore();
  port = await freePort();
  env = serveEnv(store, port);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-import-e2e-'));
  sample = buildSampleLibrary(path.join(root, 'Zotero'), zoteroSchemaSql());
});

afterAll(async () => {
  await server?.stop();
  await store?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!zoteroRepo.present)(zoteroRepo.title('npm run folio -- import zotero on a fresh store'), () => {
  it('imports the library, reads its files before it ends, and says what it left out', async () => {
    const run = await cli(env, 'import', 'zotero', sample.dataDir, '--user', 'ana@example.org');
    expect(run.stderr).not.toMatch(/Error|stopped/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Zotero \(esquema userdata \d+\): \d+ elementos, \d+ que no se importan\./m);
    const counts =
      /Nuevos: (\d+)\. Ya estaban en tu biblioteca: (\d+)\. Importados antes: 0\. No importados: (\d+)\./.exec(
        run.stdout,
      );
    expect(counts).not.toBeNull();
    expect(Number(counts![1])).toBeGreaterThan(0);
    // The missing stored file is named with its item, and so is what Zotero alone could not tell.
    expect(run.stdout).toMatch(/falta un archivo de \w+: .*perdido\.pdf/);
    expect(run.stdout).toMatch(/no importado: \w+ «relativo\.pdf»: archivo vinculado con ruta relativa/);
    expect(run.stdout).toMatch(/Folio aún no guarda: .*notas/);
    expect(run.stdout).not.toMatch(/Folio aún no guarda: .*etiquetas/);
  }, 240_000);

  it('adds nothing the second time', async () => {
    const run = await cli(env, 'import', 'zotero', sample.dataDir, '--user', 'ana@example.org', '--no-wait');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Nuevos: 0\. Ya estaban en tu biblioteca: 0\. Importados antes: [1-9]\d*\./);
  }, 120_000);

  it('leaves the files searchable and the metadata Zotero’s, in its collections', async () => {
    const key = API_KEY.exec((await cli(env, 'keys', 'create', '--user', 'ana@example.org')).stdout)![0];
    server = await startServe(env, port);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are what is tested
    const get = async (p: string): Promise<any> =>
      (await fetch(`http://127.0.0.1:${port}/api/v1${p}`, { headers: { Authorization: `Bearer ${key}` } })).json();
    const list = await get('/documentos');
    expect(list.total).toBeGreaterThan(0);
    const ready = list.documentos.filter((d: { estado: string }) => d.estado === 'listo');
    expect(ready.length).toBe(list.total);
    const doc = await get(`/documentos/${ready[0].id}`);
    expect(doc.origen_metadatos.titulo.origen).toBe('zotero');
    const found = await get(`/buscar?q=cenotes`);
    expect(found.pasajes.length).toBeGreaterThan(0);
    // Nested collections come as their path of names.
    const docs = await Promise.all(ready.map((d: { id: string }) => get(`/documentos/${d.id}`)));
    expect(docs.some((d: { biblioteca?: string }) => d.biblioteca?.includes(' / '))).toBe(true);
  }, 120_000);

  it('says plainly what is wrong with a folder that is not a Zotero data directory', async () => {
    const run = await cli(env, 'import', 'zotero', root, '--user', 'ana@example.org');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/zotero\.sqlite/);
    expect(run.stderr).not.toMatch(/at .*\.(ts|mjs):\d+/);
  }, 60_000);
});

describe('npm run folio -- import bibliografia with a folder of files', () => {
  let bibStore: TestStore;
  let bibEnv: NodeJS.ProcessEnv;
  let dir: string;

  beforeAll(async () => {
    bibStore = await createTestStore();
    bibEnv = serveEnv(bibStore, await freePort());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-import-bib-'));
    fs.mkdirSync(path.join(dir, 'pdfs'));
    fs.copyFileSync(path.join(REPO_ROOT, 'test/fixtures/latex/tesis-ot1.pdf'), path.join(dir, 'pdfs', 'tesis.pdf'));
    // As JabRef writes it (description:path:type), with LaTeX accents in the fields.
    fs.writeFileSync(
      path.join(dir, 'refs.bib'),
      [
        '@phdthesis{garcia2019,',
        "  author = {Garc{\\'\\i}a N{\\'u}{\\~n}ez, Mar{\\'\\i}a},",
        "  title = {Validaci{\\'o}n de modelos hidrol{\\'o}gicos},",
        '  school = {Universidad de Chile},',
        '  year = {2019},',
        '  file = {Tesis:tesis.pdf:PDF},',
        '}',
        '@article{sinpdf2020,',
        '  author = {Silva, João},',
        '  title = {Un artículo sin su archivo},',
        '  journal = {Revista de Ejemplo},',
        '  year = {2020},',
        '  file = {:no-esta.pdf:PDF},',
        '}',
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    await bibStore?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the export and its files, with the accents as letters, and lists the missing file', async () => {
    const run = await cli(
      bibEnv,
      'import',
      'bibtex',
      path.join(dir, 'refs.bib'),
      '--files',
      path.join(dir, 'pdfs'),
      '--user',
      'ana@example.org',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Nuevos: 1\. Ya estaban en tu biblioteca: 0\. Importados antes: 0\. No importados: 0\. Solo referencia \(sin archivo\): 1\./,
    );
    expect(run.stdout).toMatch(/solo referencia: sinpdf2020 «Un artículo sin su archivo»: No está su archivo/);
    const key = API_KEY.exec((await cli(bibEnv, 'keys', 'create', '--user', 'ana@example.org')).stdout)![0];
    const port = await freePort();
    const served = await startServe({ ...bibEnv, PORT: String(port) }, port);
    try {
      const get = async (p: string) =>
        (
          await fetch(`http://127.0.0.1:${port}/api/v1${p}`, { headers: { Authorization: `Bearer ${key}` } })
        ).json() as Promise<{
          documentos: { id: string; estado: string; solo_referencia?: boolean }[];
          titulo: string;
          autores: string[];
          anio: number;
          origen_metadatos: { titulo: { origen: string } };
        }>;
      const { documentos } = await get('/documentos');
      // The entry without its file is there as a reference only; the thesis was read.
      expect(documentos.filter((d) => d.solo_referencia)).toHaveLength(1);
      const doc = documentos.find((d) => !d.solo_referencia);
      expect(doc!.estado).toBe('listo');
      const full = await get(`/documentos/${doc!.id}`);
      expect(full).toMatchObject({
        titulo: 'Validación de modelos hidrológicos',
        autores: ['García Núñez, María'],
        anio: 2019,
      });
      expect(full.origen_metadatos.titulo.origen).toBe('bibliografia');
    } finally {
      await served.stop();
    }
  }, 240_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZoteroRdfExport } from '../backend/src/import/zotero-rdf/testing/zotero-rdf-export';
import { createTestStore, REPO_ROOT, type TestStore } from '../backend/src/testing/harness';
import { cli, freePort, serveEnv } from './support/folio-process';

let store: TestStore;
let env: NodeJS.ProcessEnv;
let dir: string;
let rdfFile: string;

beforeAll(async () => {
  store = await createTestStore();
  env = serveEnv(store, await freePort());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-import-rdf-'));
  ({ rdfFile } = writeZoteroRdfExport(
    path.join(dir, 'Exported Items'),
    [
      {
        id: 1,
        itemType: 'thesis',
        fields: { title: 'Validación de modelos hidrológicos', date: '2019', university: 'Universidad de Chile' },
        creators: [{ creatorType: 'author', lastName: 'García Núñez', firstName: 'María' }],
        tags: ['hidrología'],
        attachments: [
          {
            id: 2,
            linkMode: 0,
            title: 'Full Text PDF',
            contentType: 'application/pdf',
            fileName: 'tesis.pdf',
            content: fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/latex/tesis-ot1.pdf')),
          },
        ],
      },
      {
        id: 3,
        itemType: 'journalArticle',
        fields: { title: '北京的水资源', date: '2021', publicationTitle: '水利学报' },
        creators: [{ creatorType: 'author', lastName: '王', firstName: '芳' }],
        attachments: [
          { id: 4, linkMode: 0, contentType: 'application/pdf', fileName: 'perdido.pdf', fileMissing: true },
        ],
      },
    ],
    [{ id: 1, name: 'Tesis', children: [{ id: 2, name: 'Capítulo 2', children: [1] }] }],
  ));
});

afterAll(async () => {
  await store?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run folio -- import zotero on a Zotero RDF export', () => {
  it('reads the export and its files, says what is missing, and adds nothing the second time', async () => {
    const run = await cli(env, 'import', 'zotero', rdfFile, '--user', 'ana@example.org');
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Zotero RDF.*: 2 elementos/m);
    expect(run.stdout).toMatch(/Nuevos: [12]\. /);
    expect(run.stdout).toMatch(/falta un archivo de .*: .*perdido\.pdf/);
    const again = await cli(
      env,
      'import',
      'zotero-rdf',
      path.dirname(rdfFile),
      '--user',
      'ana@example.org',
      '--no-wait',
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Nuevos: 0\. Ya estaban en tu biblioteca: 0\. Importados antes: [12]\./);
  }, 240_000);
});

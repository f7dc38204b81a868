import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportSourceError } from './import-source-error';
import { confineToFolder, readExportFolder } from './read-export-folder';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-export-folder-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A folder with these files (text), as an unpacked upload. */
function folder(name: string, files: Record<string, string>): string {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('readExportFolder', () => {
  it('reads the bibliography nearest the top, .bib before .ris before .json, with its files beside it', async () => {
    const root = folder('bib', {
      'export/otra/profunda.bib': '@misc{hondo, title={Hondo}}',
      'export/refs.ris': 'TY  - JOUR\nID  - ris1\nTI  - De RIS\nER  - \n',
      'export/refs.bib': '@misc{a1, title={Uno}, file={:files/uno.pdf:PDF}}',
      'export/files/uno.pdf': '%PDF-1.4',
    });
    const found = await readExportFolder(root);
    expect(found).toMatchObject({ reader: 'bibliografia', file: 'export/refs.bib' });
    expect(found.reading.items[0]!.files[0]).toMatchObject({
      exists: true,
      path: path.join(root, 'export/files/uno.pdf'),
    });
  });

  it('reads a lone file whatever its extension (BibTeX, RIS, CSL-JSON are told by content)', async () => {
    const root = folder('suelto', { 'exportacion.txt': 'TY  - BOOK\nID  - r1\nTI  - Un libro\nER  - \n' });
    const found = await readExportFolder(path.join(root, 'exportacion.txt'));
    expect(found.reading.items.map((i) => i.record.title)).toEqual(['Un libro']);
  });

  it('says RDF that is not a Zotero export, and a folder with no library, are not libraries', async () => {
    const rdf = folder('rdf', { 'Exported Items/Exported Items.rdf': '<rdf:RDF/>' });
    await expect(readExportFolder(rdf)).rejects.toThrow(ImportSourceError);
    const none = folder('nada', { 'foto.jpg': 'x' });
    const error = await readExportFolder(none).catch((e: unknown) => e);
    expect((error as ImportSourceError).mensaje).toMatch(/No es una biblioteca/);
  });
});

describe('confineToFolder', () => {
  it('marks missing every file outside the upload: absolute paths, climbing paths, links out', async () => {
    const root = folder('confinar', { 'dentro.pdf': '%PDF', 'otro/x.txt': 'x' });
    fs.symlinkSync('/etc/hostname', path.join(root, 'enlace.pdf'));
    const file = (p: string) => ({ path: p, exists: true, link: 'stored' as const });
    const reading = await confineToFolder(
      {
        origen: 'prueba',
        skipped: [],
        items: [
          {
            source: 'bibtex',
            key: 'k',
            record: { type: 'book' },
            collections: [],
            tags: [],
            notes: [],
            files: [
              file(path.join(root, 'dentro.pdf')),
              file('/etc/hostname'),
              file(path.join(root, '..', 'fuera.pdf')),
              file(path.join(root, 'enlace.pdf')),
            ],
          },
        ],
      },
      root,
    );
    expect(reading.items[0]!.files.map((f) => f.exists)).toEqual([true, false, false, false]);
  });
});

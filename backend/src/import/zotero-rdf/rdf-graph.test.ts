import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NS, readRdfGraph } from './rdf-graph';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-rdf-graph-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const HEAD = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:z="http://www.zotero.org/namespaces/export#">\n`;

describe('readRdfGraph', () => {
  it('gives references as written: fragments, relative and absolute paths, names with spaces and %', async () => {
    const file = path.join(root, 'refs.rdf');
    fs.writeFileSync(
      file,
      `${HEAD}<z:Attachment rdf:about="#item_2"><z:path rdf:resource="files/2/a b 50%.pdf"/><z:path rdf:resource="/home/ana/x.pdf"/>` +
        `<z:path rdf:resource="../../x.pdf"/><z:path rdf:resource="urn:isbn:1-2"/></z:Attachment></rdf:RDF>`,
    );
    const graph = await readRdfGraph(file);
    expect(graph.ofType(`${NS.z}Attachment`)).toEqual(['#item_2']);
    expect(graph.nodes('#item_2', `${NS.z}path`)).toEqual([
      'files/2/a b 50%.pdf',
      '/home/ana/x.pdf',
      '../../x.pdf',
      'urn:isbn:1-2',
    ]);
  });

  it('reads the <rdf:resource> file element of older exports wherever a read of the file cuts it', async () => {
    // fs streams read 64 KiB at a time: pad so that the element falls across each position of a cut.
    for (let shift = 0; shift < 16; shift++) {
      const pad = ' '.repeat(65536 - HEAD.length - 40 - shift);
      const file = path.join(root, `legacy-${shift}.rdf`);
      fs.writeFileSync(
        file,
        `${HEAD}${pad}<z:Attachment rdf:about="#item_2"><rdf:resource rdf:resource="files/2/ü.pdf"/></z:Attachment></rdf:RDF>`,
      );
      const graph = await readRdfGraph(file);
      expect(graph.nodes('#item_2', `${NS.z}path`)).toEqual(['files/2/ü.pdf']);
    }
  });

  it('gives the members of a sequence in their order, past nine', async () => {
    const file = path.join(root, 'seq.rdf');
    const items = Array.from({ length: 12 }, (_, i) => `<rdf:li>${i + 1}</rdf:li>`).join('');
    fs.writeFileSync(
      file,
      `${HEAD}<rdf:Description rdf:about="#s"><z:list><rdf:Seq>${items}</rdf:Seq></z:list></rdf:Description></rdf:RDF>`,
    );
    const graph = await readRdfGraph(file);
    const [seq] = graph.nodes('#s', `${NS.z}list`);
    expect(graph.members(seq!).map((m) => (m.kind === 'literal' ? m.value : ''))).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
  });
});

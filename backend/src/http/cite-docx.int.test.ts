import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_TYPE } from '../cite/docx/cited-docx';
import { convertDocx } from '../ingest/office/docx';
import { makeDeflatedZip } from '../formats/testing/make-deflated-zip';
import { DEFAULT_LIMITS } from '../ingest/converter';
import { tmpFiles } from '../ingest/testing/tmp-files';
import { openZip } from '../formats/zip';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;
let fixture: Buffer;
const tmp = await tmpFiles('folio-cite-');
afterAll(() => tmp.cleanup());

/** The text Folio's own DOCX reader finds in a document (as mammoth reads it). */
async function readBack(docx: Uint8Array): Promise<string> {
  const file = await tmp.write('leido.docx', docx);
  const { unidades } = await convertDocx({ path: file }, { limits: DEFAULT_LIMITS });
  return unidades.map((u) => u.texto).join('\n');
}

/** The LibreOffice-made fixture (test/fixtures/make/office-docs.sh): styles, a footnote, a comment, a table. */
const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx');
const PARAMO = 'El páramo es un ecosistema de alta montaña que regula el agua de las ciudades andinas.';
const CUENCAS = 'Las cuencas estudiadas se sitúan entre los 3200 y los 4100 metros de altitud.';

/** Every entry of a zip, inflated. */
async function entries(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await openZip(bytes);
  try {
    const out = new Map<string, Buffer>();
    for (const e of zip.entries) if (!e.directory) out.set(e.name, await zip.read(e.name));
    return out;
  } finally {
    zip.close();
  }
}

const citeDocx = (docx: Uint8Array, query = '', accept = DOCX_TYPE) =>
  ctx.server.request(`/api/v1/citar${query}`, {
    method: 'POST',
    body: docx,
    headers: auth(key, { 'Content-Type': DOCX_TYPE, Accept: accept }),
  });

/** The fixture with an image in the first body paragraph: a PNG part, its relationship and a drawing run. */
async function withImage(): Promise<{ docx: Uint8Array; png: Buffer; drawing: string }> {
  const parts = await entries(fixture);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const drawing =
    '<w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="1" name="Punto"/>' +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData ' +
    'uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic ' +
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:embed="rIdImg"/>' +
    '</pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';
  const document = parts
    .get('word/document.xml')!
    .toString('utf8')
    .replace(`<w:t>${PARAMO}</w:t></w:r>`, `<w:t>${PARAMO}</w:t></w:r>${drawing}`);
  const rels = parts
    .get('word/_rels/document.xml.rels')!
    .toString('utf8')
    .replace(
      '</Relationships>',
      '<Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/punto.png"/></Relationships>',
    );
  parts.set('word/document.xml', Buffer.from(document));
  parts.set('word/_rels/document.xml.rels', Buffer.from(rels));
  parts.set('word/media/punto.png', png);
  return { docx: makeDeflatedZip([...parts].map(([name, data]) => ({ name, data }))), png, drawing };
}

beforeAll(async () => {
  key = await ctx.server.key('docx@example.org');
  fixture = await readFile(FIXTURE);
  const res = await ctx.server.request(
    '/api/v1/documentos?nombre=paramo.txt&titulo=Hidrolog%C3%ADa%20del%20p%C3%A1ramo&autores=Castañeda%20Ruiz,%20Mariana&anio=2019',
    {
      method: 'POST',
      body: `${PARAMO}\n\n${CUENCAS}`,
      headers: auth(key, { 'Content-Type': 'text/plain' }),
    },
  );
  expect(res.status).toBe(201);
});

describe('POST /citar with a .docx', () => {
  it('returns the same document with citations in its runs and the bibliography; every other byte kept', async () => {
    const { docx, png, drawing } = await withImage();
    const res = await citeDocx(docx, '?estilo=apa');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="citado-\w+\.docx"$/);
    const before = await entries(docx);
    const after = await entries(new Uint8Array(await res.arrayBuffer()));
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, data] of before) {
      if (name !== 'word/document.xml') expect(after.get(name)!.equals(data), name).toBe(true);
    }
    expect(after.get('word/media/punto.png')!.equals(png)).toBe(true);

    const original = before.get('word/document.xml')!.toString('utf8');
    const cited = after.get('word/document.xml')!.toString('utf8');
    expect(cited).toContain(drawing);
    const citation = (text: string) => `<w:r><w:rPr></w:rPr><w:t xml:space="preserve"> ${text}</w:t></w:r>`;
    // Each sentence is a paragraph of the uploaded text: PARAMO is párr. 1, CUENCAS párr. 2.
    // The run that held the claim is split where the claim ends: its properties are copied to both halves.
    const split = (cite: string) => `</w:t></w:r>${citation(cite)}<w:r><w:rPr></w:rPr><w:t xml:space="preserve">`;
    const paramo = split('(Castañeda Ruiz, 2019, párr. 1)');
    const cuencas = split('(Castañeda Ruiz, 2019, párr. 2)');
    expect(cited).toContain(`ciudades andinas${paramo}.</w:t></w:r>`);
    expect(cited).toContain(`metros de altitud${cuencas}.</w:t></w:r>`);
    const bibliography =
      '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Referencias</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:ind w:left="720" w:hanging="720"/></w:pPr><w:r><w:t xml:space="preserve">Castañeda Ruiz, M. (2019). </w:t></w:r>' +
      '<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Hidrología del páramo</w:t></w:r>' +
      '<w:r><w:t xml:space="preserve">.</w:t></w:r></w:p><w:sectPr>';
    expect(cited).toContain(bibliography);
    // Everything but the inserted runs and paragraphs is the original XML, byte for byte.
    const restored = cited.replace(paramo, '').replace(cuencas, '').replace(bibliography, '<w:sectPr>');
    expect(restored).toBe(original);

    // Still a Word document that reads back with its citations and references.
    const text = await readBack(new Uint8Array(await (await citeDocx(docx, '?estilo=apa')).arrayBuffer()));
    expect(text).toContain(`${PARAMO.slice(0, -1)} (Castañeda Ruiz, 2019, párr. 1).`);
    expect(text).toContain('Castañeda Ruiz, M. (2019). Hidrología del páramo.');
  });

  it('answers Citado as JSON for a .docx without the .docx Accept, with the text it cited', async () => {
    const res = await citeDocx(new Uint8Array(fixture), '?estilo=ieee&idioma=en-US', 'application/json');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.citas.map((c: { cita: string }) => c.cita)).toEqual(['[1, Para. 1]', '[1, Para. 2]']);
    expect(body.texto).toContain(`${PARAMO.slice(0, -1)} [1, Para. 1].`);
    expect(body.texto).not.toContain('Índice');
    expect(body.bibliografia).toEqual(['[1] M. Castañeda Ruiz, “Hidrología del páramo.” 2019.']);
    // The cited .docx stays available from the job.
    const docx = await ctx.server.request(`/api/v1/citar/${body.id}?formato=docx`, { headers: auth(key) });
    expect(docx.headers.get('content-type')).toBe(DOCX_TYPE);
    expect(await readBack(new Uint8Array(await docx.arrayBuffer()))).toContain('References');
  });

  it('adds footnotes for a note style after the existing ones, which stay as they were', async () => {
    const res = await citeDocx(new Uint8Array(fixture), '?estilo=chicago-notes');
    expect(res.status).toBe(200);
    const before = await entries(new Uint8Array(fixture));
    const after = await entries(new Uint8Array(await res.arrayBuffer()));
    for (const name of ['word/styles.xml', '[Content_Types].xml', 'word/_rels/document.xml.rels']) {
      expect(after.get(name)!.equals(before.get(name)!), name).toBe(true);
    }
    const notesBefore = before.get('word/footnotes.xml')!.toString('utf8');
    const notesAfter = after.get('word/footnotes.xml')!.toString('utf8');
    const close = notesBefore.lastIndexOf('</w:footnotes>');
    expect(notesAfter.startsWith(notesBefore.slice(0, close))).toBe(true);
    expect(notesAfter).toContain('<w:footnote w:id="3"><w:p><w:pPr><w:pStyle w:val="Footnote"/></w:pPr>');
    expect(notesAfter).toContain('Mariana Castañeda Ruiz, «Hidrología del páramo», 2019, párr. 1.');
    expect(notesAfter).toContain('<w:footnote w:id="4">');
    expect(notesAfter).toContain('> Castañeda Ruiz, párr. 2.</w:t>');
    const document = after.get('word/document.xml')!.toString('utf8');
    expect(document).toContain(
      `ciudades andinas.</w:t></w:r><w:r><w:rPr><w:rStyle w:val="FootnoteAnchor"/></w:rPr><w:footnoteReference w:id="3"/></w:r>`,
    );
  });

  it('creates the footnotes part of a document that had none', async () => {
    const minimal = makeDeflatedZip([
      {
        name: '[Content_Types].xml',
        data:
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      },
      {
        name: '_rels/.rels',
        data:
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      },
      {
        name: 'word/document.xml',
        data:
          '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
          `<w:body><w:p><w:r><w:t>${CUENCAS}</w:t></w:r></w:p></w:body></w:document>`,
      },
    ]);
    const res = await citeDocx(minimal, '?estilo=chicago-notes');
    expect(res.status).toBe(200);
    const after = await entries(new Uint8Array(await res.arrayBuffer()));
    expect(after.get('word/footnotes.xml')!.toString('utf8')).toContain('2019, párr. 2.');
    expect(after.get('word/_rels/document.xml.rels')!.toString('utf8')).toContain('relationships/footnotes');
    expect(after.get('[Content_Types].xml')!.toString('utf8')).toContain('PartName="/word/footnotes.xml"');
    const document = after.get('word/document.xml')!.toString('utf8');
    expect(document).toContain('<w:footnoteReference w:id="1"/>');
    // No body sectPr: the bibliography goes at the end of the body.
    expect(document).toMatch(/<w:t>Referencias<\/w:t><\/w:r><\/w:p><w:p>.*<\/w:p><\/w:body>/);
  });

  it('refuses a body that is not a .docx', async () => {
    const res = await citeDocx(new Uint8Array(Buffer.from('no soy un docx')));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ codigo: 'peticion_invalida', detalles: { campo: 'cuerpo' } });
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDeflatedZip } from '../../formats/testing/make-deflated-zip';
import { openZip } from '../../formats/zip';
import { tmpFiles } from '../../ingest/testing/tmp-files';
import { REPO_ROOT } from '../../testing/harness';
import { splitClaims } from '../claims';
import { readDocx } from './cited-docx';

/** The LibreOffice-made fixture (test/fixtures/make/office-docs.sh): Title, Heading 1-3, a table of contents. */
const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx');
const PARAMO = 'El páramo es un ecosistema de alta montaña que regula el agua de las ciudades andinas.';

const tmp = await tmpFiles('folio-cited-docx-');
afterAll(() => tmp.cleanup());
let parts: Map<string, Buffer>;

beforeAll(async () => {
  const zip = await openZip(await readFile(FIXTURE));
  try {
    parts = new Map();
    for (const e of zip.entries) if (!e.directory) parts.set(e.name, await zip.read(e.name));
  } finally {
    zip.close();
  }
});

/** A paragraph as LibreOffice writes them, with an optional style id and extra paragraph properties. */
const paragraph = (text: string, style?: string, pPr = '') =>
  `<w:p><w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${pPr}</w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** The fixture with `added` paragraphs right before the first body paragraph, and styles declared in `styles`. */
async function withParagraphs(added: string, styles = ''): Promise<string> {
  const document = parts.get('word/document.xml')!.toString('utf8');
  const at = document.indexOf('<w:p><w:pPr><w:pStyle w:val="Heading1"/>');
  const changed = new Map(parts);
  changed.set('word/document.xml', Buffer.from(document.slice(0, at) + added + document.slice(at)));
  const stylesXml = parts.get('word/styles.xml')!.toString('utf8');
  changed.set('word/styles.xml', Buffer.from(stylesXml.replace('</w:styles>', `${styles}</w:styles>`)));
  return tmp.write('prueba.docx', makeDeflatedZip([...changed].map(([name, data]) => ({ name, data }))));
}

const claimsOf = async (file: string) => splitClaims((await readDocx(file)).text).map((c) => c.text);

describe('readDocx: the running text claims are found in', () => {
  it('leaves out the title, headings and the table of contents by their styles', async () => {
    const doc = await readDocx(FIXTURE);
    expect(doc.text).not.toMatch(/Aguas del páramo andino|Introducción|Área de estudio|Índice|Conclusiones\n/);
    expect(doc.text).toContain(PARAMO);
    expect(await claimsOf(FIXTURE)).toContain(PARAMO.slice(0, -1));
  });

  it('leaves out a paragraph with its own outline level, a style based on a heading, undeclared heading ids', async () => {
    const file = await withParagraphs(
      paragraph('Capítulo sobre la regulación del agua en el páramo', 'TextBody', '<w:outlineLvl w:val="1"/>') +
        paragraph('Mi capítulo propio sobre las turberas altas', 'MiCapitulo') +
        paragraph('Un subtítulo sobre las cuencas de Chingaza', 'Subtitle') +
        paragraph('Un encabezado de cuarto nivel sin declarar', 'Heading4') +
        paragraph('Este párrafo sí afirma algo sobre el caudal medio.', 'TextBody', '<w:outlineLvl w:val="9"/>'),
      '<w:style w:type="paragraph" w:styleId="MiCapitulo"><w:name w:val="Mi capítulo"/><w:basedOn w:val="Heading1"/></w:style>',
    );
    const doc = await readDocx(file);
    expect(doc.text).not.toMatch(/Capítulo sobre|Mi capítulo propio|subtítulo|cuarto nivel/);
    expect(await claimsOf(file)).toContain('Este párrafo sí afirma algo sobre el caudal medio');
  });

  it('takes an unstyled short line before prose as a heading, not a claim', async () => {
    const file = await withParagraphs(
      paragraph('Resultados del muestreo de campo') + paragraph('Los caudales bajaron un tercio en la estación seca.'),
    );
    const claims = await claimsOf(file);
    expect(claims).not.toContain('Resultados del muestreo de campo');
    expect(claims).toContain('Los caudales bajaron un tercio en la estación seca');
  });
});

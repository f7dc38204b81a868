import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../text/fold';
import { makeDeflatedZip } from '../../formats/testing/make-deflated-zip';
import type { Conversion, ConvertContext } from '../converter';
import { convertEpub } from '../epub/epub';
import { convertHtml } from './html';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

/**
 * Note calls and line numbers kept out of the words (issue 33, item 5): `html-note-calls.ts`. The real
 * samples are IDPF's epub3-samples `30/georgia-cfi` and `30/wasteland` (CC BY-SA 3.0, per the repository's
 * README; not copied here), zipped from a snapshot of the repository: FOLIO_EPUB3_SAMPLES, else the
 * mirror the `fetch` tool makes.
 */
const SAMPLES = process.env.FOLIO_EPUB3_SAMPLES || '/work/.mirror/IDPF+epub3-samples/repo';
const haveSamples = fs.existsSync(SAMPLES);

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-notes-');
});
afterAll(() => files.cleanup());

const noProgress: ConvertContext = { progress: async () => {} };

function texts(conversion: Conversion): string[] {
  return conversion.unidades.flatMap((u) => (u.bloques ?? []).map((b) => b.texto));
}

/** The folded words of a text, as search indexes them. */
function words(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const xhtml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title></head>
<body>${body}</body></html>`;

const BODY = `<h1>Capítulo</h1>
<p>Firmó John Treutlen<sup><a href="#n1">12</a></sup> y se fue.</p>
<div>And on her daughter<span class="lnum">200</span></div>
<p>Otra nota<a epub:type="noteref" href="#n2">3</a>, una<a role="doc-noteref" href="#n3">*</a> y la última<span class="footnote-ref">4</span>.</p>
<p>Un área de 5 m<sup>2</sup> y x<sup>2</sup>.</p>
<table><tr><td>Button Gwinnett<a href="#n4" epub:type="noteref">7</a></td><td>1777</td></tr></table>
<aside id="n1"><p>La nota.</p></aside>`;

describe('note calls and line numbers in HTML', () => {
  it('writes a note call in superscript digits, apart from the word, and drops line numbers', () => {
    const paragraphs = texts(convertHtml(BODY));
    expect(paragraphs).toContain('Firmó John Treutlen¹² y se fue.');
    expect(paragraphs).toContain('And on her daughter');
    expect(paragraphs).toContain('Otra nota³, una * y la última⁴.');
    expect(paragraphs).toContain('Button Gwinnett⁷ | 1777');
    // A raised number after a digit or a one-letter name is an exponent, read as before.
    expect(paragraphs).toContain('Un área de 5 m2 y x2.');
    const all = paragraphs.flatMap(words);
    expect(all).toEqual(expect.arrayContaining(['treutlen', 'daughter', 'nota', 'ultima', 'gwinnett']));
    expect(all).not.toContain('200');
  });
});

describe('note calls and line numbers in an EPUB', () => {
  it('keeps them out of the words through the EPUB reader', async () => {
    const data = makeDeflatedZip([
      { name: 'mimetype', data: 'application/epub+zip', method: 'store' },
      {
        name: 'META-INF/container.xml',
        data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
      },
      {
        name: 'OEBPS/content.opf',
        data: `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">x</dc:identifier><dc:title>Notas</dc:title><dc:language>es</dc:language></metadata><manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>`,
      },
      { name: 'OEBPS/c.xhtml', data: xhtml(BODY) },
    ]);
    const conversion = await convertEpub(
      { path: await files.write('notas.epub', data), size: data.length },
      noProgress,
    );
    const paragraphs = texts(conversion);
    expect(paragraphs).toContain('Firmó John Treutlen¹² y se fue.');
    expect(paragraphs).toContain('And on her daughter');
    expect(paragraphs.flatMap(words)).toContain('treutlen');
  });
});

describe.skipIf(!haveSamples)(
  haveSamples ? 'IDPF epub3-samples' : `IDPF epub3-samples — skipped: no snapshot at ${SAMPLES} (FOLIO_EPUB3_SAMPLES)`,
  () => {
    async function sample(name: string): Promise<string[]> {
      const out = await files.write(`${name}.epub`, '');
      execFileSync('git', ['-C', SAMPLES, 'archive', '--format=zip', '-o', out, `HEAD:30/${name}`]);
      const size = fs.statSync(out).size;
      return texts(await convertEpub({ path: out, size }, noProgress));
    }

    it('reads georgia-cfi with the signers apart from their note calls', async () => {
      const paragraphs = await sample('georgia-cfi');
      const row = paragraphs.find((p) => p.includes('John A. Treutlen'));
      expect(row).toMatch(/John A\. Treutlen¹²/);
      expect(paragraphs.flatMap(words)).toContain('treutlen');
      expect(paragraphs.join('\n')).not.toMatch(/\p{L}\d/u);
    });

    it('reads wasteland without its line numbers', async () => {
      const paragraphs = await sample('wasteland');
      expect(paragraphs).toContain('And on her daughter');
      expect(paragraphs.flatMap(words)).toContain('daughter');
      expect(paragraphs.join('\n')).not.toMatch(/\p{L}{2}\d/u);
    });
  },
);

import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../testing/fixtures';
import { captionFormat, detectKind, looksLikeHtml } from './detect';
import { makePdf } from './testing/make-pdf';
import { makeZip } from '../formats/testing/make-zip';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';

const fixturesExist = hasFixture();

let tmp: TmpFiles;
beforeAll(async () => {
  tmp = await tmpFiles();
});
afterAll(() => tmp.cleanup());

const utf16le = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  return new Uint8Array([0xfe, 0xff, ...le.swap16()]);
};

function png(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function wav(): Uint8Array {
  const samples = Buffer.alloc(1600);
  for (let i = 0; i < 800; i++) samples.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return new Uint8Array(Buffer.concat([header, samples]));
}

const onePagePdf = () => makePdf({ pages: [[{ text: 'Hola', y: 700 }]] });

describe('detectKind: bytes decide', () => {
  it('finds a PDF header anywhere in the first KB, whatever the name and type say', async () => {
    const pdf = onePagePdf();
    expect(await detectKind({ path: await tmp.write('a.pdf', pdf) })).toBe('pdf');
    const junk = new Uint8Array([...Buffer.from('x'.repeat(900) + '\n'), ...pdf]);
    expect(await detectKind({ path: await tmp.write('b.bin', junk) })).toBe('pdf');
    const sentAsText = { path: await tmp.write('notes.txt', pdf), nombre: 'notes.txt', contentType: 'text/plain' };
    expect(await detectKind(sentAsText)).toBe('pdf');
  });

  it('ignores a PDF header beyond the first KB', async () => {
    const late = 'y'.repeat(1500) + '%PDF-1.4\n';
    expect(await detectKind({ path: await tmp.write('late.txt', late) })).toBe('texto');
  });

  it('reads text sent as a PDF as text', async () => {
    const path = await tmp.write('paper.pdf', 'Solo texto, aunque se llame .pdf.\n');
    expect(await detectKind({ path, nombre: 'paper.pdf', contentType: 'application/pdf' })).toBe('texto');
  });

  it('tells text kinds apart by sniffing, then name, then declared type', async () => {
    const html = '<!DOCTYPE html>\n<html><body><p>x</p></body></html>';
    expect(await detectKind({ path: await tmp.write('page', html) })).toBe('html');
    expect(await detectKind({ path: await tmp.write('page.txt', html), nombre: 'page.txt' })).toBe('html');
    const xhtml = '<?xml version="1.0"?>\n<!-- saved -->\n<html xmlns="http://www.w3.org/1999/xhtml"></html>';
    expect(await detectKind({ path: await tmp.write('x', xhtml) })).toBe('html');
    expect(await detectKind({ path: await tmp.write('f', 'hola'), nombre: 'frag.HTM' })).toBe('html');
    expect(await detectKind({ path: await tmp.write('f', 'hola'), contentType: 'text/html; charset=utf-8' })).toBe(
      'html',
    );

    expect(await detectKind({ path: await tmp.write('r', '# Título\n\ntexto'), nombre: 'README.md' })).toBe('markdown');
    expect(await detectKind({ path: await tmp.write('r', '# Título'), contentType: 'text/markdown' })).toBe('markdown');
    const readme = '<p align="center"><img src="logo.png"></p>\n\n# Proyecto\n';
    expect(await detectKind({ path: await tmp.write('README.md', readme), nombre: 'README.md' })).toBe('markdown');

    expect(await detectKind({ path: await tmp.write('d', 'a,b\n1,2\n'), nombre: 'datos.csv' })).toBe('csv');
    expect(await detectKind({ path: await tmp.write('d', 'a,b\n1,2\n'), contentType: 'text/csv' })).toBe('csv');
    expect(await detectKind({ path: await tmp.write('plain', 'Hola, mundo.\n') })).toBe('texto');
  });

  it('accepts UTF-8 with BOM, UTF-16 with BOM and windows-1252 as text', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('Año nuevo')]);
    expect(await detectKind({ path: await tmp.write('bom.txt', bom) })).toBe('texto');
    expect(await detectKind({ path: await tmp.write('le.txt', utf16le('Cañón y pingüino\n')) })).toBe('texto');
    expect(await detectKind({ path: await tmp.write('be.txt', utf16be('Cañón y pingüino\n')) })).toBe('texto');
    const html16 = utf16le('<!doctype html><html><title>t</title></html>');
    expect(await detectKind({ path: await tmp.write('u16.html', html16) })).toBe('html');
    const cp1252 = Buffer.from('Caf\xe9 y \x80 sueltos: \x93comillas\x94\n', 'latin1');
    expect(await detectKind({ path: await tmp.write('1252.txt', cp1252) })).toBe('texto');
  });

  it('does not take a multi-byte character cut by the sniffing window for binary', async () => {
    // 'ñ' is two bytes; with an odd prefix one of them straddles the 8 KB boundary.
    const text = 'a' + 'ñ'.repeat(6000);
    expect(await detectKind({ path: await tmp.write('long.txt', text) })).toBe('texto');
  });

  it('recognises RTF, images, audio, zip and binary junk', async () => {
    expect(await detectKind({ path: await tmp.write('a.rtf', '{\\rtf1\\ansi Hola}') })).toBe('rtf');
    expect(await detectKind({ path: await tmp.write('a.png', png()), contentType: 'text/plain' })).toBe('imagen');
    expect(await detectKind({ path: await tmp.write('a.wav', wav()) })).toBe('audio');
    const zip = makeZip([{ name: 'notas.txt', data: 'hola' }]);
    expect(await detectKind({ path: await tmp.write('a.zip', zip) })).toBe('zip');
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    expect(await detectKind({ path: await tmp.write('junk.txt', junk), nombre: 'junk.txt' })).toBe('desconocido');
  });

  it('reads OpenDocument containers through their mimetype entry', async () => {
    const odf = (mime: string) =>
      makeZip([
        { name: 'mimetype', data: mime },
        { name: 'content.xml', data: '<office:document-content/>' },
      ]);
    const cases = [
      ['application/vnd.oasis.opendocument.text', 'odt'],
      ['application/vnd.oasis.opendocument.presentation', 'odp'],
      ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
      ['application/epub+zip', 'epub'],
    ] as const;
    for (const [mime, kind] of cases) {
      expect(await detectKind({ path: await tmp.write(`doc.${kind}`, odf(mime)) })).toBe(kind);
    }
  });

  it('tells WebVTT and SubRip captions by their content, whatever the name', async () => {
    const vtt = 'WEBVTT Kind: captions\n\n00:01.000 --> 00:04.000\nHola.\n';
    const srt = '1\r\n00:00:01,000 --> 00:00:04,000\r\nHola.\r\n';
    expect(await detectKind({ path: await tmp.write('subs.bin', vtt) })).toBe('subtitulos');
    expect(await detectKind({ path: await tmp.write('track', `\uFEFF${srt}`) })).toBe('subtitulos');
    expect(await detectKind({ path: await tmp.write('t.txt', utf16le(srt)) })).toBe('subtitulos');
    // Named like captions, but prose: the bytes decide.
    expect(await detectKind({ path: await tmp.write('notas.srt', 'Notas sobre subtítulos.') })).toBe('texto');
    expect(await detectKind({ path: await tmp.write('x.vtt', 'WEBVTTX\n\n00:01.000 --> 00:02.000\nNo.') })).toBe(
      'texto',
    );
  });

  it('treats an empty file as (empty) text', async () => {
    expect(await detectKind({ path: await tmp.write('empty', '') })).toBe('texto');
  });
});

describe.skipIf(!fixturesExist)(titleNeeding('detectKind on the outside test material'), () => {
  const cases: [string, string][] = [
    ['office/docx/mammoth-tables.docx', 'docx'],
    ['office/pptx/pptx-sld-notes.pptx', 'pptx'],
    ['office/xlsx/calamine-date.xlsx', 'xlsx'],
    ['office/ods/calamine-date.ods', 'ods'],
    ['epub/WCAG.epub', 'epub'],
    ['pdfs/GeoTopo-komprimiert.pdf', 'pdf'],
    ['readability/la-nacion/source.html', 'html'],
    ['podcast/transcript-example.vtt', 'subtitulos'],
    ['podcast/transcript-example.srt', 'subtitulos'],
    ['podcast/tag-transcript.md', 'markdown'],
  ];
  it.each(cases)('%s is %s', async (file, kind) => {
    const path = fixturePath(file);
    expect(await detectKind({ path, nombre: file.split('/').pop() })).toBe(kind);
  });
});

describe('captionFormat', () => {
  it('reads the WebVTT signature and the first SubRip card', () => {
    expect(captionFormat('WEBVTT\n\n00:00.000 --> 00:01.000\nA')).toBe('vtt');
    expect(captionFormat('\uFEFFWEBVTT - título\r\nKind: captions\r\n\r\n1:02:03.000 --> 1:02:04.000\r\nA')).toBe(
      'vtt',
    );
    expect(captionFormat('\n\n1\n00:00:01,500 --> 00:00:03,000\nA')).toBe('srt');
    // Some writers drop the counter, or use a dot before the milliseconds.
    expect(captionFormat('00:00:01.500 --> 00:00:03.000\nA')).toBe('srt');
    expect(captionFormat('WEBVTT es una norma del W3C.\n\nSus tiempos se escriben 00:01.000 --> 00:02.000.')).toBe(
      undefined,
    );
    expect(captionFormat('1\nPrimero: lo primero.')).toBeUndefined();
    expect(captionFormat('En 00:00:01,500 --> algo')).toBeUndefined();
  });
});

describe('looksLikeHtml', () => {
  it('wants a document start, not a fragment', () => {
    expect(looksLikeHtml('\uFEFF  <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">')).toBe(true);
    expect(looksLikeHtml('<HEAD><TITLE>x</TITLE></HEAD>')).toBe(true);
    expect(looksLikeHtml('<div>x</div>')).toBe(false);
    expect(looksLikeHtml('Para empezar escribe <html> arriba.')).toBe(false);
    expect(looksLikeHtml('<!-- sin cerrar')).toBe(false);
  });
});

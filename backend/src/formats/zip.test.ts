import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError } from './conversion-error';
import { makeDeflatedZip } from './testing/make-deflated-zip';
import { makeZip } from './testing/make-zip';
import { tmpFiles, type TmpFiles } from '../ingest/testing/tmp-files';
import {
  decodeEntryText,
  normalizeEntryName,
  openZip,
  resolveEntryPath,
  withZip,
  type OpenZipOptions,
  type ZipArchive,
} from './zip';

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-zip-');
});
afterAll(() => files.cleanup());

async function open(data: Uint8Array, options: OpenZipOptions = {}): Promise<ZipArchive> {
  return openZip(await files.write('a.zip', data), options);
}

async function failure(promise: Promise<unknown>): Promise<ConversionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

const MB = 1024 * 1024;

describe('openZip', () => {
  it('lists entries in order and reads stored and deflated ones', async () => {
    const text = 'Capítulo uno. '.repeat(500);
    const zip = await open(
      makeDeflatedZip([
        { name: 'mimetype', data: 'application/epub+zip', method: 'store' },
        { name: 'OEBPS/', data: '', method: 'store' },
        { name: 'OEBPS/uno.xhtml', data: text },
        { name: 'OEBPS/imagen.png', data: new Uint8Array([137, 80, 78, 71, 0, 255]) },
      ]),
    );
    try {
      expect(zip.entries.map((e) => [e.name, e.size, e.directory])).toEqual([
        ['mimetype', 20, false],
        ['OEBPS/', 0, true],
        ['OEBPS/uno.xhtml', Buffer.byteLength(text), false],
        ['OEBPS/imagen.png', 6, false],
      ]);
      expect(zip.entry('OEBPS/uno.xhtml')!.compressedSize).toBeLessThan(200);
      expect(await zip.readText('mimetype')).toBe('application/epub+zip');
      expect(await zip.readText('OEBPS/uno.xhtml')).toBe(text);
      expect([...(await zip.read('OEBPS/imagen.png'))]).toEqual([137, 80, 78, 71, 0, 255]);
      expect(zip.unzippedBytes).toBe(20 + Buffer.byteLength(text) + 6);
      const chunks: Buffer[] = [];
      for await (const chunk of zip.stream('OEBPS/uno.xhtml')) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
    } finally {
      zip.close();
    }
  });

  it('reads archives made by makeZip and from bytes in memory', async () => {
    const data = makeZip([{ name: 'a.txt', data: 'hola' }]);
    expect(await withZip(data, {}, (zip) => zip.readText('a.txt'))).toBe('hola');
  });

  it('finds an entry by a loose name: ./, backslashes, or a case-insensitive unique match', async () => {
    const zip = await open(
      makeZip([
        { name: 'OEBPS\\Text\\Cap1.xhtml', data: 'uno' },
        { name: 'a/X.txt', data: 'x mayúscula' },
        { name: 'a/x.txt', data: 'x minúscula' },
      ]),
    );
    try {
      expect(zip.entries.map((e) => e.name)).toEqual(['OEBPS/Text/Cap1.xhtml', 'a/X.txt', 'a/x.txt']);
      expect(await zip.readText('./OEBPS/Text/Cap1.xhtml')).toBe('uno');
      expect(await zip.readText('oebps/text/cap1.xhtml')).toBe('uno');
      expect(await zip.readText('a/x.txt')).toBe('x minúscula');
      // Two entries differ only in case: no loose match.
      expect(zip.has('A/x.TXT')).toBe(false);
      expect((await failure(zip.read('a/y.txt'))).mensaje).toBe(
        'Falta el archivo interno a/y.txt en el archivo comprimido.',
      );
      await failure(zip.read('OEBPS/'));
    } finally {
      zip.close();
    }
  });

  it('leaves out entries whose names climb out of the archive or are absolute', async () => {
    const zip = await open(
      makeZip([
        { name: '../../etc/passwd', data: 'root' },
        { name: '/abs.txt', data: 'abs' },
        { name: 'C:\\win.txt', data: 'win' },
        { name: 'ok/../../x.txt', data: 'x' },
        { name: 'ok.txt', data: 'ok' },
        { name: 'ok.txt', data: 'duplicate' },
      ]),
    );
    try {
      expect(zip.entries.map((e) => e.name)).toEqual(['ok.txt']);
      expect(zip.has('../../etc/passwd')).toBe(false);
      expect(await zip.readText('ok.txt')).toBe('ok');
    } finally {
      zip.close();
    }
  });

  it('decodes text by BOM, UTF-8, or the encoding an XML declaration names', async () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\r\n<p>año</p>', 'latin1');
    const zip = await open(
      makeDeflatedZip([
        { name: 'bom.xml', data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>ñ</p>')]) },
        { name: 'latin1.xml', data: latin1 },
        {
          name: 'utf16.xml',
          data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>ü</p>', 'utf16le')]),
        },
      ]),
    );
    try {
      expect(await zip.readText('bom.xml')).toBe('<p>ñ</p>');
      expect(await zip.readText('latin1.xml')).toBe('<?xml version="1.0" encoding="ISO-8859-1"?>\n<p>año</p>');
      expect(await zip.readText('utf16.xml')).toBe('<p>ü</p>');
    } finally {
      zip.close();
    }
    expect(decodeEntryText(Buffer.from('<meta charset="windows-1252"><p>\x93hola\x94</p>', 'latin1'))).toBe(
      '<meta charset="windows-1252"><p>“hola”</p>',
    );
  });
});

describe('damaged archives', () => {
  it('fail to open when the bytes are not a zip, are empty or are cut short', async () => {
    const whole = makeDeflatedZip([{ name: 'a.txt', data: 'hola '.repeat(100) }]);
    for (const data of [new Uint8Array(0), Buffer.from('no soy un zip'), whole.subarray(0, whole.length - 30)]) {
      const error = await failure(open(data));
      expect(error.mensaje).toBe('El archivo comprimido está dañado.');
      expect(error.message).toMatch(/^Corrupt zip archive: /);
    }
  });

  it('fail to read an entry whose deflated data is broken', async () => {
    const varied = Array.from({ length: 3000 }, (_, i) => `palabra${(i * 7919) % 1009}`).join(' ');
    const data = Buffer.from(makeDeflatedZip([{ name: 'a.txt', data: varied }]));
    // Overwrite part of the compressed stream (after the 30-byte local header and the name).
    data.fill(0xff, 100, 180);
    const zip = await open(data);
    try {
      const error = await failure(zip.read('a.txt'));
      expect(error.mensaje).toBe('El archivo comprimido está dañado (a.txt).');
    } finally {
      zip.close();
    }
  });

  it('fail on a CRC-32 mismatch and on data shorter than declared', async () => {
    const zip = await open(
      makeDeflatedZip([
        { name: 'crc.txt', data: 'hola', crc: 12345 },
        { name: 'short.txt', data: 'hola', declaredSize: 10 },
        { name: 'stored-crc.txt', data: 'hola', method: 'store', crc: 1 },
      ]),
    );
    try {
      for (const name of ['crc.txt', 'short.txt', 'stored-crc.txt']) {
        const error = await failure(zip.read(name));
        expect(error.mensaje).toBe(`El archivo comprimido está dañado (${name}).`);
      }
    } finally {
      zip.close();
    }
  });

  it('refuse password-encrypted entries', async () => {
    const zip = await open(makeDeflatedZip([{ name: 'secreto.txt', data: 'x'.repeat(40), encryptedFlag: true }]));
    try {
      expect(zip.entry('secreto.txt')!.encrypted).toBe(true);
      const error = await failure(zip.read('secreto.txt'));
      expect(error.mensaje).toBe('El archivo comprimido está cifrado o protegido con contraseña.');
    } finally {
      zip.close();
    }
  });

  it('leave file-system errors as plain (retryable) errors', async () => {
    await expect(openZip('/nonexistent/folio.zip')).rejects.toSatisfy(
      (e: unknown) => !(e instanceof ConversionError) && (e as NodeJS.ErrnoException).code === 'ENOENT',
    );
  });
});

describe('limits', () => {
  const zeros = new Uint8Array(10 * MB);

  it('refuse an entry whose declared expansion ratio is past maxZipRatio, before inflating it', async () => {
    const zip = await open(makeDeflatedZip([{ name: 'bomba.xhtml', data: zeros }]));
    try {
      expect(zip.entry('bomba.xhtml')!.compressedSize).toBeLessThan(20_000);
      const error = await failure(zip.read('bomba.xhtml'));
      expect(error.mensaje).toBe(
        'El archivo comprimido parece una bomba zip: bomba.xhtml se expande más de lo permitido.',
      );
      expect(error.message).toMatch(/ratio above 200/);
      expect(zip.unzippedBytes).toBe(0);
    } finally {
      zip.close();
    }
  });

  it('stop inflating an entry as soon as it grows past its declared size', async () => {
    // Declares 4 KB (a plausible ratio) but inflates to 10 MB: caught on the first chunks, not at the end.
    const zip = await open(makeDeflatedZip([{ name: 'miente.xhtml', data: zeros, declaredSize: 4096 }]));
    try {
      const error = await failure(zip.read('miente.xhtml'));
      expect(error.mensaje).toMatch(/^El archivo comprimido parece una bomba zip: miente\.xhtml/);
      expect(zip.unzippedBytes).toBeLessThan(256 * 1024);
    } finally {
      zip.close();
    }
  });

  it('accept high ratios on small entries, within the grace size', async () => {
    const zip = await open(makeDeflatedZip([{ name: 'espacios.txt', data: ' '.repeat(500_000) }]));
    try {
      expect((await zip.read('espacios.txt')).length).toBe(500_000);
    } finally {
      zip.close();
    }
    const strict = await open(makeDeflatedZip([{ name: 'espacios.txt', data: ' '.repeat(500_000) }]), {
      ratioGraceBytes: 1000,
    });
    try {
      await failure(strict.read('espacios.txt'));
    } finally {
      strict.close();
    }
  });

  it('refuse an archive that declares more than maxUnzippedBytes in total', async () => {
    const data = makeDeflatedZip([
      { name: 'a.txt', data: 'a'.repeat(6000) },
      { name: 'b.txt', data: 'b'.repeat(6000) },
    ]);
    const error = await failure(open(data, { limits: { maxUnzippedBytes: 10_000 } }));
    expect(error.mensaje).toBe('El archivo supera el tamaño descomprimido permitido (9.8 KB).');
  });

  it('count every read against maxUnzippedBytes, and honour a per-read maxBytes', async () => {
    const zip = await open(makeDeflatedZip([{ name: 'a.txt', data: 'abc'.repeat(2000) }]), {
      limits: { maxUnzippedBytes: 10_000 },
    });
    try {
      expect((await zip.read('a.txt')).length).toBe(6000);
      const again = await failure(zip.read('a.txt'));
      expect(again.mensaje).toMatch(/supera el tamaño descomprimido permitido/);
      const capped = await failure(zip.read('a.txt', { maxBytes: 100 }));
      expect(capped.mensaje).toBe('El archivo supera el tamaño descomprimido permitido (100 bytes).');
    } finally {
      zip.close();
    }
  });

  it('holds concurrent reads to the archive total while they stream', async () => {
    const big = randomBytes(3 * MB);
    const zip = await open(
      makeDeflatedZip([
        { name: 'a.txt', data: big, method: 'store' },
        { name: 'b.txt', data: big, method: 'store' },
      ]),
      { limits: { maxUnzippedBytes: 7 * MB } },
    );
    try {
      await zip.read('a.txt');
      // Both pass the up-front check (3 + 3 ≤ 7 … then 3 + 3 + 3 > 7 only while streaming together).
      const results = await Promise.allSettled([zip.read('b.txt'), zip.read('b.txt')]);
      expect(results.some((r) => r.status === 'rejected' && r.reason instanceof ConversionError)).toBe(true);
      // At most one chunk per concurrent read past the limit.
      expect(zip.unzippedBytes).toBeLessThanOrEqual(7 * MB + 2 * 64 * 1024);
    } finally {
      zip.close();
    }
  });

  it('refuse more entries than maxEntries', async () => {
    const data = makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.txt`, data: '' })));
    const error = await failure(open(data, { maxEntries: 4 }));
    expect(error.mensaje).toBe('El archivo comprimido contiene demasiados archivos (más de 4).');
  });

  it('stops reading when the signal aborts', async () => {
    const controller = new AbortController();
    const zip = await open(makeDeflatedZip([{ name: 'a.txt', data: randomBytes(3 * MB) }]), {
      signal: controller.signal,
    });
    try {
      const reading = (async () => {
        for await (const _chunk of zip.stream('a.txt')) controller.abort();
      })();
      await expect(reading).rejects.toThrow(/abort/i);
      await expect(zip.read('a.txt')).rejects.toThrow(/abort/i);
    } finally {
      zip.close();
    }
  });
});

describe('normalizeEntryName', () => {
  it('makes names safe or rejects them', () => {
    expect(normalizeEntryName('a\\b/./c.txt')).toBe('a/b/c.txt');
    expect(normalizeEntryName('dir/')).toBe('dir/');
    expect(normalizeEntryName('a//b')).toBe('a/b');
    for (const bad of ['', '/etc/passwd', 'C:/x', 'c:x', 'a/../b', '..', 'a\u0000b', './']) {
      expect(normalizeEntryName(bad)).toBeUndefined();
    }
  });
});

describe('resolveEntryPath', () => {
  it('resolves links relative to the entry holding them', () => {
    expect(resolveEntryPath('OEBPS/content.opf', 'Text/cap%201.xhtml#p5')).toBe('OEBPS/Text/cap 1.xhtml');
    expect(resolveEntryPath('OEBPS/Text/cap1.xhtml', '../Images/a.png?x=1')).toBe('OEBPS/Images/a.png');
    expect(resolveEntryPath('word/_rels/document.xml.rels', '/word/media/i.png')).toBe('word/media/i.png');
    expect(resolveEntryPath('content.opf', 'cap.xhtml')).toBe('cap.xhtml');
    expect(resolveEntryPath('a/b.xhtml', 'bad%zzname.xhtml')).toBe('a/bad%zzname.xhtml');
    expect(resolveEntryPath('a/b.xhtml', '#p5')).toBe('a/b.xhtml');
  });

  it('refuses external links and links that climb out of the archive', () => {
    expect(resolveEntryPath('OEBPS/content.opf', '../../etc/passwd')).toBeUndefined();
    expect(resolveEntryPath('OEBPS/content.opf', 'https://example.org/x.xhtml')).toBeUndefined();
    expect(resolveEntryPath('OEBPS/content.opf', 'mailto:a@b.c')).toBeUndefined();
    expect(resolveEntryPath('OEBPS/content.opf', '//host/x')).toBeUndefined();
  });
});

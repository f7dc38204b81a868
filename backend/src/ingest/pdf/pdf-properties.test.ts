import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPdf } from './pdf';
import { makePdf } from '../testing/make-pdf';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

/** A value as a producer writes it when it puts UTF-8 bytes where the PDF expects one byte a character. */
const utf8Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('the PDF properties reader on mojibake', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  const metadataOf = async (info: Record<string, string>) => {
    const page = [{ text: 'x', y: 700, size: 11 }];
    const path = await tmp.write('doc.pdf', makePdf({ pages: [page], info }));
    return (await convertPdf({ path, size: 0 }, { progress: async () => {} })).metadatos;
  };

  it('repairs a title and an author written as UTF-8 bytes (read back as PDFDocEncoding)', async () => {
    const metadatos = await metadataOf({
      Title: utf8Bytes('Señales de la reforma agraria en Perú'),
      Author: utf8Bytes('Muñoz Peña, Íñigo; Gonçalves, João'),
    });
    expect(metadatos.titulo).toBe('Señales de la reforma agraria en Perú');
    expect(metadatos.autores).toEqual(['Muñoz Peña, Íñigo', 'Gonçalves, João']);
  });

  it('refuses an author whose mojibake no encoding undoes, rather than keep it broken', async () => {
    // 'Peña' lost a byte of its 'ñ': the bytes are no UTF-8, so nothing certain can be made of the field.
    const metadatos = await metadataOf({ Author: 'Mu\u00c3\u00b1oz Pe\u00c3a, Ana' });
    expect(metadatos.autores).toBeUndefined();
  });

  it('leaves a field written right as it is', async () => {
    const metadatos = await metadataOf({ Author: 'Muñoz Peña, Íñigo' });
    expect(metadatos.autores).toEqual(['Muñoz Peña, Íñigo']);
  });
});

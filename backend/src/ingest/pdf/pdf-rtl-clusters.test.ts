import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConvertContext } from '../converter';
import { convertPdf } from './pdf';
import { clustersInOrder } from './pdf-rtl-clusters';
import { gitSnapshot } from '../testing/git-snapshot';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

/** py-pdf's sample files (CC BY-SA 4.0), read from a snapshot, not copied here. */
const pypdf = gitSnapshot('py-pdf/sample-files', 'FOLIO_PYPDF_SAMPLES');

describe('clustersInOrder', () => {
  it('puts a word a single glyph stands for back in reading order, and leaves the rest', () => {
    expect(clustersInOrder('habibi يبيبَح', ['حَبيبي'])).toBe('habibi حَبيبي');
    expect(clustersInOrder('انواع العربية', ['حَبيبي'])).toBe('انواع العربية');
  });
});

describe('a PDF whose glyphs stand for whole right-to-left words', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(async () => {
    await tmp.cleanup();
  });

  it.skipIf(!pypdf.present)(pypdf.title('py-pdf 015-arabic/habibi.pdf (WeasyPrint): حَبيبي, not يبيبَح'), async () => {
    const bytes = pypdf.file('015-arabic/habibi.pdf');
    const path = await tmp.write('habibi.pdf', bytes);
    const ctx: ConvertContext = { progress: async () => {} };
    const texto = (await convertPdf({ path, size: bytes.length }, ctx)).unidades[0]!.texto;
    expect(texto).toContain('حَبيبي');
    expect(texto).not.toContain('يبيبَح');
    expect(texto).toContain('habibi');
  });
});

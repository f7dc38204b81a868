import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPdf } from './pdf';
import { gitSnapshot } from '../testing/git-snapshot';
import { makePdf, type PdfLine } from '../testing/make-pdf';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

/** pdfplumber's test PDFs (MIT), read from a snapshot, not copied here. */
const pdfplumber = gitSnapshot('jsvine/pdfplumber', 'FOLIO_PDFPLUMBER');

/** Lines of a page drawn row by row across it: each row gives its line of every column, left to right. */
function rowByRow(...columns: (string | null)[][]): PdfLine[] {
  const lines: PdfLine[] = [];
  const rows = Math.max(...columns.map((c) => c.length));
  for (let i = 0; i < rows; i++) {
    columns.forEach((column, c) => {
      const text = column[i];
      if (text) lines.push({ text, x: 36 + 180 * c, y: 700 - 12 * i, size: 10 });
    });
  }
  return lines;
}

describe('columns drawn row by row', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(async () => {
    await tmp.cleanup();
  });
  const read = async (lines: PdfLine[]) => {
    const path = await tmp.write('columnas.pdf', makePdf({ pages: [lines] }));
    return (await convertPdf({ path, size: 0 }, { progress: async () => {} })).unidades[0]!.texto;
  };

  it('a grid of equal columns is read one column after the other when their blocks break at different heights', async () => {
    const texto = await read(
      rowByRow(
        [
          'GOVERNOR',
          'NEEL KASHKARI REP 247',
          'EDMUND G BROWN DEM 69',
          null,
          'CONTROLLER',
          'BETTY T YEE DEM 59',
          'ASHLEY SWEARENGIN REP 249',
          null,
          'TREASURER',
          'GREG CONLON REP 240',
          'JOHN CHIANG DEM 69',
        ],
        ['MEASURE 48', 'YES 90', 'NO 142', 'MEASURE 49', 'YES 86', 'NO 148', null, 'MEASURE 50', 'YES 121', 'NO 108'],
        ['SHERIFF', 'JIM MCDONNELL 219', 'PAUL TANAKA 61', null, 'ASSESSOR', 'JEFFREY PRANG 104', 'JOHN MORRIS 136'],
      ),
    );
    // The old reading joined each row across the gutter: 'NEEL KASHKARI REP 247 YES 90'.
    expect(texto).toContain('GOVERNOR\nNEEL KASHKARI REP 247\nEDMUND G BROWN DEM 69');
    expect(texto).toContain('MEASURE 48\nYES 90\nNO 142\nMEASURE 49\nYES 86\nNO 148');
    expect(texto).toContain('SHERIFF\nJIM MCDONNELL 219\nPAUL TANAKA 61');
    expect(texto.indexOf('JOHN CHIANG')).toBeLessThan(texto.indexOf('MEASURE 48'));
    expect(texto.indexOf('NO 108')).toBeLessThan(texto.indexOf('SHERIFF'));
  });

  it('a table whose columns share their rows is still read row by row', async () => {
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta'];
    const texto = await read(
      rowByRow(
        names,
        names.map((_, i) => `${i + 1} units`),
        names.map((_, i) => `${i * 7} kg`),
      ),
    );
    expect(texto).toContain('Alpha 1 units 0 kg\nBeta 2 units 7 kg');
  });

  it('two columns whose cells wrap at different heights are read row by row, as a table', async () => {
    const texto = await read(
      rowByRow(
        ['Presidential power', '(Negretto)', 'Veto power', null, 'Budget control', 'Effective', 'legislature', null],
        ['Survey of 2010', null, 'Constitution', 'text', 'Laws', null, 'Surveys', 'and reports'],
      ),
    );
    expect(texto).toContain('Presidential power Survey of 2010');
  });
});

describe('la-precinct-bulletin-2014-p1.pdf (pdfplumber)', () => {
  it.skipIf(!pdfplumber.present)(
    pdfplumber.title('its four columns of contests are read column by column, not mixed in one line'),
    async () => {
      const tmp = await tmpFiles();
      try {
        const bytes = pdfplumber.file('tests/pdfs/la-precinct-bulletin-2014-p1.pdf');
        const path = await tmp.write('bulletin.pdf', bytes);
        const texto = (await convertPdf({ path, size: bytes.length }, { progress: async () => {} })).unidades[0]!.texto;
        // It read 'NEEL KASHKARI REP 247 NO 142 NO 105 NO 216': four contests' figures in one line.
        expect(texto).toContain('GOVERNOR\nVOTER NOMINATED\nNEEL KASHKARI REP 247\nEDMUND G BROWN DEM 69');
        expect(texto).toContain('AJ-SUPREME CT-G. LIU\nYES 90\nNO 142');
        expect(texto).toContain('AJ 2D APP DV8-L. RUBIN\nYES 109\nNO 105');
        expect(texto).toContain('STATE MEASURE 48\nYES 96\nNO 216');
        expect(texto).toContain('ANTELOPE VALLEY HEALTH BD\nMUKUND SHAH 159\nMICHAEL P RIVES 67\nDON V PARAZO 104');
        expect(texto).not.toMatch(/REP 247 (YES|NO)/);
      } finally {
        await tmp.cleanup();
      }
    },
  );
});

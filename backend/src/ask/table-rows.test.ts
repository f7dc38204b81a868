import { describe, expect, it } from 'vitest';
import { pipeTableRows, rowSentence, rowValues, tableRows } from './table-rows';

const SHEET =
  'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01\n\nmunicipio: Cuzamá; nitratos: 38.2; fecha: 2019-05-03';

describe('table rows', () => {
  it('reads the rows of a sheet passage and writes each as a sentence naming its columns', () => {
    const rows = tableRows(SHEET)!;
    expect(rows).toHaveLength(2);
    expect(rows[0]!.cells).toEqual([
      { column: 'municipio', value: 'Homún' },
      { column: 'nitratos', value: '44.9' },
      { column: 'fecha', value: '2019-05-01' },
    ]);
    expect(rowSentence(rows[0]!)).toBe('Municipio: Homún; nitratos: 44.9; fecha: 2019-05-01.');
    expect(rowValues(rows[1]!)).toBe('Cuzamá 38.2 2019-05-03');
  });

  it('is not fooled by prose with a colon', () => {
    expect(tableRows('Nota: los pozos no tienen vigilancia sanitaria.')).toBeUndefined();
    expect(tableRows('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.')).toBeUndefined();
  });
});

describe('pipeTableRows', () => {
  it('names each cell of a document table by its header', () => {
    const rows = pipeTableRows(
      'Las cuencas estudiadas se sitúan entre los 3200 y los 4100 metros de altitud.\n\n' +
        'Cuenca | Altitud (m) | Caudal (l/s)\n\nChingaza | 3600 | 120\n\nSumapaz | 3900 | 85',
    );
    expect(rows.map(rowSentence)).toEqual([
      'Cuenca: Chingaza; Altitud (m): 3600; Caudal (l/s): 120.',
      'Cuenca: Sumapaz; Altitud (m): 3900; Caudal (l/s): 85.',
    ]);
    expect(pipeTableRows('Sin tabla aquí.')).toEqual([]);
  });
});

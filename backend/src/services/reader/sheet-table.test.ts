import { describe, expect, it } from 'vitest';
import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';
import type { SheetCell, SheetData } from '../../ingest/sheet-units';
import { sheetUnits } from '../../ingest/sheet-units';
import { splitPassages } from '../../ingest/passages';
import { highlightedRows, sheetTable } from './sheet-table';

const text = (t: string): SheetCell => ({ text: t, kind: 'text' });
const num = (t: string): SheetCell => ({ text: t, kind: 'number' });

function sheet(rows: Record<number, SheetCell[]>): SheetData {
  return {
    name: 'Datos',
    rows: new Map(Object.entries(rows).map(([n, cells]) => [Number(n), new Map(cells.map((c, i) => [i, c]))])),
  };
}

/** The unit and passages ingestion stores for a sheet. */
function stored(data: SheetData) {
  const [u] = sheetUnits(data);
  const unit: UnitRow = { posicion: 1, texto: u!.texto, ancla: u!.ancla, impresa: null, t0: null, t1: null };
  const passages: ReaderPassageRow[] = splitPassages([u!]);
  return { unit, passages, blocks: u!.bloques! };
}

const HEADER = [text('municipio'), text('nitratos')];

describe('sheetTable', () => {
  it('lays out rows under their column names, numbered from the anchor when the rows are consecutive', () => {
    const { unit, passages } = stored(
      sheet({ 1: HEADER, 2: [text('Homún'), num('44.9')], 3: [text('Cuzamá'), num('38.2')] }),
    );
    expect(sheetTable(unit, passages)).toEqual({
      columnas: ['municipio', 'nitratos'],
      filas: [
        { fila: 2, texto: 'municipio: Homún; nitratos: 44.9', celdas: ['Homún', '44.9'] },
        { fila: 3, texto: 'municipio: Cuzamá; nitratos: 38.2', celdas: ['Cuzamá', '38.2'] },
      ],
    });
  });

  it('numbers only what the anchors tell across a blank row, and every row when told the numbers', () => {
    const data = sheet({ 1: HEADER, 2: [text('A'), num('1')], 3: [text('B'), num('2')], 5: [text('C'), num('3')] });
    const { unit, passages, blocks } = stored(data);
    expect(sheetTable(unit, passages).filas.map((r) => r.fila)).toEqual([2, undefined, 5]);
    const known = blocks.map((b) => (b.ancla.tipo === 'hoja' ? b.ancla.filaDesde! : 0));
    expect(sheetTable(unit, passages, known).filas.map((r) => r.fila)).toEqual([2, 3, 5]);
  });

  it('keeps a row whole when a value does not name its column', () => {
    const { unit, passages } = stored(sheet({ 1: [text('solo')], 2: [text('otra')] }));
    const table = sheetTable(unit, passages);
    expect(table.columnas).toBeUndefined();
    expect(table.filas).toEqual([
      { fila: 1, texto: 'solo' },
      { fila: 2, texto: 'otra' },
    ]);
  });
});

describe('highlightedRows', () => {
  const rows = [{ fila: 2 }, {}, { fila: 5 }, { fila: 6 }].map((r) => ({ texto: '', ...r }));

  it('marks the numbered rows in range and unnumbered rows between two of them', () => {
    expect(highlightedRows(rows, { desde: 2, hasta: 5 })).toEqual([true, true, true, false]);
    expect(highlightedRows(rows, { desde: 5, hasta: 9 })).toEqual([false, false, true, true]);
    expect(highlightedRows(rows, { desde: 3, hasta: 4 })).toEqual([false, false, false, false]);
  });

  it('marks nothing without a range', () => {
    expect(highlightedRows(rows)).toEqual([false, false, false, false]);
  });
});

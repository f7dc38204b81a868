import { describe, expect, it } from 'vitest';
import { parseXml } from '../../formats/office-package';
import { PRESENTATION_LABEL } from './pptx';
import { chartText } from './pptx-charts';

const C =
  'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';

const chart = (body: string) =>
  parseXml(`<c:chartSpace ${C}><c:chart>${body}</c:chart></c:chartSpace>`, PRESENTATION_LABEL);

const rich = (...paragraphs: string[]) =>
  `<c:title><c:tx><c:rich><a:bodyPr/>${paragraphs.map((p) => `<a:p><a:r><a:t>${p}</a:t></a:r></a:p>`).join('')}</c:rich></c:tx></c:title>`;

const strRef = (...values: string[]) =>
  `<c:strRef><c:f>Hoja1!$A$1</c:f><c:strCache><c:ptCount val="${values.length}"/>${values
    .map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`)
    .join('')}</c:strCache></c:strRef>`;

const ser = (name: string, categories: string) =>
  `<c:ser><c:idx val="0"/><c:tx>${name}</c:tx><c:cat>${categories}</c:cat><c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>4.5</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>`;

describe('chartText', () => {
  it('reads title, axis titles, series and categories, once each, without the values', () => {
    const xml = chart(
      rich('Nitratos por ', 'municipio') +
        '<c:plotArea><c:layout/>' +
        `<c:barChart>${ser(strRef('2019'), strRef('Homún', 'Cuzamá'))}${ser(strRef('2020'), strRef('Homún', 'Cuzamá'))}</c:barChart>` +
        `<c:lineChart>${ser('<c:v>Norma</c:v>', strRef('Homún', 'Cuzamá', 'Tekit'))}</c:lineChart>` +
        `<c:catAx>${rich('Municipio')}</c:catAx><c:valAx>${rich('mg/L')}</c:valAx>` +
        '</c:plotArea>',
    );
    expect(chartText(xml)).toBe(
      'Nitratos por municipio\nMunicipio\nmg/L\nSeries: 2019, 2020, Norma\nCategorías: Homún, Cuzamá, Tekit',
    );
  });

  it('orders points by idx, reads numeric and multi-level categories and a title taken from a cell', () => {
    const unordered =
      '<c:strRef><c:strCache><c:pt idx="1"><c:v>b</c:v></c:pt><c:pt idx="0"><c:v>a</c:v></c:pt></c:strCache></c:strRef>';
    const years =
      '<c:numRef><c:numCache><c:formatCode>General</c:formatCode><c:pt idx="0"><c:v>2019</c:v></c:pt></c:numCache></c:numRef>';
    const levels =
      '<c:multiLvlStrRef><c:multiLvlStrCache><c:ptCount val="2"/>' +
      '<c:lvl><c:pt idx="0"><c:v>T1</c:v></c:pt><c:pt idx="1"><c:v>T2</c:v></c:pt></c:lvl>' +
      '<c:lvl><c:pt idx="0"><c:v>2024</c:v></c:pt></c:lvl></c:multiLvlStrCache></c:multiLvlStrRef>';
    const xml = chart(
      `<c:title><c:tx>${strRef('Título de celda')}</c:tx></c:title><c:plotArea>` +
        `<c:pieChart>${ser(strRef('x'), unordered)}</c:pieChart>` +
        `<c:areaChart>${ser(strRef('y'), years)}${ser(strRef('z'), levels)}</c:areaChart></c:plotArea>`,
    );
    expect(chartText(xml)).toBe('Título de celda\nSeries: x, y, z\nCategorías: a, b, 2019, T1, T2, 2024');
  });

  it('reads a chartex (Office 2016 waterfall, treemap …): title, axis title, series, category dimension', () => {
    const CX = 'xmlns:cx="http://schemas.microsoft.com/office/drawing/2014/chartex"';
    const xml = parseXml(
      `<cx:chartSpace ${CX}><cx:chartData><cx:data id="0">` +
        '<cx:strDim type="cat"><cx:f>Hoja1!$A$2:$A$3</cx:f><cx:lvl ptCount="2"><cx:pt idx="0">Ingresos</cx:pt>' +
        '<cx:pt idx="1">Gastos</cx:pt></cx:lvl></cx:strDim>' +
        '<cx:numDim type="val"><cx:lvl ptCount="2"><cx:pt idx="0">10</cx:pt></cx:lvl></cx:numDim></cx:data></cx:chartData>' +
        '<cx:chart><cx:title><cx:tx><cx:txData><cx:v>Flujo de caja</cx:v></cx:txData></cx:tx></cx:title>' +
        '<cx:plotArea><cx:plotAreaRegion><cx:series layoutId="waterfall"><cx:tx><cx:txData><cx:f>Hoja1!$B$1</cx:f>' +
        '<cx:v>Saldo</cx:v></cx:txData></cx:tx><cx:dataId val="0"/></cx:series></cx:plotAreaRegion>' +
        '<cx:axis id="0"><cx:catScaling/><cx:title><cx:tx><cx:txData><cx:v>Concepto</cx:v></cx:txData></cx:tx></cx:title></cx:axis>' +
        '</cx:plotArea></cx:chart></cx:chartSpace>',
      PRESENTATION_LABEL,
    );
    expect(chartText(xml)).toBe('Flujo de caja\nConcepto\nSeries: Saldo\nCategorías: Ingresos, Gastos');
  });

  it('gives nothing for a chart without words', () => {
    expect(chartText(chart('<c:plotArea><c:barChart><c:ser><c:val/></c:ser></c:barChart></c:plotArea>'))).toBe('');
    expect(chartText(parseXml(`<c:chartSpace ${C}/>`, PRESENTATION_LABEL))).toBe('');
  });
});

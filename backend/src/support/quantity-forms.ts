/**
 * One written form for each quantity a claim and a passage may word differently, applied to both before they
 * are aligned and checked: numbers in words as digits (number-words.ts), units to their symbols ('44,9 miligramos por litro' → '44,9 mg/L', '25 por ciento'
 * → '25 %'), simple fractions to percentages ('una cuarta parte' → '25 %'), multiples to 'N ×' ('10x',
 * 'tenfold', 'diez veces'), ranges to 'N – M' ('entre 10 y 20', '10-20', 'from 10 to 20'), and dates to ISO
 * ('12 de marzo de 2021', 'March 12, 2021', '12/3/2021' → '2021-03-12'; 'marzo de 2021' → '2021-03'), and
 * shares get their percentage beside them ('4 of the 5' → '4 of the 5 (80 %)'). Durations are
 * written in hours by numbers.ts (`durationsInHours`).
 */

import { searchConfigOf } from '../text/language';
import { numbersInDigits } from './number-words';

const NUM = String.raw`\d+(?:[.,]\d+)*`;
const word = (alternatives: string) => new RegExp(String.raw`(?<![\p{L}])(?:${alternatives})(?![\p{L}])`, 'giu');

/** Unit words after a figure, longest first, with the symbol each becomes. */
const UNITS: [string, string][] = [
  ['miligramos? por litro|milligrams? per lit(?:re|er)', 'mg/L'],
  ['microgramos? por litro|micrograms? per lit(?:re|er)', 'µg/L'],
  ['gramos? por litro|grams? per lit(?:re|er)', 'g/L'],
  ['kil[oó]metros? cuadrados?|square kil[oó]met(?:re|er)s?', 'km2'],
  ['kil[oó]metros? por hora|kil[oó]met(?:re|er)s? per hour', 'km/h'],
  ['kil[oó]metros?|kil[oó]met(?:re|er)s?', 'km'],
  ['cent[ií]metros?|centimet(?:re|er)s?', 'cm'],
  ['mil[ií]metros?|millimet(?:re|er)s?', 'mm'],
  ['metros?|met(?:re|er)s?', 'm'],
  ['kilogramos?|kilos?|kilograms?', 'kg'],
  ['miligramos?|milligrams?', 'mg'],
  ['gramos?|grams?', 'g'],
  ['mililitros?|millilit(?:re|er)s?', 'mL'],
  ['litros?|lit(?:re|er)s?', 'L'],
  ['hect[aá]reas?|hectares?', 'ha'],
  ['grados? (?:cent[ií]grados?|celsius)|degrees? (?:celsius|centigrade)', '°C'],
];
const UNIT_AFTER_FIGURE = UNITS.map(
  ([words, symbol]) => [new RegExp(String.raw`(${NUM})\s*(?:${words})(?![\p{L}])`, 'giu'), `$1 ${symbol}`] as const,
);

/** Fractions that are percentages; '~' marks the rounded ones (numbers.ts reads it as 'about'). */
const FRACTIONS: [RegExp, string][] = [
  [word('tres cuartas partes|tres cuartos|three[- ]quarters'), '75 %'],
  [word('(?:una )?cuarta parte|un cuarto|(?:a|one)[- ]quarter'), '25 %'],
  [word('dos terceras partes|dos tercios|two[- ]thirds'), '~67 %'],
  [word('(?:una )?tercera parte|un tercio|(?:a|one)[- ]third'), '~33 %'],
  [word('la mitad|(?:one )?half'), '50 %'],
];

const MULTIPLE_WORDS: Record<string, number> = {
  twofold: 2,
  threefold: 3,
  fourfold: 4,
  fivefold: 5,
  tenfold: 10,
  hundredfold: 100,
  doble: 2,
  triple: 3,
  'dos veces': 2,
  'tres veces': 3,
  'cuatro veces': 4,
  'cinco veces': 5,
  'diez veces': 10,
  'cien veces': 100,
  'two times': 2,
  'three times': 3,
  'four times': 4,
  'five times': 5,
  'ten times': 10,
  'a hundred times': 100,
};

/** Month names of both languages, folded, with their numbers. */
export const MONTHS: Record<string, number> = {
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};
const MONTH = `(${Object.keys(MONTHS).join('|')})`;
const two = (n: number) => String(n).padStart(2, '0');
const iso = (year: string, month: string, day?: string) => {
  const m = MONTHS[month.toLowerCase()]!;
  return day ? `${year}-${two(m)}-${two(Number(day))}` : `${year}-${two(m)}`;
};

function datesAsIso(text: string): string {
  return (
    text
      // 12 de marzo de 2021, 1º de mayo del 2019
      .replace(
        new RegExp(String.raw`\b(\d{1,2})(?:º|°|o)?\s+de\s+${MONTH}\s+(?:de|del)\s+(\d{4})\b`, 'giu'),
        (_, d: string, m: string, y: string) => iso(y, m, d),
      )
      // March 12, 2021 / March 12 2021
      .replace(
        new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'giu'),
        (_, m: string, d: string, y: string) => iso(y, m, d),
      )
      // 12 March 2021
      .replace(
        new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH}\s+(\d{4})\b`, 'giu'),
        (_, d: string, m: string, y: string) => iso(y, m, d),
      )
      // marzo de 2021, March 2021
      .replace(
        new RegExp(String.raw`\b${MONTH}\s+(?:(?:de|del|of)\s+)?(\d{4})\b`, 'giu'),
        (whole, m: string, y: string) =>
          // 'may 2021' is a month; 'may' as a verb before a year is rare enough to accept.
          iso(y, m) ?? whole,
      )
  );
}

function rangesCanonical(text: string): string {
  const range = (a: string, b: string) => `${a} – ${b}`;
  return (
    text
      .replace(
        new RegExp(
          String.raw`\b(?:entre|between)\s+(?:(?:los|las|the)\s+)?(${NUM})\s+(?:y|and)\s+(?:(?:los|las|the)\s+)?(${NUM})`,
          'giu',
        ),
        (_, a, b) => range(a, b),
      )
      .replace(new RegExp(String.raw`\b(?:de|desde|from)\s+(${NUM})\s+(?:a|hasta|to)\s+(${NUM})`, 'giu'), (_, a, b) =>
        range(a, b),
      )
      // 10-20, 10–20, 10 a 20, 10 to 20 (not ISO dates: a year followed by a two-digit month)
      .replace(
        new RegExp(String.raw`(?<![\d.,\-–])(${NUM})\s*(?:[-–—]|\s(?:a|to)\s)\s*(${NUM})(?![\d\-–])`, 'gu'),
        (whole: string, a: string, b: string) => (/^\d{4}$/.test(a) && /^\d{2}$/.test(b) ? whole : range(a, b)),
      )
  );
}

function multiplesCanonical(text: string): string {
  const words = Object.keys(MULTIPLE_WORDS).sort((a, b) => b.length - a.length);
  return text
    .replace(
      new RegExp(
        String.raw`(?<![\p{L}\d])(\d+(?:[.,]\d+)?)\s*(?:[x×](?![\p{L}\d])|-?fold\b|\s+veces\b|\s+times\b)`,
        'giu',
      ),
      '$1 ×',
    )
    .replace(word(words.join('|')), (w: string) => `${MULTIPLE_WORDS[w.toLowerCase()]} ×`);
}

/** 'N of the M' and 'N de los M' get their share beside them: 'four of the five' is also '80 %'. */
function sharesAsPercent(text: string): string {
  return text.replace(
    /(?<![\p{L}\d.,])(\d+) (?:of|out of|de|de entre) (?:the |los |las )?(\d+)(?![\d.,])/giu,
    (whole: string, a: string, b: string) => {
      const [n, m] = [Number(a), Number(b)];
      return n > 0 && m > n && m <= 1000 ? `${whole} (${Math.round((1000 * n) / m) / 10} %)` : whole;
    },
  );
}

/** Day-first numeric dates (1/5/2019, 01-05-2019) as ISO; month-first when the text reads as English. */
function numericDatesAsIso(text: string): string {
  const english = searchConfigOf(text) === 'english';
  return text.replace(
    /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?![\d/.-])/g,
    (whole: string, a: string, b: string, y: string) => {
      const [day, month] = english && Number(b) <= 31 && Number(a) <= 12 ? [b, a] : [a, b];
      if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return whole;
      return `${y}-${two(Number(month))}-${two(Number(day))}`;
    },
  );
}

/** The text with its quantities in one written form each (see the module comment). */
export function canonicalQuantities(text: string): string {
  // 'por ciento' first: 'ciento' alone is a hundred.
  const percent = text.replace(/(?<![\p{L}])(?:por ?ciento|percent|per ?cent)(?![\p{L}])/giu, '%');
  let out = numbersInDigits(percent.replace(/²/g, '2').replace(/³/g, '3'));
  // Thousands grouped by spaces ('80 000', '2 000 000') as one figure.
  out = out.replace(/(?<![\d.,])(\d{1,3}(?:[\u00a0\u202f ]\d{3})+)(?![\d.,])/g, (g: string) => g.replace(/\D/g, ''));
  out = numericDatesAsIso(out);
  out = datesAsIso(out);
  out = multiplesCanonical(out);
  out = rangesCanonical(out);
  for (const [pattern, replacement] of UNIT_AFTER_FIGURE) out = out.replace(pattern, replacement);
  for (const [pattern, replacement] of FRACTIONS) out = out.replace(pattern, replacement);
  return sharesAsPercent(out);
}

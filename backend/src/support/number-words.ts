import { searchConfigOf } from '../text/language';

/**
 * Numbers written in words, Spanish and English, as digits: 'cuarenta y ocho' → '48', 'twelve' → '12',
 * 'forty-two' → '42', 'doscientos mil' → '200000', 'tres millones' → '3000000'. 'Un', 'una', 'uno' and
 * 'one' alone are left as words: they are articles and pronouns far more often than figures.
 */

const UNITS: Record<string, number> = {
  uno: 1,
  un: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veintiuno: 21,
  veintiun: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const HUNDREDS: Record<string, number> = {
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
};
const SCALES: Record<string, number> = {
  hundred: 100,
  mil: 1000,
  thousand: 1000,
  millon: 1e6,
  millones: 1e6,
  million: 1e6,
  millions: 1e6,
};

const fold = (w: string) =>
  w
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
/** Words after which 'once' is English ('once the model…', 'once upon', 'at once and'). */
const ENGLISH_AFTER_ONCE = new Set(
  'the a an it he she they we you i this that these those there again more upon in every and or is was'.split(' '),
);

const isNumberWord = (w: string, english: boolean, next = '') => {
  const f = fold(w);
  // 'once' is eleven in Spanish and 'one time' in English.
  if (f === 'once') return !english && !ENGLISH_AFTER_ONCE.has(fold(next));
  return f in UNITS || f in TENS || f in HUNDREDS || f in SCALES;
};

/** The value of a run of number words (folded), or undefined when it does not read as one number. */
function valueOf(words: string[]): number | undefined {
  let total = 0;
  let current = 0;
  for (const w of words) {
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w in HUNDREDS) current += HUNDREDS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w in SCALES) {
      total += (current || 1) * SCALES[w]!;
      current = 0;
    } else return undefined;
  }
  return total + current;
}

// A run: number words joined by spaces, hyphens, 'y' (after tens: 'cuarenta y ocho') or 'and' (after
// 'hundred': 'one hundred and five').
const WORD = String.raw`\p{L}+`;
const RUN = new RegExp(String.raw`(?<![\p{L}\d])${WORD}(?:(?:\s+(?:y|and)\s+|[\s-]+)${WORD})*(?![\p{L}\d])`, 'gu');

/** The text with every number written in words as digits (see the module comment). */
export function numbersInDigits(text: string): string {
  const english = searchConfigOf(text) === 'english';
  return text.replace(RUN, (run: string) => {
    // Rewrite the longest stretches of number words inside the run, leaving the other words as they are.
    const parts = run.split(/(\s+(?:y|and)\s+|[\s-]+)/u);
    const out: string[] = [];
    let i = 0;
    while (i < parts.length) {
      if (!isNumberWord(parts[i]!, english, parts[i + 2])) {
        out.push(parts[i]!, parts[i + 1] ?? '');
        i += 2;
        continue;
      }
      let j = i;
      const words = [fold(parts[i]!)];
      while (j + 2 < parts.length && isNumberWord(parts[j + 2]!, english, parts[j + 4])) {
        const glue = parts[j + 1]!.trim().toLowerCase();
        const prev = words.at(-1)!;
        const next = fold(parts[j + 2]!);
        if (glue === 'y' && !(prev in TENS && (UNITS[next] ?? 10) < 10)) break;
        if (glue === 'and' && prev !== 'hundred') break;
        words.push(next);
        j += 2;
      }
      const value = valueOf(words);
      const lone = words.length === 1 && UNITS[words[0]!] === 1;
      if (value === undefined || lone) out.push(parts.slice(i, j + 1).join(''));
      else out.push(String(value));
      out.push(parts[j + 1] ?? '');
      i = j + 2;
    }
    return out.join('');
  });
}

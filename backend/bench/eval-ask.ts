/**
 * Answers on a question set: `npm run eval:ask` (or `npx tsx backend/bench/eval-ask.ts`).
 *
 * The library is real files uploaded through the API (`fixture-library.ts`): the committed fixtures under
 * `test/fixtures/` and, when present, outside material (`FOLIO_FIXTURES`); a question whose files are all
 * absent is skipped and counted. Each question of `ask-questions.json` (Spanish and English, written from the
 * texts before any answer was seen, each with the spans an answer may hold and the file(s) that hold them)
 * is asked through POST /preguntar with the engines this machine has (the extractive writer unless
 * FOLIO_LLM_URL is set).
 *
 * Printed, overall, per language and per `lote` (see Question): answers holding an expected span (accent- and case-insensitive); answers
 * citing an expected file; footnote precision two ways — the footnoted sentence, marker removed, is literally
 * in its cited source's `texto` (whitespace normalised; the extractive writer's promise; a table row or a
 * list joined to its lead-in counts when each of its parts is), and the support
 * scorer backs it with that source at ≥ RESPALDO_NOTA; answers whose first sentence alone holds a span; sentences without a footnote and cited numbers missing
 * from `fuentes` (both must be 0); 'nothing found' answers; the confidence distribution. Then the failures
 * (`--all`: every answer).
 */
import fs from 'node:fs';
import path from 'node:path';
import { questionLanguage } from '../src/ask/overlap';
import { splitSentences } from '../src/ask/sentences';
import { foldText } from '../src/text/fold';
import { NOTHING_FOUND } from '../src/services/ask';
import { RESPALDO_NOTA } from '../src/support/bar';
import { auth } from '../src/testing/harness';
import { openFixtureLibrary, type LibraryFile } from './fixture-library';

interface Question {
  q: string;
  /** Any of these, accent- and case-insensitive, in the answer makes it right. */
  expected: string[];
  /** The file (or files) holding the answer. */
  file: string | string[];
  /**
   * 1: the first set, which the extractive writer was tuned on (expected spans never changed); 2: written
   * after that tuning, from further texts, to show how the writer does on questions it was not built around.
   */
  lote: number;
}

interface Fuente {
  n: number;
  texto: string;
  documento: { id: string };
}

interface Outcome {
  q: string;
  lote: number;
  lang: 'es' | 'en';
  answer: string;
  right: boolean;
  /** The first sentence alone holds an expected span: the answer leads with it. */
  first: boolean;
  citesFile: boolean;
  nothing: boolean;
  confianza: string;
  footnoted: number;
  literal: number;
  backed: number;
  bare: number;
  missing: number;
}

const MARKERS = /\[\^(\d+)\]/g;
const fold = (s: string) => foldText(s).replace(/\s+/g, ' ');
const spaces = (s: string) => s.replace(/\s+/g, ' ').trim();
const holds = (expected: string[], text: string) =>
  expected.some((e) => fold(text.replace(MARKERS, '')).includes(fold(e)));

/**
 * Whether a sentence is the source's own text: found in it whole (whitespace normalised), or — for a table
 * row written as 'column: value; …' and a list joined to its lead-in ('Se usaron: a; b.') — each of its
 * parts found in it, case aside.
 */
function isLiteral(claim: string, texto: string): boolean {
  const source = spaces(texto).toLowerCase();
  const bare = claim.toLowerCase().replace(/\.$/, '');
  if (source.includes(bare)) return true;
  const parts = bare.split(/[;:]\s+/).map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => p === '' || source.includes(p));
}

async function main() {
  const set = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'ask-questions.json'), 'utf8')) as {
    files: LibraryFile[];
    questions: Question[];
  };
  console.log(`eval:ask — uploading ${set.files.length} files …`);
  const lib = await openFixtureLibrary(set.files);
  const support = lib.server.runtime.deps.engines.support;
  const outcomes: Outcome[] = [];
  let skipped = 0;
  try {
    for (const f of lib.failed) console.log(`  not ready: ${f.file} (${f.why})`);
    const byId = new Map([...lib.ids].map(([file, id]) => [id, file]));
    for (const question of set.questions) {
      const files = [question.file].flat();
      if (!files.some((f) => lib.ids.has(f))) {
        skipped++;
        continue;
      }
      const res = await lib.server.request('/api/v1/preguntar', {
        method: 'POST',
        body: JSON.stringify({ pregunta: question.q }),
        headers: auth(lib.key, { 'Content-Type': 'application/json' }),
      });
      const body = (await res.json()) as { respuesta: string; fuentes: Fuente[]; confianza: string };
      const lang = questionLanguage(question.q);
      const text = body.respuesta.split(/\n\n\[\^1\]:/)[0]!;
      const sources = new Map(body.fuentes.map((f) => [f.n, f]));
      const outcome: Outcome = {
        q: question.q,
        lote: question.lote,
        lang,
        answer: text,
        right: holds(question.expected, text),
        first: holds(question.expected, splitSentences(text)[0] ?? ''),
        citesFile: body.fuentes.some((f) => files.includes(byId.get(f.documento.id) ?? '')),
        nothing: body.respuesta === NOTHING_FOUND[lang],
        confianza: body.confianza,
        footnoted: 0,
        literal: 0,
        backed: 0,
        bare: 0,
        missing: 0,
      };
      if (!outcome.nothing) {
        for (const sentence of splitSentences(text)) {
          const notes = [...sentence.matchAll(MARKERS)].map((m) => Number(m[1]));
          const claim = spaces(sentence.replace(MARKERS, ''));
          if (!/[\p{L}\p{N}]/u.test(claim)) continue;
          if (notes.length === 0) {
            outcome.bare++;
            continue;
          }
          outcome.footnoted++;
          const cited = notes.map((n) => sources.get(n));
          outcome.missing += cited.filter((c) => !c).length;
          const present = cited.filter((c): c is Fuente => !!c);
          if (present.some((c) => isLiteral(claim, c.texto))) outcome.literal++;
          const judged = present.length
            ? await support.judge(
                claim,
                present.map((c) => c.texto),
              )
            : [];
          if (judged.some((j) => j.respaldo >= RESPALDO_NOTA)) outcome.backed++;
        }
      }
      outcomes.push(outcome);
    }
  } finally {
    await lib.close();
  }

  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '—');
  const row = (name: string, os: Outcome[]) => {
    const sum = (k: 'footnoted' | 'literal' | 'backed' | 'bare' | 'missing') => os.reduce((s, o) => s + o[k], 0);
    const conf = (c: string) => os.filter((o) => o.confianza === c).length;
    return [
      name.padEnd(7),
      String(os.length).padStart(3),
      `${pct(os.filter((o) => o.right).length, os.length)}`.padStart(7),
      `${pct(os.filter((o) => o.first).length, os.length)}`.padStart(8),
      `${pct(os.filter((o) => o.citesFile).length, os.length)}`.padStart(7),
      `${pct(sum('literal'), sum('footnoted'))} (${sum('literal')}/${sum('footnoted')})`.padStart(14),
      `${pct(sum('backed'), sum('footnoted'))} (${sum('backed')}/${sum('footnoted')})`.padStart(14),
      String(sum('bare')).padStart(6),
      String(sum('missing')).padStart(6),
      String(os.filter((o) => o.nothing).length).padStart(7),
      `${conf('alta')}/${conf('media')}/${conf('baja')}`.padStart(12),
    ].join(' │ ');
  };
  console.log(`\n${lib.absent.length} files absent; ${skipped} questions skipped (their files are absent)`);
  console.log(
    [
      'idioma ',
      '  n',
      'span ok',
      '1ª frase',
      'fichero',
      '  nota literal',
      '   nota ≥ 0.7',
      'sin nota',
      'falta',
      'nada',
      'alta/med/baja',
    ].join(' │ '),
  );
  console.log(row('todas', outcomes));
  for (const lang of ['es', 'en'] as const) {
    console.log(
      row(
        lang,
        outcomes.filter((o) => o.lang === lang),
      ),
    );
  }
  for (const lote of [...new Set(outcomes.map((o) => o.lote))].sort()) {
    console.log(
      row(
        `lote ${lote}`,
        outcomes.filter((o) => o.lote === lote),
      ),
    );
  }
  const byConfidence = (['alta', 'media', 'baja'] as const).map((c) => {
    const os = outcomes.filter((o) => o.confianza === c);
    return `${c} ${pct(os.filter((o) => o.right).length, os.length)} (${os.filter((o) => o.right).length}/${os.length})`;
  });
  console.log(`\nspan ok by confianza: ${byConfidence.join(' · ')}`);
  const failures = outcomes.filter((o) => !o.right || o.bare > 0 || o.missing > 0);
  if (process.argv.includes('--all')) {
    console.log('\nAnswers:');
    for (const o of outcomes) console.log(`- [${o.lang}] ${o.q} (${o.confianza})\n    ${o.answer.replace(/\n/g, ' ')}`);
  }
  if (failures.length > 0) {
    console.log(`\nFailures (${failures.length}):`);
    for (const o of failures) {
      const why = [!o.right && 'no span', o.bare && `${o.bare} sin nota`, o.missing && `${o.missing} falta`]
        .filter(Boolean)
        .join(', ');
      console.log(`- [${o.lang}] ${o.q} (${why}; ${o.confianza})\n    ${o.answer.replace(/\n/g, ' ').slice(0, 260)}`);
    }
  }
}

await main();

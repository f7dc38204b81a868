/**
 * Citation insertion on a labeled set: `npm run eval:cite` (or `npx tsx backend/bench/eval-cite.ts`).
 *
 * The set is built from SciFact's dev claims (`scifact/` of the outside test material; the support scorer was fitted on
 * the train claims only) plus sentences on unrelated subjects, written here:
 * - a claim with SUPPORT evidence should get a citation of one of its evidence abstracts;
 * - a claim whose evidence CONTRADICTs it, a claim without evidence (its cited abstracts are in the library
 *   but say nothing for or against it), and an unrelated sentence should get none.
 * The library holds every abstract any dev claim cites plus 1,500 other abstracts as distractors, loaded
 * the way ingestion indexes documents. The claims are shuffled (fixed seed) into texts of ten sentences
 * and cited through the real API (POST /citar) with the engines this machine has (models from
 * FOLIO_MODELS_DIR, as the server would use them), at `umbral` 0.7 unless `--umbral X` is given.
 *
 * Printed: precision (inserted citations that name a SUPPORT evidence abstract of their claim), recall
 * (SUPPORT claims that got one), and how often each kind of sentence that should stay bare got a citation.
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createApiKey } from '../src/services/accounts/api-keys';
import { auth, createTestStore, startTestServer } from '../src/testing/harness';
import { loadLibrary, sciFactDocument } from './load-library';
import { loadSciFact, readJsonl, sciFactDir } from './scifact';
import { seededRandom } from '../src/testing/seeded-random';

const DISTRACTORS = 1500;
const PER_TEXT = 10;

type Kind = 'SUPPORT' | 'CONTRADICT' | 'NEI' | 'UNRELATED';

interface Item {
  kind: Kind;
  sentence: string;
  /** Corpus doc ids whose citation is correct (SUPPORT evidence). */
  evidence: Set<string>;
}

/** Sentences no abstract of a biomedical corpus backs: citing any of them is a false citation. */
const UNRELATED = [
  'El teatro barroco español alcanzó su apogeo con Calderón de la Barca en el siglo XVII.',
  'La receta tradicional de la paella valenciana lleva arroz, pollo, conejo y judías verdes.',
  'Madrid fue elegida capital de España por Felipe II en el año 1561.',
  'El equipo local ganó el campeonato de baloncesto tras una prórroga muy disputada.',
  'Las catedrales góticas se construyeron con arbotantes que sostenían bóvedas muy altas.',
  'El tango nació en los barrios del Río de la Plata a finales del siglo XIX.',
  'Los vinos de Rioja envejecen en barricas de roble durante al menos un año.',
  'La novela picaresca cuenta las aventuras de un protagonista pobre y astuto.',
  'El ajedrez llegó a la península ibérica con los árabes durante la Edad Media.',
  'Las fallas de Valencia se queman cada año la noche del 19 de marzo.',
  'The Great Fire of London destroyed most of the medieval city in September 1666.',
  'Jazz musicians in New Orleans blended blues, ragtime and brass band marches.',
  'The Roman aqueducts carried water to cities across hundreds of kilometres of stone arches.',
  'A good sourdough bread needs a mature starter and a long, cold fermentation.',
  'The violin sonatas of the baroque period were often written for amateur players.',
  'Chess openings such as the Sicilian Defence have been studied for centuries.',
  'The Mayflower carried English settlers across the Atlantic Ocean in 1620.',
  'Impressionist painters worked outdoors to capture the changing light of the day.',
  'Cricket matches in England can last up to five days in their longest format.',
  'The printing press of Gutenberg made books far cheaper across Europe.',
];

interface ClaimLine {
  id: number;
  claim: string;
  evidence: Record<string, { label: 'SUPPORT' | 'CONTRADICT' }[]>;
  cited_doc_ids: number[];
}

/** A deterministic shuffle (mulberry32), so every run cites the same texts. */
function shuffle<T>(items: T[], seed = 20_250_101): T[] {
  const out = [...items];
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const asSentence = (s: string) => {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

async function main() {
  const SCIFACT = sciFactDir('eval:cite');
  if (!SCIFACT) return;
  const umbralArg = process.argv.indexOf('--umbral');
  const umbral = umbralArg > 0 ? Number(process.argv[umbralArg + 1]) : 0.7;
  const claims = readJsonl<ClaimLine>(path.join(SCIFACT, 'claims_dev.jsonl'));
  const items: Item[] = claims.map((c) => {
    const labels = Object.entries(c.evidence).map(([doc, ev]) => [doc, ev[0]!.label] as const);
    const kind: Kind = labels.length === 0 ? 'NEI' : labels.some(([, l]) => l === 'SUPPORT') ? 'SUPPORT' : 'CONTRADICT';
    return {
      kind,
      sentence: asSentence(c.claim),
      evidence: new Set(labels.filter(([, l]) => l === 'SUPPORT').map(([d]) => d)),
    };
  });
  items.push(...UNRELATED.map((sentence) => ({ kind: 'UNRELATED' as const, sentence, evidence: new Set<string>() })));

  const { corpus } = loadSciFact(SCIFACT);
  const cited = new Set(claims.flatMap((c) => c.cited_doc_ids.map(String)));
  const library = [
    ...corpus.filter((d) => cited.has(d.docId)),
    ...shuffle(corpus.filter((d) => !cited.has(d.docId))).slice(0, DISTRACTORS),
  ];

  const store = await createTestStore();
  const env = loadConfig();
  const server = await startTestServer(store, {
    modelsDir: env.modelsDir,
    embeddings: env.embeddings,
    reranker: env.reranker,
    jobRetries: 0,
  });
  try {
    const deps = server.runtime.deps;
    const { key, userId } = await createApiKey(deps.db, 'eval-cite@example.org', ['lectura', 'escritura']);
    const t0 = performance.now();
    const loaded = await loadLibrary(deps.db, userId, library.map(sciFactDocument), {
      embedder: deps.engines.embedder,
    });
    const docOf = loaded.ids;
    console.log(
      `Loaded ${library.length} SciFact abstracts (${cited.size} cited by dev claims, the rest distractors) in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s. Support scorer: ${deps.engines.support.name}; ` +
        `embeddings: ${deps.engines.embedder?.name ?? 'none'}; umbral ${umbral}.`,
    );

    const ordered = shuffle(items);
    const counts = { inserted: 0, correct: 0, supported: 0, supportedCited: 0 };
    const bare: Record<Exclude<Kind, 'SUPPORT'>, { n: number; cited: number }> = {
      CONTRADICT: { n: 0, cited: 0 },
      NEI: { n: 0, cited: 0 },
      UNRELATED: { n: 0, cited: 0 },
    };
    const started = performance.now();
    for (let i = 0; i < ordered.length; i += PER_TEXT) {
      const batch = ordered.slice(i, i + PER_TEXT);
      const res = await server.request('/api/v1/citar?esperar=600', {
        method: 'POST',
        body: JSON.stringify({ texto: batch.map((b) => b.sentence).join(' '), umbral }),
        headers: auth(key, { 'Content-Type': 'application/json' }),
      });
      const body = await res.json();
      if (res.status !== 200 || body.estado !== 'listo') throw new Error(`cite failed: ${JSON.stringify(body)}`);
      const citas = body.citas as { afirmacion: string; documento: string }[];
      for (const item of batch) {
        // A claim's citations are those whose afirmacion is (part of) it.
        const mine = citas.filter((c) => item.sentence.includes(c.afirmacion));
        const correct = mine.filter((c) => item.evidence.has(docOf.get(c.documento)!));
        counts.inserted += mine.length;
        counts.correct += correct.length;
        if (item.kind === 'SUPPORT') {
          counts.supported++;
          if (correct.length) counts.supportedCited++;
        } else {
          bare[item.kind].n++;
          if (mine.length) bare[item.kind].cited++;
        }
      }
      process.stdout.write(`\r${Math.min(i + PER_TEXT, ordered.length)}/${ordered.length} sentences`);
    }
    const seconds = (performance.now() - started) / 1000;
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
    const precision = counts.inserted ? counts.correct / counts.inserted : 0;
    const recall = counts.supported ? counts.supportedCited / counts.supported : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    console.log(
      `\n\nCited ${ordered.length} sentences in ${Math.ceil(ordered.length / PER_TEXT)} texts (${seconds.toFixed(1)} s).\n`,
    );
    console.log(`| measure | value |`);
    console.log(`|---|---|`);
    console.log(
      `| precision (citations naming a SUPPORT evidence abstract) | ${pct(counts.correct, counts.inserted)} of ${counts.inserted} |`,
    );
    console.log(
      `| recall (SUPPORT claims cited correctly) | ${pct(counts.supportedCited, counts.supported)} of ${counts.supported} |`,
    );
    console.log(`| F1 | ${f1.toFixed(3)} |`);
    for (const [kind, b] of Object.entries(bare)) {
      console.log(`| ${kind} sentences that got a citation (should be none) | ${pct(b.cited, b.n)} of ${b.n} |`);
    }
  } finally {
    await server.close();
    await store.drop();
  }
}

await main();

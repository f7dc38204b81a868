/**
 * Retrieval quality on a labeled set: `npm run eval:search` (or `npx tsx backend/bench/eval-search.ts`).
 * Loads SciFact (5,183 abstracts, `scifact/` of the outside test material) into a fresh store the way ingestion
 * indexes documents, runs the 300 BEIR test claims through the real search and prints nDCG@10 and
 * Recall@50 over documents for every engine combination this machine has (models from FOLIO_MODELS_DIR
 * and the other FOLIO_* settings, as the server would use them).
 *
 * `--failures N` also lists the N claims lexical + feature rerank answers worst, for diagnosis.
 */
import type { Embedder } from '../src/ai/embedder';
import type { Reranker } from '../src/ai/reranker';
import { loadConfig } from '../src/config';
import { searchLexical } from '../src/db/passages-search.repo';
import { searchVectors } from '../src/db/vectors.repo';
import { ensureUser } from '../src/db/users.repo';
import { parseQuery } from '../src/search/query';
import { searchLibrary } from '../src/services/search';
import { createTestStore, startTestServer } from '../src/testing/harness';
import { loadLibrary, sciFactDocument } from './load-library';
import { loadSciFact, sciFactDir, type SciFactSet } from './scifact';

/**
 * Passages asked of the search per query. Results are passages and a long abstract can give two, so
 * more than 50 are asked to keep 50 distinct documents; the candidate pool grows with it (k × 10).
 */
const SEARCH_K = 100;
/** BM25 on SciFact in the literature (BEIR, Thakur et al. 2021: 0.665; Pyserini multifield: 0.679). */
const BM25_REFERENCE = '0.665–0.679';

interface Ranking {
  /** Corpus doc ids, best first, each once. */
  docs: string[];
  ms: number;
}

interface Engine {
  name: string;
  run(query: string): Promise<Ranking>;
}

interface Scores {
  ndcg10: number;
  recall50: number;
}

/** Distinct corpus doc ids in order of their best-ranked passage. */
function collapse(documentIds: string[], ids: Map<string, string>): string[] {
  return [...new Set(documentIds.map((id) => ids.get(id)!))];
}

/** nDCG@10 as BEIR computes it (trec_eval: linear gain, log2 discount) and Recall@50, for one query. */
function score(docs: string[], judged: Map<string, number>): Scores {
  let dcg = 0;
  docs.slice(0, 10).forEach((d, i) => (dcg += (judged.get(d) ?? 0) / Math.log2(i + 2)));
  const ideal = [...judged.values()].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  const found = docs.slice(0, 50).filter((d) => judged.has(d)).length;
  return { ndcg10: idcg ? dcg / idcg : 0, recall50: judged.size ? found / judged.size : 0 };
}

async function evaluate(engine: Engine, set: SciFactSet) {
  const perQuery: (Scores & { id: string; docs: string[] })[] = [];
  let ms = 0;
  for (const q of set.queries) {
    const ranking = await engine.run(q.text);
    ms += ranking.ms;
    perQuery.push({ id: q.id, docs: ranking.docs, ...score(ranking.docs, set.qrels.get(q.id)!) });
  }
  const mean = (f: (s: Scores) => number) => perQuery.reduce((sum, s) => sum + f(s), 0) / perQuery.length;
  return {
    ndcg10: mean((s) => s.ndcg10),
    recall50: mean((s) => s.recall50),
    msPerQuery: ms / perQuery.length,
    perQuery,
  };
}

const timed = async (fn: () => Promise<string[]>): Promise<Ranking> => {
  const t0 = performance.now();
  const docs = await fn();
  return { docs, ms: performance.now() - t0 };
};

async function main() {
  const SCIFACT = sciFactDir('eval:search');
  if (!SCIFACT) return;
  const failuresArg = process.argv.indexOf('--failures');
  const failures = failuresArg > 0 ? Number(process.argv[failuresArg + 1] ?? 10) : 0;
  const set = loadSciFact(SCIFACT);
  const store = await createTestStore();
  // The models this machine is configured with (FOLIO_MODELS_DIR, FOLIO_EMBEDDINGS_*, FOLIO_RERANKER_*).
  const env = loadConfig();
  const server = await startTestServer(
    store,
    { modelsDir: env.modelsDir, embeddings: env.embeddings, reranker: env.reranker },
    { workers: false },
  );
  try {
    const deps = server.runtime.deps;
    const { id: userId } = await ensureUser(deps.db, 'eval@example.org');
    const embedder = deps.engines.embedder;
    const reranker = deps.engines.reranker;
    const t0 = performance.now();
    const loaded = await loadLibrary(deps.db, userId, set.corpus.map(sciFactDocument), { embedder });
    const ids = loaded.ids;
    const loadSeconds = (performance.now() - t0) / 1000;
    console.log(
      `Loaded ${set.corpus.length} SciFact abstracts (${loaded.passages} passages) in ${loadSeconds.toFixed(1)} s ` +
        `(${deps.db.kind}${embedder ? `, embedding with ${embedder.name}` : ''}); ` +
        `${set.queries.length} test claims, k = ${SEARCH_K} passages per query.\n`,
    );

    /** searchLibrary with only the given engines: the same service, fewer parts. */
    const service = (name: string, parts: { embedder?: Embedder; reranker?: Reranker }): Engine => ({
      name,
      run: (q) =>
        timed(async () => {
          const res = await searchLibrary({ ...deps, engines: { ...deps.engines, ...parts } }, userId, {
            q,
            k: SEARCH_K,
          });
          return collapse(
            res.pasajes.map((p) => p.documento.id),
            ids,
          );
        }),
    });
    const engines: Engine[] = [
      service('lexical (BM25) + feature rerank', { embedder: undefined, reranker: undefined }),
      {
        name: 'lexical (BM25) only',
        run: (q) =>
          timed(async () => {
            const parsed = parseQuery(q);
            // The candidate pool searchLibrary reranks, in BM25 order.
            const hits = await searchLexical(deps.db, {
              userId,
              terms: parsed.terms,
              phrases: parsed.phrases,
              limit: Math.max(100, SEARCH_K * 10),
            });
            return collapse(
              hits.map((h) => h.document_id),
              ids,
            );
          }),
      },
    ];
    if (embedder) {
      engines.push({
        name: `semantic only (${embedder.name})`,
        run: (q) =>
          timed(async () => {
            const [vector] = await embedder.embedQueries([q]);
            const hits = await searchVectors(deps.db, {
              userId,
              model: embedder.name,
              vector: vector!,
              limit: SEARCH_K,
            });
            return collapse(
              hits.map((h) => h.document_id),
              ids,
            );
          }),
      });
      engines.push(service('hybrid (fusion) + feature rerank', { embedder, reranker: undefined }));
    }
    if (reranker) {
      engines.push(service(`lexical + cross-encoder (${reranker.name})`, { embedder: undefined, reranker }));
      if (embedder) engines.push(service('hybrid + cross-encoder', { embedder, reranker }));
    }
    // Warm-up (first-query planning, model loading, caches), not reported.
    for (const engine of engines) await engine.run(set.queries[0]!.text);

    const results = [];
    for (const engine of engines) results.push({ engine, ...(await evaluate(engine, set)) });

    console.log('| engine combination | nDCG@10 | Recall@50 | mean ms per query |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const r of results)
      console.log(
        `| ${r.engine.name} | ${r.ndcg10.toFixed(3)} | ${r.recall50.toFixed(3)} | ${r.msPerQuery.toFixed(1)} |`,
      );
    const health = deps.engines.report();
    if (!embedder) console.log(`| semantic, hybrid | not available here: ${health.embeddings} | | |`);
    if (!reranker) console.log(`| cross-encoder | not available here: ${health.reranker} | | |`);
    console.log(`| BM25 (literature, BEIR) | ${BM25_REFERENCE} | | |`);

    if (failures > 0) printFailures(results[0]!.perQuery, results[1]!.perQuery, set, failures);
  } finally {
    await server.close();
    await store.drop();
  }
}

/** The claims the first engine answers worst, with where their relevant abstracts ended up. */
function printFailures(
  ranked: { id: string; docs: string[]; ndcg10: number }[],
  lexical: { id: string; docs: string[] }[],
  set: SciFactSet,
  n: number,
) {
  const titles = new Map(set.corpus.map((d) => [d.docId, d.title]));
  const text = new Map(set.queries.map((q) => [q.id, q.text]));
  const zero = ranked.filter((r) => r.ndcg10 === 0).length;
  const missing = ranked.filter((r) => ![...set.qrels.get(r.id)!.keys()].some((d) => r.docs.includes(d))).length;
  console.log(`\nnDCG@10 = 0 on ${zero} claims; no relevant abstract in the top ${SEARCH_K} passages on ${missing}.`);
  const worst = [...ranked].sort((a, b) => a.ndcg10 - b.ndcg10).slice(0, n);
  for (const r of worst) {
    const lex = lexical.find((l) => l.id === r.id)!;
    console.log(`\n[${r.id}] ${text.get(r.id)}  (nDCG@10 ${r.ndcg10.toFixed(2)})`);
    console.log(`  terms: ${parseQuery(text.get(r.id)!).terms.join(' ')}`);
    for (const d of set.qrels.get(r.id)!.keys()) {
      const at = (docs: string[]) => (docs.includes(d) ? `#${docs.indexOf(d) + 1}` : 'absent');
      console.log(`  relevant ${d} reranked ${at(r.docs)}, lexical ${at(lex.docs)}: ${titles.get(d)}`);
    }
    console.log(`  top 1: ${titles.get(r.docs[0] ?? '') ?? '(no results)'}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

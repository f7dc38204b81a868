/**
 * Reading the SciFact fixture (`scifact/` of the outside test material, see docs/TESTING.md) as a BEIR
 * retrieval set: the corpus of abstracts, the 300 BEIR test queries and their graded judgements.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fixtureAbsent, fixturePath, hasFixture } from '../src/testing/fixtures';

/** The files of the SciFact folder that the benches read. */
const SCIFACT_FILES = ['corpus.jsonl', 'claims_train.jsonl', 'claims_dev.jsonl', 'beir_qrels/test.tsv'];

/**
 * The SciFact folder; when a file of it is missing, undefined after printing the one line that says which
 * and how to get it, so that `bench` ends there instead of in a stack trace.
 */
export function sciFactDir(bench: string): string | undefined {
  const missing = SCIFACT_FILES.map((file) => `scifact/${file}`).find((file) => !hasFixture(file));
  if (missing === undefined) return fixturePath('scifact');
  console.log(`${bench} skipped: ${fixtureAbsent(missing)}`);
  return undefined;
}

export interface SciFactDoc {
  docId: string;
  title: string;
  /** The abstract, one sentence per entry. */
  abstract: string[];
}

export interface SciFactQuery {
  id: string;
  text: string;
}

export interface SciFactSet {
  corpus: SciFactDoc[];
  queries: SciFactQuery[];
  /** query id → (corpus doc id → grade); only positive grades are kept. */
  qrels: Map<string, Map<string, number>>;
}

/** The records of a JSON Lines file (blank lines skipped). */
export function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** The judgements of a BEIR qrels file (header `query-id corpus-id score`, tab-separated). */
function readQrels(file: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  const lines = fs.readFileSync(file, 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const [query, doc, score] = line.trim().split('\t');
    if (!query || !doc || !score || Number(score) <= 0) continue;
    if (!qrels.has(query)) qrels.set(query, new Map());
    qrels.get(query)!.set(doc, Number(score));
  }
  return qrels;
}

/**
 * Loads the BEIR test split. Its query ids are those of claims_dev.jsonl (SciFact's own test claims
 * have no labels); the claim text is looked up there and every judged query must be found.
 */
export function loadSciFact(dir: string): SciFactSet {
  const corpus = readJsonl<{ doc_id: number; title: string; abstract: string[] }>(path.join(dir, 'corpus.jsonl')).map(
    (d) => ({ docId: String(d.doc_id), title: d.title, abstract: d.abstract }),
  );
  const qrels = readQrels(path.join(dir, 'beir_qrels/test.tsv'));
  const claims = new Map(
    readJsonl<{ id: number; claim: string }>(path.join(dir, 'claims_dev.jsonl')).map((c) => [String(c.id), c.claim]),
  );
  const queries = [...qrels.keys()].map((id) => {
    const text = claims.get(id);
    if (text == null) throw new Error(`BEIR test query ${id} is not in claims_dev.jsonl`);
    return { id, text };
  });
  return { corpus, queries, qrels };
}

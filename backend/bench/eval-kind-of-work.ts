/**
 * The kind of work Folio gives each PDF of the outside material's `metadata-dev/` set from the file alone (no
 * look-up, nothing given): its converter's metadata resolved by `resolveMetadata`, as an upload is. Prints, by
 * the gold kind, how many got a kind (coverage) and how many of those are right (precision: a wrong kind is
 * worse than none), and each wrong one. `npx tsx backend/bench/eval-kind-of-work.ts`.
 */
import { fileLayer } from '../src/metadata/file-layer';
import { resolveMetadata } from '../src/metadata/resolve-metadata';
import { fixtureAbsent, hasFixture } from '../src/testing/fixtures';
import { readDevMetadata, readGold } from './metadata-dev-set';

/** The gold's kinds as Folio's (CSL) kinds of work. */
const KIND_OF_GOLD: Record<string, string> = {
  article: 'article-journal',
  thesis: 'thesis',
  preprint: 'manuscript',
  conference: 'paper-conference',
  report: 'report',
  book: 'book',
  chapter: 'chapter',
};

async function main() {
  if (!hasFixture('metadata-dev/gold.json')) {
    console.log(fixtureAbsent('metadata-dev/gold.json'));
    return;
  }
  const groups = new Map<string, { n: number; given: number; right: number; wrong: string[] }>();
  for (const entry of await readGold()) {
    const found = await readDevMetadata(entry);
    const kind = resolveMetadata({ tipo: 'pdf', user: {}, file: fileLayer(found, 'pdf', false) }).detalles.tipo_obra;
    const group = groups.get(entry.kind) ?? { n: 0, given: 0, right: 0, wrong: [] };
    groups.set(entry.kind, group);
    group.n += 1;
    if (!kind) continue;
    group.given += 1;
    if (kind.valor === KIND_OF_GOLD[entry.kind]) group.right += 1;
    else group.wrong.push(`${entry.file}: ${kind.valor} (from ${kind.origen ?? '?'})`);
  }
  const all = { n: 0, given: 0, right: 0 };
  console.log('kind of work on metadata-dev, from the file alone\n  gold kind      n  given  right');
  for (const [name, g] of [...groups].sort()) {
    all.n += g.n;
    all.given += g.given;
    all.right += g.right;
    console.log(
      `  ${name.padEnd(12)} ${String(g.n).padStart(3)}  ${String(g.given).padStart(5)}  ${String(g.right).padStart(5)}`,
    );
    for (const miss of g.wrong) console.log(`    ${miss}`);
  }
  console.log(`  all          ${all.n}  ${all.given} given (${(all.given / all.n).toFixed(2)}), ${all.right} right`);
}

await main();

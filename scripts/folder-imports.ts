/**
 * The folder-level import graph of backend/src and extension/src: which top-level folder imports which,
 * from the TypeScript imports of every source file (tests excluded: a test may reach across to set up).
 * Fails when two folders import each other, so layers keep pointing one way. `npm run lint` runs it;
 * `npx tsx scripts/folder-imports.ts --print` prints the whole graph.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const TREES = ['backend/src', 'extension/src'];

/** Source files under `dir`, tests left out. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'),
    )
    .map((e) => path.join(e.parentPath, e.name));
}

/** The folder of `file` within `tree`: its first path segment, or '.' for a file at the top. */
function folderOf(tree: string, file: string): string {
  const rel = path.relative(tree, file).split(path.sep);
  return rel.length > 1 ? rel[0]! : '.';
}

/** Folder → folders it imports, with one importing file per edge as an example. */
export function folderGraph(tree: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(tree)) {
    const from = folderOf(tree, file);
    const imports = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles;
    for (const { fileName } of imports) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(tree + path.sep)) continue;
      const to = folderOf(tree, target);
      if (to === from || to === '.' || from === '.') continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, path.relative(ROOT, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Pairs of folders that import each other, each once, with an example file of each direction. */
export function mutualPairs(graph: Map<string, Map<string, string>>): [string, string, string, string][] {
  const pairs: [string, string, string, string][] = [];
  for (const [a, edges] of graph) {
    for (const [b, example] of edges) {
      const back = graph.get(b)?.get(a);
      if (back && a < b) pairs.push([a, b, example, back]);
    }
  }
  return pairs.sort();
}

function main() {
  let failed = false;
  for (const rel of TREES) {
    const graph = folderGraph(path.join(ROOT, rel));
    if (process.argv.includes('--print')) {
      for (const [from, edges] of [...graph].sort())
        console.log(`${rel}/${from} → ${[...edges.keys()].sort().join(', ')}`);
    }
    for (const [a, b, ab, ba] of mutualPairs(graph)) {
      failed = true;
      console.error(`${rel}: ${a} and ${b} import each other (${ab} → ${b}; ${ba} → ${a})`);
    }
  }
  if (failed) process.exitCode = 1;
  else console.log(`folder imports: no two folders of ${TREES.join(' or ')} import each other`);
}

main();

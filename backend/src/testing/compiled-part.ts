import fs from 'node:fs';
import path from 'node:path';

/**
 * The file of the server's build (`dist`, as backend/scripts/build-server.mjs writes it) that exports `name`,
 * among the parts `main.mjs` reaches: a build leaves the parts of earlier builds beside its own for a week,
 * so the first file that exports it may be an older build's.
 */
export function compiledPartExporting(dist: string, name: string): string {
  const seen = new Set<string>();
  const queue = ['main.mjs'];
  const exports = new RegExp(`export \\{[^}]*\\b${name}\\b`);
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    if (exports.test(code)) return path.join(dist, file);
    for (const [, part] of code.matchAll(/["']\.\/([\w.-]+\.mjs)["']/g)) queue.push(part!);
  }
  throw new Error(`no part of ${dist} that main.mjs reaches exports ${name}`);
}

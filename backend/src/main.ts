// Entry point of `npm start` and `npm run folio`. Kept free of imports so that an old Node gets a
// plain message instead of a crash deep inside a dependency.
const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 22) {
  process.stderr.write(`Folio needs Node.js 22 or newer; this is ${process.versions.node}.\n`);
  process.exit(1);
}
await import('./cli/run');
export {};

// Entry point of `npm start` and `npm run folio`. The Node check is imported first and alone, so an old
// Node gets one plain line instead of a crash deep inside a dependency.
import '../../scripts/require-node.cjs';

await import('./cli/run');
export {};

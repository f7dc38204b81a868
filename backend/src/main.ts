// Entry point of `npm start` and `npm run folio`. The Node check is imported first and alone, so an old
// Node gets one plain line instead of a crash deep inside a dependency.
import '../../scripts/require-node.cjs';

// A reader process (ingest/read-apart) loads the converters it uses, not the server.
if (process.argv[2] === 'read-files') await (await import('./ingest/read-apart/reader-child')).runReaderProcess();
else await import('./cli/run');
export {};

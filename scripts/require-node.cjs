// The first thing `npm start`, `npm test` and `npm run folio` run, and what backend/src/main.ts imports
// first: on an old Node the rest would crash deep inside a dependency (vitest: `Map.groupBy is not a
// function`), or not be there at all when `npm install` refused to run. Plain CommonJS with no syntax
// newer than Node 10, so that any Node there is can read it and say what is wrong in one line.
/* global process */
'use strict';
var NEEDED = 22;
var found = process.versions.node;
if (Number(found.split('.')[0]) < NEEDED) {
  process.stderr.write(
    'Folio needs Node.js ' +
      NEEDED +
      ' or newer; this is Node.js ' +
      found +
      '. Install Node.js 24 LTS from https://nodejs.org/en/download (or run `nvm install 24`) and try again.\n',
  );
  process.exit(1);
}

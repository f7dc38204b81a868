import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../backend/src/testing/harness';
import { BUILD_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from './folio-process';

const scripts = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('the e2e tests run Folio as a user does', () => {
  it('with the build, the environment, the Node flags and the entry point of `npm start` and `npm run folio`', () => {
    const env = Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v} `);
    const run = `${env.join('')}node ${SERVER_NODE_FLAGS.join(' ')} backend/dist/main.mjs`;
    expect(scripts.start).toContain('npm run --silent build:server');
    expect(scripts.start).toContain(`${run} serve`);
    expect(scripts.folio).toContain('npm run --silent build:server');
    expect(scripts.folio!.endsWith(run)).toBe(true);
    expect(scripts['build:server']).toBe(`node ${path.relative(REPO_ROOT, BUILD_SERVER)}`);
  });
});

// Compiles backend/src (and the shared package) into backend/dist, which `npm start` and `npm run folio` run
// with plain Node. Under tsx every module is compiled again at each start and pdf.js, rewritten with a
// source map per word, alone took ~400 MB of the server's memory against ~56 MB in plain Node.
//
// One ES module per lazily imported part (esbuild's splitting), so what the server imports on first use
// (pdf.js, each converter, the OCR engine) is still imported on first use. Packages stay in node_modules.
// Data files stay beside their sources: `import.meta.dirname` and `import.meta.url` are rewritten to the
// source file's folder and URL, relative to the compiled file, so the checkout can move.
//
// Plain JavaScript, run by Node alone. Written file by file through a rename and only when changed, so a
// server already running never reads a half-written part; parts no build uses any more are left for a week.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import * as esbuild from 'esbuild';

const BACKEND = path.resolve(import.meta.dirname, '..');
const OUT = path.join(BACKEND, 'dist');
const STALE_MS = 7 * 24 * 3600 * 1000;

const toPosix = (p) => p.split(path.sep).join('/');

/** Bare imports stay imports of node_modules, but for the workspace's own TypeScript packages. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@folio/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta.dirname` / `import.meta.url` of a source file, as seen from the compiled one. */
const sourceRelativeMeta = {
  name: 'source-relative-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.(ts|cjs|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const loader = args.path.endsWith('.ts') ? 'ts' : 'js';
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.')) {
        const url = JSON.stringify(toPosix(path.relative(OUT, args.path)));
        const dir = JSON.stringify(`${toPosix(path.relative(OUT, path.dirname(args.path)))}/`);
        // url first: the folder's expression below is itself relative to the compiled file's import.meta.url.
        contents = contents
          .replaceAll('import.meta.url', `new URL(${url}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `__folioPath(new URL(${dir}, import.meta.url)).replace(/[\\\\/]$/, '')`);
      }
      return { contents, loader };
    });
  },
};

const result = await esbuild.build({
  // The PDF page-reading thread is an entry of its own: a worker thread starts from a file (see
  // src/ingest/pdf/pdf-page-threads.ts, which knows it is compiled from FOLIO_SERVER_BUILD).
  entryPoints: {
    main: path.join(BACKEND, 'src/main.ts'),
    'pdf-pages.thread': path.join(BACKEND, 'src/ingest/pdf/pdf-pages.thread.ts'),
  },
  define: { FOLIO_SERVER_BUILD: 'true' },
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  keepNames: true,
  write: false,
  logLevel: 'warning',
  banner: { js: "import { fileURLToPath as __folioPath } from 'node:url';" },
  plugins: [packagesOutside, sourceRelativeMeta],
});

fs.mkdirSync(OUT, { recursive: true });
const written = new Set();
for (const file of result.outputFiles) {
  written.add(path.basename(file.path));
  const current = fs.existsSync(file.path) ? fs.readFileSync(file.path) : undefined;
  if (current && Buffer.compare(current, file.contents) === 0) continue;
  const partial = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(partial, file.contents);
  fs.renameSync(partial, file.path);
}
for (const name of fs.readdirSync(OUT)) {
  const file = path.join(OUT, name);
  if (!written.has(name) && Date.now() - fs.statSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { force: true });
}

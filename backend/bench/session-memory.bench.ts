/**
 * Memory after an hour of use, compressed: `npm run bench:session-memory` (issue 35).
 *
 * A `folio serve` started as `npm start` starts it (compiled, MALLOC_ARENA_MAX=2, --max-semi-space-size=16)
 * on a fresh store, with a user who has a password and a key, is used as a newcomer uses it: real files of
 * ../shared/fixtures uploaded (metadata-dev articles, pdf.js and pdfminer samples, EPUBs, Office files, web
 * pages; `--files`, 24 by default, ~80 for the long run), then `--rounds` rounds (3 by default) of searches
 * (API and the search page), questions (API and the ask page), citations (a text, and a .docx every other
 * round, in a style that changes each round), verifications, reader pages (HTML, the file and pdf.js's
 * files, as a browser loads them), the document's page, exports (BibTeX, RIS, CSL-JSON, one document's RIS)
 * and the library page. Queries, claims and texts to cite are sentences of the library itself. Each round
 * starts with its citations, the only jobs after the upload; the last one then goes on searching and reading
 * (a round every 2 s) until the engines' idle time has passed since them, as most of an hour of use does.
 *
 * The server's RSS is read from /proc (VmRSS) and its V8 heap through `memory-probe.mjs` (a preload that
 * answers SIGUSR2; the reference server runs with it too): after the upload, after each round, and through
 * `--idle-seconds` of idle (by default the engines' idle time, `--idle-minutes`, 0.5 here, plus 30 s). Then
 * the reference, measured in the same run: the same server restarted on the same library, idle. Each round
 * also times its searches and questions (median), so a change that gives memory back is seen not to slow
 * the common path. `--heap-snapshots DIR` writes a heap snapshot after the idle time (and of the reference)
 * for a look in Chrome's DevTools; `--node-flags "…"` adds node flags to the server's (both starts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_KEY, cliWithInput, freePort, serveEnv, startServe } from '../../test/support/folio-process';
import { createTestStore, REPO_ROOT } from '../src/testing/harness';
import { descendantsKb, residentByKind, rssKb } from './process-memory';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const FILES = Number(arg('files') ?? 24);
const ROUNDS = Number(arg('rounds') ?? 3);
const IDLE_MINUTES = Number(arg('idle-minutes') ?? 0.5);
const IDLE_SECONDS = Number(arg('idle-seconds') ?? IDLE_MINUTES * 60 + 30);
const SNAPSHOTS = arg('heap-snapshots');
/** Node flags for the server beside `npm start`'s (`--node-flags "--a --b"`), to compare settings. */
const NODE_FLAGS = arg('node-flags')?.split(' ').filter(Boolean) ?? [];
const SHARED = path.join(REPO_ROOT, '..', 'shared', 'fixtures');
const PROBE = path.join(REPO_ROOT, 'backend/bench/memory-probe.mjs');
const EMAIL = 'recien-llegada@example.org';
const PASSWORD = 'una frase de paso para medir la memoria';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The files a newcomer brings, one kind after another so that a short run still has every kind. */
function library(): string[] {
  const list = (dir: string, ext: RegExp) =>
    fs.existsSync(path.join(SHARED, dir))
      ? fs
          .readdirSync(path.join(SHARED, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => ext.test(f))
          .sort()
          .map((f) => path.join(SHARED, dir, f))
      : [];
  const kinds = [
    list('metadata-dev', /\.pdf$/),
    list('metadata-dev', /\.pdf$/).reverse(),
    list('pdfs', /\.pdf$/),
    list('office', /\.(docx|pptx|xlsx|ods)$/),
    list('epub', /\.epub$/),
    list('real-world', /\.(pdf|epub)$/),
    list('readability', /source\.html$/),
  ];
  const out: string[] = [];
  for (let i = 0; out.length < FILES && kinds.some((k) => i < k.length); i++) {
    for (const k of kinds) if (k[i] && !out.includes(k[i]!) && out.length < FILES) out.push(k[i]!);
  }
  return out;
}

/** A cookie jar of one browser: what the server set, sent back on each page. */
function browserSession(base: string) {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const headers = (extra: Record<string, string> = {}) => ({
    Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    Origin: base,
    ...extra,
  });
  return {
    async get(p: string): Promise<string> {
      const res = await fetch(`${base}${p}`, { headers: headers(), redirect: 'manual' });
      remember(res);
      if (res.status >= 400) throw new Error(`GET ${p}: ${res.status}`);
      return res.text();
    },
    async post(p: string, form: Record<string, string>): Promise<Response> {
      const res = await fetch(`${base}${p}`, {
        method: 'POST',
        body: new URLSearchParams(form),
        headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded' }),
        redirect: 'manual',
      });
      remember(res);
      return res;
    },
  };
}

const csrfOf = (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';

/** Sentences of the library (8–30 words), for queries, questions, claims and texts to cite. */
function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ])/)
    .map((s) => s.trim())
    .filter((s) => {
      const words = s.split(' ').length;
      return words >= 8 && words <= 30 && /[a-záéíóúñ]{4}/i.test(s) && !/[|©@]|https?:/.test(s);
    });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const parts = ({ parts: p }: { parts: { wasm: number; brk: number; native: number; files: number } }) =>
  [p.wasm, p.brk, p.native, p.files].map((n) => n.toFixed(0)).join(' · ');

interface Reading {
  when: string;
  rss: number;
  reader: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** Resident MB by kind of mapping (process-memory.ts). */
  parts: ReturnType<typeof residentByKind>;
  search?: number;
  ask?: number;
}

/** The server's V8 heap, asked of the probe (`snapshotDir`: write a heap snapshot there first). */
async function heapOf(pid: number, probe: string, snapshotDir?: string) {
  fs.rmSync(probe, { force: true });
  if (snapshotDir) fs.writeFileSync(`${probe}.snapshot`, snapshotDir);
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < (snapshotDir ? 1200 : 100) && !fs.existsSync(probe); i++) await sleep(100);
  return JSON.parse(fs.readFileSync(probe, 'utf8')) as {
    heapUsed: number;
    heapTotal: number;
    external: number;
    snapshot?: string;
  };
}

/** RSS (lowest of 10 readings 500 ms apart: a collection may be in flight) and heap, in bytes. */
async function reading(pid: number, probe: string, when: string): Promise<Reading> {
  let rss = Infinity;
  for (let i = 0; i < 10; i++) {
    rss = Math.min(rss, rssKb(pid) * 1024);
    await sleep(500);
  }
  const heap = await heapOf(pid, probe);
  return {
    when,
    rss,
    reader: descendantsKb(pid) * 1024,
    heapUsed: heap.heapUsed,
    heapTotal: heap.heapTotal,
    external: heap.external,
    parts: residentByKind(pid),
  };
}

async function main() {
  const files = library();
  if (!files.length) {
    console.log(`bench:session-memory skipped: ${SHARED} is absent (the shared fixtures; see docs/TESTING.md)`);
    return;
  }
  const store = await createTestStore();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = `${base}/api/v1`;
  const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-probe-')), 'memoria.json');
  const env = serveEnv(store, port, {
    FOLIO_RATE_LIMIT: '0',
    FOLIO_ENGINE_IDLE_MINUTES: String(IDLE_MINUTES),
    FOLIO_MEMORY_PROBE: probe,
  });
  const nodeArgs = [...NODE_FLAGS, '--import', PROBE];
  // The embedded store is one process at a time: the password and the key are made before the server starts.
  const set = await cliWithInput(env, `${PASSWORD}\n`, 'password', EMAIL);
  if (set.code !== 0) throw new Error(`password: ${set.stderr}`);
  const made = await cliWithInput(env, undefined, 'keys', 'create', '--user', EMAIL);
  const key = API_KEY.exec(made.stdout)?.[0];
  if (!key) throw new Error(`keys create: ${made.stdout}${made.stderr}`);
  const auth = { Authorization: `Bearer ${key}` };
  const readings: Reading[] = [];
  let proc = await startServe(env, port, nodeArgs);
  try {
    const pid = () => proc.child.pid!;
    await sleep(5000);
    readings.push(await reading(pid(), probe, 'started, empty library'));

    // Upload, as the library page or the extension does: each file, then wait until all are read.
    const t0 = performance.now();
    const ids: string[] = [];
    for (const f of files) {
      const res = await fetch(`${api}/documentos?nombre=${encodeURIComponent(path.basename(f))}&esperar=0`, {
        method: 'POST',
        body: fs.readFileSync(f),
        headers: auth,
      });
      if (res.status >= 300) console.error(`${path.basename(f)}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      else ids.push(((await res.json()) as { id: string }).id);
    }
    const ready: string[] = [];
    for (const id of ids) {
      const res = await fetch(`${api}/documentos/${id}?esperar=600`, { headers: auth });
      const doc = (await res.json()) as { estado: string; tipo: string };
      if (doc.estado === 'listo') ready.push(id);
    }
    const uploadSeconds = (performance.now() - t0) / 1000;
    readings.push(await reading(pid(), probe, `after the upload (${ready.length}/${files.length} read)`));

    // What the rounds ask, taken from the library: sentences of each document's first units.
    const docs: { id: string; tipo: string; sentences: string[] }[] = [];
    for (const id of ready) {
      const doc = (await (await fetch(`${api}/documentos/${id}`, { headers: auth })).json()) as { tipo: string };
      const res = await fetch(`${api}/documentos/${id}/texto?limite=3`, { headers: auth });
      const text = res.ok ? ((await res.json()) as { unidades: { texto: string }[] }).unidades : [];
      docs.push({ id, tipo: doc.tipo, sentences: sentencesOf(text.map((u) => u.texto).join(' ')) });
    }
    const spoken = docs.filter((d) => d.sentences.length);
    const pdfs = docs.filter((d) => d.tipo === 'pdf');
    if (!spoken.length) throw new Error('no document gave a sentence to ask about');
    const sentence = (n: number) => {
      const d = spoken[n % spoken.length]!;
      return d.sentences[Math.floor(n / spoken.length) % d.sentences.length]!;
    };
    const words = (s: string, from: number, n: number) =>
      s
        .split(' ')
        .slice(from, from + n)
        .join(' ');

    const web = browserSession(base);
    const signIn = await web.get('/entrar');
    const signedIn = await web.post('/entrar', { correo: EMAIL, contrasena: PASSWORD, _csrf: csrfOf(signIn) });
    if (signedIn.status !== 303 && signedIn.status !== 302) throw new Error(`sign-in: ${signedIn.status}`);
    const docxTemplate = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx'));
    const styles = ['apa', 'modern-language-association', 'chicago-author-date', 'ieee', 'vancouver', 'harvard1'];
    const time = async (work: () => Promise<unknown>, into: number[]) => {
      const t = performance.now();
      await work();
      into.push(performance.now() - t);
    };
    const ok = async (res: Response | Promise<Response>, what: string) => {
      const r = await res;
      if (!r.ok) throw new Error(`${what}: ${r.status} ${(await r.text()).slice(0, 300)}`);
      return r;
    };

    /** A cite of three library sentences, and every other round a .docx, in a style that changes each round. */
    const cites = async (round: number) => {
      const n = round * 7;
      const estilo = styles[round % styles.length]!;
      const texto = [sentence(n), sentence(n + 2), sentence(n + 5)].join(' ');
      await ok(
        fetch(`${api}/citar?esperar=300`, {
          method: 'POST',
          body: JSON.stringify({ texto, estilo }),
          headers: { ...auth, 'Content-Type': 'application/json' },
        }),
        'citar',
      );
      if (round % 2 === 0) {
        await (
          await ok(
            fetch(`${api}/citar?esperar=300&estilo=${estilo}&formato=docx`, {
              method: 'POST',
              body: docxTemplate,
              headers: {
                ...auth,
                'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              },
            }),
            'citar .docx',
          )
        ).arrayBuffer();
      }
    };
    /** Searches, questions, verifications, reader pages, exports: what needs no job. */
    const use = async (round: number, searches: number[], asks: number[]) => {
      const n = round * 7;
      for (let i = 0; i < 6; i++) {
        const q = i === 5 ? `"${words(sentence(n + i), 1, 4)}"` : words(sentence(n + i), 2, 4 + (i % 3));
        await time(
          () => ok(fetch(`${api}/buscar?q=${encodeURIComponent(q)}&k=10`, { headers: auth }), 'buscar'),
          searches,
        );
      }
      await web.get(`/buscar?q=${encodeURIComponent(words(sentence(n + 6), 0, 3))}`);
      for (let i = 0; i < 2; i++) {
        const pregunta = `¿Qué dice la biblioteca sobre ${words(sentence(n + i + 1), 1, 6)}?`;
        await time(
          async () =>
            (
              await ok(
                fetch(`${api}/preguntar`, {
                  method: 'POST',
                  body: JSON.stringify({ pregunta }),
                  headers: { ...auth, 'Content-Type': 'application/json' },
                }),
                'preguntar',
              )
            ).text(),
          asks,
        );
      }
      const askPage = await web.get('/preguntar');
      await web.post('/preguntar', {
        pregunta: `What is known about ${words(sentence(n + 3), 0, 5)}?`,
        _csrf: csrfOf(askPage),
      });
      for (let i = 0; i < 2; i++) {
        await ok(
          fetch(`${api}/verificar`, {
            method: 'POST',
            body: JSON.stringify({ afirmacion: sentence(n + 4 + i) }),
            headers: { ...auth, 'Content-Type': 'application/json' },
          }),
          'verificar',
        );
      }
      // Reading: three documents in the reader (PDFs in pdf.js, as a browser loads it), their page, their text.
      for (let i = 0; i < 3; i++) {
        const d = (i === 0 && pdfs.length ? pdfs[round % pdfs.length] : docs[(n + i) % docs.length])!;
        const page = await web.get(`/leer/${d.id}`);
        const pdfjs = /data-pdfjs="([^"]+)"/.exec(page)?.[1];
        if (pdfjs) {
          for (const f of [
            'build/pdf.min.mjs',
            'build/pdf.worker.min.mjs',
            'web/pdf_viewer.mjs',
            'web/pdf_viewer.css',
          ]) {
            await web.get(`${pdfjs}/${f}`);
          }
          await web.get(`/leer/${d.id}/archivo`);
          await web.get(`/leer/${d.id}?pagina=2`).catch(() => undefined);
        }
        await web.get(`/biblioteca/documentos/${d.id}`);
        await ok(fetch(`${api}/documentos/${d.id}/texto?limite=20`, { headers: auth }), 'texto');
      }
      for (const formato of ['bibtex', 'ris', 'csljson']) {
        await (await ok(fetch(`${api}/documentos?formato=${formato}`, { headers: auth }), 'exportar')).text();
      }
      await ok(fetch(`${api}/documentos/${docs[round % docs.length]!.id}?formato=ris`, { headers: auth }), 'ris');
      await web.get('/biblioteca');
    };

    let jobsEnded = 0;
    let extra = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const searches: number[] = [];
      const asks: number[] = [];
      await cites(round);
      jobsEnded = performance.now();
      await use(round, searches, asks);
      // The last round reads on with no job until the engines' idle time has passed: most of an hour of
      // use is searching and reading, long after the last upload or cite.
      while (round === ROUNDS - 1 && performance.now() - jobsEnded < IDLE_MINUTES * 60_000 + 5000) {
        await sleep(2000); // a person reads between two searches
        await use(ROUNDS + extra++, searches, asks);
      }
      const r = await reading(
        pid(),
        probe,
        `after round ${round + 1}${extra ? ` (+${extra} rounds with no job)` : ''}`,
      );
      readings.push({ ...r, search: median(searches), ask: median(asks) });
    }

    const idleStart = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    readings.push(await reading(pid(), probe, `after ${IDLE_SECONDS} s idle`));
    if (SNAPSHOTS) console.log(`heap snapshot: ${(await heapOf(pid(), probe, path.resolve(SNAPSHOTS))).snapshot}`);
    const idleFor = (performance.now() - idleStart) / 1000;

    // The reference: the same server, restarted on the same library, idle.
    await proc.stop();
    proc = await startServe(env, port, nodeArgs);
    await sleep(5000);
    const reference = await reading(pid(), probe, 'reference: restarted on the same library, idle');
    if (SNAPSHOTS) console.log(`heap snapshot: ${(await heapOf(pid(), probe, path.resolve(SNAPSHOTS))).snapshot}`);

    const kinds = new Map<string, number>();
    for (const d of docs) kinds.set(d.tipo, (kinds.get(d.tipo) ?? 0) + 1);
    console.log(
      `## RSS of \`folio serve\` over a newcomer's session: ${ready.length} documents read of ${files.length} uploaded ` +
        `(${[...kinds].map(([k, v]) => `${v} ${k}`).join(', ')}) in ${uploadSeconds.toFixed(0)} s, then ${ROUNDS} rounds ` +
        `(6 searches, the search page, 3 questions, 2 verifications, a cite${ROUNDS > 1 ? ' and a .docx every other round' : ''}, ` +
        `3 reader pages, 4 exports), then ${idleFor.toFixed(0)} s idle; engines idle after ${IDLE_MINUTES} min\n`,
    );
    const ref = reference.rss;
    const vs = (r: number) => `${r >= ref ? '+' : ''}${(((r - ref) / ref) * 100).toFixed(0)} %`;
    console.log(
      '| when | server RSS | vs reference | V8 heap used / total | external | wasm · malloc [heap] · other anon · files | reader process | search / ask (median) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of [...readings, reference]) {
      const lat = r.search !== undefined ? `${r.search.toFixed(0)} / ${r.ask!.toFixed(0)} ms` : '';
      console.log(
        `| ${r.when} | ${mb(r.rss)} | ${r === reference ? '' : vs(r.rss)} | ${mb(r.heapUsed)} / ${mb(r.heapTotal)} | ${mb(r.external)} | ${parts(r)} | ${mb(r.reader)} | ${lat} |`,
      );
    }
  } finally {
    await proc.stop();
    await store.drop();
    fs.rmSync(path.dirname(probe), { recursive: true, force: true });
  }
}

await main();

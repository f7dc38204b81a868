import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../../test/fixtures/sample-pdf';
import { createLogger } from '../../log';
import { REPO_ROOT } from '../../testing/harness';
import { ConversionError, type ConvertContext, type Fase, type SourceFile } from '../converter';
import { convertFile } from '../registry';
import { readerProcess, ReaderExitError } from './reader-process';

// This program as the CLI runs it from the sources: node with tsx, the entry point.
const FOLIO = [process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'backend/src/main.ts')];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dir: string;
let env: NodeJS.ProcessEnv;
let readers: ReturnType<typeof readerProcess>[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-reader-'));
  env = { ...process.env, FOLIO_DATA: dir, FOLIO_LOG: 'silent', FOLIO_OCR: '0' };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(readers.map((r) => r.close()));
  readers = [];
});

const reader = (idleMs = 0, abortGraceMs = 1000) => {
  const r = readerProcess({ command: FOLIO, idleMs, log: createLogger('silent'), env, abortGraceMs });
  readers.push(r);
  return r;
};

/** A file written to the test's directory, as the blob store hands one to the reader. */
function source(name: string, body: Uint8Array | string): SourceFile {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body);
  return { path: file, size: fs.statSync(file).size, nombre: name, receivedAt: new Date('2026-11-28T10:00:00Z') };
}

const pdf = (pages: number) =>
  buildSamplePdf({
    title: 'Cenotes de Yucatán',
    author: 'Pérez, Ana',
    year: 2020,
    pages: Array.from({ length: pages }, (_, i) =>
      Array.from({ length: 30 }, (_, l) => `${i}.${l} Los cenotes son ventanas al río subterráneo de Yucatán.`),
    ),
  });

/** A context that records what the reading told it. */
function recording(signal?: AbortSignal) {
  const said: (Fase | number)[] = [];
  const ctx: ConvertContext = {
    progress: async (fraction) => void said.push(fraction),
    phase: async (fase) => void said.push(fase),
    signal,
  };
  return { ctx, said };
}

describe('reading files in a reader process of their own', () => {
  it('gives the conversion the server would make itself, its progress relayed', async () => {
    const file = source('cenotes.pdf', pdf(3));
    const { ctx, said } = recording();
    const apart = await reader().read(file, ctx);
    const here = await convertFile(file, recording().ctx);
    expect(apart).toEqual(here);
    expect(apart.kind).toBe('pdf');
    expect(apart.unidades).toHaveLength(3);
    expect(apart.metadatos.titulo).toBe('Cenotes de Yucatán');
    expect(said.some((s) => typeof s === 'number')).toBe(true);
  }, 60_000);

  it("fails a file's own defect as a conversion error, with its Spanish reason", async () => {
    const r = reader();
    const error = await r.read(source('roto.pdf', '%PDF-1.7\nnot a pdf at all'), recording().ctx).catch((e) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toMatch(/PDF/);
    // The process is still there for the next file.
    const next = await r.read(source('nota.md', '# Nota\n\nUn párrafo.'), recording().ctx);
    expect(next.unidades[0]!.texto).toContain('Un párrafo.');
  }, 60_000);

  it('reads several files at once in one process', async () => {
    const r = reader();
    const files = Array.from({ length: 4 }, (_, i) => source(`nota-${i}.md`, `# Nota ${i}\n\nTexto ${i}.`));
    const read = await Promise.all(files.map((f) => r.read(f, recording().ctx)));
    expect(read.map((c) => c.unidades.map((u) => u.texto).join(' '))).toEqual(
      files.map((_, i) => expect.stringContaining(`Texto ${i}.`)),
    );
  }, 60_000);

  it('fails a reading whose process is killed as retryable, and reads the next file in a new one', async () => {
    const r = reader();
    await r.read(source('primero.md', '# Uno\n\nTexto.'), recording().ctx);
    const first = r.pid()!;
    const killed = r.read(source('largo.pdf', pdf(300)), {
      ...recording().ctx,
      progress: async () => void process.kill(first, 'SIGKILL'),
    });
    const error = await killed.catch((e) => e);
    expect(error).toBeInstanceOf(ReaderExitError);
    expect(error).not.toBeInstanceOf(ConversionError);
    expect((error as Error).message).toMatch(/SIGKILL/);
    const next = await r.read(source('segundo.md', '# Dos\n\nOtro texto.'), recording().ctx);
    expect(next.unidades[0]!.texto).toContain('Otro texto.');
    expect(r.pid()).not.toBe(first);
  }, 60_000);

  it('leaves when idle and starts again with the next file', async () => {
    const r = reader(500);
    await r.read(source('a.md', '# A\n\nTexto.'), recording().ctx);
    const pid = r.pid()!;
    expect(alive(pid)).toBe(true);
    for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
    expect(alive(pid)).toBe(false);
    expect(r.pid()).toBeUndefined();
    const again = await r.read(source('b.md', '# B\n\nOtro.'), recording().ctx);
    expect(again.unidades[0]!.texto).toContain('Otro.');
    expect(r.pid()).not.toBe(pid);
  }, 60_000);

  it('fails a reading the server gives up on with its reason at once, and stops it in the reader', async () => {
    // Time enough to stop on a machine busy with other tests: past it the process would be replaced.
    const r = reader(0, 30_000);
    await r.read(source('a.md', '# A\n\nTexto.'), recording().ctx);
    const pid = r.pid()!;
    const controller = new AbortController();
    const reason = new ConversionError('Se acabó el tiempo.', 'Out of time');
    const reading = r.read(source('largo.pdf', pdf(300)), {
      ...recording(controller.signal).ctx,
      progress: async () => controller.abort(reason),
    });
    await expect(reading).rejects.toBe(reason);
    // The same process reads on: the reading stopped when told to.
    const next = await r.read(source('c.md', '# C\n\nSigue.'), recording().ctx);
    expect(next.unidades[0]!.texto).toContain('Sigue.');
    expect(r.pid()).toBe(pid);
  }, 60_000);

  it('ends its process on close', async () => {
    const r = reader();
    await r.read(source('a.md', '# A\n\nTexto.'), recording().ctx);
    const pid = r.pid()!;
    await r.close();
    expect(alive(pid)).toBe(false);
    await expect(r.read(source('b.md', '# B'), recording().ctx)).rejects.toBeInstanceOf(ReaderExitError);
  }, 60_000);
});

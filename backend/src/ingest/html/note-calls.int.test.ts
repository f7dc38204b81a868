import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestServer } from '../../testing/harness';

/**
 * A search for a word that carries a note call finds it (issue 33, item 5): IDPF's epub3-samples
 * `30/georgia-cfi` (CC BY-SA 3.0, per the repository's README; not copied here, zipped from a snapshot of
 * the repository: FOLIO_EPUB3_SAMPLES, else the mirror the `fetch` tool makes), and a made HTML file.
 */
const SAMPLES = process.env.FOLIO_EPUB3_SAMPLES || '/work/.mirror/IDPF+epub3-samples/repo';
const haveSamples = fs.existsSync(SAMPLES);

const ctx = useTestServer();
let key: string;
let dir: string;
beforeAll(async () => {
  key = await ctx.server.key('notas@example.org');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-notes-int-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function upload(name: string, body: Uint8Array): Promise<string> {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${encodeURIComponent(name)}&esperar=120`, {
    method: 'POST',
    body,
    headers: auth(key, { 'Content-Type': 'application/octet-stream' }),
  });
  const doc = await res.json();
  expect(doc.estado, `${name}: ${doc.error}`).toBe('listo');
  return doc.id as string;
}

async function search(id: string, q: string): Promise<string[]> {
  const res = await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent(q)}&documento=${id}`, {
    headers: auth(key),
  });
  expect(res.status).toBe(200);
  return ((await res.json()).pasajes as { texto: string }[]).map((p) => p.texto);
}

describe('search past note calls', () => {
  it('finds a word glued to a <sup> note call and one beside a line number in an HTML file', async () => {
    const html = `<html><body><h1>Firmantes</h1>
      <p>Firmó el acta John Treutlen<sup><a href="#n1">12</a></sup> ante el gobernador.</p>
      <div>And on her daughter<span class="lineNum">200</span></div>
      <p id="n1">Nota sobre el acta.</p></body></html>`;
    const id = await upload('firmantes.html', new TextEncoder().encode(html));
    expect((await search(id, 'Treutlen')).join('\n')).toMatch(/Treutlen¹²/);
    expect(await search(id, 'daughter')).toContain('And on her daughter');
  });

  it.skipIf(!haveSamples)(
    haveSamples
      ? 'finds "Treutlen" in the IDPF georgia-cfi sample'
      : `finds "Treutlen" in the IDPF georgia-cfi sample — skipped: no snapshot at ${SAMPLES} (FOLIO_EPUB3_SAMPLES)`,
    async () => {
      const out = path.join(dir, 'georgia-cfi.epub');
      execFileSync('git', ['-C', SAMPLES, 'archive', '--format=zip', '-o', out, 'HEAD:30/georgia-cfi']);
      const id = await upload('georgia-cfi.epub', new Uint8Array(fs.readFileSync(out)));
      expect((await search(id, 'Treutlen')).join('\n')).toMatch(/John A\. Treutlen¹²/);
    },
  );
});

import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Importacion } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../backend/src/formats/write-zip';
import { useServe } from './support/serve';

/**
 * An import whose server is killed (SIGKILL: nothing flushed, no handler) mid-way, started again on the same
 * store: the queue takes the job up again and the import finishes it, every item once, with no second
 * document, and the report counts the items the first run made as new.
 */
const ITEMS = 400;
const folio = useServe({ FOLIO_RERANKER: '0', FOLIO_NLI: '0' });

/** A BibTeX library of ITEMS notes, each its own Markdown file in the zip of files. */
function library() {
  const bib = Array.from(
    { length: ITEMS },
    (_, i) =>
      `@Misc{n${i + 1}, author = {Quispe, Rosa}, title = {Nota ${i + 1}}, year = {2023}, file = {:n${i + 1}.md:text/markdown}}`,
  ).join('\n');
  const zip = writeZip(
    Array.from({ length: ITEMS }, (_, i) => ({
      name: `n${i + 1}.md`,
      data: Buffer.from(`# Nota ${i + 1}\n\nEl caudal del río ${i + 1} bajó en la estación seca.\n`),
    })),
  );
  return { bib, zip };
}

describe('an import when the server is killed mid-way', () => {
  it('is finished after a restart: every item once, no duplicate document', async () => {
    const { base, key } = folio;
    const client = createClient({ baseUrl: base, apiKey: key });
    const { bib, zip } = library();
    const job = await client.importLibrary({
      archivo: { nombre: 'notas.bib', body: bib },
      archivos: { nombre: 'notas.zip', body: new Uint8Array(zip) },
      esperar: 0,
    });
    let seen: Importacion = job;
    const deadline = Date.now() + 60_000;
    while (seen.progreso.hechos < 40 && Date.now() < deadline) {
      await sleep(100);
      seen = await client.importJob(job.id);
    }
    expect(seen.estado).toBe('procesando');
    expect(seen.progreso.hechos).toBeGreaterThanOrEqual(40);
    expect(seen.progreso.hechos).toBeLessThan(ITEMS);
    await folio.server.kill();

    await folio.restart();
    let done = await client.importJob(job.id, { esperar: 120 });
    for (let i = 0; i < 5 && done.estado !== 'listo' && done.estado !== 'error'; i++) {
      done = await client.importJob(job.id, { esperar: 120 });
    }
    expect(done.estado).toBe('listo');
    expect(done.informe!.resumen).toEqual({
      nuevo: ITEMS,
      ya_estaba: 0,
      referencia: 0,
      archivo_nuevo: 0,
      sin_cambios: 0,
      omitido: 0,
    });
    const ids = done.elementos.map((e) => e.documento);
    expect(new Set(ids).size).toBe(ITEMS);
    expect((await client.list({ limite: 1 })).total).toBe(ITEMS);
  }, 400_000);
});

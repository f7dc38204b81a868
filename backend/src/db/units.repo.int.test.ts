import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Unit } from '../ingest/converter';
import { parseTranscript, unitsFromCues } from '../ingest/media/cues';
import { splitPassages } from '../ingest/passages';
import { convertFile } from '../ingest/registry';
import { REPO_ROOT, useTestServer } from '../testing/harness';
import { insertDocument } from './documents.repo';
import { readUnits, replaceContent } from './units.repo';
import { ensureUser } from './users.repo';

const ctx = useTestServer({}, { workers: false });
const db = () => ctx.server.runtime.deps.db;
const convertContext = { progress: async () => {} };

/** Stores `units` (and their passages) as the ingest job does, then reads them back with their blocks. */
async function roundTrip(id: string, units: Unit[]) {
  const { id: userId } = await ensureUser(db(), 'unidades@example.org');
  await insertDocument(db(), { id, userId, titulo: id, autores: [], tipo: 'documento', userMeta: {}, searchKey: id });
  await replaceContent(db(), id, units, splitPassages(units));
  return readUnits(db(), id, 1, units.length, units.length, { blocks: true });
}

async function convertFixture(name: string) {
  const file = path.join(REPO_ROOT, 'test/fixtures', name);
  return (await convertFile({ path: file, size: fs.statSync(file).size, nombre: path.basename(name) }, convertContext))
    .unidades;
}

describe('units with blocks', () => {
  it("keeps a transcript's cues with their own times and speakers, and their text byte for byte", async () => {
    const units = unitsFromCues(
      parseTranscript(
        `WEBVTT

00:00:00.000 --> 00:00:02.300
<v Ana Pérez>Hola, "bienvenidos" a Folio \\ n.º 1…

00:00:02.300 --> 00:00:04.700
<v Ana Pérez>Hoy hablamos de bibliotecas 📚 personales.

00:00:05.200 --> 00:00:08.700
<v Luis Gil>Gracias, Ana. Cada cita conserva su ancla.
`,
        'vtt',
      ),
    );
    expect(units).toHaveLength(1);
    const [row] = await roundTrip('transcripcion', units);
    expect(row!.bloques).toEqual([
      {
        texto: 'Hola, "bienvenidos" a Folio \\ n.º 1…',
        ancla: { tipo: 'tiempo', t0: 0, t1: 2.3, hablante: 'Ana Pérez' },
      },
      {
        texto: 'Hoy hablamos de bibliotecas 📚 personales.',
        ancla: { tipo: 'tiempo', t0: 2.3, t1: 4.7, hablante: 'Ana Pérez' },
      },
      {
        texto: 'Gracias, Ana. Cada cita conserva su ancla.',
        ancla: { tipo: 'tiempo', t0: 5.2, t1: 8.7, hablante: 'Luis Gil' },
      },
    ]);
    expect(row).toMatchObject({ t0: 0, t1: 8.7, ancla: { tipo: 'tiempo', t0: 0, t1: 8.7 } });
  });

  it("keeps a DOCX section's paragraphs with their anchors; a one-paragraph section stores none", async () => {
    const units = await convertFixture('office/aguas-paramo.docx');
    const rows = await roundTrip('docx', units);
    expect(rows).toHaveLength(units.length);
    const withBlocks = rows.filter((r) => r.bloques);
    expect(withBlocks.length).toBeGreaterThan(0);
    rows.forEach((row, i) => {
      const blocks = units[i]!.bloques ?? [];
      if (blocks.length > 1) expect(row.bloques, `unit ${i + 1}`).toEqual(blocks);
      else expect(row.bloques, `unit ${i + 1}`).toBeNull();
    });
    for (const row of withBlocks) {
      const numbers = row.bloques!.map((b) => (b.ancla.tipo === 'seccion' ? b.ancla.parrafo : undefined));
      expect(numbers[0]).toBeGreaterThanOrEqual(1);
      numbers.forEach((n, i) => expect(n).toBe(numbers[0]! + i));
    }
  });

  it('stores nothing for blocks anchored where their unit is (the text boxes of a slide)', async () => {
    const units = await convertFixture('office/presentacion-agua.pptx');
    expect(units.some((u) => (u.bloques?.length ?? 0) > 1)).toBe(true);
    const rows = await roundTrip('pptx', units);
    expect(rows.map((r) => r.bloques)).toEqual(units.map(() => null));
  });

  it('gives each unit its own blocks across insert batches, and reads them only when asked', async () => {
    const units: Unit[] = Array.from({ length: 450 }, (_, i) => {
      const bloques = [1, 2].map((n) => ({
        texto: `Unidad ${i + 1}, párrafo ${n}.`,
        ancla: { tipo: 'seccion' as const, ruta: [`Sección ${i + 1}`], parrafo: n },
      }));
      return { texto: bloques.map((b) => b.texto).join('\n\n'), ancla: bloques[0]!.ancla, bloques };
    });
    const rows = await roundTrip('lotes', units);
    expect(rows).toHaveLength(450);
    for (const i of [0, 199, 200, 201, 449]) {
      expect(rows[i]!.posicion).toBe(i + 1);
      expect(rows[i]!.bloques).toEqual(units[i]!.bloques);
    }
    const [plain] = await readUnits(db(), 'lotes', 1, 1, 1);
    expect(plain).not.toHaveProperty('bloques');
    expect(plain!.texto).toBe(units[0]!.texto);
  });

  it('replaces the blocks with the content when a document is read again', async () => {
    const [first] = await roundTrip('otra-vez', [
      {
        texto: 'Uno.\n\nDos.',
        ancla: { tipo: 'seccion', ruta: [], parrafo: 1 },
        bloques: [
          { texto: 'Uno.', ancla: { tipo: 'seccion', ruta: [], parrafo: 1 } },
          { texto: 'Dos.', ancla: { tipo: 'seccion', ruta: [], parrafo: 2 } },
        ],
      },
    ]);
    expect(first!.bloques).toHaveLength(2);
    await replaceContent(db(), 'otra-vez', [{ texto: 'Solo.', ancla: { tipo: 'seccion', ruta: [], parrafo: 1 } }], []);
    const [again] = await readUnits(db(), 'otra-vez', 1, 1, 1, { blocks: true });
    expect(again).toMatchObject({ texto: 'Solo.', bloques: null });
  });
});

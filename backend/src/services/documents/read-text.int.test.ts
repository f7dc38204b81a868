import { beforeAll, describe, expect, it } from 'vitest';
import type { Ancla } from '@folio/shared';
import { insertDocument, updateDocument } from '../../db/documents.repo';
import { replaceContent } from '../../db/units.repo';
import { AppError } from '../../errors';
import { useTestServer } from '../../testing/harness';
import { readText } from './read-text';

const ctx = useTestServer({}, { workers: false });
let userId: string;

beforeAll(async () => {
  await ctx.server.key('media@example.org');
  const [row] = await ctx.server.runtime.deps.db.query<{ id: string }>(
    "SELECT id FROM users WHERE email = 'media@example.org'",
  );
  userId = row!.id;
});

/** A ready document with the given units, written the way the ingest job writes them. */
async function seed(
  id: string,
  tipo: 'audio' | 'pdf',
  units: { texto: string; ancla: Ancla; t0?: number; t1?: number }[],
) {
  const db = ctx.server.runtime.deps.db;
  await insertDocument(db, {
    id,
    userId,
    titulo: 'Entrevista',
    autores: ['Ruiz, Ana'],
    anio: 2020,
    tipo,
    userMeta: {},
    searchKey: 'x',
  });
  await replaceContent(db, id, units, []);
  await updateDocument(db, id, { estado: 'listo', unidades: units.length });
}

describe('reading audio and video by time', () => {
  beforeAll(async () => {
    const cue = (t0: number, t1: number, texto: string) => ({
      texto,
      t0,
      t1,
      ancla: { tipo: 'tiempo' as const, t0, t1 },
    });
    await seed('audio1', 'audio', [
      cue(0, 30, 'Bienvenida.'),
      cue(30, 65, 'Los cenotes.'),
      cue(65, 3600, 'Una hora de nitratos.'),
      cue(3600, 3725.5, 'Cierre.'),
    ]);
  });
  const read = (q: Parameters<typeof readText>[3]) => readText(ctx.server.runtime.deps, userId, 'audio1', q);

  it('accepts m:ss, h:mm:ss and seconds, and locates units by their time range', async () => {
    const t = await read({ desde: '0:45', hasta: '1:00:00' });
    expect(t.unidades.map((u) => u.posicion)).toEqual([2, 3, 4]);
    expect(t.unidades[0]).toMatchObject({ localizador: '0:30', t0: 30, t1: 65, cita: '(Ruiz, 2020, 0:30)' });
    expect(t.unidades[2]).toMatchObject({
      localizador: '1:00:00',
      enlace: 'http://folio.test/leer/audio1?t=3600&hasta=3725.5',
    });
    expect((await read({ desde: '3650' })).unidades.map((u) => u.posicion)).toEqual([4]);
    expect((await read({ desde: '[2]', hasta: '[2]' })).unidades.map((u) => u.texto)).toEqual(['Los cenotes.']);
  });

  it('says which field is wrong for a malformed or out-of-range time', async () => {
    await expect(read({ desde: '1:75' })).rejects.toMatchObject({
      codigo: 'peticion_invalida',
      detalles: { campo: 'desde' },
    });
    await expect(read({ desde: '9:00:00' })).rejects.toMatchObject({
      codigo: 'peticion_invalida',
      detalles: { campo: 'desde' },
    });
    await expect(read({ desde: 'xii' })).rejects.toBeInstanceOf(AppError);
  });
});

describe('reading a PDF without printed labels', () => {
  beforeAll(async () => {
    const page = (fisica: number) => ({
      texto: `Página ${fisica}`,
      ancla: { tipo: 'pagina' as const, fisica, impresa: null },
    });
    await seed('sinfolio', 'pdf', [page(1), page(2), page(3)]);
  });

  it('takes a plain number as the physical page and cites it as such', async () => {
    const t = await readText(ctx.server.runtime.deps, userId, 'sinfolio', { desde: '2', hasta: '3' });
    expect(t.unidades.map((u) => u.localizador)).toEqual(['p. 2', 'p. 3']);
    await expect(readText(ctx.server.runtime.deps, userId, 'sinfolio', { desde: 'ii' })).rejects.toMatchObject({
      detalles: { campo: 'desde' },
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { ensureUser } from '../../db/users.repo';
import { AppError } from '../../errors';
import { useTestStore } from '../../testing/harness';
import { deleteStyle } from './delete-style';
import { listStyles } from './list-styles';
import { registerStyle } from './register-style';

const fx = useTestStore();
let deps: { db: Db };
let ana: string;
let ben: string;
beforeAll(async () => {
  deps = { db: (await fx.openStore()).db };
  ana = (await ensureUser(deps.db, 'ana@example.org')).id;
  ben = (await ensureUser(deps.db, 'ben@example.org')).id;
});

/** A CSL 1.0 style of this id and title; independent, or dependent on `parent`. */
const style = (id: string, title: string, parent?: string) =>
  `<?xml version="1.0" encoding="utf-8"?><style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">` +
  `<info><title>${title}</title><id>http://www.zotero.org/styles/${id}</id>` +
  (parent
    ? `<link href="http://www.zotero.org/styles/${parent}" rel="independent-parent"/></info>`
    : `</info><citation><layout prefix="(" suffix=")"><text variable="title"/></layout></citation>`) +
  `</style>`;

/** The code and field of the AppError `run` throws. */
async function refusal(run: () => Promise<unknown>): Promise<{ codigo: string; campo?: unknown }> {
  const err = await run().then(
    () => new Error('not refused'),
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw err;
  return { codigo: err.codigo, campo: err.detalles?.campo };
}

const own = async (userId: string) => (await listStyles(deps, userId)).estilos.filter((e) => e.propio);

describe("a user's own CSL styles", () => {
  it('are registered under their <id>, replaced when registered again, and never take a bundled id', async () => {
    const made = await registerStyle(deps, ana, style('revista-de-cenotes', 'Revista de Cenotes'));
    expect(made).toEqual({
      estilo: { id: 'revista-de-cenotes', titulo: 'Revista de Cenotes', clase: 'in-text', propio: true },
      replaced: false,
    });
    const again = await registerStyle(deps, ana, style('revista-de-cenotes', 'Revista de Cenotes, 2.ª época'));
    expect(again.replaced).toBe(true);
    expect(await own(ana)).toEqual([
      { id: 'revista-de-cenotes', titulo: 'Revista de Cenotes, 2.ª época', clase: 'in-text', propio: true },
    ]);
    expect(await refusal(() => registerStyle(deps, ana, style('apa', 'Mi APA')))).toEqual({
      codigo: 'conflicto',
      campo: 'id',
    });
    expect(await refusal(() => registerStyle(deps, ana, '<style>no</style>'))).toEqual({
      codigo: 'peticion_invalida',
      campo: 'cuerpo',
    });
  });

  it("depend only on a bundled style or on one of the same user's: another user's is not there", async () => {
    await registerStyle(deps, ana, style('base-de-ana', 'Base de Ana'));
    expect((await registerStyle(deps, ana, style('hija-de-ana', 'Hija', 'base-de-ana'))).estilo.id).toBe('hija-de-ana');
    expect((await registerStyle(deps, ben, style('hija-de-apa', 'Hija de APA', 'apa'))).estilo.id).toBe('hija-de-apa');
    expect(await refusal(() => registerStyle(deps, ben, style('hija-ajena', 'Ajena', 'base-de-ana')))).toEqual({
      codigo: 'peticion_invalida',
      campo: 'cuerpo',
    });
    expect((await own(ben)).map((e) => e.id)).toEqual(['hija-de-apa']);
  });

  it('are listed after the bundled ones to their owner alone, and deleted by their owner alone', async () => {
    await registerStyle(deps, ana, style('solo-de-ana', 'Solo de Ana'));
    const listed = (await listStyles(deps, ana)).estilos;
    expect(listed.findIndex((e) => e.propio)).toBe(listed.filter((e) => !e.propio).length);
    expect(listed.find((e) => e.id === 'apa')).toMatchObject({ propio: false });
    expect((await own(ben)).map((e) => e.id)).not.toContain('solo-de-ana');

    expect(await refusal(() => deleteStyle(deps, ben, 'solo-de-ana'))).toEqual({ codigo: 'no_encontrado' });
    // Bundled styles are nobody's to delete.
    expect(await refusal(() => deleteStyle(deps, ana, 'apa'))).toEqual({ codigo: 'no_encontrado' });
    expect(await deleteStyle(deps, ana, 'http://www.zotero.org/styles/solo-de-ana')).toEqual({
      ok: true,
      id: 'solo-de-ana',
      borrado: true,
    });
    expect((await own(ana)).map((e) => e.id)).not.toContain('solo-de-ana');
    expect(await refusal(() => deleteStyle(deps, ana, 'solo-de-ana'))).toEqual({ codigo: 'no_encontrado' });
  });
});

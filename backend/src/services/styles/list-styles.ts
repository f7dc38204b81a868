import type { ListaEstilos } from '@folio/shared';
import type { Deps } from '../../context';
import { BUNDLED_STYLES, STYLE_ALIASES, availableLocales, bundledStyleClass } from '../../cite/csl/registry';
import { listCslStyles } from '../../db/csl-styles.repo';

/** The styles the caller can cite with (bundled, then their own) and the locales accepted as `idioma`. */
export async function listStyles(deps: Pick<Deps, 'db'>, userId: string): Promise<ListaEstilos> {
  const bundled = Object.entries(BUNDLED_STYLES).map(([id, titulo]) => {
    const alias = Object.entries(STYLE_ALIASES)
      .filter(([, target]) => target === id)
      .map(([name]) => name);
    return { id, titulo, clase: bundledStyleClass(id), propio: false, ...(alias.length && { alias }) };
  });
  const own = (await listCslStyles(deps.db, userId)).map((s) => ({
    id: s.id,
    titulo: s.titulo,
    clase: s.clase,
    propio: true,
  }));
  return { estilos: [...bundled, ...own], idiomas: availableLocales().sort() };
}

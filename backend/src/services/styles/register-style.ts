import type { Estilo } from '@folio/shared';
import type { Deps } from '../../context';
import { formatCitations, isBundledStyle, readStyle, StyleError, userStyle } from '../../cite/csl/registry';
import { findCslStyle, saveCslStyle } from '../../db/csl-styles.repo';
import { AppError } from '../../errors';

/** Longest style file accepted (the largest styles of the CSL repository are under 200 KB). */
export const MAX_STYLE_BYTES = 1024 * 1024;

const invalid = (mensaje: string, message: string) =>
  new AppError('peticion_invalida', { mensaje, message, detalles: { campo: 'cuerpo' } });

/**
 * Registers a CSL style for the caller (POST /estilos): a CSL 1.0 file, independent or dependent on a
 * style the caller can already use. Its id comes from its `<info><id>`; the bundled ids are taken. The
 * style is tried on a sample citation before it is stored, so a style that citeproc cannot run is refused
 * now rather than when citing. Registering the same id again replaces it.
 */
export async function registerStyle(
  deps: Pick<Deps, 'db'>,
  userId: string,
  xml: string,
): Promise<{ estilo: Estilo; replaced: boolean }> {
  let info;
  try {
    info = readStyle(xml);
  } catch (err) {
    if (err instanceof StyleError) throw invalid(err.mensaje, err.message);
    throw err;
  }
  if (isBundledStyle(info.id)) {
    throw new AppError('conflicto', {
      mensaje: `'${info.id}' es un estilo incluido; cambia el <id> de tu estilo para registrarlo aparte.`,
      message: `'${info.id}' is a bundled style; give your style another <id>.`,
      detalles: { campo: 'id' },
    });
  }
  if (info.padre) {
    if (!isBundledStyle(info.padre) && !(await findCslStyle(deps.db, userId, info.padre))) {
      throw invalid(
        `El estilo depende de '${info.padre}', que no está incluido ni registrado: registra antes ese estilo.`,
        `The style depends on '${info.padre}', which is neither bundled nor registered.`,
      );
    }
  } else {
    try {
      const sample = { id: 'muestra', type: 'book', title: 'Muestra', author: [{ family: 'Pérez', given: 'Ana' }] };
      formatCitations(userStyle(xml), 'en-US', [sample], [{ id: 'muestra', locator: '1', label: 'page' }]);
    } catch (err) {
      throw invalid(
        `citeproc no puede usar el estilo: ${(err as Error).message}`,
        `citeproc cannot run the style: ${(err as Error).message}`,
      );
    }
  }
  const { replaced } = await saveCslStyle(deps.db, userId, {
    id: info.id,
    titulo: info.titulo,
    clase: info.clase,
    xml,
  });
  return { estilo: { id: info.id, titulo: info.titulo, clase: info.clase, propio: true }, replaced };
}

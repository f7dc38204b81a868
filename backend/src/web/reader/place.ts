import type { ReaderPlace } from '../../services/reader/view';

const POSITIVE_INT = /^[1-9]\d{0,8}$/;
const SECONDS = /^\d{1,7}(?:\.\d{1,3})?$/;
const ROWS = /^([1-9]\d{0,8})(?:-([1-9]\d{0,8}))?$/;

const int = (v: string | undefined) => (v !== undefined && POSITIVE_INT.test(v) ? Number(v) : undefined);

/**
 * The place a reader link names, from its query (the parameters `buildLink` writes: pagina, pasaje, t,
 * hasta, diapositiva, hoja, filas, parrafo, u). A value that does not parse is left out, so a damaged link
 * still opens the document, at its start; `hasta` only counts after a `t` it ends after.
 */
export function parsePlace(query: Record<string, string | undefined>): ReaderPlace {
  const place: ReaderPlace = {};
  const pagina = int(query.pagina);
  if (pagina) place.pagina = pagina;
  const pasaje = int(query.pasaje);
  if (pasaje) place.pasaje = pasaje;
  if (query.t !== undefined && SECONDS.test(query.t)) place.t = Number(query.t);
  const hasta = query.hasta !== undefined && SECONDS.test(query.hasta) ? Number(query.hasta) : undefined;
  if (place.t !== undefined && hasta !== undefined && hasta > place.t) place.hasta = hasta;
  const diapositiva = int(query.diapositiva);
  if (diapositiva) place.diapositiva = diapositiva;
  if (query.hoja !== undefined && query.hoja.trim() !== '') place.hoja = query.hoja;
  const rows = query.filas !== undefined ? ROWS.exec(query.filas) : null;
  if (rows) {
    const a = Number(rows[1]);
    const b = rows[2] !== undefined ? Number(rows[2]) : a;
    place.filas = { desde: Math.min(a, b), hasta: Math.max(a, b) };
  }
  const parrafo = int(query.parrafo);
  if (parrafo) place.parrafo = parrafo;
  const u = int(query.u);
  if (u) place.u = u;
  return place;
}

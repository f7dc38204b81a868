import type { Ancla } from '../contract/ancla';

/**
 * The reader link of a document with no place inside it: `${base}/leer/${id}`.
 * Trailing slashes of `base` are dropped and the id is percent-encoded.
 */
export function documentLink(base: string, documentId: string): string {
  return `${base.replace(/\/+$/, '')}/leer/${encodeURIComponent(documentId)}`;
}

/**
 * The `enlace` of a passage: the reader opened at the anchor's place.
 * - pagina `?pagina=12`; tiempo `?t=75.5&hasta=80` (seconds, at most 3 decimals; `hasta` is t1, written only
 *   when it ends after t0, so the reader plays the cited range and stops); diapositiva `?diapositiva=4`;
 * - hoja `?hoja=Datos&filas=2-10` (each part only when known; one row is written '2-2');
 * - seccion and web `?parrafo=3`, plus `&u=${posicion}` when `posicion` (the unit's physical position) is given;
 * - imagen or no anchor: no query, but `?u=${posicion}` when given. Any anchor that yields no parameter
 *   (a web anchor without paragraph, a sheet without name or rows) falls back to `?u=` the same way.
 *
 * `pasaje` is the position of a passage in the document (the number after ':' in its id). A page holds
 * many passages, so for a `pagina` anchor it is added as `&pasaje=${pasaje}` and the reader highlights
 * that passage's text on the page; every other anchor already names the passage's own place, and the
 * link is left as it was.
 */
export function buildLink(
  base: string,
  documentId: string,
  ancla?: Ancla | null,
  posicion?: number,
  pasaje?: number,
): string {
  const params = anchorParams(ancla);
  const needsUnit = ancla?.tipo === 'seccion' || ancla?.tipo === 'web' || params.toString() === '';
  if (posicion != null && needsUnit) params.set('u', String(posicion));
  if (pasaje != null && ancla?.tipo === 'pagina') params.set('pasaje', String(pasaje));
  const query = params.toString();
  const link = documentLink(base, documentId);
  return query === '' ? link : `${link}?${query}`;
}

function anchorParams(ancla: Ancla | null | undefined): URLSearchParams {
  const params = new URLSearchParams();
  switch (ancla?.tipo) {
    case 'pagina':
      params.set('pagina', String(ancla.fisica));
      break;
    case 'tiempo': {
      const t = seconds(ancla.t0);
      const hasta = seconds(ancla.t1);
      params.set('t', String(t));
      if (hasta > t) params.set('hasta', String(hasta));
      break;
    }
    case 'diapositiva':
      params.set('diapositiva', String(ancla.n));
      break;
    case 'hoja': {
      if (ancla.hoja) params.set('hoja', ancla.hoja);
      const first = ancla.filaDesde ?? ancla.filaHasta;
      const last = ancla.filaHasta ?? ancla.filaDesde;
      if (first !== undefined && last !== undefined) params.set('filas', `${first}-${last}`);
      break;
    }
    case 'seccion':
    case 'web':
      if (ancla.parrafo !== undefined) params.set('parrafo', String(ancla.parrafo));
      break;
  }
  return params;
}

const seconds = (t: number) => Math.round(t * 1000) / 1000;

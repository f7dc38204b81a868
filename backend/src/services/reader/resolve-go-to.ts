import { parsePhysical, parseTime } from '@folio/shared';
import type { Deps } from '../../context';
import { invalidField } from '../../errors';
import { readText } from '../documents/read-text';

/** Where a 'go to' lands: the reader's address (path and query) and, for the scripts, the place itself. */
export interface GoToPlace {
  /** The unit's physical position. */
  posicion: number;
  /** `/leer/<id>?…`: the unit's own link, or for a time the exact second. */
  enlace: string;
  /** Physical page, for a paginated document. */
  pagina?: number;
  /** Second to seek to, for audio and video. */
  t?: number;
  /** The unit's place as a citation names it, for the header: '(Pérez Canul, 2021, p. iii)'. */
  cita: string;
}

/** 'p. 45', 'pp. 45', 'pág. 45': the page word a citation writes before a folio. */
const PAGE_WORD = /^(?:pp?\.?|p[aá]gs?\.)\s*(?=\S)/i;

/**
 * A place typed in the reader's 'go to' box — a printed folio ('iii', '45', 'p. 45'), a physical position
 * ('[12]') or, for audio and video, a time ('1:23:05') — resolved exactly as `GET /documentos/{id}/texto`
 * resolves `desde` (it is that resolution: `readText` with `desde`), then turned into the reader's address.
 * A time keeps its exact second; anything else opens the unit's own link. What does not resolve is the same
 * 400 (or 409 for a document without text) the API answers.
 */
export async function resolveGoTo(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  id: string,
  input: string,
): Promise<GoToPlace> {
  const value = input.trim().replace(PAGE_WORD, '');
  if (!value) {
    throw invalidField(
      'desde',
      'Escribe un folio (iii, 45), una posición física ([12]) o un tiempo (1:23:05).',
      'Type a folio (iii, 45), a physical position ([12]) or a time (1:23:05).',
    );
  }
  const texto = await readText(deps, userId, id, { desde: value, limite: 1 });
  const unit = texto.unidades[0];
  if (!unit) throw invalidField('desde', `'${value}' no lleva a ninguna parte.`, `'${value}' leads nowhere.`);
  const link = new URL(unit.enlace);
  const media = texto.documento.tipo === 'audio' || texto.documento.tipo === 'video';
  const seconds = media && parsePhysical(value) === null ? parseTime(value) : null;
  if (seconds !== null) {
    return {
      posicion: unit.posicion,
      enlace: `${link.pathname}?t=${Math.round(seconds * 1000) / 1000}`,
      t: seconds,
      cita: unit.cita,
    };
  }
  const pagina = Number(link.searchParams.get('pagina')) || undefined;
  return {
    posicion: unit.posicion,
    enlace: `${link.pathname}${link.search}`,
    ...(pagina && { pagina }),
    ...(media && unit.t0 != null && { t: unit.t0 }),
    cita: unit.cita,
  };
}

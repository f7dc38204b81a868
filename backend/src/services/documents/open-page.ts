import type { Ancla, DocumentoBreve, TipoDocumento } from '@folio/shared';
import type { Deps } from '../../context';
import { readUnits } from '../../db/units.repo';
import { AppError } from '../../errors';
import { readText } from './read-text';

/** One unit of a document (a page, a section, a slide, a stretch of audio or video) as an agent reads it. */
export interface OpenedPage {
  documento: DocumentoBreve & { tipo: TipoDocumento };
  /** Physical position of the unit, from 1: `[posicion]` opens it again. */
  posicion: number;
  texto: string;
  cita: string;
  localizador: string;
  ancla: Ancla;
  enlace: string;
  t0?: number;
  t1?: number;
  /** The unit before, as a bracketed position, when there is one. */
  anterior?: string;
  /** The unit after, as a bracketed position, when there is one. */
  siguiente?: string;
}

/**
 * 'p. 45' and 'pág. xii' as search gives them in `localizador` are read as the folio they name, so an
 * agent may pass a locator back as it got it; every other form goes to read-text unchanged.
 */
export function locatorValue(localizador: string): string {
  return localizador.replace(/^\s*(?:pp?\.|p[áa]g(?:ina)?\.?)\s*/i, '').trim();
}

/**
 * The unit of the caller's document at `localizador` — a printed folio ('45', 'xii'), a physical position
 * ('[21]'), or for audio and video a time ('1:02:03') — resolved exactly as `GET /documentos/{id}/texto`
 * resolves `desde` (so the same errors: 404 for a document that is not the caller's, 409 without text,
 * 400 for a locator that names nothing), with its stored anchor.
 */
export async function openPage(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  documentId: string,
  localizador: string,
): Promise<OpenedPage> {
  const read = await readText(deps, userId, documentId, { desde: locatorValue(localizador), limite: 1 });
  const unit = read.unidades[0];
  // readText checked that the document is the caller's; the anchor is read for the unit it resolved.
  const [stored] = unit ? await readUnits(deps.db, documentId, unit.posicion, unit.posicion, 1) : [];
  if (!unit || !stored) {
    throw new AppError('no_encontrado', {
      mensaje: `El documento no tiene ninguna unidad en '${localizador}'.`,
      message: `The document has no unit at '${localizador}'.`,
    });
  }
  return {
    documento: read.documento,
    posicion: unit.posicion,
    texto: unit.texto,
    cita: unit.cita,
    localizador: unit.localizador,
    ancla: stored.ancla,
    enlace: unit.enlace,
    ...(unit.t0 !== undefined && { t0: unit.t0 }),
    ...(unit.t1 !== undefined && { t1: unit.t1 }),
    ...(unit.posicion > 1 && { anterior: `[${unit.posicion - 1}]` }),
    ...(read.siguiente && { siguiente: read.siguiente }),
  };
}

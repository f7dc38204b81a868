import {
  buildLink,
  formatCitation,
  formatLocator,
  parseFolio,
  parsePhysical,
  parseTime,
  type Texto,
} from '@folio/shared';
import type { Deps } from '../../context';
import { findDocument, type DocumentRow } from '../../db/documents.repo';
import { positionAtTime, positionEndingAtTime, positionOfFolio, readUnits } from '../../db/units.repo';
import type { Db } from '../../db/db';
import { AppError, invalidField, notFound } from '../../errors';
import { briefDocument } from '../presenters/present-document';

export interface TextQuery {
  desde?: string;
  hasta?: string;
  limite?: number;
}

const MAX_UNITS = 100;
const isMedia = (row: DocumentRow) => row.tipo === 'audio' || row.tipo === 'video';

/**
 * Resolves a `desde`/`hasta` value to a physical position: '[n]', a printed folio (arabic or roman,
 * through the page labels; a plain number is the physical page when the document has no labels), or
 * for audio and video a time.
 */
async function resolvePosition(db: Db, row: DocumentRow, field: 'desde' | 'hasta', value: string, atLeast: number) {
  const v = value.trim();
  const physical = parsePhysical(v);
  if (physical !== null) {
    if (physical < 1 || physical > row.unidades)
      throw invalidField(
        field,
        `La posición ${v} no existe: el documento tiene ${row.unidades} unidades.`,
        `Position ${v} does not exist: the document has ${row.unidades} units.`,
      );
    return physical;
  }
  if (isMedia(row)) {
    const seconds = parseTime(v);
    if (seconds === null)
      throw invalidField(
        field,
        `'${v}' no es un tiempo válido (h:mm:ss, m:ss o segundos) ni una posición [n].`,
        `'${v}' is not a valid time (h:mm:ss, m:ss or seconds) nor a position [n].`,
      );
    const pos =
      field === 'desde' ? await positionAtTime(db, row.id, seconds) : await positionEndingAtTime(db, row.id, seconds);
    if (pos === undefined)
      throw invalidField(
        field,
        `El tiempo ${v} queda fuera de la duración del documento.`,
        `Time ${v} is outside the document's duration.`,
      );
    return pos;
  }
  const folio = parseFolio(v);
  if (!folio)
    throw invalidField(
      field,
      `'${v}' no es un folio impreso (45, xii) ni una posición física ([3]).`,
      `'${v}' is not a printed folio (45, xii) nor a physical position ([3]).`,
    );
  const pos = await positionOfFolio(db, row.id, folio.impresa, atLeast);
  if (pos !== undefined) return pos;
  if (!folio.romana && !(await positionOfFolio(db, row.id, null, 1)) && folio.valor >= 1 && folio.valor <= row.unidades)
    return folio.valor;
  throw invalidField(
    field,
    `No hay ninguna página con el folio impreso '${v}'. Usa [n] para la posición física.`,
    `No page has the printed folio '${v}'. Use [n] for the physical position.`,
  );
}

/** Units of the caller's document in physical order, by printed folio, position or time. */
export async function readText(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  id: string,
  q: TextQuery,
): Promise<Texto> {
  const row = await findDocument(deps.db, userId, id);
  if (!row) throw notFound();
  if (row.solo_referencia) {
    throw new AppError('conflicto', {
      mensaje: 'El documento es solo una referencia: no tiene archivo ni texto.',
      message: 'The document is a reference only: it has no file and no text.',
      detalles: { estado: row.estado, solo_referencia: true },
    });
  }
  if (row.estado !== 'listo' || row.unidades === 0) {
    const why =
      row.estado === 'error'
        ? {
            mensaje: `El documento no tiene texto: su lectura terminó con error (${row.error ?? 'sin detalle'}).`,
            message: 'The document has no text: its ingestion failed.',
          }
        : row.estado === 'listo'
          ? { mensaje: 'El documento no contiene texto.', message: 'The document contains no text.' }
          : {
              mensaje: 'El documento aún no tiene texto: se está procesando.',
              message: 'The document has no text yet: it is being processed.',
            };
    throw new AppError('conflicto', { ...why, detalles: { estado: row.estado } });
  }
  const from = q.desde ? await resolvePosition(deps.db, row, 'desde', q.desde, 1) : 1;
  let to: number;
  if (q.hasta) {
    to = await resolvePosition(deps.db, row, 'hasta', q.hasta, from);
    if (to < from) throw invalidField('hasta', '`hasta` queda antes de `desde`.', '`hasta` comes before `desde`.');
  } else {
    to = row.unidades;
  }
  const limit = q.hasta ? MAX_UNITS : (q.limite ?? 20);
  const units = await readUnits(deps.db, row.id, from, to, limit);
  const last = units[units.length - 1]?.posicion ?? from - 1;
  const publicUrl = deps.config.publicUrl;
  return {
    documento: { ...briefDocument(row), tipo: row.tipo },
    unidades: units.map((u) => {
      const localizador = formatLocator(u.ancla);
      return {
        posicion: u.posicion,
        localizador,
        cita: formatCitation(row, localizador),
        enlace: buildLink(publicUrl, row.id, u.ancla, u.posicion),
        texto: u.texto,
        ...(u.t0 != null && { t0: u.t0 }),
        ...(u.t1 != null && { t1: u.t1 }),
      };
    }),
    ...(last < to && { siguiente: `[${last + 1}]` }),
  };
}

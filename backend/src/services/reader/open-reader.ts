import { formatCitation, formatLocator, type Ancla } from '@folio/shared';
import type { Deps } from '../../context';
import { findDocument, type DocumentRow } from '../../db/documents.repo';
import { passageAt, passagesOfUnits, sheetsOf, unitOfSheetRows, unitOfSlide } from '../../db/reader.repo';
import { readUnits, type UnitRow } from '../../db/units.repo';
import { originalOf } from '../documents/read-original';
import { sectionBlocks } from './section-blocks';
import { sheetRowNumbers } from './sheet-rows';
import { sheetTable } from './sheet-table';
import { segmentAt, segmentsOverlapping, transcriptSegments } from './transcript';
import type {
  ImageView,
  MediaView,
  PdfView,
  ReaderCitation,
  ReaderDocument,
  ReaderPlace,
  ReaderView,
  SheetView,
  SlideView,
  TextView,
} from './view';

/** Units of a text shown on one reader page; longer documents are read in windows of this many. */
export const TEXT_WINDOW = 200;
/** How many of the window's units come before the one linked. */
const WINDOW_BEFORE = 50;
/** Bound on the passages read for one page (a transcript of many hours stays far below it). */
const MAX_PASSAGES = 20_000;

type ReaderDeps = Pick<Deps, 'db' | 'blobs'>;

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

function readerDocument(row: DocumentRow): ReaderDocument {
  return {
    id: row.id,
    titulo: row.titulo,
    autores: row.autores,
    anio: row.anio,
    tipo: row.tipo,
    estado: row.estado,
    error: row.error,
    url: row.url,
    referencia: row.referencia,
    unidades: row.unidades,
    archivo: row.blob_key != null,
    soloReferencia: row.solo_referencia === true,
  };
}

function citationAt(row: DocumentRow, ancla: Ancla | undefined): ReaderCitation | undefined {
  if (!ancla) return undefined;
  const localizador = formatLocator(ancla);
  return { cita: formatCitation(row, localizador), localizador };
}

async function unitAt(
  deps: ReaderDeps,
  row: DocumentRow,
  posicion: number,
  opts: { blocks?: boolean } = {},
): Promise<UnitRow | undefined> {
  return (await readUnits(deps.db, row.id, posicion, posicion, 1, opts))[0];
}

async function pdfView(deps: ReaderDeps, row: DocumentRow, doc: ReaderDocument, place: ReaderPlace): Promise<PdfView> {
  const paginas = Math.max(1, row.unidades);
  const passage = place.pasaje != null ? await passageAt(deps.db, row.id, place.pasaje) : undefined;
  const pagina = clamp(place.pagina ?? passage?.unidad ?? place.u ?? 1, 1, paginas);
  const unit = await unitAt(deps, row, pagina);
  const onPage = passage && passage.unidad === pagina ? passage : undefined;
  return {
    kind: 'pdf',
    doc,
    pagina,
    paginas,
    ...(onPage && { pasaje: { posicion: onPage.posicion, texto: onPage.texto } }),
    ...(unit && { textoPagina: unit.texto }),
    lugar: citationAt(row, onPage?.ancla ?? unit?.ancla),
  };
}

async function mediaView(
  deps: ReaderDeps,
  row: DocumentRow,
  doc: ReaderDocument,
  place: ReaderPlace,
): Promise<MediaView> {
  const [passages, units, original] = await Promise.all([
    passagesOfUnits(deps.db, row.id, 1, row.unidades, MAX_PASSAGES),
    readUnits(deps.db, row.id, 1, row.unidades, MAX_PASSAGES, { blocks: true }),
    originalOf(deps, row),
  ]);
  const segmentos = transcriptSegments(passages, units);
  const fromUnit = place.u != null ? units.find((u) => u.posicion === place.u)?.t0 : undefined;
  const t = place.t ?? fromUnit ?? undefined;
  const actual = t != null ? segmentAt(segmentos, t) : -1;
  const { hasta } = place;
  const inRange = t != null && hasta != null ? segmentsOverlapping(segmentos, t, hasta) : [];
  const citados = inRange.length > 0 ? inRange : actual >= 0 ? [actual] : [];
  const type = original?.contentType ?? '';
  const elemento =
    type.startsWith('audio/') || (row.tipo === 'audio' && !type.startsWith('video/')) ? 'audio' : 'video';
  const segment = segmentos[actual];
  return {
    kind: 'media',
    doc,
    elemento,
    reproducible: type.startsWith('audio/') || type.startsWith('video/'),
    ...(t != null && { t }),
    ...(hasta != null && { hasta }),
    segmentos,
    actual,
    citados,
    lugar: citationAt(
      row,
      segment && {
        tipo: 'tiempo',
        t0: segment.t0,
        t1: segment.t1,
        ...(segment.hablante && { hablante: segment.hablante }),
      },
    ),
  };
}

async function textView(
  deps: ReaderDeps,
  row: DocumentRow,
  doc: ReaderDocument,
  place: ReaderPlace,
): Promise<TextView> {
  const total = row.unidades;
  const linked = place.u != null && place.u >= 1 && place.u <= total ? place.u : undefined;
  const desde = linked ? Math.max(1, linked - WINDOW_BEFORE) : 1;
  const hasta = Math.min(total, desde + TEXT_WINDOW - 1);
  const [units, passages] = await Promise.all([
    readUnits(deps.db, row.id, desde, hasta, TEXT_WINDOW, { blocks: true }),
    passagesOfUnits(deps.db, row.id, desde, hasta, MAX_PASSAGES),
  ]);
  const byUnit = Map.groupBy(passages, (p) => p.unidad);
  const unidades = units.map((u) => ({
    posicion: u.posicion,
    bloques: sectionBlocks(u, byUnit.get(u.posicion) ?? []),
  }));

  // Without a unit, a paragraph number alone names the first unit that has it.
  const target =
    linked ??
    (place.parrafo != null
      ? unidades.find((u) => u.bloques.some((b) => b.kind === 'paragraph' && b.parrafo === place.parrafo))?.posicion
      : undefined);
  const targetUnit = units.find((u) => u.posicion === target);
  const hasParagraph =
    place.parrafo != null &&
    unidades.some(
      (u) => u.posicion === target && u.bloques.some((b) => b.kind === 'paragraph' && b.parrafo === place.parrafo),
    );
  const first = units[0]?.ancla;
  const anchorAt: Ancla | undefined =
    targetUnit && hasParagraph && (targetUnit.ancla.tipo === 'seccion' || targetUnit.ancla.tipo === 'web')
      ? { ...targetUnit.ancla, parrafo: place.parrafo! }
      : targetUnit?.ancla;
  return {
    kind: 'texto',
    doc,
    unidades,
    ...(target != null && { destino: { unidad: target, ...(hasParagraph && { parrafo: place.parrafo }) } }),
    ventana: { desde, hasta, total },
    ...((row.tipo === 'web' || first?.tipo === 'web') && {
      web: {
        ...((row.url ?? (first?.tipo === 'web' ? first.url : undefined)) && {
          url: row.url ?? (first?.tipo === 'web' ? first.url : undefined),
        }),
        ...(first?.tipo === 'web' && first.consultada && { consultada: first.consultada }),
      },
    }),
    lugar: citationAt(row, anchorAt),
  };
}

async function slideView(
  deps: ReaderDeps,
  row: DocumentRow,
  doc: ReaderDocument,
  place: ReaderPlace,
): Promise<SlideView> {
  const total = Math.max(1, row.unidades);
  let posicion = place.u != null ? clamp(place.u, 1, total) : 1;
  if (place.diapositiva != null) posicion = (await unitOfSlide(deps.db, row.id, place.diapositiva)) ?? posicion;
  const unit = await unitAt(deps, row, posicion);
  const n = unit?.ancla.tipo === 'diapositiva' ? unit.ancla.n : posicion;
  return {
    kind: 'diapositiva',
    doc,
    n,
    total,
    posicion,
    lineas: (unit?.texto ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    lugar: citationAt(row, unit?.ancla),
  };
}

async function sheetView(
  deps: ReaderDeps,
  row: DocumentRow,
  doc: ReaderDocument,
  place: ReaderPlace,
): Promise<SheetView> {
  const hojas = (await sheetsOf(deps.db, row.id)).map((h) => ({ nombre: h.hoja, primera: h.primera }));
  let posicion: number | undefined;
  if (place.u != null && place.u >= 1 && place.u <= row.unidades) posicion = place.u;
  else if (place.hoja != null || place.filas != null) {
    posicion = await unitOfSheetRows(deps.db, row.id, place.hoja ?? null, place.filas?.desde, place.filas?.hasta);
  }
  posicion ??= 1;
  const [unit, passages] = await Promise.all([
    unitAt(deps, row, posicion, { blocks: true }),
    passagesOfUnits(deps.db, row.id, posicion, posicion, MAX_PASSAGES),
  ]);
  const known = unit && (await sheetRowNumbers(deps, row, unit));
  const hoja = unit?.ancla.tipo === 'hoja' ? (unit.ancla.hoja ?? null) : null;
  const filas = place.filas;
  return {
    kind: 'hoja',
    doc,
    hojas,
    hoja,
    posicion,
    tabla: unit ? sheetTable(unit, passages, known) : { filas: [] },
    ...(filas && { filas }),
    lugar: citationAt(
      row,
      filas
        ? { tipo: 'hoja', ...(hoja != null && { hoja }), filaDesde: filas.desde, filaHasta: filas.hasta }
        : unit?.ancla,
    ),
  };
}

async function imageView(deps: ReaderDeps, row: DocumentRow, doc: ReaderDocument): Promise<ImageView> {
  const units = await readUnits(deps.db, row.id, 1, Math.max(1, row.unidades), TEXT_WINDOW);
  return {
    kind: 'imagen',
    doc,
    texto: units.map((u) => u.texto).join('\n\n'),
    lugar: citationAt(row, units[0]?.ancla),
  };
}

/**
 * Everything the reader shows of the caller's document at `place`: the PDF page and the passage to
 * highlight, the transcript and the second to seek to, the paragraphs and the one to scroll to, a slide,
 * a sheet's rows, an image's text. Undefined when the document is not the caller's (the page then says
 * only that it was not found). A document without text yet opens as `pendiente`, except a PDF, whose
 * file can be read while it is processed.
 */
export async function openReader(
  deps: ReaderDeps,
  userId: string,
  id: string,
  place: ReaderPlace,
): Promise<ReaderView | undefined> {
  const row = await findDocument(deps.db, userId, id);
  if (!row) return undefined;
  const doc = readerDocument(row);
  const isPdf = row.tipo === 'pdf' || row.tipo === 'pdf_escaneado';
  if (isPdf && doc.archivo) return pdfView(deps, row, doc, place);
  if (row.estado !== 'listo' || row.unidades === 0) return { kind: 'pendiente', doc };
  switch (row.tipo) {
    case 'pdf':
    case 'pdf_escaneado':
      return { kind: 'pendiente', doc };
    case 'audio':
    case 'video':
      return mediaView(deps, row, doc, place);
    case 'presentacion':
      return slideView(deps, row, doc, place);
    case 'hoja':
      return sheetView(deps, row, doc, place);
    case 'imagen':
      return imageView(deps, row, doc);
    case 'epub':
    case 'documento':
    case 'web':
      return textView(deps, row, doc, place);
  }
}

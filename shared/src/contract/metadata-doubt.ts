import type { OrigenMetadato, OrigenMetadatos, ProcedenciaCampo } from './documento';

/**
 * The confidence (of `CONFIANZA_ORIGEN`) a value needs to be shown without a doubt. From 0.8 up the value was
 * given by the user or written down as metadata by someone who knew the work (a registry's record, the web
 * page's tags, an arXiv id, the PDF's XMP); below it Folio guessed: the first page's layout, a number or DOI
 * printed somewhere in the text, the file's properties or info dictionary, its creation date, its name.
 * On metadata-dev those guesses were right 46 % (authors from the first page) to 82 % (a year printed in the
 * text) of the time, so each is worth a look.
 */
export const CONFIANZA_SIN_DUDA = 0.8;

/**
 * The fields a reader is asked to check: those a reference is made of. The language is left out: the one the
 * text is written in is told reliably on any text long enough to be a document, and a reference does not
 * print it.
 */
export const CAMPOS_REVISABLES = ['titulo', 'autores', 'anio', 'doi'] as const;
export type CampoRevisable = (typeof CAMPOS_REVISABLES)[number];

/** Fields whose absence is itself worth saying: a reference names a title, its authors and a year. */
export const CAMPOS_ESPERADOS = ['titulo', 'autores', 'anio'] as const;
export type CampoEsperado = (typeof CAMPOS_ESPERADOS)[number];

/**
 * A field a reader should check: its value came from an origin below {@link CONFIANZA_SIN_DUDA}
 * (`motivo: 'origen'`), or there is no value where a reference needs one (`motivo: 'falta'`).
 */
export type DudaMetadato =
  | { campo: CampoRevisable; motivo: 'origen'; origen: OrigenMetadato; confianza: number }
  | { campo: CampoEsperado; motivo: 'falta' };

/** What the rule reads of a document: its values and where they came from (`Documento` fits). */
export interface MetadatosRevisables {
  titulo?: string;
  autores?: readonly string[];
  anio?: number;
  /** The DOI in force (`detalles_bibliograficos.doi` of a `Documento`); absent when none. */
  doi?: string;
  origen_metadatos?: OrigenMetadatos;
}

/** Whether a value of this origin is one to check: it has an origin, and its confidence is below the bar. */
export function esProcedenciaDudosa(procedencia: ProcedenciaCampo | undefined): procedencia is ProcedenciaCampo {
  return procedencia !== undefined && procedencia.confianza < CONFIANZA_SIN_DUDA;
}

const hasValue = (campo: CampoRevisable, m: MetadatosRevisables): boolean => {
  if (campo === 'autores') return (m.autores ?? []).length > 0;
  if (campo === 'anio') return m.anio !== undefined;
  return Boolean(m[campo]?.trim());
};

/**
 * The fields of a document a reader should check, in the order a reference names them: each value whose
 * origin is doubtful, and each missing title, author list or year. A value without a recorded origin (a
 * document read before origins were kept) is not doubted. Call it on a ready document: while one is read its
 * values are still to come.
 */
export function dudasDeMetadatos(m: MetadatosRevisables): DudaMetadato[] {
  const dudas: DudaMetadato[] = [];
  for (const campo of CAMPOS_REVISABLES) {
    if (!hasValue(campo, m)) {
      if (campo !== 'doi') dudas.push({ campo, motivo: 'falta' });
      continue;
    }
    const procedencia = m.origen_metadatos?.[campo];
    if (esProcedenciaDudosa(procedencia)) {
      dudas.push({ campo, motivo: 'origen', origen: procedencia.origen, confianza: procedencia.confianza });
    }
  }
  return dudas;
}

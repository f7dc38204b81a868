import type { CampoConOrigen, DetallesBibliograficos, OrigenMetadato } from '@folio/shared';
import type { FoundMetadata } from '../ingest/converter';
import type { RegistryRecord } from '../ingest/metadata/identifiers/registry-record';

/** The bibliographic fields beyond title, authors and year, except the DOI (its own column). */
export type Details = Omit<DetallesBibliograficos, 'doi'>;

/** The keys of the bibliographic details (the DOI and the language have their own columns). */
export const DETAIL_KEYS = [
  'tipo_obra',
  'contenedor',
  'editores',
  'genero',
  'volumen',
  'numero',
  'paginas',
  'editorial',
  'lugar',
  'edicion',
  'isbn',
  'url',
] as const satisfies readonly (keyof Details)[];

/**
 * What the user gave (at upload, or corrected later), which wins over anything else. A key holding null (or
 * `autores: []`) means the user cleared that field: no other layer fills it again.
 */
export interface UserMeta {
  titulo?: string;
  autores?: string[];
  anio?: number | null;
  doi?: string | null;
  idioma?: string | null;
  /** Each key of Details: the user's value, or null when the user cleared it. */
  detalles?: { [K in keyof Details]?: Details[K] | null };
  /**
   * The values above that came from the user's own library elsewhere (an import), not typed here: their
   * origin is that library's. A field the user corrects in Folio afterwards leaves `campos`.
   */
  importado?: { origen: ImportOrigin; campos: UserField[] };
}

/** The origins of an imported library's values. */
export type ImportOrigin = Extract<OrigenMetadato, 'zotero' | 'bibliografia'>;

/** A field of the user's layer: the top-level ones and the details. */
export type UserField = 'titulo' | 'autores' | 'anio' | 'doi' | 'idioma' | keyof Details;

/** The fields whose origin a document stores: the contract's five, and the kind of work. */
export type FieldWithOrigin = CampoConOrigen | 'tipo_obra';

/** Where each field in force came from (migration 016); confidences are the contract's CONFIANZA_ORIGEN. */
export type FieldOrigins = Partial<Record<FieldWithOrigin, OrigenMetadato>>;

/** What a page or a feed said of the work a URL led to (its tags: `citation_*`, Open Graph, JSON-LD, RSS). */
export type PageMetadata = Pick<
  FoundMetadata,
  'titulo' | 'autores' | 'anio' | 'idioma' | 'duracion' | 'doi' | 'contenedor'
>;

/** A registry's record as kept: everything but where it came from. */
export type RegistryFields = Omit<RegistryRecord, 'fuente'>;

/**
 * What the file itself gave at its last reading: the converter's FoundMetadata but its duration (a column
 * of its own), with the origin of each field it has settled (the converter's `origen`, else the page's tags
 * or the file's properties), so the resolver needs nothing else to rank it.
 */
export type FileMetadata = Omit<FoundMetadata, 'duracion' | 'origen'> & {
  origen: Partial<Record<CampoConOrigen, OrigenMetadato>>;
  /** The origin of the details it gives (ISBN, container, a thesis cover's kind and genre). */
  origenDetalles: OrigenMetadato;
};

/**
 * The `source_meta` column: the layers besides the user's that a document's values are resolved from. At its
 * top level, what the page or feed said (the layout since migration 013); `ficha_registro` and `archivo` since
 * the resolver (no migration: a JSON column). A row written before has neither: its registry's fields were
 * kept at the top level and named in `registro`, and its details only in `detalles`.
 */
export interface SourceMeta extends PageMetadata {
  /** Before `ficha_registro`: the top-level fields a registry gave (`apply-registry-record`), not the page's. */
  registro?: CampoConOrigen[];
  /** The registry's record of the document's DOI or ISBN. */
  ficha_registro?: RegistryFields;
  /** What the file gave at its last reading. */
  archivo?: FileMetadata;
}

/** A document's bibliographic values in force: the columns every reader of a document uses. */
export interface MetadataValues {
  titulo: string;
  autores: string[];
  anio: number | null;
  doi: string | null;
  idioma: string | null;
  detalles: Details;
}

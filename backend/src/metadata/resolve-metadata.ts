import { CONFIANZA_ORIGEN, type OrigenMetadato, type TipoDocumento } from '@folio/shared';
import { titleFromFileName } from './file-name-title';
import { inferWorkKind, type InferredKind } from './kind-of-work';
import {
  DETAIL_KEYS,
  type Details,
  type FieldOrigins,
  type FileMetadata,
  type MetadataValues,
  type PageMetadata,
  type RegistryFields,
  type UserField,
  type UserMeta,
} from './metadata-types';

/**
 * Everything a document's metadata is resolved from, most trusted first: the user (upload or correction);
 * a registry's record of its DOI or ISBN; the page or feed a URL led to; what the file itself gave (its
 * converter has already weighed the printed page against XMP, the info dictionary and the creation date, and
 * says each field's origin); the file name, standing in for a title.
 */
export interface MetadataLayers {
  /** The kind of file: whether a kind of work may be inferred (printed works only). */
  tipo: TipoDocumento;
  user: UserMeta;
  registry?: RegistryFields;
  page?: PageMetadata;
  file?: FileMetadata;
  /** The file's name, as the user's system gave it. */
  fileName?: string | null;
  /** The title a document had when no layer gives one (a URL's, before its page is read), with its origin. */
  standIn?: { titulo: string; origen?: OrigenMetadato };
}

/** A value in force, where it came from and how far to trust it (none for a value of unknown origin). */
export interface ResolvedField<T> {
  valor: T;
  origen?: OrigenMetadato;
  confianza?: number;
  /** The kind of work was inferred from the value whose origin it carries (a DOI, a journal, an ISBN). */
  inferido?: true;
}

type ResolvedDetails = { [K in keyof Details]?: ResolvedField<NonNullable<Details[K]>> };

/** Each field in force; a field no layer gives (or the user cleared) is absent, so it has no origin. */
export interface ResolvedMetadata {
  titulo: ResolvedField<string>;
  autores?: ResolvedField<string[]>;
  anio?: ResolvedField<number>;
  doi?: ResolvedField<string>;
  idioma?: ResolvedField<string>;
  detalles: ResolvedDetails;
}

/** The title of a document nothing names. */
export const NO_TITLE = 'Sin título';

type Candidate<T> = [value: T | null | undefined, origen: OrigenMetadato | undefined];

const present = (value: unknown): boolean =>
  value != null && value !== '' && !(Array.isArray(value) && value.length === 0);

const field = <T>(valor: T, origen: OrigenMetadato | undefined): ResolvedField<T> =>
  origen ? { valor, origen, confianza: CONFIANZA_ORIGEN[origen] } : { valor };

/**
 * The value in force of one field: the user's when they gave one (undefined: not given; null or []: cleared,
 * so no value at all), else the first layer that has one. A year from the file's creation date (`demoted`)
 * yields to a printed year of any layer: it is kept only when no layer prints one.
 */
function pick<T>(
  user: T | null | undefined,
  candidates: Candidate<T>[],
  demoted?: OrigenMetadato,
  userOrigin: OrigenMetadato = 'usuario',
): ResolvedField<NonNullable<T>> | undefined {
  if (user !== undefined) return present(user) ? field(user as NonNullable<T>, userOrigin) : undefined;
  const given = candidates.filter(([value]) => present(value));
  const chosen = given.find(([, origen]) => origen !== demoted) ?? given[0];
  return chosen && field(chosen[0] as NonNullable<T>, chosen[1]);
}

/**
 * The one rule of which metadata value is in force, for every path that changes one (a reading, a registry's
 * record, a correction, an upload): each field with its origin and confidence (the contract's
 * CONFIANZA_ORIGEN). Pure: the layers in, the record out.
 */
export function resolveMetadata(layers: MetadataLayers): ResolvedMetadata {
  const { user, registry = {}, page = {}, file } = layers;
  const fileOrigin = (key: keyof FileMetadata['origen']) => file?.origen[key];
  const fromName = titleFromFileName(layers.fileName);
  const titulo =
    pick(
      user.titulo,
      [
        [registry.titulo, 'registro'],
        [page.titulo, 'pagina_web'],
        [file?.titulo, fileOrigin('titulo')],
        [fromName, 'nombre_archivo'],
        [layers.standIn?.titulo, layers.standIn?.origen],
      ],
      undefined,
      userOrigin(user, 'titulo'),
    ) ?? field(NO_TITLE, undefined);
  const ofLayers = <T>(
    key: 'autores' | 'anio' | 'doi' | 'idioma',
    user: T | null | undefined,
    demoted?: OrigenMetadato,
  ) =>
    pick<T>(
      user,
      [
        [registry[key] as T | undefined, 'registro'],
        [page[key] as T | undefined, 'pagina_web'],
        [file?.[key] as T | undefined, fileOrigin(key)],
      ],
      demoted,
      userOrigin(layers.user, key),
    );
  const doi = ofLayers('doi', user.doi);
  const detalles = resolveDetails(layers, doi);
  return {
    titulo,
    ...defined('autores', ofLayers('autores', user.autores)),
    ...defined('anio', ofLayers('anio', user.anio, 'fecha_creacion')),
    ...defined('doi', doi),
    ...defined('idioma', ofLayers('idioma', user.idioma)),
    detalles,
  };
}

/** Where the user's value of `key` came from: an imported library's, or the user's own typing. */
const userOrigin = (user: UserMeta, key: UserField): OrigenMetadato =>
  user.importado?.campos.includes(key) ? user.importado.origen : 'usuario';

const defined = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/**
 * The details in force: each the user's, else the registry's, else the page's (its site or show), else the
 * file's; then the kind of work ({@link resolveKind}).
 */
function resolveDetails(layers: MetadataLayers, doi: ResolvedField<string> | undefined): ResolvedDetails {
  const { user, registry = {}, page = {}, file } = layers;
  const mine = user.detalles ?? {};
  const out: Record<string, ResolvedField<unknown>> = {};
  for (const key of DETAIL_KEYS) {
    if (key === 'tipo_obra' || key === 'genero') continue;
    const fromPage = key === 'contenedor' ? page.contenedor : undefined;
    const fromFile = file && key in file ? (file as Record<string, unknown>)[key] : undefined;
    const value = pick<unknown>(
      mine[key],
      [
        [registry[key], 'registro'],
        [fromPage, 'pagina_web'],
        [fromFile, file?.origenDetalles],
      ],
      undefined,
      userOrigin(user, key),
    );
    if (value) out[key] = value;
  }
  return { ...(out as ResolvedDetails), ...resolveKind(layers, doi, out as ResolvedDetails) };
}

/**
 * The kind of work and its genre. The user's kind wins, then the registry's, then the file's own (a thesis
 * cover); else it is inferred from the values in force ({@link inferWorkKind}), carrying the origin of the
 * value it rests on. A user's null on the kind gives it back to inference. A genre goes with the layer whose
 * kind is in force (a registry's 'PhD thesis' is no article's), or with a layer that names no kind.
 */
function resolveKind(
  layers: MetadataLayers,
  doi: ResolvedField<string> | undefined,
  details: ResolvedDetails,
): Pick<ResolvedDetails, 'tipo_obra' | 'genero'> {
  const { user, registry, file } = layers;
  const mine = user.detalles ?? {};
  const stated =
    mine.tipo_obra === null
      ? undefined
      : pick(
          mine.tipo_obra,
          [
            [registry?.tipo_obra, 'registro'],
            [file?.tipo_obra, file?.origenDetalles],
          ],
          undefined,
          userOrigin(user, 'tipo_obra'),
        );
  const tipo_obra = stated ?? inferred(layers, doi, details);
  const kind = tipo_obra?.valor;
  const sayGenre = (layer: { tipo_obra?: string; genero?: string } | undefined) =>
    layer && (layer.tipo_obra === undefined || layer.tipo_obra === kind) ? layer.genero : undefined;
  const genero = pick(
    mine.genero,
    [
      [sayGenre(registry), 'registro'],
      [sayGenre(file), file?.origenDetalles],
    ],
    undefined,
    userOrigin(user, 'genero'),
  );
  return { ...defined('tipo_obra', tipo_obra), ...defined('genero', genero) };
}

/** The kind inferred from the values in force, with the origin of the value it rests on (an arXiv id's: `arxiv`). */
function inferred(
  layers: MetadataLayers,
  doi: ResolvedField<string> | undefined,
  details: ResolvedDetails,
): ResolvedField<NonNullable<Details['tipo_obra']>> | undefined {
  const values = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v?.valor])) as Details;
  const kind = inferWorkKind({ tipo: layers.tipo, doi: doi?.valor, detalles: values, arxiv: layers.file?.arxiv });
  if (!kind) return undefined;
  const basis: Record<InferredKind['basis'], OrigenMetadato | undefined> = {
    doi: doi?.origen,
    contenedor: details.contenedor?.origen,
    isbn: details.isbn?.origen,
    arxiv: 'arxiv',
  };
  return { ...field(kind.tipo_obra, basis[kind.basis]), inferido: true };
}

/** The values to store in the document's columns. */
export function valuesOf(r: ResolvedMetadata): MetadataValues {
  const detalles = Object.fromEntries(Object.entries(r.detalles).map(([k, v]) => [k, v?.valor])) as Details;
  return {
    titulo: r.titulo.valor,
    autores: r.autores?.valor ?? [],
    anio: r.anio?.valor ?? null,
    doi: r.doi?.valor ?? null,
    idioma: r.idioma?.valor ?? null,
    detalles,
  };
}

/** The origins to store (`origen_metadatos`): the fields with a value of known origin. */
export function originsOf(r: ResolvedMetadata): FieldOrigins {
  const out: FieldOrigins = {};
  const fields = { ...r, tipo_obra: r.detalles.tipo_obra };
  for (const key of ['titulo', 'autores', 'anio', 'doi', 'idioma', 'tipo_obra'] as const) {
    const origen = fields[key]?.origen;
    if (origen) out[key] = origen;
  }
  return out;
}

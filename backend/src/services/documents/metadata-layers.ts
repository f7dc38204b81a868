import type { OrigenMetadato } from '@folio/shared';
import type { DocumentRow } from '../../db/documents.repo';
import type { MetadataLayers } from '../../metadata/resolve-metadata';
import {
  DETAIL_KEYS,
  type Details,
  type FileMetadata,
  type PageMetadata,
  type RegistryFields,
  type SourceMeta,
} from '../../metadata/metadata-types';

/**
 * Origins of values in force that the file did not give. A page's tags (`pagina_web`) may be a captured page's
 * own: kept as the file's, below the page layer that holds them when they came from a URL's page.
 */
const NOT_THE_FILE: ReadonlySet<OrigenMetadato | undefined> = new Set(['usuario', 'registro', 'nombre_archivo', 'url']);

/**
 * The layers a document's values are resolved from, as its row keeps them: the user's (`user_meta`), the
 * registry's record, the page's tags and the file's last reading (`source_meta`), its file name, and its title
 * as a last stand-in. A row written before the layers were kept apart (no `archivo`) has them rebuilt once from
 * its values in force and their origins: its registry's fields named in `registro`, its details (which only a
 * user, a registry or a reading's ISBN and site wrote) as the registry's, and the values whose origin is the
 * file's as the file's.
 */
export function storedLayers(row: DocumentRow): MetadataLayers {
  const { registro, ficha_registro, archivo, ...page } = (row.source_meta ?? {}) as SourceMeta;
  const base = {
    tipo: row.tipo,
    user: row.user_meta ?? {},
    fileName: row.file_name,
    standIn: { titulo: row.titulo, origen: row.origen_metadatos?.titulo },
  };
  if (archivo) return { ...base, page, file: archivo, ...(ficha_registro && { registry: ficha_registro }) };
  const fromRegistry = new Set<string>(registro ?? []);
  const legacyPage = Object.fromEntries(Object.entries(page).filter(([k]) => !fromRegistry.has(k))) as PageMetadata;
  const legacyRegistry = Object.fromEntries(Object.entries(page).filter(([k]) => fromRegistry.has(k)));
  return {
    ...base,
    page: legacyPage,
    registry: { ...legacyRegistry, ...detailsNotTheUsers(row) } as RegistryFields,
    file: legacyFile(row),
  };
}

/** The row's details but those the user set. */
function detailsNotTheUsers(row: DocumentRow): Details {
  const mine = row.user_meta?.detalles ?? {};
  const out: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) {
    if (mine[key] === undefined && row.detalles?.[key] !== undefined) out[key] = row.detalles[key];
  }
  return out as Details;
}

/** The values in force whose origin is the file's (a reading before the layers were kept), with their origins. */
function legacyFile(row: DocumentRow): FileMetadata {
  const origins = row.origen_metadatos ?? {};
  const file: FileMetadata = { origen: {}, origenDetalles: 'propiedades' };
  const values = { titulo: row.titulo, autores: row.autores, anio: row.anio, doi: row.doi, idioma: row.idioma };
  for (const key of ['titulo', 'autores', 'anio', 'doi', 'idioma'] as const) {
    const origen = origins[key];
    const value = values[key];
    if (value == null || NOT_THE_FILE.has(origen) || (key === 'titulo' && !origen)) continue;
    (file as Record<string, unknown>)[key] = value;
    if (origen) file.origen[key] = origen;
  }
  return file;
}

/** The `source_meta` that keeps these layers for the next resolution (a re-read, a correction, a record). */
export function sourceMetaOf(layers: MetadataLayers): SourceMeta {
  return {
    ...layers.page,
    ...(layers.registry && Object.keys(layers.registry).length && { ficha_registro: layers.registry }),
    archivo: layers.file ?? { origen: {}, origenDetalles: 'propiedades' },
  };
}

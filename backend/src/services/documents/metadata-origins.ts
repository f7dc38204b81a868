import {
  CAMPOS_CON_ORIGEN,
  CONFIANZA_ORIGEN,
  type CampoConOrigen,
  type OrigenMetadato,
  type OrigenMetadatos,
} from '@folio/shared';
import type { FieldOrigins } from '../../db/documents.repo';

/** A field has a value worth an origin: not absent, not null, not an empty list. */
const hasValue = (value: unknown) => value != null && !(Array.isArray(value) && value.length === 0);

/**
 * The origin of a value given at once, before any layer is kept: the user's when they gave one (undefined:
 * not given; null or []: cleared, so no value and no origin), else the first candidate that is there. Only a
 * URL's first record uses it (submit-url.ts: the user's values, else the address as a title); every other
 * value in force is resolved by `resolveMetadata` (metadata/resolve-metadata.ts), which returns its origin.
 */
export function originOf(
  userValue: unknown,
  candidates: [value: unknown, origin: OrigenMetadato | undefined][],
): OrigenMetadato | undefined {
  if (userValue !== undefined) return hasValue(userValue) ? 'usuario' : undefined;
  for (const [value, origin] of candidates) {
    if (value != null) return hasValue(value) ? origin : undefined;
  }
  return undefined;
}

/** The map to store: only the fields with an origin. */
export function fieldOrigins(origins: Partial<Record<CampoConOrigen, OrigenMetadato | undefined>>): FieldOrigins {
  const out: FieldOrigins = {};
  for (const field of CAMPOS_CON_ORIGEN) {
    const origin = origins[field];
    if (origin) out[field] = origin;
  }
  return out;
}

/** The fields whose origin a Documento shows: the contract's five and the kind of work. */
const SHOWN_ORIGINS = [...CAMPOS_CON_ORIGEN, 'tipo_obra'] as const;

/** The `origen_metadatos` of a Documento: each stored origin with its confidence; undefined when none. */
export function presentOrigins(stored: FieldOrigins | null | undefined): OrigenMetadatos | undefined {
  const out: OrigenMetadatos = {};
  for (const field of SHOWN_ORIGINS) {
    const origen = stored?.[field];
    // An origin a later version dropped from the table is not shown rather than shown without confidence.
    if (origen && origen in CONFIANZA_ORIGEN) out[field] = { origen, confianza: CONFIANZA_ORIGEN[origen] };
  }
  return Object.keys(out).length ? out : undefined;
}

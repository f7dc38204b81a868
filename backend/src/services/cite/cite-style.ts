import type { Deps } from '../../context';
import {
  BUNDLED_STYLES,
  STYLE_ALIASES,
  availableLocales,
  bundledStyle,
  canonicalStyleId,
  isBundledStyle,
  readStyle,
  resolveLocale,
  userStyle,
} from '../../cite/csl/registry';
import { findCslStyle } from '../../db/csl-styles.repo';
import { invalidField } from '../../errors';

/** A style ready to format with. */
export interface CiteStyle {
  /** The canonical id ('apa', 'chicago-fullnote-bibliography', or the id of the user's own style). */
  id: string;
  /** The name citation-js knows it by. */
  name: string;
}

/**
 * The style a caller named: the caller's own registered styles first (POST /estilos), then the bundled
 * ones and their aliases ('mla', 'chicago-notes', 'harvard'…). A dependent style formats with its
 * parent's rules. An unknown style is a 400 naming `estilo`.
 */
export async function resolveCiteStyle(deps: Pick<Deps, 'db'>, userId: string, estilo: string): Promise<CiteStyle> {
  const id = canonicalStyleId(estilo);
  for (let hops = 0, wanted = id; hops < 3; hops++) {
    const own = await findCslStyle(deps.db, userId, wanted);
    if (own) {
      const info = readStyle(own.xml);
      if (!info.padre) return { id, name: userStyle(own.xml) };
      wanted = info.padre;
      continue;
    }
    if (isBundledStyle(wanted)) return { id, name: bundledStyle(wanted) };
    break;
  }
  const known = [...Object.keys(BUNDLED_STYLES), ...Object.keys(STYLE_ALIASES)].join(', ');
  throw invalidField(
    'estilo',
    `El estilo '${estilo}' no existe. Incluidos: ${known}. Registra otro estilo CSL con POST /estilos.`,
    `Unknown style '${estilo}'. Bundled: ${known}. Register any other CSL style with POST /estilos.`,
  );
}

/** The CSL locale for `idioma`; an unknown one is a 400 naming `idioma` (never a silent fall back to en-US). */
export function resolveCiteLocale(idioma: string): string {
  const locale = resolveLocale(idioma);
  if (locale) return locale;
  const known = availableLocales().sort().join(', ');
  throw invalidField(
    'idioma',
    `No hay términos de cita para el idioma '${idioma}'. Disponibles: ${known}.`,
    `No citation locale for '${idioma}'. Available: ${known}.`,
  );
}

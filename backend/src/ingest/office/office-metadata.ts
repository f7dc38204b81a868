import { childNamed, type OfficePackage } from '../../formats/office-package';
import { authorsFromMetadata } from '../metadata/author-names';
import type { FoundMetadata } from '../converter';
import { cleanTitle, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';

/**
 * The properties an office file carries about itself (OOXML `docProps/core.xml`, ODF `meta.xml`, RTF
 * `\info`), cleaned into found metadata for every Office converter.
 */

/** Title, authors, year and language from OOXML `docProps/core.xml`. */
export async function ooxmlMetadata(pkg: OfficePackage): Promise<FoundMetadata> {
  const core = await pkg.readXml('docProps/core.xml').catch(() => undefined);
  if (!core) return {};
  const field = (name: string) => childNamed(core, name)?.textContent ?? undefined;
  return officeMetadata({
    title: field('title'),
    creator: field('creator'),
    created: field('created'),
    language: field('language'),
  });
}

/** Title, authors, year and language from ODF `meta.xml`. */
export async function odfMetadata(pkg: OfficePackage): Promise<FoundMetadata> {
  const meta = childNamed(await pkg.readXml('meta.xml').catch(() => undefined), 'meta');
  if (!meta) return {};
  const field = (name: string) => childNamed(meta, name)?.textContent ?? undefined;
  return officeMetadata({
    title: field('title'),
    creator: field('initial-creator') ?? field('creator'),
    created: field('creation-date'),
    language: field('language'),
  });
}

/**
 * What an office file says about itself (core.xml, meta.xml, RTF `\info`). A word processor's paragraph in
 * the Title style stands in for a missing title.
 */
export interface OfficeProperties {
  title?: string;
  creator?: string;
  created?: string;
  language?: string;
  titleParagraph?: string;
}

/** Cleans the properties of an office file into found metadata. */
export function officeMetadata(props: OfficeProperties): FoundMetadata {
  const metadatos: FoundMetadata = {};
  const titulo = cleanTitle(props.title) ?? cleanTitle(props.titleParagraph);
  if (titulo) metadatos.titulo = titulo;
  // 'Castañeda Ruiz, Mariana' is kept whole and 'Mariana Castañeda Ruiz' inverted to it: double surnames
  // survive either way (author-names.ts).
  const autores = authorsFromMetadata(props.creator);
  if (autores.length > 0) metadatos.autores = autores;
  const anio = yearFromDate(props.created);
  if (anio) metadatos.anio = anio;
  const idioma = normalizeLanguage(props.language);
  if (idioma) metadatos.idioma = idioma;
  return metadatos;
}

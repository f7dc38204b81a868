// GET /biblioteca: the library page, made of the list and filters, the add section and the collections.
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../http/env';
import { listCollections } from '../../services/collections/list-collections';
import { pageStrings } from '../i18n';
import { renderPage, takeFlash } from '../layout';
import { sessionCsrfToken } from '../session';
import { collectionsBlock } from './collections';
import { semanticOffWarning, readFilters, hrefOf, resultsBlock, filtersForm, listPage } from './list';
import { addSection } from './upload';

/** GET /biblioteca: the add section, the filters, the list and the collections. */
export async function libraryPage(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const user = c.var.webUser!;
  const csrf = sessionCsrfToken(c);
  const { filters, problems } = readFilters(c);
  const lista = await listPage(c, s, filters, problems);
  const collections = await listCollections(deps, user.userId);
  const here = hrefOf(filters);
  const filtered = Boolean(filters.q || filters.tipo || filters.estado || filters.biblioteca || filters.etiqueta);
  return renderPage(c, s, {
    title: s.t('library_title'),
    user,
    csrf,
    active: 'biblioteca',
    // No \`path\`: the language links keep this view's filters and order.
    scripts: ['confirm.js', 'tus.min.js', 'library.js'],
    styles: ['library.css'],
    notice: takeFlash(c, s),
    error: problems.length ? s.t('lib_bad_query', { reason: problems.join(' ') }) : undefined,
    status: problems.length ? 400 : 200,
    body: html`${deps.engines.embedder ? '' : semanticOffWarning(s, deps.config.embeddings.localModel)}
      ${addSection(s, csrf, deps.config.maxUploadBytes)}
      <section aria-labelledby="docs-titulo" id="documentos-seccion">
        <h2 id="docs-titulo">${s.t('docs_title')}</h2>
        ${filtersForm(s, filters, collections, filtered)}
        ${resultsBlock(s, csrf, lista, filters, collections, here, filtered)}
      </section>
      ${collectionsBlock(s, csrf, collections, filters, here)}`,
  });
}

import type { CitedWork } from '../../messaging/bibliography';

/** What the picker records for a book passage (see insert/testing/pasajes.ts). */
export const ECO: CitedWork = {
  id: 'eco77',
  titulo: 'Tratado de semiótica general',
  autores: ['Eco, Umberto'],
  anio: 1977,
};

/** What it records for a web page with two authors, read on a given day. */
export const PARAMO: CitedWork = {
  id: 'paramo',
  titulo: 'El páramo y el agua',
  autores: ['Pérez Canul, Ana', 'Ruiz, Luis'],
  anio: 2021,
  url: 'https://example.org/paramo',
  consultada: '2024-05-03',
};

/** The exact APA 7 bibliography (Spanish locale) of [PARAMO, ECO]. */
export const APA_PARAMO_ECO = {
  text: [
    'Eco, U. (1977). Tratado de semiótica general.',
    // APA 7 gives no retrieval date for a dated page, and its CSL joins authors with '&' in every locale.
    'Pérez Canul, A., & Ruiz, L. (2021). El páramo y el agua. https://example.org/paramo',
  ].join('\n'),
  html:
    '<p>Eco, U. (1977). <i>Tratado de semiótica general</i>.</p>' +
    '<p>Pérez Canul, A., &#38; Ruiz, L. (2021). <i>El páramo y el agua</i>. https://example.org/paramo</p>',
};

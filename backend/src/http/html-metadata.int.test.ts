import { beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestServer } from '../testing/harness';

/**
 * An HTML page's metadata are read the same way whether the page is uploaded as a file (no `url`) or as a
 * capture of a web page (with `url`): one reader (`ingest/url/page-metadata.ts`) for both.
 */
const ctx = useTestServer();
let key: string;

beforeAll(async () => {
  key = await ctx.server.key('metadatos-html@example.org');
});

const page = (head: string, title: string) => `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    ${head}
  </head>
  <body>
    <article>
      <h1>${title}</h1>
      <p>Los cenotes del anillo de Yucatán guardan agua dulce bajo una capa de roca caliza muy porosa.</p>
      <p>Las muestras de cuarenta cenotes se tomaron en dos temporadas, de lluvias y de secas, durante 2019.</p>
      <p>La concentración media de nitratos fue mayor en lluvias, cuando el agua arrastra lo que hay en superficie.</p>
    </article>
  </body>
</html>`;

async function upload(html: string, query: Record<string, string>) {
  const res = await ctx.server.request(`/api/v1/documentos?${new URLSearchParams(query)}`, {
    method: 'POST',
    body: html,
    headers: auth(key, { 'Content-Type': 'text/html' }),
  });
  expect(res.status).toBe(201);
  const doc = await res.json();
  expect(doc.estado).toBe('listo');
  return doc as { autores: string[]; titulo: string; anio?: number };
}

const CASES: { name: string; head: string; autores: string[] }[] = [
  {
    name: 'one citation_author with a compound surname and two given names',
    head: '<meta name="citation_author" content="Chan May, Jorge Alberto" />',
    autores: ['Chan May, Jorge Alberto'],
  },
  {
    name: 'citation_author repeated, one author each',
    head: [
      '<meta name="citation_author" content="Pérez Canul, Lucía" />',
      '<meta name="citation_author" content="Chan May, Jorge Alberto" />',
      '<meta name="citation_author" content="Ek Chablé, María Fernanda" />',
    ].join('\n'),
    autores: ['Pérez Canul, Lucía', 'Chan May, Jorge Alberto', 'Ek Chablé, María Fernanda'],
  },
  {
    name: "one citation_author holding several authors separated by ';'",
    head: '<meta name="citation_author" content="Pérez Canul, Lucía; Chan May, Jorge Alberto" />',
    autores: ['Pérez Canul, Lucía', 'Chan May, Jorge Alberto'],
  },
  {
    name: 'authors given only in JSON-LD, by family and given name',
    head: `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      author: [
        { '@type': 'Person', familyName: 'Chan May', givenName: 'Jorge Alberto' },
        { '@type': 'Person', familyName: 'Ek Chablé', givenName: 'María Fernanda' },
      ],
    })}</script>`,
    autores: ['Chan May, Jorge Alberto', 'Ek Chablé, María Fernanda'],
  },
];

describe('HTML page metadata, uploaded as a file and captured from the web', () => {
  CASES.forEach(({ name, head, autores }, i) => {
    it(`reads ${name} the same way on both paths`, async () => {
      const title = `Nitratos en cenotes de Yucatán ${i + 1}`;
      const html = page(`<meta name="citation_publication_date" content="2021/03/15" />\n${head}`, title);
      const file = await upload(html, { nombre: `pagina-${i}.html` });
      // Different bytes for the capture, so that it is not taken for the same upload.
      const capture = await upload(`${html}\n<!-- capturada -->`, {
        nombre: `pagina-${i}-web.html`,
        url: `https://revista.example.org/articulos/${i}`,
      });
      expect(file.autores).toEqual(autores);
      expect(capture.autores).toEqual(autores);
      expect(file).toMatchObject({ titulo: title, anio: 2021 });
      expect(capture).toMatchObject({ titulo: title, anio: 2021 });
    });
  });
});

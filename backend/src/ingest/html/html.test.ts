import { resolve } from 'node:path';
import type { AnclaSeccion } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { ConversionError } from '../converter';
import { convertHtml, decodeHtml, htmlConverter } from './html';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const READABILITY = fixturePath('readability');
const fixturesExist = hasFixture('readability');

const PAGE = `<!DOCTYPE html>
<html lang="es-es">
<head>
  <title>Guía de campo</title>
  <meta name="author" content="Ana Pérez">
  <style>p { color: red }</style>
  <script>var x = "no es texto";</script>
</head>
<body>
  <header><a href="/">Inicio</a> · <a href="/blog">Blog</a></header>
  <nav><ul><li>Menú</li></ul></nav>
  <article>
    <header><h1>Aves del páramo</h1></header>
    <p>El cóndor   vuela
       alto.</p>
    <p>Segundo <em>párrafo</em><br>con salto.</p>
    <h2>Rapaces</h2>
    <ul><li>Águila</li><li>Halcón<ul><li>Peregrino</li></ul></li></ul>
    <ol start="3"><li>tercero</li><li>cuarto</li></ol>
    <blockquote><p>Una cita.</p></blockquote>
    <pre>línea 1
  línea 2</pre>
    <h3>Tabla</h3>
    <table><tr><th>Especie</th><th>Peso</th></tr><tr><td>Cóndor</td><td>12 kg</td></tr></table>
    <div>Texto suelto en un div <span>con span</span></div>
    <noscript>Activa JavaScript</noscript>
    <p hidden>oculto</p>
  </article>
  <footer>© 2024</footer>
</body>
</html>`;

describe('convertHtml', () => {
  it('walks headings and block elements, dropping code and page chrome', () => {
    const { tipo, unidades, metadatos } = convertHtml(PAGE);
    expect(tipo).toBe('documento');
    expect(metadatos).toEqual({ titulo: 'Guía de campo', autores: ['Pérez, Ana'], idioma: 'es-ES' });
    const blocks = unidades.flatMap((u) =>
      u.bloques!.map((b) => [(b.ancla as AnclaSeccion).ruta.join(' > '), (b.ancla as AnclaSeccion).parrafo, b.texto]),
    );
    expect(blocks).toEqual([
      ['Aves del páramo', 1, 'El cóndor vuela alto.'],
      ['Aves del páramo', 2, 'Segundo párrafo\ncon salto.'],
      ['Aves del páramo > Rapaces', 1, '- Águila'],
      ['Aves del páramo > Rapaces', 2, '- Halcón'],
      ['Aves del páramo > Rapaces', 3, '- Peregrino'],
      ['Aves del páramo > Rapaces', 4, '3. tercero'],
      ['Aves del páramo > Rapaces', 5, '4. cuarto'],
      ['Aves del páramo > Rapaces', 6, 'Una cita.'],
      ['Aves del páramo > Rapaces', 7, 'línea 1\n  línea 2'],
      ['Aves del páramo > Rapaces > Tabla', 1, 'Especie | Peso'],
      ['Aves del páramo > Rapaces > Tabla', 2, 'Cóndor | 12 kg'],
      ['Aves del páramo > Rapaces > Tabla', 3, 'Texto suelto en un div con span'],
    ]);
    expect(unidades[0]!.texto.startsWith('Aves del páramo\n\nEl cóndor vuela alto.')).toBe(true);
    const all = unidades.map((u) => u.texto).join('\n');
    for (const absent of ['Inicio', 'Menú', 'no es texto', 'color', '2024', 'JavaScript', 'oculto']) {
      expect(all).not.toContain(absent);
    }
  });

  it('reads each cell of a layout table that holds blocks', () => {
    const html = '<table><tr><td><p>Columna uno.</p></td><td><p>Columna dos.</p><p>Más.</p></td></tr></table>';
    const texts = convertHtml(html).unidades.flatMap((u) => u.bloques!.map((b) => b.texto));
    expect(texts).toEqual(['Columna uno.', 'Columna dos.', 'Más.']);
  });

  it('reads a citation_author with a comma as one person, a free author field through the name parser', () => {
    const tagged = convertHtml(
      '<meta name="citation_author" content="Ek Chablé, María Fernanda"><meta name="citation_author" content="Rosa Chi Uc"><p>Texto.</p>',
    );
    expect(tagged.metadatos.autores).toEqual(['Ek Chablé, María Fernanda', 'Chi Uc, Rosa']);
    const free = convertHtml('<meta name="author" content="Nuala E. Tully {et al.}"><p>Texto.</p>');
    expect(free.metadatos.autores).toEqual(['Tully, Nuala E.']);
  });

  it('reads a bare fragment and falls back to the first h1 for the title', () => {
    const conversion = convertHtml('<h1>Solo</h1><p>Fragmento.</p>');
    expect(conversion.metadatos).toEqual({ titulo: 'Solo' });
    expect(conversion.unidades[0]!.ancla).toEqual({ tipo: 'seccion', ruta: ['Solo'], parrafo: 1 });
  });

  it('refuses a page without text', () => {
    for (const html of ['', '  ', '<html><head><title>t</title><script>x()</script></head><body> </body></html>']) {
      expect(() => convertHtml(html)).toThrow(ConversionError);
    }
  });
});

describe('decodeHtml', () => {
  it('honours a declared legacy charset when the bytes are not UTF-8', () => {
    const latin = new Uint8Array(Buffer.from('<meta charset="iso-8859-15"><p>\xa4 caf\xe9</p>', 'latin1'));
    expect(decodeHtml(latin)).toContain('€ café');
    const utf8 = new Uint8Array(Buffer.from('<meta charset="iso-8859-1"><p>café</p>', 'utf8'));
    expect(decodeHtml(utf8)).toContain('café');
  });
});

describe('htmlConverter', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  it('converts a file and reports progress', async () => {
    const fractions: number[] = [];
    const path = await tmp.write('p.html', PAGE);
    const conversion = await htmlConverter.convert(
      { path, size: 0 },
      { progress: async (f) => void fractions.push(f) },
    );
    expect(conversion.unidades.length).toBeGreaterThan(1);
    expect(fractions).toEqual([1]);
  });
});

describe.skipIf(!fixturesExist)(titleNeeding('HTML files from the readability fixtures', 'readability'), () => {
  const convertFixture = (name: string) =>
    htmlConverter.convert({ path: resolve(READABILITY, name, 'source.html'), size: 0 }, { progress: async () => {} });

  it('reads the Wikipedia page with its sections', async () => {
    const { unidades, metadatos } = await convertFixture('wikipedia');
    expect(metadatos).toMatchObject({ titulo: 'Mozilla - Wikipedia', idioma: 'en' });
    const text = unidades.map((u) => u.texto).join('\n\n');
    expect(text).toContain('Mozilla is a free-software community, created in 1998 by members of Netscape.');
    const rutas = unidades.map((u) => (u.ancla as AnclaSeccion).ruta.join(' > '));
    expect(rutas.some((r) => r.startsWith('Mozilla > History'))).toBe(true);
    for (const unit of unidades) expect(unit.bloques!.length).toBeLessThanOrEqual(40);
  });

  it.each(['hukumusume', 'la-nacion', 'lemonde-1', 'heise', 'google-sre-book-1'])('reads %s', async (name) => {
    const { unidades, metadatos } = await convertFixture(name);
    expect(unidades.length).toBeGreaterThan(0);
    expect(metadatos.titulo).toBeTruthy();
    for (const unit of unidades) {
      for (const block of unit.bloques!) expect(unit.texto).toContain(block.texto);
    }
  });
});

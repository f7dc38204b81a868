import type { CSL } from '@citation-js/core';
import { describe, expect, it } from 'vitest';
import { bibtexAddress, bibtexOf, bibtexText } from './bibtex';
import { citationJs } from './citation-js';

/** The file read back by citation-js's BibTeX parser, as CSL items. */
const parsed = (bib: string) => new (citationJs().Cite)(bib).data as CSL[];

const article = (title: string, extra: Partial<CSL> = {}): CSL =>
  ({
    id: 'x',
    'citation-key': 'Clave2021',
    type: 'article-journal',
    title,
    author: [{ family: 'Pérez Canul', given: 'Lucía' }],
    'container-title': `Revista ${title}`,
    issued: { 'date-parts': [[2021]] },
    ...extra,
  }) as CSL;

describe('bibtexText', () => {
  it("writes BibTeX's and LaTeX's syntax as text", () => {
    expect(bibtexText('a\\b {c} 50% #1 & $2 _x ~y ^z <i>')).toBe(
      'a\\textbackslash{}b \\{c\\} 50\\% \\#1 \\& \\$2 \\_x \\textasciitilde{}y \\textasciicircum{}z \\textless{}i\\textgreater{}',
    );
  });

  it('composes combining accents with their letters and keeps every other character', () => {
    expect(bibtexText('Pe\u0301rez Mu\u0308ller')).toBe('Pérez Müller');
    expect(bibtexText('tem´atico \u0301solo 中文 عربي 😀 ı')).toBe('tem´atico \u0301solo 中文 عربي 😀 ı');
  });

  it('turns tabs, line breaks and other control characters into spaces', () => {
    expect(bibtexText('a\tb\nc\r\u0085d')).toBe('a b c  d');
  });
});

describe('bibtexAddress', () => {
  it('percent-encodes braces and backslashes alone', () => {
    expect(bibtexAddress('https://example.org/a_b?c={d}&e=%20#f\\g')).toBe(
      'https://example.org/a_b?c=%7Bd%7D&e=%20#f%5Cg',
    );
  });
});

describe('bibtexOf', () => {
  it('writes a spacing accent as it is, where citation-js wrote an accent over nothing', () => {
    const title = 'Nuevo tipo de mapa tem´atico e interfaz visual';
    const bib = bibtexOf([article(title)]);
    expect(bib).toContain('title = {Nuevo tipo de mapa tem´atico e interfaz visual},');
    expect(bib).not.toContain("{\\'  }");
    expect(parsed(bib)[0]).toMatchObject({ title, 'container-title': `Revista ${title}` });
  });

  it('writes one entry per item under its key, that BibTeX reads back as the same text', () => {
    const titles = [
      'Llave { abierta } y }{',
      'Barra \\ y \\textbf{orden} \\',
      '50 % de # & $ _ ~ ^ @',
      '<i>Cursiva</i> sin cerrar <b>',
      '中文标题',
      'عنوان عربي',
      'Emoji 😀',
      '\u0301acento suelto',
    ];
    const bib = bibtexOf(titles.map((title, i) => article(title, { 'citation-key': `Clave${i}` })));
    expect([...bib.matchAll(/^@article\{(\w+),$/gm)].map((m) => m[1])).toEqual(titles.map((_, i) => `Clave${i}`));
    expect(parsed(bib).map((item) => item.title)).toEqual(titles);
  });

  it('keeps a URL and a DOI as they are in url and doi, and as text in howpublished', () => {
    const URL = 'https://example.org/a_b?c=1&d=%20#e~f';
    const bib = bibtexOf([article('Enlaces', { URL, DOI: '10.1000/x{y' })]);
    expect(bib).toContain(`url = {${URL}},`);
    expect(bib).toContain('doi = {10.1000/x%7By},');
    expect(bib).toContain('howpublished = {https://example.org/a\\_b?c=1\\&d=\\%20\\#e\\textasciitilde{}f},');
    expect(parsed(bib)[0]).toMatchObject({ URL, DOI: '10.1000/x%7By' });
  });
});

describe('the entry type of a thesis', () => {
  const thesis = (genre: string): CSL =>
    ({
      id: 't',
      'citation-key': 'Silva2019Redes',
      type: 'thesis',
      title: 'Redes',
      author: [{ family: 'Silva', given: 'Ana' }],
      publisher: 'Universidade Federal da Paraíba',
      genre,
      issued: { 'date-parts': [[2019]] },
    }) as CSL;

  it('is @phdthesis or @mastersthesis as its genre says in any language, the genre kept as its type', () => {
    const bib = bibtexOf([
      thesis('Tesis doctoral'),
      { ...thesis('Dissertação (Mestrado)'), id: 'm', 'citation-key': 'B' },
    ]);
    expect(bib).toMatch(/^@phdthesis\{Silva2019Redes,$/m);
    expect(bib).toMatch(/^@mastersthesis\{B,$/m);
    expect(bib).toContain('school = {Universidade Federal da Paraíba}');
    expect(bib).toContain('type = {Dissertação ({Mestrado})}'); // citation-js keeps the capital's case
    const [phd, masters] = parsed(bib);
    expect(phd).toMatchObject({
      type: 'thesis',
      genre: 'Tesis doctoral',
      publisher: 'Universidade Federal da Paraíba',
    });
    expect(masters).toMatchObject({ type: 'thesis', genre: 'Dissertação (Mestrado)' });
  });

  it('stays @misc when the genre does not say the level', () => {
    expect(bibtexOf([thesis('Tesis')])).toMatch(/^@misc\{Silva2019Redes,$/m);
  });
});

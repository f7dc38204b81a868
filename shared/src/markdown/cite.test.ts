import { describe, expect, it } from 'vitest';
import type { Citado } from '../contract/pasaje';
import { lexicalCiteNote } from '../contract/verdict-doubt';
import { citeMarkdown } from './cite';

const done = (over: Partial<Citado> = {}): Citado => ({
  id: 'c1',
  estado: 'listo',
  texto: 'Las ranas cantan de noche.',
  citas: [],
  bibliografia: [],
  estilo: 'apa',
  ...over,
});

describe('citeMarkdown', () => {
  it('says plainly that nothing backs the text when no claim came close', () => {
    const md = citeMarkdown(done({ juez: 'lexico' }));
    expect(md).toContain('## Referencias\n\nNingún pasaje de tu biblioteca respalda el texto.');
  });

  it('with the lexical judge’s note, says no passage states it in the same words and adds the note', () => {
    const nota = lexicalCiteNote('lexico', 1)!;
    const md = citeMarkdown(done({ juez: 'lexico', nota }));
    expect(md).toContain('Ningún pasaje de tu biblioteca dice con las mismas palabras lo que afirma el texto.');
    expect(md).not.toContain('respalda el texto');
    expect(md).toContain(`> ${nota}`);
  });

  it('keeps the references and adds the note after them', () => {
    const nota = lexicalCiteNote('lexico', 2)!;
    const md = citeMarkdown(done({ bibliografia: ['Quispe, A. (2015). Ranas de altura.'], nota }));
    expect(md.indexOf('- Quispe, A. (2015). Ranas de altura.')).toBeLessThan(md.indexOf(`> ${nota}`));
  });
});

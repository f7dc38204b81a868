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
  it('with nothing cited, keeps the text, adds no references heading and says nothing backs it', () => {
    const md = citeMarkdown(done({ juez: 'lexico' }));
    expect(md).toBe('Las ranas cantan de noche.\n\n> Ningún pasaje de tu biblioteca respalda el texto.\n');
    expect(md).not.toContain('Referencias');
  });

  it('with references, the text, the heading Referencias and the list', () => {
    const md = citeMarkdown(done({ texto: 'Las ranas cantan (Quispe, 2015).', bibliografia: ['Quispe, A. (2015).'] }));
    expect(md).toBe('Las ranas cantan (Quispe, 2015).\n\n## Referencias\n\n- Quispe, A. (2015).\n');
  });

  it('with the lexical judge’s note, says no passage states it in the same words and adds the note', () => {
    const nota = lexicalCiteNote('lexico', 1)!;
    const md = citeMarkdown(done({ juez: 'lexico', nota }));
    expect(md).toContain('Ningún pasaje de tu biblioteca dice con las mismas palabras lo que afirma el texto.');
    expect(md).not.toContain('respalda el texto');
    expect(md).not.toContain('Referencias');
    expect(md).toContain(`> ${nota}`);
  });

  it('keeps the references and adds the note after them', () => {
    const nota = lexicalCiteNote('lexico', 2)!;
    const md = citeMarkdown(done({ bibliografia: ['Quispe, A. (2015). Ranas de altura.'], nota }));
    expect(md.indexOf('- Quispe, A. (2015). Ranas de altura.')).toBeLessThan(md.indexOf(`> ${nota}`));
  });
});

import { describe, expect, it } from 'vitest';
import type { Verificacion } from './pasaje';
import { closestPassage, lexicalCiteNote, lexicalDoubt, lexicalNote, NLI_PULL_COMMAND } from './verdict-doubt';

type PasajeVerificado = Verificacion['pasajes'][number];

const pasaje = (n: number, relacion: string, respaldo: number, texto = 'Las ranas del páramo cantan de noche.') =>
  ({
    id: `d1:${n}`,
    documento: { id: 'd1', titulo: 'Ranas de altura', autores: ['Quispe, Ana'], anio: 2015 },
    texto,
    cita: `(Quispe, 2015, p. ${n})`,
    localizador: `p. ${n}`,
    ancla: { tipo: 'pagina', fisica: n },
    enlace: `https://folio.example/leer/d1?pagina=${n}`,
    relacion,
    respaldo,
  }) as PasajeVerificado;

describe('closestPassage', () => {
  it('is the weighed passage that backs the claim most, never one set aside as later nor one contradicting it', () => {
    const late = pasaje(1, 'IMPOSIBLE_TEMPORAL', 0);
    const contradicting = pasaje(2, 'CONTRADICCION', 0.5);
    const context = pasaje(3, 'CONTEXTO', 0.35);
    const weaker = pasaje(6, 'CONTEXTO', 0.2);
    expect(closestPassage([contradicting, weaker, context, late])).toBe(context);
    expect(closestPassage([late, contradicting])).toBeUndefined();
    expect(closestPassage([])).toBeUndefined();
  });

  it('keeps the first of equals, as the answer lists them', () => {
    const a = pasaje(4, 'CONTEXTO', 0.3);
    const b = pasaje(5, 'CONTEXTO', 0.3);
    expect(closestPassage([a, b])).toBe(a);
  });
});

describe('lexicalDoubt', () => {
  const weighed = [pasaje(7, 'CONTEXTO', 0.42), pasaje(8, 'CONTEXTO', 0.2)];

  it('doubts sin_respaldo and parcial of the lexical judge when some passage was weighed', () => {
    expect(lexicalDoubt({ veredicto: 'sin_respaldo', pasajes: weighed, juez: 'lexico' })).toBe(weighed[0]);
    expect(lexicalDoubt({ veredicto: 'parcial', pasajes: weighed, juez: 'lexico' })).toBe(weighed[0]);
  });

  it('leaves the verdict as it is with the NLI model, an unknown judge, a backed or contradicted claim, or nothing weighed', () => {
    expect(lexicalDoubt({ veredicto: 'sin_respaldo', pasajes: weighed, juez: 'nli' })).toBeUndefined();
    expect(lexicalDoubt({ veredicto: 'sin_respaldo', pasajes: weighed })).toBeUndefined();
    expect(lexicalDoubt({ veredicto: 'respaldada', pasajes: weighed, juez: 'lexico' })).toBeUndefined();
    expect(lexicalDoubt({ veredicto: 'contradicha', pasajes: weighed, juez: 'lexico' })).toBeUndefined();
    expect(lexicalDoubt({ veredicto: 'sin_respaldo', pasajes: [], juez: 'lexico' })).toBeUndefined();
    const late = [pasaje(9, 'IMPOSIBLE_TEMPORAL', 0)];
    expect(lexicalDoubt({ veredicto: 'sin_respaldo', pasajes: late, juez: 'lexico' })).toBeUndefined();
    // 'A unos 20 metros' against 'a unos 200 metros': a passage that contradicts is not another wording.
    const against = [pasaje(10, 'CONTRADICCION', 0.2)];
    expect(lexicalDoubt({ veredicto: 'sin_respaldo', pasajes: against, juez: 'lexico' })).toBeUndefined();
  });
});

describe('lexicalNote', () => {
  it('says no passage states the claim in the same words, quotes the closest with its cita, and names the NLI command', () => {
    const nota = lexicalNote({
      veredicto: 'sin_respaldo',
      pasajes: [pasaje(3, 'CONTEXTO', 0.2), pasaje(12, 'CONTEXTO', 0.48, 'Al caer la tarde,\n las ranas  cantan.')],
      juez: 'lexico',
    })!;
    expect(nota).toMatch(/^Ningún pasaje de tu biblioteca dice esta afirmación con las mismas palabras; /);
    expect(nota).toContain('el más cercano es (Quispe, 2015, p. 12): «Al caer la tarde, las ranas cantan.».');
    expect(nota).toContain('no reconoce una paráfrasis: si un pasaje lo dice con otras palabras, no puede verlo');
    expect(nota).toContain(NLI_PULL_COMMAND);
    expect(nota).not.toContain('la respalda');
  });

  it('says for parcial that part of the claim is not in the same words, and cuts a long passage', () => {
    const long = `${'palabra '.repeat(60)}fin`;
    const nota = lexicalNote({ veredicto: 'parcial', pasajes: [pasaje(1, 'CONTEXTO', 0.5, long)], juez: 'lexico' })!;
    expect(nota).toMatch(/^Parte de la afirmación no aparece con las mismas palabras/);
    expect(nota).toContain('el más cercano a toda ella es (Quispe, 2015, p. 1)');
    expect(nota).toContain('…»');
    expect(nota).not.toContain('fin»');
  });

  it('is absent when the verdict needs no note', () => {
    expect(lexicalNote({ veredicto: 'sin_respaldo', pasajes: [pasaje(1, 'CONTEXTO', 0.3)], juez: 'nli' })).toBe(
      undefined,
    );
  });
});

describe('lexicalCiteNote', () => {
  it('counts the uncited claims a passage came close to, only for the lexical judge', () => {
    expect(lexicalCiteNote('lexico', 1)).toMatch(/^Una afirmación quedó sin cita porque ningún pasaje la dice/);
    const three = lexicalCiteNote('lexico', 3)!;
    expect(three).toMatch(/^3 afirmaciones quedaron sin cita porque ningún pasaje las dice con las mismas palabras/);
    expect(three).toContain(NLI_PULL_COMMAND);
    expect(lexicalCiteNote('lexico', 0)).toBeUndefined();
    expect(lexicalCiteNote('nli', 2)).toBeUndefined();
    expect(lexicalCiteNote(undefined, 2)).toBeUndefined();
  });
});

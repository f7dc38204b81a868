import { describe, expect, it } from 'vitest';
import { createExtractiveWriter } from './extractive-writer';
import { definedAcronyms, questionLanguage } from './overlap';
import type { WriterPassage } from '../ai/writer';

async function write(pregunta: string, pasajes: WriterPassage[], opts = {}) {
  let out = '';
  for await (const delta of createExtractiveWriter(opts).write({ pregunta, idioma: 'es', pasajes })) out += delta;
  return out;
}

const p = (n: number, texto: string): WriterPassage => ({ n, texto, fuente: `«Obra» (Autor, 2020, p. ${n})` });

describe('the extractive writer', () => {
  const pasajes = [
    p(
      1,
      'El acuífero kárstico corre bajo la península. En Homún la concentración de nitratos alcanzó 44.9 mg/L ' +
        'en 2019. La granja porcina vecina vierte sus residuos.',
    ),
    p(2, 'Los nitratos en Homún superan la norma: la concentración de nitratos alcanzó 44.9 mg/L en 2019.'),
    p(3, 'Un texto sobre la historia del teatro y la música barroca.'),
  ];

  it("answers with the passages' literal sentences closest to the question, each with its footnote", async () => {
    const answer = await write('¿Qué concentración de nitratos se midió en Homún?', pasajes);
    expect(answer.startsWith('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.[^1]')).toBe(true);
    // The second passage says the same thing again: it is left out, and so is everything off the question.
    expect(answer).not.toContain('[^3]');
    expect(answer).not.toContain('granja');
    for (const m of answer.matchAll(/(.*?)\[\^(\d+)\]/g)) {
      expect(pasajes[Number(m[2]) - 1]!.texto).toContain(m[1]!.trim());
    }
  });

  it('writes nothing when no sentence holds enough of the question', async () => {
    expect(await write('¿Quién dirigió la orquesta de Viena?', pasajes)).toBe('');
    expect(await write('¿Qué?', pasajes)).toBe('');
  });

  it('takes at most maxSentences, and at most perPassage from one passage', async () => {
    const many = [
      p(1, 'Los nitratos suben en Homún. Los nitratos bajan en Mérida. Los nitratos llegan a Sisal por el agua.'),
      p(2, 'Los nitratos del agua de Homún vienen de las granjas de cerdos.'),
    ];
    const answer = await write('nitratos agua Homún', many, { maxSentences: 2, perPassage: 1, minCoverage: 0.3 });
    expect([...answer.matchAll(/\[\^(\d+)\]/g)].map((m) => m[1])).toEqual(['2', '1']);
  });
});

describe('the extractive writer answers the question asked', () => {
  it('puts first the sentence holding the asked-for thing: a quantity, a year, a name, a cause', async () => {
    const pozos = p(
      1,
      'Los pozos de Homún se muestrearon durante la temporada de lluvias. Los pozos de Homún dieron 44.9 mg/L ' +
        'de nitratos. Los pozos de Homún se muestrearon en 2019. Los pozos de Homún los muestreó Lucía Pérez. ' +
        'Los pozos de Homún tienen nitratos porque la granja vierte sus residuos.',
    );
    const first = async (q: string) => (await write(q, [pozos], { perPassage: 4 })).split('[^1]')[0];
    expect(await first('¿Cuántos nitratos dieron los pozos de Homún?')).toContain('44.9 mg/L');
    expect(await first('¿Cuándo se muestrearon los pozos de Homún?')).toContain('2019');
    expect(await first('¿Quién muestreó los pozos de Homún?')).toContain('Lucía Pérez');
    expect(await first('¿Por qué tienen nitratos los pozos de Homún?')).toContain('porque');
  });

  it('quotes clean sentences only, and a sheet row as a sentence naming its columns, only the rows asked about', async () => {
    const answer = await write('¿Qué concentración de nitratos se midió en Homún?', [
      p(1, 'Figura 3: Nitratos en Homún y Cuzamá, 2019. 2 Resultados de nitratos en Homún'),
      p(
        2,
        'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01\n\nmunicipio: Cuzamá; nitratos: 38.2; fecha: 2019-05-03',
      ),
    ]);
    expect(answer).toBe('Municipio: Homún; nitratos: 44.9; fecha: 2019-05-01.[^2]');
  });
});

describe('the extractive writer keeps to what the question names', () => {
  it('leaves out a sentence on the same theme about another place or year, however well it matches', async () => {
    const answer = await write(
      '¿Qué concentración de sulfatos alcanzó Villaverde en 2017?',
      [
        p(
          1,
          'Los pozos de la comarca se muestrearon cada año. En Villaverde la concentración de sulfatos alcanzó 80 mg/L en 2017.',
        ),
        p(2, 'La concentración media de sulfatos de los treinta pozos fue de 61 mg/L en 2017.'),
        p(3, 'En Robledo la concentración de sulfatos alcanzó 45 mg/L en 2017.'),
      ],
      { perPassage: 2 },
    );
    expect(answer).toBe('En Villaverde la concentración de sulfatos alcanzó 80 mg/L en 2017.[^1]');
  });

  it('keeps a sentence that goes on about what the sentence before it in its passage names', async () => {
    const answer = await write(
      'What damage was found after the flood at Riverton in 1999?',
      [
        p(
          1,
          'A flood reached Riverton in 1999 and the damage was surveyed. Cracks two metres long were found in the dam after the flood.',
        ),
      ],
      { perPassage: 2, minCoverage: 0.3 },
    );
    expect(answer).toContain('Cracks two metres long were found in the dam after the flood.[^1]');
  });

  it('does not quote a table caption, numbered or not', async () => {
    const answer = await write('Qual foi a vazão média do rio Pardinho em 2012?', [
      p(
        1,
        'A vazão média do rio Pardinho em 2012 foi de 40 metros cúbicos por segundo.\n\n' +
          'Vazão média mensal do rio Pardinho em 2012.\n\nMês | Vazão\nJaneiro | 52',
      ),
      p(2, 'Tabela 2. Vazão média mensal do rio Pardinho em 2012, por estação.'),
    ]);
    expect(answer).toBe('A vazão média do rio Pardinho em 2012 foi de 40 metros cúbicos por segundo.[^1]');
  });
});

describe('definedAcronyms', () => {
  it('finds the words an acronym stands for, skipping function words', () => {
    const found = definedAcronyms(
      'An overview of the Technology Acceptance Model\n(TAM) follows. El Instituto Nacional de Estadística (INE) publica.',
    );
    expect([...found.keys()]).toEqual(['TAM', 'INE']);
    expect([...found.get('TAM')!]).toEqual(['techno', 'accept', 'model']);
    expect(definedAcronyms('Some text (NOT) here.').size).toBe(0);
  });
});

describe('questionLanguage', () => {
  it('tells Spanish from English, Spanish when unsure', () => {
    expect(questionLanguage('¿Qué dice Pérez?')).toBe('es');
    expect(questionLanguage('que dice Perez sobre los nitratos')).toBe('es');
    expect(questionLanguage('What does Smith say about nitrates?')).toBe('en');
    expect(questionLanguage('nitratos Homun')).toBe('es');
  });
});

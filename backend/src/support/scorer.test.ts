import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { TINY_NLI_MODEL } from '../../scripts/make-tiny-nli-model';
import type { Embedder } from '../ai/embedder';
import type { NliModel } from '../ai/nli';
import { createTransformersNli } from '../ai/transformers-nli';
import { createSupportScorer, LEXICAL_SCORER, LITERAL_SUPPORT } from './scorer';
import type { SupportScorer } from '../ai/support-scorer';

const MODELS = fileURLToPath(new URL('../../../test/fixtures/models', import.meta.url));

const HOMUN = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019, por encima del límite.';
const VITAMIN = 'In the trial, vitamin D supplementation reduced hip fractures in older women.';
const CANBERRA = 'La capital de Australia es Canberra, sede del gobierno federal.';

/** Crafted cases every scorer must get right: [claim, passage, expected relation]. */
const CASES: [string, string, string, 'APOYO_DIRECTO' | 'CONTRADICCION' | 'CONTEXTO' | 'no-apoyo'][] = [
  ['backed (es)', 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.', HOMUN, 'APOYO_DIRECTO'],
  ['backed (en)', 'Vitamin D supplementation reduced hip fractures in older women.', VITAMIN, 'APOYO_DIRECTO'],
  ['other figure (es)', 'En Homún la concentración de nitratos alcanzó 45 mg/L en 2019.', HOMUN, 'CONTRADICCION'],
  ['other year (es)', 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2015.', HOMUN, 'no-apoyo'],
  ['negated (en)', 'Vitamin D supplementation did not reduce hip fractures in older women.', VITAMIN, 'CONTRADICCION'],
  ['negated (es)', 'En Homún la concentración de nitratos nunca alcanzó 44.9 mg/L en 2019.', HOMUN, 'CONTRADICCION'],
  [
    'opposite direction (en)',
    'Vitamin D supplementation increased hip fractures in older women.',
    VITAMIN,
    'CONTRADICCION',
  ],
  ['unrelated (en)', 'The migration of monarch butterflies spans North America.', VITAMIN, 'CONTEXTO'],
  ['unrelated (es)', 'El barroco musical nació en las cortes italianas.', HOMUN, 'CONTEXTO'],
  ['entity swapped (es)', 'En Mérida la concentración de nitratos alcanzó 44.9 mg/L en 2019.', HOMUN, 'no-apoyo'],
  [
    'entity swapped (en)',
    'Vitamin D supplementation reduced hip fractures in older women in Norway.',
    VITAMIN,
    'no-apoyo',
  ],
  ['capital swapped (es)', 'La capital de Australia es Sídney.', CANBERRA, 'no-apoyo'],
];

function expectCases(scorer: () => SupportScorer) {
  it.each(CASES)('%s', async (_, claim, passage, expected) => {
    const [j] = await scorer().judge(claim, [passage]);
    expect(j!.respaldo).toBeGreaterThanOrEqual(0);
    expect(j!.respaldo).toBeLessThanOrEqual(1);
    if (expected === 'APOYO_DIRECTO') {
      expect(j).toMatchObject({ relacion: 'APOYO_DIRECTO' });
      expect(j!.respaldo).toBeGreaterThanOrEqual(0.7);
    } else {
      expect(j!.respaldo, j!.motivo).toBeLessThan(0.5);
      if (expected === 'no-apoyo') expect(j!.relacion).not.toBe('APOYO_DIRECTO');
      else expect(j!.relacion, j!.motivo).toBe(expected);
    }
    if (expected === 'CONTRADICCION') expect(j!.contradiccion).toBeGreaterThanOrEqual(0.6);
  });
}

describe('the lexical-semantic scorer', () => {
  const scorer = createSupportScorer();
  expectCases(() => scorer);

  it('is named for /health and judges each passage in order', async () => {
    expect(scorer.name).toBe(LEXICAL_SCORER);
    const js = await scorer.judge('Vitamin D supplementation reduced hip fractures in older women.', [
      'Monarch butterflies migrate.',
      VITAMIN,
    ]);
    expect(js.map((j) => j.relacion)).toEqual(['CONTEXTO', 'APOYO_DIRECTO']);
    expect(js[1]!.motivo).toContain('cobertura');
    expect(await scorer.judge('x', [])).toEqual([]);
  });

  it('backs a sentence the library states in full (issue 14): verbatim, a clause of a longer sentence, in English', async () => {
    const page =
      'El acuífero kárstico de Yucatán no tiene ríos superficiales. El agua de lluvia se infiltra rápidamente ' +
      'por la roca caliza y fluye bajo tierra hacia la costa, donde brota en manantiales y cenotes.';
    const abstract =
      'We implemented these techniques for an existing JavaScript interpreter, SpiderMonkey. We call the ' +
      'resulting tracing VM TraceMonkey. TraceMonkey supports all the JavaScript features and achieves ' +
      'speedups of 10x and more on loop-intensive benchmarks.';
    const claims: [string, string][] = [
      ['El acuífero kárstico de Yucatán no tiene ríos superficiales.', page],
      ['El agua de lluvia se infiltra rápidamente por la roca caliza.', page],
      ['TraceMonkey achieves speedups of 10x and more', abstract],
    ];
    for (const [claim, passage] of claims) {
      const [j] = await scorer.judge(claim, [passage]);
      expect(j!.respaldo, claim).toBeGreaterThanOrEqual(LITERAL_SUPPORT);
      expect(j!.relacion, claim).toBe('APOYO_DIRECTO');
    }
  });

  it('recognises the same time in other units, and another time as a contradiction (issue 14)', async () => {
    const passage =
      'El agua de lluvia se infiltra en la caliza y llega al mar en menos de 48 horas, según los trazadores.';
    const [same] = await scorer.judge('El agua de lluvia llega al mar en menos de dos días.', [passage]);
    expect(same!.relacion).toBe('APOYO_DIRECTO');
    expect(same!.respaldo).toBeGreaterThanOrEqual(0.9);
    const [other] = await scorer.judge('El agua de lluvia llega al mar en menos de tres días.', [passage]);
    expect(other!.relacion).toBe('CONTRADICCION');
    const [weeks] = await scorer.judge('Rain reaches the sea within two weeks.', [
      'Rain reaches the sea within 14 days.',
    ]);
    expect(weeks!.respaldo).toBeGreaterThanOrEqual(0.9);
  });

  it('backs a claim stated in other words: synonyms, units spelled out, fractions, multiples (issue 14)', async () => {
    const wells = 'En 2019, el 25 % de los pozos de Homún superó el límite de nitratos de la norma.';
    const claims: [string, string][] = [
      ['En Homún los nitratos llegaron a 44,9 miligramos por litro en 2019.', HOMUN],
      ['Una cuarta parte de los pozos de Homún superó el límite de nitratos en 2019.', wells],
      [
        'The speedup of TraceMonkey on hot loops is tenfold or more.',
        'TraceMonkey achieves speedups of 10x and more on hot loops.',
      ],
      ['Vitamin D supplementation lowered hip fractures in elderly women.', VITAMIN],
    ];
    for (const [claim, passage] of claims) {
      const [j] = await scorer.judge(claim, [passage]);
      expect(j!.respaldo, `${claim}: ${j!.motivo}`).toBeGreaterThanOrEqual(0.7);
      expect(j!.relacion, claim).toBe('APOYO_DIRECTO');
    }
    // The same rewording with another figure, or another place, is not backed.
    for (const claim of [
      'Una tercera parte de los pozos de Homún superó el límite de nitratos en 2019.',
      'Una cuarta parte de los pozos de Sotuta superó el límite de nitratos en 2019.',
    ]) {
      const [j] = await scorer.judge(claim, [wells]);
      expect(j!.respaldo, `${claim}: ${j!.motivo}`).toBeLessThan(0.7);
    }
  });

  it('reads negation in the clause that holds the claim, and contradicts other names and years (issue 14)', async () => {
    const sentence =
      'No hay ríos superficiales que diluyan lo que llega desde la superficie, y la capa de suelo que filtra ' +
      'el agua tiene en muchos sitios menos de un metro de espesor.';
    const [clause] = await scorer.judge(
      'La capa de suelo que filtra el agua tiene en muchos sitios menos de un metro de espesor.',
      [sentence],
    );
    expect(clause!.relacion, clause!.motivo).toBe('APOYO_DIRECTO');
    const ocalan =
      'Presionaron a Ocalan para que se fuera. Tras una carambola a tres bandas, fue capturado por agentes turcos en Kenia.';
    const [place] = await scorer.judge('Ocalan fue capturado por agentes turcos en Etiopía.', [ocalan]);
    expect(place!.contradiccion, place!.motivo).toBeGreaterThanOrEqual(0.6);
    const hamilton =
      'Margaret Hamilton founded her own company in Cambridge in 1976, and her legacy has been celebrated since.';
    const [year] = await scorer.judge('Margaret Hamilton founded her own company in Cambridge in 1986.', [hamilton]);
    expect(year!.contradiccion, year!.motivo).toBeGreaterThanOrEqual(0.6);
    const [count] = await scorer.judge('They predicted the choices of two of the five participants.', [
      'They were able to predict the choices of four of the five participants.',
    ]);
    expect(count!.relacion, count!.motivo).toBe('CONTRADICCION');
    // A bound or a depth the passage rules out is contradicted, though the claim's own figure is not there.
    const [bound] = await scorer.judge('La red de galerías del sistema Ek Balam mide menos de 40 kilómetros.', [
      'La red de galerías del sistema Ek Balam tiene más de 210 kilómetros explorados.',
    ]);
    expect(bound!.relacion, bound!.motivo).toBe('CONTRADICCION');
    expect(bound!.contradiccion).toBeGreaterThanOrEqual(0.6);
  });

  it('contradicts an opposite in place of a claim word, another figure in a range or of people (issue 14)', async () => {
    const cases: [string, string][] = [
      [
        'Los cenotes más lejanos a granjas porcícolas tuvieron las concentraciones más altas.',
        'Los cenotes más cercanos a granjas porcícolas tuvieron las concentraciones más altas.',
      ],
      [
        'After the second run started, the errors shrank exponentially.',
        'This new run had started in a very similar place, after all. But the errors grew exponentially.',
      ],
      [
        'Las cuencas estudiadas se sitúan entre los 2200 y los 4100 metros de altitud.',
        'Las cuencas estudiadas se sitúan entre los 3200 y los 4100 m de altitud.',
      ],
      [
        'Conservar el páramo cuesta más de 5 € por habitante.',
        'Conservar el páramo cuesta menos de 5 € por habitante.',
      ],
      [
        'Once cenotes superaron el límite de 45 mg/L de la norma europea para agua de consumo.',
        'Once cenotes superaron el límite de 45 mg/L de la norma mexicana para agua de consumo.',
      ],
      [
        'La concentración media de nitratos fue más baja en lluvias que en secas.',
        'La concentración media de nitratos fue de 44,9 mg/L en lluvias y de 31,2 mg/L en secas.',
      ],
      [
        'The printer kept more decimal places than the computer.',
        'The computer was keeping track of numbers to six decimal places, but the printer had rounded them to only the first three decimal places.',
      ],
      [
        'Las muestras de la temporada de lluvias se tomaron cada año en junio, por triplicado.',
        'Las muestras de la temporada de lluvias se tomaron cada año en octubre, por triplicado.',
      ],
      [
        'A gunman opened fire at a cinema in Louisiana, killing five people.',
        'A gunman opened fire at a cinema in the US state of Louisiana, killing two people.',
      ],
    ];
    for (const [claim, passage] of cases) {
      const [j] = await scorer.judge(claim, [passage]);
      expect(j!.relacion, `${claim}: ${j!.motivo}`).toBe('CONTRADICCION');
      expect(j!.contradiccion).toBeGreaterThanOrEqual(0.6);
    }
  });

  it('backs a long claim stated but for one plain word, never for a missing figure or name', async () => {
    const row = 'municipio: Sotuta; nitratos: 12.75; fecha: 2019-06-10';
    const [one] = await scorer.judge('En Sotuta la medición de nitratos del 10 de junio de 2019 fue de 12,75.', [row]);
    expect(one!.respaldo, one!.motivo).toBeGreaterThanOrEqual(0.7);
    const [name] = await scorer.judge('En Sotuta y Tecoh los nitratos del 10 de junio de 2019 fueron de 12,75.', [row]);
    expect(name!.respaldo, name!.motivo).toBeLessThan(0.7);
  });

  it('contradicts a comparison the other way round, and reads a sheet row by row (issue 14)', async () => {
    const [reversed] = await scorer.judge(
      'Cuando la protesta desborda, reprimirla es más eficiente que recanalizarla.',
      ['Cuando desborda, recanalizarla es más eficiente que reprimirla: ahí reside el arte del acuerdo.'],
    );
    expect(reversed!.relacion, reversed!.motivo).toBe('CONTRADICCION');
    const sheet =
      'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01\n\nmunicipio: Cuzamá; nitratos: 38.2; fecha: 2019-05-03\n\n' +
      'municipio: Sotuta; nitratos: 12.75; fecha: 2019-06-10';
    // Homún's figure is not Sotuta's: another row's value backs nothing.
    const [other] = await scorer.judge('En Sotuta la concentración de nitratos fue de 44.9 en mayo de 2019.', [sheet]);
    expect(other!.respaldo, other!.motivo).toBeLessThan(0.7);
    const [row] = await scorer.judge('La medición de nitratos de Homún, del 1/5/2019, fue de 44,9.', [sheet]);
    expect(row!.respaldo, row!.motivo).toBeGreaterThanOrEqual(0.7);
  });

  it('takes a demonym for its place, and a verb that only looks prefixed for no negation', async () => {
    const [andes] = await scorer.judge('El páramo regula el agua de las ciudades de los Andes.', [
      'El páramo es un ecosistema de alta montaña que regula el agua de las ciudades andinas.',
    ]);
    expect(andes!.relacion, andes!.motivo).not.toBe('CONTRADICCION');
    expect(andes!.motivo).not.toContain('nombre');
    const [rain] = await scorer.judge('En el subsuelo calizo de Yucatán la lluvia se filtra casi por completo.', [
      'El subsuelo de Yucatán es de roca caliza: la lluvia se infiltra casi entera y corre hasta el mar.',
    ]);
    expect(rain!.motivo).not.toContain('negación');
  });

  it('judges what is claimed, not who is said to claim it', async () => {
    for (const claim of [
      'Según los autores, el acuífero kárstico de Yucatán no tiene ríos superficiales.',
      'Luis Pérez dice que el acuífero kárstico de Yucatán no tiene ríos superficiales.',
    ]) {
      const [j] = await scorer.judge(claim, ['El acuífero kárstico de Yucatán no tiene ríos superficiales.']);
      expect(j!.respaldo, `${claim}: ${j!.motivo}`).toBeGreaterThanOrEqual(LITERAL_SUPPORT);
    }
  });

  it('never lifts a full copy that a check contradicts, nor a claim too short to be recognised', async () => {
    const [figure] = await scorer.judge('En Homún la concentración de nitratos alcanzó 45 mg/L en 2019.', [HOMUN]);
    expect(figure!.respaldo).toBeLessThan(0.7);
    const [negated] = await scorer.judge('El acuífero kárstico de Yucatán tiene ríos superficiales.', [
      'El acuífero kárstico de Yucatán no tiene ríos superficiales.',
    ]);
    expect(negated!.respaldo).toBeLessThan(0.7);
    const [short] = await scorer.judge('Yucatán cenotes.', ['En Yucatán hay miles de cenotes abiertos al público.']);
    expect(short!.motivo).not.toContain('enunciado completo');
  });

  it('reads the passage sentence by sentence: backing in one sentence of a long passage counts', async () => {
    const passage =
      'El estudio se hizo entre 2015 y 2020 en doce municipios. Se tomaron muestras mensuales de agua. ' +
      `${HOMUN} Las granjas porcinas vierten residuos al acuífero.`;
    const [j] = await scorer.judge('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.', [passage]);
    expect(j!.relacion).toBe('APOYO_DIRECTO');
  });

  it('marks a general rule the claim applies as APLICACION_DE_MARCO, not as direct support', async () => {
    const [j] = await scorer.judge('Lucía, de 17 años, no puede votar en las elecciones de Chile.', [
      'Todas las personas menores de 18 años no pueden votar en las elecciones nacionales.',
    ]);
    expect(j!.relacion).toBe('APLICACION_DE_MARCO');
    expect(j!.respaldo).toBeLessThan(0.7);
  });

  it('lets embeddings lift a translation that shares no words', async () => {
    // A stand-in embedder that finds claim and passage identical in meaning (as a multilingual model would).
    const same: Embedder = {
      name: 'misma-direccion',
      dimensions: 2,
      embedQueries: async (t) => t.map(() => Float32Array.of(1, 0)),
      embedPassages: async (t) => t.map(() => Float32Array.of(1, 0)),
    };
    const claim = 'La suplementación con vitamina D redujo las fracturas de cadera en mujeres mayores.';
    const [plain] = await scorer.judge(claim, [VITAMIN]);
    const [lifted] = await createSupportScorer({ embedder: same }).judge(claim, [VITAMIN]);
    expect(lifted!.respaldo).toBeGreaterThan(plain!.respaldo);
  });

  it('embeds each passage once across judgements (verify judges every clause on the same passages)', async () => {
    const embedded: string[] = [];
    const counting: Embedder = {
      name: 'contador',
      dimensions: 2,
      embedQueries: async (t) => t.map(() => Float32Array.of(1, 0)),
      embedPassages: async (t) => {
        embedded.push(...t);
        return t.map(() => Float32Array.of(0, 1));
      },
    };
    const s = createSupportScorer({ embedder: counting });
    await s.judge('Vitamin D reduced fractures.', [VITAMIN, HOMUN]);
    await s.judge('Older women had fewer fractures.', [HOMUN, VITAMIN, VITAMIN]);
    expect(embedded).toEqual([VITAMIN, HOMUN]);
  });

  it('goes on without the embedder when it fails, and says so', async () => {
    const errors: string[] = [];
    const broken: Embedder = {
      name: 'roto',
      dimensions: 2,
      embedQueries: async () => {
        throw new Error('caído');
      },
      embedPassages: async () => [],
    };
    const s = createSupportScorer({ embedder: broken, onEngineError: (e) => errors.push(e) });
    const [j] = await s.judge('Vitamin D supplementation reduced hip fractures in older women.', [VITAMIN]);
    expect(j!.relacion).toBe('APOYO_DIRECTO');
    expect(errors).toEqual(['embeddings']);
  });
});

describe('the NLI scorer (tiny NLI model through transformers.js), always checked', () => {
  let nli: NliModel;
  let scorer: SupportScorer;
  beforeAll(async () => {
    nli = await createTransformersNli({ modelsDir: MODELS, model: TINY_NLI_MODEL });
    scorer = createSupportScorer({ nli });
  });
  expectCases(() => scorer);

  it('is named after its model', () => {
    expect(scorer.name).toBe('folio/tiny-nli (local, q8) (NLI) + comprobaciones');
  });

  it('trusts the model for entailment, but the checks cap what the model misses', async () => {
    const [raw] = await nli.classify([{ premise: HOMUN, hypothesis: 'En Homún los nitratos alcanzaron 45 mg/L.' }]);
    // The tiny model sees almost the same words and calls it entailment …
    expect(raw!.entailment).toBeGreaterThan(raw!.contradiction);
    // … the figure check does not.
    const [j] = await scorer.judge('En Homún los nitratos alcanzaron 45 mg/L.', [HOMUN]);
    expect(j!.respaldo).toBeLessThanOrEqual(0.15);
    expect(j!.relacion).toBe('CONTRADICCION');
    expect(j!.motivo).toContain('cifra distinta: 45 frente a 44.9');
  });

  it('falls back to the lexical model when the NLI model fails', async () => {
    const errors: string[] = [];
    const broken: NliModel = {
      name: 'roto',
      classify: async () => {
        throw new Error('caído');
      },
    };
    const s = createSupportScorer({ nli: broken, onEngineError: (e) => errors.push(e) });
    const [j] = await s.judge('Vitamin D supplementation reduced hip fractures in older women.', [VITAMIN]);
    expect(j!.relacion).toBe('APOYO_DIRECTO');
    expect(j!.motivo).toContain('cobertura');
    expect(errors).toEqual(['nli']);
  });

  it('uses a calibration when given one', async () => {
    const halved = createSupportScorer({
      nli,
      nliCalibration: (p) => ({ entailment: p.entailment / 2, contradiction: 0 }),
    });
    // Not stated in full ('nursing homes' is not in the passage): the model's halved score is all there is.
    const [j] = await halved.judge('Vitamin D supplementation reduced hip fractures in nursing homes.', [VITAMIN]);
    expect(j!.respaldo).toBeLessThanOrEqual(0.5);
  });
});

describe('stated all but one word: the predicate must be stated', () => {
  it('does not back a claim whose missing word is its last (what it predicates)', async () => {
    const scorer = createSupportScorer();
    const passage = 'El museo municipal de la ciudad abrió una sala nueva dedicada a la cerámica romana.';
    const [missingPredicate] = await scorer.judge(
      'La sala nueva del museo municipal dedicada a la cerámica romana es enorme.',
      [passage],
    );
    expect(missingPredicate!.respaldo).toBeLessThan(0.7);
    expect(missingPredicate!.motivo).not.toContain('salvo una palabra');
  });
});

describe('stated all but one word: only a claim carried by its figures', () => {
  it('does not back a claim whose one missing word is its verb', async () => {
    const scorer = createSupportScorer();
    const passage =
      'Aunque la biblioteca mantiene el préstamo de mapas antiguos a los investigadores, limita las horas.';
    const [j] = await scorer.judge('La biblioteca ha suprimido el préstamo de mapas antiguos a los investigadores.', [
      passage,
    ]);
    expect(j!.respaldo).toBeLessThan(0.7);
    expect(j!.motivo).not.toContain('salvo una palabra');
  });

  it('backs a figure-carried claim whose missing word only names the figure', async () => {
    const scorer = createSupportScorer();
    const passage = 'El vivero de Tekax plantó 3.200 ceibas en la temporada de lluvias de 2021.';
    const [j] = await scorer.judge(
      'El vivero de Tekax plantó un total de 3.200 ceibas en la temporada de lluvias de 2021.',
      [passage],
    );
    expect(j!.respaldo).toBeGreaterThanOrEqual(0.7);
  });
});

describe('a claim spread over sentences', () => {
  it('is not backed by neighbouring sentences that each hold a part of it', async () => {
    const scorer = createSupportScorer();
    const passage =
      'Trade in furs grew quickly in the northern ports during the century. ' +
      'Hunters took more otters every year, and the numbers of traders rose as well.';
    const [j] = await scorer.judge('Otter numbers are growing in the northern ports.', [passage]);
    expect(j!.respaldo).toBeLessThan(0.7);
    expect(j!.motivo).toContain('repartida entre frases');
  });

  it('reads a period after an initial or a title as no sentence end', async () => {
    const scorer = createSupportScorer();
    const claim =
      'The survey was led by Ana Ruiz of the Carlos M. Duarte Marine Institute, and the results appeared in the journal Coastal Notes.';
    const [j] = await scorer.judge(claim, [`The team set out to count the herons. ${claim} The counts followed.`]);
    expect(j!.respaldo).toBeGreaterThanOrEqual(0.9);
    expect(j!.motivo).not.toContain('repartida entre frases');
  });

  it('is backed when one sentence states most of it and a neighbour its setting', async () => {
    const scorer = createSupportScorer();
    const passage =
      'The survey covered the coastal wetlands of the delta. ' +
      'Heron colonies there doubled their nesting pairs between the two counts.';
    const [j] = await scorer.judge('Heron colonies in the delta doubled their nesting pairs between the two counts.', [
      passage,
    ]);
    expect(j!.respaldo).toBeGreaterThanOrEqual(0.7);
  });
});

describe('a passage that says it short of an assertion', () => {
  it('does not back a fact stated as an intention, a possibility or an accusation', async () => {
    const scorer = createSupportScorer();
    const cases: [string, string][] = [
      ['La cooperativa ha abierto una tienda en Valladolid.', 'La cooperativa quiere abrir una tienda en Valladolid.'],
      ['The council closed the eastern bridge in March.', 'The council may close the eastern bridge in March.'],
      ['El tesorero desvió fondos del club.', 'El tesorero fue acusado de desviar fondos del club.'],
    ];
    for (const [claim, passage] of cases) {
      const [j] = await scorer.judge(claim, [passage]);
      expect(j!.respaldo, claim).toBeLessThan(0.7);
      expect(j!.motivo, claim).toContain('el pasaje no lo afirma');
    }
  });

  it('backs the hedged claim itself, and a hedge that reaches other words', async () => {
    const scorer = createSupportScorer();
    const [same] = await scorer.judge('La cooperativa quiere abrir una tienda en Valladolid.', [
      'La cooperativa quiere abrir una tienda en Valladolid este otoño.',
    ]);
    expect(same!.respaldo).toBeGreaterThanOrEqual(0.7);
    const [far] = await scorer.judge('The council closed the eastern bridge in March.', [
      'The council closed the eastern bridge in March, which residents say may have been a mistake.',
    ]);
    expect(far!.respaldo).toBeGreaterThanOrEqual(0.7);
  });
});

describe('a content word the passage does not say', () => {
  it('keeps a short claim below the bar without a model, and says which word is missing', async () => {
    const scorer = createSupportScorer();
    const passage = 'El coro municipal de Tudela ensaya los jueves en la antigua capilla del hospital.';
    const [j] = await scorer.judge('El coro municipal de Tudela graba los jueves en la capilla.', [passage]);
    expect(j!.respaldo).toBeLessThan(0.7);
    expect(j!.motivo).toContain('palabra no dicha: graba');
  });
});

describe('a question in the passage', () => {
  it('asks the claim without stating it: no backing, in either language', async () => {
    const scorer = createSupportScorer();
    const [en] = await scorer.judge('Otter numbers are growing in the northern ports.', [
      'Are otter numbers growing in the northern ports?',
    ]);
    expect(en!.respaldo).toBeLessThan(0.7);
    expect(en!.motivo).toContain('el pasaje lo pregunta');
    const [es] = await scorer.judge('Las nutrias aumentan en los puertos del norte.', [
      '¿Aumentan las nutrias en los puertos del norte?',
    ]);
    expect(es!.respaldo).toBeLessThan(0.7);
  });

  it('does not back a claim with a question and the neighbours that each hold a part of it', async () => {
    const scorer = createSupportScorer();
    const passage =
      '"Ask a ranger: are otter numbers growing in the ports?". ' +
      'The column answers letters from readers. ' +
      'Trade in furs grew quickly in the northern ports during the century. ' +
      'Hunters took more otters every year, and the numbers of traders rose as well.';
    const [j] = await scorer.judge('Otter numbers are growing in the northern ports.', [passage]);
    expect(j!.respaldo).toBeLessThan(0.7);
  });

  it('leaves a stated claim backed, and a question claim may be asked', async () => {
    const scorer = createSupportScorer();
    const [j] = await scorer.judge('Otter numbers are growing in the northern ports.', [
      'Are otters back? Otter numbers are growing in the northern ports.',
    ]);
    expect(j!.respaldo).toBeGreaterThanOrEqual(0.7);
  });
});

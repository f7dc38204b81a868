import { describe, expect, it } from 'vitest';
import { holdsAskedThing, questionType } from './question-type';

describe('questionType', () => {
  it('tells what a Spanish or English question asks for', () => {
    const cases: [string, string][] = [
      ['¿Qué concentración de nitratos se midió en Homún?', 'cantidad'],
      ['¿Cuántos pozos hay en la zona?', 'cantidad'],
      ['How many wells were sampled?', 'cantidad'],
      ['What speedups does TraceMonkey achieve?', 'cantidad'],
      ['¿Cuándo se midieron los nitratos?', 'tiempo'],
      ['¿En qué año se publicó el informe?', 'tiempo'],
      ['When was the law passed?', 'tiempo'],
      ['¿Quién dirigió el estudio?', 'persona'],
      ['Who wrote the report?', 'persona'],
      ['¿Por qué suben los nitratos?', 'causa'],
      ['Why do nitrates rise?', 'causa'],
      ['¿Dónde aflora el acuífero?', 'lugar'],
      ['Where is the aquifer?', 'lugar'],
      ['¿Qué es asn1Parser?', 'definicion'],
      ['What is a tracing JIT?', 'definicion'],
      ['¿Qué dice Pérez de los cenotes?', 'otro'],
    ];
    for (const [q, type] of cases) expect([q, questionType(q)]).toEqual([q, type]);
  });

  it('reads the interrogatives of a Portuguese question', () => {
    expect(questionType('Quantos poços foram amostrados?')).toBe('cantidad');
    expect(questionType('Quando foi publicado o relatório?')).toBe('tiempo');
    expect(questionType('Quem dirigiu o estudo?')).toBe('persona');
    expect(questionType('Onde fica o aquífero?')).toBe('lugar');
  });
});

describe('holdsAskedThing', () => {
  it('finds a number with its unit, a date, a name, a cause', () => {
    expect(holdsAskedThing('cantidad', 'Alcanzó 44.9 mg/L en 2019.')).toBe(1);
    expect(holdsAskedThing('cantidad', 'We measured speedups of 10x and more.')).toBe(1);
    expect(holdsAskedThing('cantidad', 'Nitratos: 44.9.')).toBe(0.5);
    expect(holdsAskedThing('cantidad', 'Los nitratos subieron en 2019.')).toBe(0);
    expect(holdsAskedThing('tiempo', 'Los nitratos subieron en 2019.')).toBe(1);
    expect(holdsAskedThing('tiempo', 'Los nitratos subieron mucho.')).toBe(0);
    expect(holdsAskedThing('persona', 'El estudio lo dirigió Lucía Pérez Canul.')).toBe(1);
    expect(holdsAskedThing('persona', 'El estudio lo dirigió una bióloga.')).toBe(0);
    expect(holdsAskedThing('causa', 'Suben porque la granja vierte sus residuos.')).toBe(1);
    expect(holdsAskedThing('causa', 'Prices rose due to the drought.')).toBe(1);
    expect(holdsAskedThing('otro', 'Alcanzó 44.9 mg/L en 2019.')).toBe(0);
  });
});

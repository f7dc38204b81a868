import { describe, expect, it } from 'vitest';
import type { SupportJudgement, SupportScorer } from '../../ai/support-scorer';
import { RESPALDO_NOTA } from '../../support/bar';
import { checkSentence, parseSentence, renderSentence, splitAtFootnotes } from './footnotes';

/**
 * A scorer that answers from a table (claim → passage → judgement): the rules of footnotes.ts are what is
 * tested here, not support scoring (the ask tests run the real scorer).
 */
function tableScorer(table: Record<string, Record<string, Partial<SupportJudgement>>>): SupportScorer & {
  calls: [string, string[]][];
} {
  const calls: [string, string[]][] = [];
  return {
    name: 'tabla',
    calls,
    async judge(claim, passages) {
      calls.push([claim, passages]);
      return passages.map((p) => ({ respaldo: 0, contradiccion: 0, relacion: 'CONTEXTO', ...table[claim]?.[p] }));
    },
  };
}

const PASSAGES = ['pasaje uno', 'pasaje dos', 'pasaje tres'];
const backed = { respaldo: 0.9, relacion: 'APOYO_DIRECTO' } as const;

const check = async (raw: string, table: Parameters<typeof tableScorer>[0]) => {
  const scorer = tableScorer(table);
  return { checked: await checkSentence(parseSentence(raw), PASSAGES, scorer), scorer };
};

const renumber = () => {
  const map = new Map<number, number>();
  return (n: number) => {
    if (!map.has(n)) map.set(n, map.size + 1);
    return map.get(n)!;
  };
};

describe('parseSentence', () => {
  it('separates the separator, the markers and the claim (no markers, no Markdown)', () => {
    expect(parseSentence('\n\n- **Homún** tiene _nitratos_ [^2] altos.[^3][^2]')).toEqual({
      separator: '\n\n',
      text: '- **Homún** tiene _nitratos_ [^2] altos.[^3][^2]',
      markers: [2, 3],
      claim: 'Homún tiene nitratos altos.',
    });
  });

  it('leaves attribution out of the claim: the footnote names the source', () => {
    expect(parseSentence('Según Pérez Canul (2021), el agua tiene nitratos.[^1]').claim).toBe(
      'el agua tiene nitratos.',
    );
    expect(parseSentence('El agua tiene nitratos, según el estudio.[^1]').claim).toBe('El agua tiene nitratos.');
    expect(parseSentence('According to Smith, karst drains fast.[^2]').claim).toBe('karst drains fast.');
    expect(parseSentence('Para 2019, el agua tenía nitratos.[^1]').claim).toBe('Para 2019, el agua tenía nitratos.');
  });
});

describe('checkSentence', () => {
  it('keeps a footnote whose passage backs the sentence and drops one that does not', async () => {
    const { checked } = await check('A es B.[^1][^2]', {
      'A es B.': { 'pasaje uno': backed, 'pasaje dos': { respaldo: 0.4 } },
    });
    expect(checked.keep).toBe(true);
    expect([...checked.backing]).toEqual([[1, 0.9]]);
    expect(checked.dropped).toEqual([{ n: 2, why: 'sin_respaldo' }]);
    expect(renderSentence(checked, renumber())).toBe('A es B.[^1]');
  });

  it('drops a footnote to a passage the writer was not given, without asking the scorer about it', async () => {
    const { checked, scorer } = await check('A es B.[^7][^2]', { 'A es B.': { 'pasaje dos': backed } });
    expect(scorer.calls).toEqual([['A es B.', ['pasaje dos']]]);
    expect(checked.dropped).toEqual([{ n: 7, why: 'no_dado' }]);
    expect(renderSentence(checked, renumber())).toBe('A es B.[^1]');
  });

  it('leaves out a sentence whose footnotes all fell: they were its only support', async () => {
    const invented = await check('C es D.[^9]', {});
    expect(invented.checked.keep).toBe(false);
    expect(invented.scorer.calls).toEqual([]);
    const unbacked = await check('C es D.[^1]', { 'C es D.': { 'pasaje uno': { respaldo: RESPALDO_NOTA - 0.01 } } });
    expect(unbacked.checked.keep).toBe(false);
    expect(unbacked.checked.dropped).toEqual([{ n: 1, why: 'sin_respaldo' }]);
  });

  it('drops a footnote whose passage contradicts the sentence, however high its support', async () => {
    const { checked } = await check('A es B.[^1]', {
      'A es B.': { 'pasaje uno': { respaldo: 0.8, contradiccion: 0.9, relacion: 'CONTRADICCION' } },
    });
    expect(checked.keep).toBe(false);
    expect(checked.dropped).toEqual([{ n: 1, why: 'contradice' }]);
  });

  it('keeps the footnotes of passages that back a combined sentence together', async () => {
    const { checked } = await check('A y B.[^1][^3]', {
      'A y B.': {
        'pasaje uno': { respaldo: 0.5 },
        'pasaje tres': { respaldo: 0.45 },
        'pasaje uno\n\npasaje tres': backed,
      },
    });
    expect(checked.keep).toBe(true);
    expect([...checked.backing.keys()]).toEqual([1, 3]);
    expect(renderSentence(checked, renumber())).toBe('A y B.[^1][^2]');
  });

  it('cites for a sentence written without a footnote when a passage backs it; else leaves it out', async () => {
    const { checked } = await check(' A es B.', {
      'A es B.': { 'pasaje dos': backed, 'pasaje tres': { respaldo: 0.8 } },
    });
    expect(checked.added).toBe(2);
    expect(renderSentence(checked, renumber())).toBe('A es B.[^1]');
    const loose = await check('Los pasajes no lo dicen.', {});
    expect(loose.checked.keep).toBe(false);
    expect(loose.scorer.calls).toEqual([['Los pasajes no lo dicen.', PASSAGES]]);
  });

  it('leaves out stray markers with no words, and footnote definitions the writer wrote', async () => {
    const { checked, scorer } = await check('[^1]', {});
    expect(checked.keep).toBe(false);
    expect(scorer.calls).toEqual([]);
    const definition = await check('\n\n[^1]: A es B.', { ': A es B.': { 'pasaje uno': backed } });
    expect(definition.checked.keep).toBe(false);
    expect(definition.scorer.calls).toEqual([]);
  });

  it('renumbers in order of appearance and removes repeats', async () => {
    const { checked } = await check('A[^3], B [^9] y C[^1][^3].', {
      'A, B y C.': { 'pasaje tres': backed, 'pasaje uno': backed },
    });
    const number = renumber();
    number(1); // passage 1 was cited by an earlier sentence
    expect(renderSentence(checked, number)).toBe('A[^2], B y C[^1].');
  });
});

describe('splitAtFootnotes', () => {
  it('cuts after every run of markers that more words follow, keeping a closing stop with its marker', () => {
    expect(splitAtFootnotes(' A[^1] and B[^2][^3].')).toEqual([' A[^1]', ' and B[^2][^3].']);
    expect(splitAtFootnotes(' A[^1], y B.')).toEqual([' A[^1]', ', y B.']);
    expect(splitAtFootnotes('Dos[^2].')).toEqual(['Dos[^2].']);
    expect(splitAtFootnotes('Sin nota.')).toEqual(['Sin nota.']);
    const raw = ' Uno[^1] dos[^2] tres.';
    expect(splitAtFootnotes(raw).join('')).toBe(raw);
  });
});

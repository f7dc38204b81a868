import { describe, expect, it } from 'vitest';
import type { Ocr, OcrResult } from '../../ai/ocr';
import { readInItsScript } from './ocr-script-reading';

/** An engine whose script detection says `script` and whose readings are given per language set. */
function engine(script: string, readings: Record<string, OcrResult>, languages: string[]): Ocr & { asked: string[] } {
  const asked: string[] = [];
  return {
    name: 'fake',
    languages,
    asked,
    async script() {
      return script;
    },
    async recognize(_image, opts) {
      const key = (opts?.langs ?? []).join('+');
      asked.push(key);
      return readings[key] ?? { texto: '', confianza: 0 };
    },
    async close() {},
  };
}

const IMAGE = new Uint8Array([1]);
const LATIN: OcrResult = { texto: 'FRIMBFHRANK RRAA', confianza: 0.44 };

describe('readInItsScript', () => {
  it('reads a page again in its script’s installed languages, Chinese without spaces between words', async () => {
    const ocr = engine('Han', { chi_sim: { texto: '重庆 万 州 经 济', confianza: 0.74 } }, [
      'spa',
      'eng',
      'chi_sim',
      'ara',
    ]);
    expect(await readInItsScript(ocr, IMAGE, LATIN, undefined)).toEqual({
      result: { texto: '重庆万州经济', confianza: 0.74 },
      script: 'Han',
      langs: ['chi_sim'],
    });
    expect(ocr.asked).toEqual(['chi_sim']);
  });

  it('says the script unread when none of its models is installed, and reads nothing more', async () => {
    const ocr = engine('Arabic', {}, ['spa', 'eng', 'chi_sim']);
    expect(await readInItsScript(ocr, IMAGE, LATIN, undefined)).toEqual({
      result: LATIN,
      script: 'Arabic',
      unread: 'Arabic',
    });
    expect(ocr.asked).toEqual([]);
  });

  it('keeps neither reading when the script’s models are less sure than the Latin ones', async () => {
    const ocr = engine('Han', { chi_sim: { texto: '由 攻云 人 心 攻', confianza: 0.29 } }, ['spa', 'chi_sim']);
    const read = await readInItsScript(ocr, IMAGE, { texto: 'Bx pr aa Jo', confianza: 0.42 }, undefined);
    expect(read.result).toEqual({ texto: '', confianza: 0 });
    expect(read.unread).toBeUndefined();
  });

  it('leaves a Latin page, or one whose script is not told, as it was read', async () => {
    for (const script of ['Latin', '']) {
      const ocr = engine(script, {}, ['spa', 'chi_sim']);
      expect((await readInItsScript(ocr, IMAGE, LATIN, undefined)).result).toBe(LATIN);
      expect(ocr.asked).toEqual([]);
    }
  });
});

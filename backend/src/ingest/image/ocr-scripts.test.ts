import { describe, expect, it } from 'vitest';
import { scriptLanguages, scriptsRead } from '../../ai/tesseract-scripts';
import { howToRead, notReadHere, unreadScript } from './ocr-scripts';
import { withoutSpacesBetweenCjk } from './ocr-script-reading';

/** What the npm packages install: the Latin script only. */
const NPM = ['cat', 'deu', 'eng', 'fra', 'ita', 'por', 'spa'];

describe('the scripts OCR reads here', () => {
  it('reads a script in its installed languages only, never in those of another script', () => {
    expect(scriptLanguages('Han', NPM)).toBeUndefined();
    expect(scriptLanguages('Han', [...NPM, 'ara', 'chi_sim'])).toEqual(['chi_sim']);
    expect(scriptLanguages('Han', ['chi_tra', 'chi_sim', 'jpn'])).toEqual(['chi_sim', 'chi_tra']);
    // Japanese models read Japanese pages, not Chinese ones, whatever else is installed.
    expect(scriptLanguages('Han', ['jpn', 'kor'])).toBeUndefined();
    expect(scriptLanguages('Katakana', ['jpn'])).toEqual(['jpn']);
    expect(scriptLanguages('Arabic', ['fas'])).toEqual(['fas']);
    expect(scriptLanguages('Cyrillic', ['srp_latn', 'ukr', 'rus', 'bul'])).toEqual(['rus', 'ukr']);
    // Latin pages are read in the document's language, not through this table.
    expect(scriptLanguages('Latin', NPM)).toBeUndefined();
  });

  it('says a script unread only when none of its models is installed', () => {
    expect(unreadScript('Arabic', NPM)).toBe('Arabic');
    expect(unreadScript('Arabic', [...NPM, 'ara'])).toBeUndefined();
    expect(unreadScript('Latin', NPM)).toBeUndefined();
    expect(unreadScript(undefined, NPM)).toBeUndefined();
    expect(unreadScript('Syriac', NPM)).toBe('Syriac');
  });

  it('tells what this server reads, from what is installed', () => {
    expect(scriptsRead(NPM)).toBe('la escritura latina');
    expect(scriptsRead([...NPM, 'chi_sim'])).toBe('la escritura latina y la china (han)');
    expect(scriptsRead([...NPM, 'ara', 'chi_tra', 'rus'])).toBe(
      'la escritura latina, la árabe, la cirílica y la china (han)',
    );
  });

  it('tells how to get a script read', () => {
    expect(howToRead(['Han'])).toBe(
      "para leerla, 'npm run folio -- models pull ocr chi_sim' o el paquete de Debian tesseract-ocr-chi-sim",
    );
    expect(howToRead(['Arabic', 'Hebrew'])).toBe(
      "para leerlas, 'npm run folio -- models pull ocr ara heb' o los paquetes de Debian tesseract-ocr-ara y " +
        'tesseract-ocr-heb',
    );
    expect(howToRead(['Klingon'])).toBeUndefined();
    expect(notReadHere(['Klingon'], NPM)).toBe(', que el OCR de este servidor no lee (lee la escritura latina)');
  });

  it('takes out the spaces Tesseract puts between Chinese words, not those of other scripts', () => {
    expect(withoutSpacesBetweenCjk('重庆 万 州 经 济 技术 开发 ( 集团 ) 有 限 公司 2021 年 度')).toBe(
      '重庆万州经济技术开发 ( 集团 ) 有限公司 2021 年度',
    );
    expect(withoutSpacesBetweenCjk('签字 页 ， 本 页 无 正文\n한국 어 text')).toBe('签字页，本页无正文\n한국 어 text');
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnclaSeccion } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type Conversion } from '../converter';
import { convertRtf, parseRtf, rtfConverter } from './rtf';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const OFFICE = resolve(REPO_ROOT, 'test/fixtures/office');

/** RTF source as bytes: characters above U+00FF never appear in RTF, so latin1 is exact. */
const rtf = (source: string) => new Uint8Array(Buffer.from(source, 'latin1'));

function blocks(conversion: Conversion): string[] {
  return conversion.unidades.flatMap((u) =>
    (u.bloques ?? []).map((b) => {
      const a = b.ancla as AnclaSeccion;
      return `${a.ruta.join(' › ')} #${a.parrafo}: ${b.texto}`;
    }),
  );
}

/** The paragraphs of a document body written as RTF, in a minimal header. */
function body(source: string, header = '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times;}}'): string[] {
  return parseRtf(rtf(`${header}${source}}`)).outline.map((e) => (e.kind === 'heading' ? `# ${e.text}` : e.text));
}

function conversionError(run: () => unknown): ConversionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConversionError);
    return error as ConversionError;
  }
  throw new Error('expected a ConversionError');
}

/** What Word writes, cut down: stylesheet, info, header, fields, bookmarks, list text, footnote, picture. */
const WORD_RTF = String.raw`{\rtf1\adeflang1025\ansi\ansicpg1252\uc1\adeff0\deff0\deflang3082
{\fonttbl{\f0\froman\fcharset0\fprq2 Times New Roman;}{\f3\froman\fcharset2\fprq2 Symbol;}}
{\colortbl;\red0\green0\blue0;}
{\*\defchp \fs24\lang3082}
{\stylesheet{\ql \li0\ri0\widctlpar\wrapdefault \fs24\lang3082 \snext0 \sqformat \spriority0 Normal;}
{\s1\ql \li0\ri0\keepn\widctlpar\outlinelevel0 \b\fs32 \sbasedon0 \snext0 \slink15 \sqformat heading 1,h1;}
{\s2\ql \li0\ri0\keepn\widctlpar \b\fs28 \sbasedon0 \snext0 \sqformat T\'edtulo 2;}
{\s3\ql \sbasedon1 \snext0 Cap\'edtulo especial;}
{\s4\ql \sbasedon0 \snext0 \outlinelevel9 heading 4;}
{\s20\qc \fs48 \sbasedon0 \snext0 Title;}
{\s30\ql \sbasedon0 \snext0 toc 1;}
{\*\cs10 \additive \ssemihidden Default Paragraph Font;}
{\*\cs15 \additive \super \sbasedon10 footnote reference;}}
{\*\rsidtbl \rsid1\rsid2}
{\*\generator Microsoft Word 16.0;}
{\info{\title Ecolog\'eda del p\'e1ramo}{\author Mariana Casta\u241\'f1eda Ruiz}{\operator Revisor}{\creatim\yr2020\mo3\dy4\hr10\min5}{\revtim\yr2024\mo1\dy1}{\version3}{\nofpages2}}
{\*\xmlnstbl {\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}
\paperw11906\paperh16838\margl1701\margr1701 \widowctrl\ftnbj\aenddoc
\sectd \linex0\endnhere\sectlinegrid360\sectdefaultcl
{\header \pard\plain \s29\qc Encabezado que no es texto\par}
{\footer \pard\plain \qc P\'e1gina {\field{\*\fldinst { PAGE }}{\fldrslt {2}}}\par}
{\*\pnseclvl1\pnucrm\pnstart1\pnindent720\pnhang {\pntxta .}}
\pard\plain \s20\qc \fs48 Ecolog\'eda del p\'e1ramo\par
\pard\plain \ql Resumen con {\i cursiva} y un {\field{\*\fldinst {HYPERLINK "https://example.org"}}{\fldrslt {\cs16\ul enlace}}}.\par
{\field\fldedit{\*\fldinst { TOC \\o "1-3" \\h \\z \\u }}{\fldrslt {\pard\plain \s30 Introducci\'f3n\tab 1\par}{\pard\plain \s30 M\'e9todos\tab 2\par}}}
\pard\plain \s30 Entrada suelta de \'edndice\par
\pard\plain \s1\keepn\outlinelevel0 {\*\bkmkstart _Toc1}Introducci\'f3n{\*\bkmkend _Toc1}\par
\pard\plain \ql El p\'e1ramo{\cs15\super \chftn}{\footnote \pard\plain \s31\ql {\cs15\super \chftn } Nota de Word.\par \pard\plain Segunda l\'ednea de la nota.}{\v texto oculto} regula el agua\emdash{}y la guarda.\par
\pard\plain \s2 Contexto\par
{\pntext\pard\plain\f3\fs20 \'b7\tab}\pard\plain \ls1\ilvl0 {\*\pn \pnlvlblt\pnf3 {\pntxtb \'b7}}Primera vi\'f1eta\par
{\listtext\pard\plain 1.\tab}\pard\plain \ls2\ilvl0 Primer paso\par
\pard\plain \ql {\*\shppict{\pict{\*\picprop}\wmetafile8\picw10\pich10 0102030405060708090a}}{\nonshppict{\pict\wmetafile8 0a0b0c}}Tras la imagen.\par
\pard\plain \s3 Especial\par
\pard\plain \ql Bajo especial.\par
\pard\plain \s4 Cuerpo llamado heading 4\par
\pard\plain \s2\outlinelevel9 Cuerpo expl\'edcito\par
\pard\plain \ql \lquote comillas\rquote , \ldblquote dobles\rdblquote , no\~separar, guion\_duro, par\-tir\par
}`;

describe('rtf: Word-style documents', () => {
  it('reads sections from stylesheet names and outline levels; skips header, footer, TOC, pictures and hidden text', () => {
    const conversion = convertRtf(rtf(WORD_RTF));
    expect(blocks(conversion)).toEqual([
      'Ecología del páramo #1: Resumen con cursiva y un enlace.',
      'Introducción #1: El páramo[1] regula el agua—y la guarda.',
      'Introducción › Contexto #1: - Primera viñeta',
      'Introducción › Contexto #2: 1. Primer paso',
      'Introducción › Contexto #3: Tras la imagen.',
      // 'Capítulo especial' is based on heading 1: it inherits its outline level.
      'Especial #1: Bajo especial.',
      'Especial #2: Cuerpo llamado heading 4',
      'Especial #3: Cuerpo explícito',
      'Especial #4: ‘comillas’, “dobles”, no separar, guion-duro, partir',
      'Notas #1: [1] Nota de Word.',
      'Notas #2: Segunda línea de la nota.',
    ]);
    // An unmarked 'Given Surname Surname' keeps both surnames together (author-names.ts).
    expect(conversion.metadatos).toEqual({
      titulo: 'Ecología del páramo',
      autores: ['Castañeda Ruiz, Mariana'],
      anio: 2020,
      idioma: 'es',
    });
  });

  it('keeps marked double surnames and falls back to the Title paragraph', () => {
    const source = String.raw`{\rtf1\ansi{\stylesheet{\s0 Normal;}{\s5 T\'edtulo;}}{\info{\author Casta\'f1eda Ruiz, Mariana}}\pard\s5 Gu\'eda de campo\par\pard Texto.\par}`;
    const conversion = convertRtf(rtf(source));
    expect(conversion.metadatos).toEqual({ titulo: 'Guía de campo', autores: ['Castañeda Ruiz, Mariana'] });
    expect(blocks(conversion)).toEqual(['Guía de campo #1: Texto.']);
  });
});

describe('rtf: characters', () => {
  it('\\uN with its fallback skipped per \\ucN, surrogate pairs, and \\uc0', () => {
    expect(body(String.raw`\uc1 caf\u233\'e9 \uc2\u8364\'80\'80 y \uc0\u241 o\uc1 \u-10179?\u-8704? fin\par`)).toEqual([
      'café € y ño😀 fin',
    ]);
  });

  it('a skip stops at a group boundary', () => {
    expect(body(String.raw`\uc3 a\u233{b}c\par`)).toEqual(['aébc']);
  });

  it("\\'hh in the document's code page: 1252 by default, 1250 and 1251 by \\ansicpg", () => {
    expect(body(String.raw`\'93comillas\'94 \'80 \'e9\par`)).toEqual(['“comillas” € é']);
    expect(body(String.raw`P\'f8\'edli\'9a \'9elu\'9dou\'e8k\'fd k\'f9\'f2\par`, '{\\rtf1\\ansi\\ansicpg1250')).toEqual(
      ['Příliš žluťoučký kůň'],
    );
    expect(body(String.raw`\'cf\'f0\'e8\'e2\'e5\'f2\par`, '{\\rtf1\\ansi\\ansicpg1251')).toEqual(['Привет']);
  });

  it('a font charset overrides the code page, and double-byte code pages pair their bytes', () => {
    const fonts =
      '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Arial;}{\\f1\\fcharset238 Arial CE;}{\\f2\\fcharset128 MS Mincho;}}';
    expect(body(String.raw`{\f1 \'f8}\'f8 {\f2 \'82\'b1\'82\'f1}\par`, fonts)).toEqual(['řø こん']);
    expect(body(String.raw`\'82\'b1\'82\'f1\'82\'c9\'82\'bf\'82\'cd\par`, '{\\rtf1\\ansi\\ansicpg932')).toEqual([
      'こんにちは',
    ]);
  });

  it('raw 8-bit bytes, escaped braces and backslashes, \\line and \\tab', () => {
    expect(
      parseRtf(
        new Uint8Array([
          ...Buffer.from('{\\rtf1\\ansi caf'),
          0xe9,
          ...Buffer.from(' \\{x\\}\\\\ a\\line b\\tab c\\par}'),
        ]),
      ).outline,
    ).toEqual([{ kind: 'paragraph', text: 'café {x}\\ a\nb c' }]);
  });

  it('\\bin data is skipped whatever its bytes', () => {
    expect(body("antes {\\*\\blipuid x}{\\pict\\bin6 }{\\}\\\\} despu\\'e9s\\par")).toEqual(['antes después']);
  });

  it('\\upr keeps the Unicode half', () => {
    const source = String.raw`{\rtf1\ansi{\info{\upr{\title Titulo ANSI}{\*\ud{\title T\u237\'edtulo Unicode}}}}Texto.\par}`;
    expect(convertRtf(rtf(source)).metadatos.titulo).toBe('Título Unicode');
  });
});

describe('rtf: tables and notes', () => {
  it('rows become paragraphs; nested cells join their row', () => {
    const source = String.raw`\trowd\cellx1000\cellx2000\pard\intbl A1\cell\pard\intbl B1 \par segunda\cell\row
\trowd\cellx1000\cellx2000\pard\intbl\cell\pard\intbl\cell\row
\pard\intbl Fuera\par\pard\intbl\itap2 interna\nestcell{\*\nesttableprops\trowd\cellx500\nestrow}\pard\intbl\itap1 tras\cell\row
\pard Despu\'e9s.\par`;
    // A nested table is flattened into the cell that holds it.
    expect(body(source)).toEqual(['A1 | B1 segunda', 'Fuera interna | tras', 'Después.']);
  });

  it('footnotes are numbered in order; custom marks stay in the text', () => {
    const source = String.raw`Uno{\super\chftn}{\footnote\pard {\super\chftn} Primera.}, dos*{\footnote\ftnalt\pard * Segunda.}.\par`;
    const document = parseRtf(rtf(`{\\rtf1\\ansi ${source}}`));
    expect(document.outline).toEqual([{ kind: 'paragraph', text: 'Uno[1], dos*[2].' }]);
    expect(document.notes).toEqual([
      { marker: '[1]', paragraphs: ['Primera.'] },
      { marker: '[2]', paragraphs: ['* Segunda.'] },
    ]);
  });

  it('text boxes of shapes follow their paragraph; \\shprslt does not repeat them', () => {
    const source = String.raw`Ancla{\shp{\*\shpinst\shpleft0{\sp{\sn shapeType}{\sv 202}}{\shptxt \pard En la caja.\par}}{\shprslt{\*\do\dobxcolumn{\dptxbx{\dptxbxtext En la caja.}}}}} sigue.\par Otro.\par`;
    expect(body(source)).toEqual(['Ancla sigue.', 'En la caja.', 'Otro.']);
  });
});

describe('rtf: damaged and empty files', () => {
  it('an empty file, a file that is not RTF, an RTF with no text', () => {
    expect(conversionError(() => convertRtf(new Uint8Array())).mensaje).toBe('El archivo está vacío.');
    expect(conversionError(() => convertRtf(rtf('hola'))).mensaje).toBe('El archivo RTF está dañado o no es válido.');
    expect(conversionError(() => convertRtf(rtf('{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\par }'))).mensaje).toBe(
      'El archivo no contiene texto.',
    );
  });

  it('a truncated file still gives what it holds; bytes after the document group are ignored', () => {
    expect(body('Completo.\\par Cortad', '{\\rtf1\\ansi{\\info{\\title T}}').slice(0, 1)).toEqual(['Completo.']);
    expect(parseRtf(rtf('{\\rtf1\\ansi Texto {\\b sin cerrar')).outline).toEqual([
      { kind: 'paragraph', text: 'Texto sin cerrar' },
    ]);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), rtf('{\\rtf1\\ansi Dentro.\\par}Fuera.\\par\0\0')]);
    expect(parseRtf(withBom).outline).toEqual([{ kind: 'paragraph', text: 'Dentro.' }]);
  });

  it('a hostile nesting depth is a damaged file, not a stack overflow', () => {
    const error = conversionError(() => convertRtf(rtf(`{\\rtf1 ${'{'.repeat(100_000)}x`)));
    expect(error.mensaje).toBe('El archivo RTF está dañado o no es válido.');
  });

  it('unbalanced closing braces do not break the reader', () => {
    expect(body('Uno.\\par}} Dos.\\par')).toEqual(['Uno.']);
  });
});

describe('rtf: LibreOffice output', () => {
  it('reads the fixture with its footnote, table, lists and metadata', () => {
    const conversion = convertRtf(readFileSync(resolve(OFFICE, 'aguas-paramo.rtf')));
    expect(conversion.metadatos).toEqual({
      titulo: 'Aguas del páramo andino',
      autores: ['Castañeda Ruiz, Mariana'],
      anio: 2019,
      idioma: 'es',
    });
    const texts = blocks(conversion);
    expect(texts).toContain('Introducción › Área de estudio #3: Chingaza | 3600 | 120');
    expect(texts).toContain('Introducción › Métodos #6: 2. medir;');
    expect(texts.at(-1)).toBe('Notas #1: [1] Véase Hofstede (2003) para una revisión general.');
    expect(texts.join('\n')).not.toMatch(/Índice|Comentario|Borrador|Página/);
  });
});

describe('rtfConverter', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles('folio-rtf-');
  });
  afterAll(() => tmp.cleanup());

  it('reads the file and reports progress', async () => {
    const path = await tmp.write('a.rtf', rtf('{\\rtf1\\ansi Hola.\\par}'));
    const reported: number[] = [];
    const conversion = await rtfConverter.convert({ path, size: 0 }, { progress: async (f) => void reported.push(f) });
    expect(blocks(conversion)).toEqual([' #1: Hola.']);
    expect(reported).toEqual([1]);
    expect(rtfConverter.kinds).toEqual(['rtf']);
  });
});

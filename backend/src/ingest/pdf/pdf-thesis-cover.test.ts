import { describe, expect, it } from 'vitest';
import { readThesisCover } from './pdf-thesis-cover';
import { readTitlePages } from './pdf-title-page';
import { body, page } from '../testing/layout-pages';

type Line = [string, number, number, number];

describe('a thesis cover read by the roles of its lines', () => {
  it('takes neither the university for the title nor the advisor for the author (es, labelled)', () => {
    const cover = page([
      ['UNIVERSIDAD NACIONAL DE LA PLATA', 110, 88, 17],
      ['FACULTAD DE INGENIERÍA', 150, 103, 12],
      ['ESTUDIO DEL FLUJO DE AGUA', 120, 500, 14],
      ['EN SUELOS NO SATURADOS', 130, 515, 14],
      ['Tesis de grado para obtener el título de Ingeniero Civil', 100, 544, 11],
      ['POR: MARÍA JOSÉ PAREDES SOTO', 160, 602, 14],
      ['TUTOR: Dr. JUAN PÉREZ GIL', 180, 616, 14],
      ['LA PLATA - ARGENTINA', 240, 706, 11],
      ['Junio, 2021', 270, 720, 11],
    ]);
    expect(readThesisCover(cover)).toEqual({
      titulo: 'ESTUDIO DEL FLUJO DE AGUA EN SUELOS NO SATURADOS',
      nombres: ['María José Paredes Soto'],
      genero: 'Tesis de grado',
    });
  });

  it('finds the author no role claims, and takes a place at the foot for no one (pt)', () => {
    const cover = page([
      ['Joana Ribeiro Matos', 200, 71, 14],
      ['Orientador: Paulo Henrique Lima', 174, 94, 14],
      ['Um Estudo de Redes', 110, 307, 25],
      ['Sem Fio em Hospitais', 100, 325, 25],
      ['Dissertação apresentada ao Curso de Pós-', 290, 496, 12],
      ['Graduação em Ciência da Computação da', 290, 510, 12],
      ['Universidade Federal de Goiás.', 290, 525, 12],
      ['Novembro, 2009', 252, 663, 14],
      ['Belo Horizonte', 256, 705, 14],
    ]);
    expect(readThesisCover(cover)).toEqual({
      titulo: 'Um Estudo de Redes Sem Fio em Hospitais',
      nombres: ['Joana Ribeiro Matos'],
      genero: 'Dissertação (Mestrado)',
    });
  });

  it('takes a given name that is also a month unaccented for a name, not a date (pt)', () => {
    const cover = page([
      ['Marco Aurélio Pinto Rocha', 200, 71, 14],
      ['Orientador: Paulo Henrique Lima', 174, 94, 14],
      ['Um Estudo de Redes', 110, 307, 25],
      ['Sem Fio em Hospitais', 100, 325, 25],
      ['Dissertação apresentada ao Curso de Pós-', 290, 496, 12],
      ['Graduação em Ciência da Computação.', 290, 510, 12],
      ['Março, 2009', 252, 663, 14],
    ]);
    expect(readThesisCover(cover)?.nombres).toEqual(['Marco Aurélio Pinto Rocha']);
  });

  it('reads a cover set in one type size, a statement over several lines, and an author after par (fr)', () => {
    const cover = page([
      ['UNIVERSITÉ DE LYON', 207, 120, 11],
      ['DES MODÈLES EFFICACES POUR', 110, 222, 11],
      ['LES RÉSEAUX DE CAPTEURS', 140, 249, 11],
      ['MÉMOIRE', 290, 378, 11],
      ['PRÉSENTÉ', 287, 405, 11],
      ['COMME EXIGENCE PARTIELLE', 231, 432, 11],
      ['DE LA MAÎTRISE EN INFORMATIQUE', 215, 460, 11],
      ['PAR', 306, 562, 11],
      ['CLAIRE DUBOIS', 271, 589, 11],
      ['JUIN 2019', 292, 691, 11],
    ]);
    expect(readThesisCover(cover)).toEqual({
      titulo: 'DES MODÈLES EFFICACES POUR LES RÉSEAUX DE CAPTEURS',
      nombres: ['Claire Dubois'],
      genero: 'Mémoire de maîtrise',
    });
  });

  it('passes over a research group’s header and the examiners (de), and keeps a title line that reads like a name', () => {
    const cover = page([
      ['Data Science Group', 366, 118, 23],
      ['Fachbereich 4: Informatik', 158, 137, 9],
      ['Institut für Softwaretechnik', 365, 137, 9],
      ['Vorhersage von Verkehrsflüssen', 102, 217, 21],
      ['in Städten mittels', 94, 242, 21],
      ['Graph Neural Networks', 139, 267, 21],
      ['Masterarbeit', 226, 341, 21],
      ['zur Erlangung des Grades eines Master of Science (M.Sc.)', 151, 361, 11],
      ['vorgelegt von', 255, 409, 12],
      ['Lena Hoffmann', 247, 427, 14],
      ['Erstgutachter:', 97, 548, 11],
      ['Prof. Dr. Klaus Weber', 214, 548, 11],
      ['Zweitgutachter:', 97, 591, 11],
      ['Tobias Brandt', 214, 591, 11],
      ['Koblenz, im Mai 2020', 97, 683, 11],
    ]);
    expect(readThesisCover(cover)).toEqual({
      titulo: 'Vorhersage von Verkehrsflüssen in Städten mittels Graph Neural Networks',
      nombres: ['Lena Hoffmann'],
      genero: 'Masterarbeit',
    });
  });

  it('leaves the author out when two names could be it', () => {
    const cover = page([
      ['MASTER THESIS', 166, 137, 35],
      ['Center Problem for Cubic Systems', 107, 316, 30],
      ['Anna Keller', 236, 416, 18],
      ['Marc Vidal', 236, 450, 16],
      ['September 2016', 270, 688, 10],
    ]);
    const reading = readThesisCover(cover);
    expect(reading).toMatchObject({ titulo: 'Center Problem for Cubic Systems', genero: 'Master’s thesis' });
    expect(reading?.nombres).toBeUndefined();
  });

  it('is no thesis cover without a statement, nor where a title only ends in the word', () => {
    const article: Line[] = [['A Study of Rivers', 72, 100, 18], ['Ana Pérez', 72, 130, 11], ...body(160)];
    expect(readThesisCover(page(article))).toBeUndefined();
    const book = page([
      ['CÓMO SE ESCRIBE UNA', 53, 52, 26],
      ['TESIS', 150, 78, 26],
      ['Umberto Ramos', 124, 210, 22],
    ]);
    expect(readThesisCover(book)).toBeUndefined();
  });

  it('makes the title page reading a thesis with its genre', () => {
    const cover = page([
      ['Università degli Studi di Pisa', 130, 129, 21],
      ['Dipartimento di Informatica', 169, 168, 14],
      ['Ottimizzazione di reti neurali', 128, 383, 17],
      ['Relatore: Prof. Marco Bianchi', 128, 531, 12],
      ['Tesi di laurea magistrale di:', 301, 558, 12],
      ['Giulia Conti', 373, 572, 12],
      ['Anno Accademico 2022-2023', 203, 655, 14],
    ]);
    expect(readTitlePages([cover], { latestYear: 2026 })).toMatchObject({
      titulo: 'Ottimizzazione di reti neurali',
      nombres: ['Giulia Conti'],
      genero: 'Tesi di laurea magistrale',
    });
  });
});

describe('credits on a title page', () => {
  it('takes translators and editors for no authors', () => {
    const book = page([
      ['EL ARTE DE LA GUERRA', 53, 52, 26],
      ['por', 174, 177, 18],
      ['Sun Tzu', 124, 210, 22],
      ['versión castellana de', 137, 275, 11],
      ['LUCÍA MARTÍN y', 148, 287, 9],
      ['PABLO RUIZ', 128, 298, 9],
    ]);
    expect(readTitlePages([book], { latestYear: 2026 }).nombres).toEqual(['Sun Tzu']);
  });
});

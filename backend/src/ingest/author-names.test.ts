import { surname } from '@folio/shared';
import givenNames from './given-names.json';
import { describe, expect, it } from 'vitest';
import { makeGivenNames } from '../../scripts/make-given-names';
import { authorsFromMetadata, authorsFromTags, surnameFirst } from './author-names';

/** One name as files and pages write it → as Folio cites it (undefined: not an author). */
const NAMES: [string, string | undefined][] = [
  // Spanish: double surnames stay together, compound given names too
  ['Mariana Castañeda Ruiz', 'Castañeda Ruiz, Mariana'],
  ['José María Pérez García', 'Pérez García, José María'],
  ['Gabriel García Márquez', 'García Márquez, Gabriel'],
  ['Mario Vargas Llosa', 'Vargas Llosa, Mario'],
  ['Juan Carlos Onetti', 'Onetti, Juan Carlos'],
  ['Isabel Allende Llona', 'Allende Llona, Isabel'],
  ['Tomás Eloy Martínez', 'Martínez, Tomás Eloy'],
  ['Pedro Calderón de la Barca', 'Calderón de la Barca, Pedro'],
  ['Gertrudis Gómez de Avellaneda', 'Gómez de Avellaneda, Gertrudis'],
  ['Juan Ramón Jiménez', 'Jiménez, Juan Ramón'],
  ['Adolfo Bioy Casares', 'Bioy Casares, Adolfo'],
  ['Juan Manuel Santos Calderón', 'Santos Calderón, Juan Manuel'],
  ['Ana María Matute', 'Matute, Ana María'],
  ['Luis Miguel Sánchez Cerén', 'Sánchez Cerén, Luis Miguel'],
  ['María Fernanda Ek Chablé', 'Ek Chablé, María Fernanda'],
  ['Francisco Javier Rodríguez López', 'Rodríguez López, Francisco Javier'],
  ['Sor Juana Inés de la Cruz', 'de la Cruz, Sor Juana Inés'],
  ['María de la Luz Gómez', 'Gómez, María de la Luz'],
  ['María de la Luz Gómez Pérez', 'Gómez Pérez, María de la Luz'],
  ['María del Carmen Hernández Díaz', 'Hernández Díaz, María del Carmen'],
  ['María de los Ángeles Torres', 'Torres, María de los Ángeles'],
  ['José de Jesús Martínez Ramírez', 'Martínez Ramírez, José de Jesús'],
  ['Juan de la Fuente', 'de la Fuente, Juan'],
  ['Bartolomé de las Casas', 'de las Casas, Bartolomé'],
  ['Alonso de Ercilla y Zúñiga', 'de Ercilla y Zúñiga, Alonso'],
  ['José Ortega y Gasset', 'Ortega y Gasset, José'],
  ['Ortega y Gasset', 'Ortega y Gasset'],
  ['Santiago Ramón y Cajal', 'Ramón y Cajal, Santiago'],
  ['Guadalupe Loaeza', 'Loaeza, Guadalupe'],
  ['Luz María Guadalupe Pérez', 'Pérez, Luz María Guadalupe'],
  ['Ana Rosa Quintana', 'Quintana, Ana Rosa'],
  ['Pedro Sánchez Pérez-Castejón', 'Sánchez Pérez-Castejón, Pedro'],
  ['Elena Poniatowska', 'Poniatowska, Elena'],
  ['Miguel de Unamuno', 'de Unamuno, Miguel'],
  ['Miguel de Cervantes Saavedra', 'de Cervantes Saavedra, Miguel'],
  ['Castañeda Ruiz, Mariana', 'Castañeda Ruiz, Mariana'],
  ['García Márquez, Gabriel José', 'García Márquez, Gabriel José'],
  // Maya (Yucatec) surnames
  ['Rosa Chi Uc', 'Chi Uc, Rosa'],
  ['Jorge Alberto Chan May', 'Chan May, Jorge Alberto'],
  ['Lucía Pérez Canul', 'Pérez Canul, Lucía'],
  ['Wilbert Pech Dzul', 'Pech Dzul, Wilbert'],
  ['Mirna Canul Ek', 'Canul Ek, Mirna'],
  ['Felipe Uc Balam', 'Uc Balam, Felipe'],
  ['Guadalupe Tun Poot', 'Tun Poot, Guadalupe'],
  ['Roberto Cauich Kumul', 'Cauich Kumul, Roberto'],
  ['Itzel Noh May', 'Noh May, Itzel'],
  ['Ek Chablé, María Fernanda', 'Ek Chablé, María Fernanda'],
  ['Chi Uc, Rosa', 'Chi Uc, Rosa'],
  ['May Pech, José Luis', 'May Pech, José Luis'],
  // Portuguese and Brazilian: every surname, particles included
  ['João Pedro da Silva Santos', 'da Silva Santos, João Pedro'],
  ['Maria da Conceição Tavares', 'da Conceição Tavares, Maria'],
  ['Luiz Inácio Lula da Silva', 'Lula da Silva, Luiz Inácio'],
  ['José Saramago', 'Saramago, José'],
  ['Ana Maria Gonçalves dos Santos', 'Gonçalves dos Santos, Ana Maria'],
  ['Fernando Henrique Cardoso', 'Cardoso, Fernando Henrique'],
  ['Carlos Drummond de Andrade', 'Drummond de Andrade, Carlos'],
  ['Sérgio Buarque de Holanda', 'Buarque de Holanda, Sérgio'],
  ['João Guimarães Rosa', 'Guimarães Rosa, João'],
  ['Paulo Freire', 'Freire, Paulo'],
  ['Manuel Bandeira Filho', 'Bandeira, Manuel, Filho'],
  ['Maria das Dores Ferreira', 'das Dores Ferreira, Maria'],
  // Catalan
  ['Antoni Gaudí i Cornet', 'Gaudí i Cornet, Antoni'],
  ['Josep Maria Flotats', 'Flotats, Josep Maria'],
  ['Montserrat Roig i Fransitorra', 'Roig i Fransitorra, Montserrat'],
  ['Mercè Rodoreda', 'Rodoreda, Mercè'],
  ['Jordi Pujol i Soley', 'Pujol i Soley, Jordi'],
  // Dutch, German, Flemish particles
  ['Ludwig van Beethoven', 'van Beethoven, Ludwig'],
  ['Vincent van Gogh', 'van Gogh, Vincent'],
  ['Rembrandt van Rijn', 'van Rijn, Rembrandt'],
  ['Jan van der Berg', 'van der Berg, Jan'],
  ['Pieter van den Hoogenband', 'van den Hoogenband, Pieter'],
  ['Ursula von der Leyen', 'von der Leyen, Ursula'],
  ['Johann Wolfgang von Goethe', 'von Goethe, Johann Wolfgang'],
  ['Gerard ter Borch', 'ter Borch, Gerard'],
  ['Hendrik ten Hoeve', 'ten Hoeve, Hendrik'],
  ['Eddie Van Halen', 'Van Halen, Eddie'],
  ['Johann Sebastian Bach', 'Bach, Johann Sebastian'],
  ['Karl-Heinz Müller', 'Müller, Karl-Heinz'],
  ['Hans-Georg Gadamer', 'Gadamer, Hans-Georg'],
  ['Anna Lena Schmidt', 'Schmidt, Anna Lena'],
  ['Thoma, Martin', 'Thoma, Martin'],
  ['Martin Thoma', 'Thoma, Martin'],
  // French: hyphenated given names, particles
  ['Jean-Paul Sartre', 'Sartre, Jean-Paul'],
  ['Jean-Pierre Le Goff', 'Le Goff, Jean-Pierre'],
  ['Marie-Claire Dupont-Aignan', 'Dupont-Aignan, Marie-Claire'],
  ['Charles de Gaulle', 'de Gaulle, Charles'],
  ['Simone de Beauvoir', 'de Beauvoir, Simone'],
  ['Jean de La Fontaine', 'de La Fontaine, Jean'],
  ['Antoine de Saint-Exupéry', 'de Saint-Exupéry, Antoine'],
  ['Pierre-Auguste Renoir', 'Renoir, Pierre-Auguste'],
  ['Jean-Jacques Rousseau', 'Rousseau, Jean-Jacques'],
  ['Alexis de Tocqueville', 'de Tocqueville, Alexis'],
  ['Jean DUPONT', 'Dupont, Jean'],
  ['DUPONT Jean', 'Dupont, Jean'],
  ['Marguerite Yourcenar', 'Yourcenar, Marguerite'],
  ['Daphne du Maurier', 'du Maurier, Daphne'],
  // Italian
  ['Leonardo da Vinci', 'da Vinci, Leonardo'],
  ['Umberto Eco', 'Eco, Umberto'],
  ['Maria Grazia Bianchi', 'Bianchi, Maria Grazia'],
  ['Gian Luca Rossi', 'Rossi, Gian Luca'],
  ['Luca Della Robbia', 'Della Robbia, Luca'],
  ['Leonardo Di Caprio', 'Di Caprio, Leonardo'],
  // English, Irish, Scottish; initials
  ['J. R. R. Tolkien', 'Tolkien, J. R. R.'],
  ['J.R.R. Tolkien', 'Tolkien, J.R.R.'],
  ['Nuala E. Tully', 'Tully, Nuala E.'],
  ['John Ronald Reuel Tolkien', 'Tolkien, John Ronald Reuel'],
  ['Martin Luther King Jr.', 'King, Martin Luther, Jr.'],
  ['Martin Luther King, Jr.', 'King, Martin Luther, Jr.'],
  ['King, Martin Luther, Jr.', 'King, Martin Luther, Jr.'],
  ['John Smith III', 'Smith, John, III'],
  ['William Henry Gates III', 'Gates, William Henry, III'],
  ["Conan O'Brien", "O'Brien, Conan"],
  ['Ronald McDonald', 'McDonald, Ronald'],
  ['Siobhan Ní Bhriain', 'Ní Bhriain, Siobhan'],
  ['Mary Anne Evans', 'Evans, Mary Anne'],
  ['George R. R. Martin', 'Martin, George R. R.'],
  ['T. S. Eliot', 'Eliot, T. S.'],
  ['W.E.B. Du Bois', 'Du Bois, W.E.B.'],
  ['Smith, J.', 'Smith, J.'],
  ['Tully NE', 'Tully, N. E.'],
  ['Ramón y Cajal S', 'Ramón y Cajal, S.'],
  ['Tully, Nuala E.', 'Tully, Nuala E.'],
  ['Ursula K. Le Guin', 'Le Guin, Ursula K.'],
  // Arabic
  ['Mohammed bin Salman', 'bin Salman, Mohammed'],
  ['Ahmad al-Khalili', 'al-Khalili, Ahmad'],
  ['Omar el-Sayed', 'el-Sayed, Omar'],
  ['Ibn Khaldun', 'Ibn Khaldun'],
  ['Ngũgĩ wa Thiong’o', 'wa Thiong’o, Ngũgĩ'],
  ['Fatima Mernissi', 'Mernissi, Fatima'],
  ['Naguib Mahfouz', 'Mahfouz, Naguib'],
  ['Abd al-Rahman Munif', 'Munif, Abd al-Rahman'],
  ['Youssef Ibn Tashfin', 'Ibn Tashfin, Youssef'],
  // Russian, Polish, Turkish, Greek, African, Hebrew
  ['Fyodor Mikhailovich Dostoevsky', 'Dostoevsky, Fyodor Mikhailovich'],
  ['Anna Andreyevna Akhmatova', 'Akhmatova, Anna Andreyevna'],
  ['Lev Tolstoy', 'Tolstoy, Lev'],
  ['Wisława Szymborska', 'Szymborska, Wisława'],
  ['Orhan Pamuk', 'Pamuk, Orhan'],
  ['Nikos Kazantzakis', 'Kazantzakis, Nikos'],
  ['Chinua Achebe', 'Achebe, Chinua'],
  ['Wole Soyinka', 'Soyinka, Wole'],
  ['Yuval Noah Harari', 'Harari, Yuval Noah'],
  ['Amos Oz', 'Oz, Amos'],
  // Chinese, Japanese, Korean (romanised)
  ['Wei Zhang', 'Zhang, Wei'],
  ['Zhang, Wei', 'Zhang, Wei'],
  ['Li, Xiaoming', 'Li, Xiaoming'],
  ['Xiaoming Li', 'Li, Xiaoming'],
  ['Hiroshi Tanaka', 'Tanaka, Hiroshi'],
  ['Tanaka, Hiroshi', 'Tanaka, Hiroshi'],
  ['Haruki Murakami', 'Murakami, Haruki'],
  ['Naoko Yamazaki', 'Yamazaki, Naoko'],
  ['Kenzaburō Ōe', 'Ōe, Kenzaburō'],
  ['Kim Jong-un', 'Kim, Jong-un'],
  ['Moon Jae-in', 'Moon, Jae-in'],
  ['Ban Ki-moon', 'Ban, Ki-moon'],
  ['Park, Ji-hoon', 'Park, Ji-hoon'],
  ['Ji-hoon Park', 'Park, Ji-hoon'],
  // Vietnamese
  ['Nguyen Van Anh', 'Nguyen, Van Anh'],
  ['Nguyễn Thị Minh Khai', 'Nguyễn, Thị Minh Khai'],
  ['Anh Van Nguyen', 'Nguyen, Anh Van'],
  ['Tran, Thanh Huong', 'Tran, Thanh Huong'],
  ['Ho Chi Minh', 'Ho, Chi Minh'],
  // Indian
  ['Amartya Kumar Sen', 'Sen, Amartya Kumar'],
  ['A. P. J. Abdul Kalam', 'Kalam, A. P. J. Abdul'],
  ['Arundhati Roy', 'Roy, Arundhati'],
  ['Sarvepalli Radhakrishnan', 'Radhakrishnan, Sarvepalli'],
  ['Jhumpa Lahiri', 'Lahiri, Jhumpa'],
  ['Rajesh Kumar Singh', 'Singh, Rajesh Kumar'],
  ['Venkatraman Ramakrishnan', 'Ramakrishnan, Venkatraman'],
  ['Sen, Amartya', 'Sen, Amartya'],
  // ALL CAPS
  ['MARIANA CASTAÑEDA RUIZ', 'Castañeda Ruiz, Mariana'],
  ['MARÍA DE LA LUZ GÓMEZ', 'Gómez, María de la Luz'],
  ['LUDWIG VAN BEETHOVEN', 'van Beethoven, Ludwig'],
  ['CASTAÑEDA RUIZ, MARIANA', 'Castañeda Ruiz, Mariana'],
  ['GARCÍA MÁRQUEZ, Gabriel', 'García Márquez, Gabriel'],
  ["CONAN O'BRIEN", "O'Brien, Conan"],
  ['JEAN-PAUL SARTRE', 'Sartre, Jean-Paul'],
  ['ROSA CHI UC', 'Chi Uc, Rosa'],
  // organisations, kept whole
  ['World Health Organization', 'World Health Organization'],
  ['Universidad Nacional Autónoma de México', 'Universidad Nacional Autónoma de México'],
  ['Cambridge University Press', 'Cambridge University Press'],
  ['Instituto Nacional de Estadística y Geografía', 'Instituto Nacional de Estadística y Geografía'],
  ['Ministerio de Educación', 'Ministerio de Educación'],
  ['Acme Inc.', 'Acme Inc.'],
  ['Oxford Publishing Ltd', 'Oxford Publishing Ltd'],
  ['INFORM GmbH', 'INFORM GmbH'],
  ['Banco Interamericano de Desarrollo', 'Banco Interamericano de Desarrollo'],
  ['Bill & Melinda Gates Foundation', 'Bill & Melinda Gates Foundation'],
  ['Secretaría de Salud', 'Secretaría de Salud'],
  ['Wikipedia contributors', 'Wikipedia contributors'],
  ['UNESCO', 'UNESCO'],
  ['NASA', 'NASA'],
  ['BBC News', 'BBC News'],
  ['Springer Nature', 'Springer Nature'],
  // single names are kept
  ['Mary', 'Mary'],
  ['Platón', 'Platón'],
  ['Madonna', 'Madonna'],
  // titles and degrees dropped
  ['Dr. Juan Pérez García', 'Pérez García, Juan'],
  ['Prof. Dr. Hans-Georg Gadamer', 'Gadamer, Hans-Georg'],
  ['Lic. María Fernanda Ek Chablé', 'Ek Chablé, María Fernanda'],
  ['Ana Gómez, PhD', 'Gómez, Ana'],
  ['John Smith MD', 'Smith, John'],
  // junk
  ['Administrator', undefined],
  ['user', undefined],
  ['Microsoft Office User', undefined],
  ['Usuario de Windows', undefined],
  ['Unknown', undefined],
  ['brianc', undefined],
  ['et al.', undefined],
  ['{et al.}', undefined],
  ['and others', undefined],
  ['Journals, Cambridge', undefined],
  ['ana@example.org', undefined],
  ['1234', undefined],
  ['*', undefined],
  ['https://example.org/author/ana', undefined],
  ['LaTeX with hyperref', undefined],
  ['ARRAY(0x2c7cf020)', undefined],
  ['Mac & i', 'Mac & i'],
  ['Bruno (Henrique Zecchin) Rodrigues', 'Rodrigues, Bruno'],
  ['Ana Pérez (Universidad de Chile)', 'Pérez, Ana'],
  ['Jong, Michiel de', 'Jong, Michiel de'],
];

describe('surnameFirst', () => {
  it.each(NAMES)('%s → %s', (raw, expected) => {
    expect(surnameFirst(raw)).toBe(expected);
  });

  it('covers at least 150 name forms', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(150);
  });

  it('gives surnames the shared formatter reads back', () => {
    for (const [, cited] of NAMES) {
      if (!cited?.includes(',')) continue;
      expect(surname(cited)).toBe(cited.slice(0, cited.indexOf(',')));
    }
    expect(surname(surnameFirst('Mariana Castañeda Ruiz')!)).toBe('Castañeda Ruiz');
    expect(surname(surnameFirst('Ludwig van Beethoven')!)).toBe('van Beethoven');
  });
});

/** Whole author fields → the people in them. */
const FIELDS: [string, string[]][] = [
  ['Mariana Castañeda Ruiz', ['Castañeda Ruiz, Mariana']],
  ['Nuala E. Tully {et al.}', ['Tully, Nuala E.']],
  ['Nuala E. Tully et al.', ['Tully, Nuala E.']],
  ['Journals, Cambridge', []],
  ['Ek Chablé, María Fernanda', ['Ek Chablé, María Fernanda']],
  ['Ana López, Juan Pérez', ['López, Ana', 'Pérez, Juan']],
  ['López, Ana', ['López, Ana']],
  ['López, Ana; Pérez, Juan', ['López, Ana', 'Pérez, Juan']],
  ['López, Ana, Pérez, Juan', ['López, Ana', 'Pérez, Juan']],
  ['Castañeda Ruiz, Mariana, Chi Uc, Rosa', ['Castañeda Ruiz, Mariana', 'Chi Uc, Rosa']],
  ['Mariana Castañeda Ruiz, Rosa Chi Uc', ['Castañeda Ruiz, Mariana', 'Chi Uc, Rosa']],
  ['Ana Pérez; John Smith and Jane Doe', ['Pérez, Ana', 'Smith, John', 'Doe, Jane']],
  ['María López y Juan Gil', ['López, María', 'Gil, Juan']],
  ['Ana Silva e João Santos', ['Silva, Ana', 'Santos, João']],
  ['Ana López & Juan Pérez', ['López, Ana', 'Pérez, Juan']],
  ['John Smith, Mary Jones, and Ann Lee', ['Smith, John', 'Jones, Mary', 'Lee, Ann']],
  ['José Ortega y Gasset', ['Ortega y Gasset, José']],
  ['Smith, J., Jones, K.', ['Smith, J.', 'Jones, K.']],
  ['Tully NE, Smith J, García Márquez G', ['Tully, N. E.', 'Smith, J.', 'García Márquez, G.']],
  ['Kowalski, Zbigniew', ['Kowalski, Zbigniew']],
  ['Ana López¹, Juan Pérez²*', ['López, Ana', 'Pérez, Juan']],
  ['Ana López1,2, Juan Pérez3', ['López, Ana', 'Pérez, Juan']],
  ['Ana Pérez <ana@example.org>', ['Pérez, Ana']],
  ['Ana Pérez (ana@example.org)', ['Pérez, Ana']],
  ['Ana Pérez (ed.)', ['Pérez, Ana']],
  ['INFORM GmbH, Aachen', ['INFORM GmbH, Aachen']],
  ['Smith & Jones', ['Smith', 'Jones']],
  ['Mac & i', ['Mac & i']],
  ['Ana Gómez, PhD; Dr. Juan Pérez', ['Gómez, Ana', 'Pérez, Juan']],
  ['Por Ana Pérez y Juan Gil', ['Pérez, Ana', 'Gil, Juan']],
  ['Mercè Canal; Margaret Court', ['Canal, Mercè', 'Court, Margaret']],
  ['Martin Luther King, Jr.', ['King, Martin Luther, Jr.']],
  ['Microsoft Office User', []],
  ['MARIANA CASTAÑEDA RUIZ; ROSA CHI UC', ['Castañeda Ruiz, Mariana', 'Chi Uc, Rosa']],
];

describe('authorsFromMetadata', () => {
  it.each(FIELDS)('%s', (raw, expected) => {
    expect(authorsFromMetadata(raw)).toEqual(expected);
  });

  it('reads lists and gives each person once', () => {
    expect(authorsFromMetadata(['Martin Thoma', 'Martin Thoma', 'THOMA, MARTIN'])).toEqual(['Thoma, Martin']);
    expect(authorsFromMetadata(undefined)).toEqual([]);
  });
});

describe('authorsFromTags', () => {
  it('reads a comma in a one-author tag as one person already inverted', () => {
    expect(authorsFromTags(['Ek Chablé, María Fernanda'])).toEqual(['Ek Chablé, María Fernanda']);
    expect(authorsFromTags(['Pérez Canul, Lucía', 'Chan May, Jorge Alberto'])).toEqual([
      'Pérez Canul, Lucía',
      'Chan May, Jorge Alberto',
    ]);
    expect(authorsFromTags(['King, Martin Luther, Jr.'])).toEqual(['King, Martin Luther, Jr.']);
  });

  it('inverts names without a comma and still splits two full names', () => {
    expect(authorsFromTags(['Mariana Castañeda Ruiz', 'Ursula von der Leyen'])).toEqual([
      'Castañeda Ruiz, Mariana',
      'von der Leyen, Ursula',
    ]);
    expect(authorsFromTags(['Ana López, Juan Pérez'])).toEqual(['López, Ana', 'Pérez, Juan']);
  });
});

describe('given-names.json', () => {
  it('is what backend/scripts/make-given-names.ts writes', () => {
    expect(givenNames).toEqual(makeGivenNames());
  });

  it('holds the given names of every culture the parser is asked about, and no common surnames', () => {
    const names = new Set(givenNames);
    for (const given of [
      'maria',
      'fernanda',
      'jose',
      'luz',
      'guadalupe',
      'joao',
      'jean',
      'pierre',
      'mohammed',
      'wei',
      'hiroshi',
      'jordi',
      'nuala',
      'itzel',
    ]) {
      expect(names.has(given), given).toBe(true);
    }
    for (const family of ['garcia', 'perez', 'chi', 'uc', 'canul', 'ek', 'chable', 'may', 'pech', 'silva', 'nguyen']) {
      expect(names.has(family), family).toBe(false);
    }
  });
});

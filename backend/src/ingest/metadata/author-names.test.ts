import { surname } from '@folio/shared';
import givenNames from './given-names.json';
import placeNames from './place-names.json';
import { describe, expect, it } from 'vitest';
import { makeGivenNames } from '../../../scripts/make-given-names';
import { makePlaceNames } from '../../../scripts/make-place-names';
import { authorsFromMetadata, authorsFromTags } from './author-names';
import { surnameFirst } from './surname-first';

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
  ['Sor Juana Inés de la Cruz', 'Cruz, Sor Juana Inés de la'],
  ['María de la Luz Gómez', 'Gómez, María de la Luz'],
  ['María de la Luz Gómez Pérez', 'Gómez Pérez, María de la Luz'],
  ['María del Carmen Hernández Díaz', 'Hernández Díaz, María del Carmen'],
  ['María de los Ángeles Torres', 'Torres, María de los Ángeles'],
  ['José de Jesús Martínez Ramírez', 'Martínez Ramírez, José de Jesús'],
  ['Juan de la Fuente', 'Fuente, Juan de la'],
  ['Bartolomé de las Casas', 'Casas, Bartolomé de las'],
  ['Alonso de Ercilla y Zúñiga', 'Ercilla y Zúñiga, Alonso de'],
  ['José Ortega y Gasset', 'Ortega y Gasset, José'],
  ['Ortega y Gasset', 'Ortega y Gasset'],
  ['Santiago Ramón y Cajal', 'Ramón y Cajal, Santiago'],
  ['Guadalupe Loaeza', 'Loaeza, Guadalupe'],
  ['Luz María Guadalupe Pérez', 'Pérez, Luz María Guadalupe'],
  ['Ana Rosa Quintana', 'Quintana, Ana Rosa'],
  ['Pedro Sánchez Pérez-Castejón', 'Sánchez Pérez-Castejón, Pedro'],
  ['Elena Poniatowska', 'Poniatowska, Elena'],
  ['Miguel de Unamuno', 'Unamuno, Miguel de'],
  ['Miguel de Cervantes Saavedra', 'Cervantes Saavedra, Miguel de'],
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
  // Portuguese and Brazilian (a name that shows itself so: 'ã', 'da'/'dos', 'Filho'): under the last surname
  ['João Pedro da Silva Santos', 'Santos, João Pedro da Silva'],
  ['Maria da Conceição Tavares', 'Tavares, Maria da Conceição'],
  ['Luiz Inácio Lula da Silva', 'Silva, Luiz Inácio Lula da'],
  ['José Saramago', 'Saramago, José'],
  ['Ana Maria Gonçalves dos Santos', 'Santos, Ana Maria Gonçalves dos'],
  ['Fernando Henrique Cardoso', 'Cardoso, Fernando Henrique'],
  ['Carlos Drummond de Andrade', 'Drummond de Andrade, Carlos'],
  ['Sérgio Buarque de Holanda', 'Buarque de Holanda, Sérgio'],
  ['João Guimarães Rosa', 'Rosa, João Guimarães'],
  ['Paulo Freire', 'Freire, Paulo'],
  ['Manuel Bandeira Filho', 'Bandeira Filho, Manuel'],
  ['Maria das Dores Ferreira', 'Ferreira, Maria das Dores'],
  // Catalan
  ['Antoni Gaudí i Cornet', 'Gaudí i Cornet, Antoni'],
  ['Josep Maria Flotats', 'Flotats, Josep Maria'],
  ['Montserrat Roig i Fransitorra', 'Roig i Fransitorra, Montserrat'],
  ['Mercè Rodoreda', 'Rodoreda, Mercè'],
  ['Jordi Pujol i Soley', 'Pujol i Soley, Jordi'],
  // Dutch, German, Flemish particles: lower-case ones go after the given names, capitalised ones stay
  ['Ludwig van Beethoven', 'Beethoven, Ludwig van'],
  ['Vincent van Gogh', 'Gogh, Vincent van'],
  ['Rembrandt van Rijn', 'Rijn, Rembrandt van'],
  ['Jan van der Berg', 'Berg, Jan van der'],
  ['Pieter van den Hoogenband', 'Hoogenband, Pieter van den'],
  ['Ursula von der Leyen', 'Leyen, Ursula von der'],
  ['Johann Wolfgang von Goethe', 'Goethe, Johann Wolfgang von'],
  ['Gerard ter Borch', 'Borch, Gerard ter'],
  ['Hendrik ten Hoeve', 'Hoeve, Hendrik ten'],
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
  ['Charles de Gaulle', 'Gaulle, Charles de'],
  ['Simone de Beauvoir', 'Beauvoir, Simone de'],
  ['Jean de La Fontaine', 'La Fontaine, Jean de'],
  ['Antoine de Saint-Exupéry', 'Saint-Exupéry, Antoine de'],
  ['Pierre-Auguste Renoir', 'Renoir, Pierre-Auguste'],
  ['Jean-Jacques Rousseau', 'Rousseau, Jean-Jacques'],
  ['Alexis de Tocqueville', 'Tocqueville, Alexis de'],
  ['Jean DUPONT', 'Dupont, Jean'],
  ['DUPONT Jean', 'Dupont, Jean'],
  ['Marguerite Yourcenar', 'Yourcenar, Marguerite'],
  ['Daphne du Maurier', 'Maurier, Daphne du'],
  // Italian
  ['Leonardo da Vinci', 'Vinci, Leonardo da'],
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
  ['Martin Luther King Jr.', 'King Jr., Martin Luther'],
  ['Martin Luther King, Jr.', 'King Jr., Martin Luther'],
  ['King, Martin Luther, Jr.', 'King, Martin Luther, Jr.'],
  ['John Smith III', 'Smith III, John'],
  ['William Henry Gates III', 'Gates III, William Henry'],
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
  ['LUDWIG VAN BEETHOVEN', 'Beethoven, Ludwig van'],
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
    expect(surname(surnameFirst('Ludwig van Beethoven')!)).toBe('Beethoven');
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
  ['Martin Luther King, Jr.', ['King Jr., Martin Luther']],
  ['Microsoft Office User', []],
  ['ARRAY(0x2c7cf020)', []],
  ['[object Object]', []],
  ['MARIANA CASTAÑEDA RUIZ; ROSA CHI UC', ['Castañeda Ruiz, Mariana', 'Chi Uc, Rosa']],
];

/**
 * One name as a page prints it, in a document of a language → as a librarian files it. Spanish names under the
 * first of two surnames, Portuguese and Brazilian ones under the last, lower-case particles after the given
 * names everywhere, a generational suffix with the surname.
 */
const BY_LANGUAGE: [string, string | undefined, string | undefined][] = [
  // Spanish: the surname is at most two names; four names in a Spanish document are two and two
  ['Jorge Aldair Cortés López', 'es', 'Cortés López, Jorge Aldair'],
  ['Jorge Aldair Cortés López', undefined, 'Cortés López, Jorge Aldair'],
  ['Rosa Itzamar Pech Dzul', 'es', 'Pech Dzul, Rosa Itzamar'],
  ['Oscar Germán Duarte Velasco', 'es', 'Duarte Velasco, Oscar Germán'],
  ['Ana Lucía Rosario Campos', 'es', 'Rosario Campos, Ana Lucía'],
  ['ESTRELLA LUCENA SÁNCHEZ', 'es', 'Lucena Sánchez, Estrella'],
  ['Pedro Calderón de la Barca', 'es', 'Calderón de la Barca, Pedro'],
  ['Miguel de Unamuno', 'es', 'Unamuno, Miguel de'],
  // Portuguese: under the last surname, particles before it after the given names
  ['Carlos Aguiar de Medeiros', 'pt', 'Medeiros, Carlos Aguiar de'],
  ['Ana Beatriz Coelho Rodrigues', 'pt', 'Rodrigues, Ana Beatriz Coelho'],
  ['Ana Beatriz Coelho Rodrigues', 'pt-BR', 'Rodrigues, Ana Beatriz Coelho'],
  ['Sérgio Fernando Torres de Freitas', 'pt', 'Freitas, Sérgio Fernando Torres de'],
  ['Celina d’Ávila Samogin', 'pt', 'Samogin, Celina d’Ávila'],
  ['Paulo Roberto Nunes Vieira', 'pt', 'Vieira, Paulo Roberto Nunes'],
  ['Amaury Lelis Dal-Fabbro', 'pt', 'Dal-Fabbro, Amaury Lelis'],
  // compound endings stay with the surname
  ['José Sette Cotta Filho', 'pt', 'Cotta Filho, José Sette'],
  ['Elzo Pereira Pinto Júnior', 'pt', 'Pinto Júnior, Elzo Pereira'],
  ['Marcos Antunes Neto', 'pt', 'Antunes Neto, Marcos'],
  ['Renato Dias Sobrinho', 'pt', 'Dias Sobrinho, Renato'],
  // a name that shows itself Portuguese is filed so in any document; one that shows itself Spanish keeps
  // the Spanish rule in a Portuguese document
  ['José Sette Cotta Filho', 'es', 'Cotta Filho, José Sette'],
  ['Lúcia Betânia da Silva Andrade', 'en', 'Andrade, Lúcia Betânia da Silva'],
  ['Sebastião Leitão Rocha', undefined, 'Rocha, Sebastião Leitão'],
  // … a circumflex, which Spanish never writes, shows it too
  ['Mônica Teixeira Barros Lima', 'es', 'Lima, Mônica Teixeira Barros'],
  ['José Carlos Lemos Corrêa', 'es', 'Corrêa, José Carlos Lemos'],
  ['José Carlos Lemos Correa', 'es', 'Lemos Correa, José Carlos'],
  ['Juan Pérez García', 'pt', 'Pérez García, Juan'],
  ['Íñigo Muñoz Ruiz', 'pt', 'Muñoz Ruiz, Íñigo'],
  // lower-case particles go after the given names, in every language; capitalised ones stay
  ['Marylene de Brito', 'pt', 'Brito, Marylene de'],
  ['Marylene de Brito', 'en', 'Brito, Marylene de'],
  ['Carl van Walraven', 'en', 'Walraven, Carl van'],
  ['Laura Del Coco', 'en', 'Del Coco, Laura'],
  ['Laura Del Coco', 'pt', 'Del Coco, Laura'],
  // generational suffixes stay with the surname
  ['William B. Driggers III', 'en', 'Driggers III, William B.'],
  ['Martin Luther King Jr.', 'en', 'King Jr., Martin Luther'],
  // 'Surname, Given' is the publisher's filing and kept
  ['Aguiar de Medeiros, Carlos', 'pt', 'Aguiar de Medeiros, Carlos'],
  ['Walraven, Carl van', 'en', 'Walraven, Carl van'],
  // a one-word name is written alone
  ['Abdurakhman', 'en', 'Abdurakhman'],
  // a conjunction or a mark left from the byline is no part of the name
  ['e Mayra Chiaradia Perraro', 'pt', 'Perraro, Mayra Chiaradia'],
  ['y Lucía Baranda', 'es', 'Baranda, Lucía'],
  ['and Jane Doe', 'en', 'Doe, Jane'],
  ['und Karl Weber', 'de', 'Weber, Karl'],
  ['et Anne Martin', 'fr', 'Martin, Anne'],
  ['© Marco Polo', 'it', 'Polo, Marco'],
  ['Lucía Baranda y', 'es', 'Baranda, Lucía'],
  // the kind of document and phrases are not people
  ['Trabajo Fin de Máster', 'es', undefined],
  ['Dissertação de Mestrado', 'pt', undefined],
  ['Zur Geschichte der Stadt', 'de', undefined],
  ['Die Grenzen Europas', 'de', undefined],
  ['Una Chaudhuri', 'en', 'Chaudhuri, Una'],
  ['The Rolling Stones', 'en', 'The Rolling Stones'],
  // a town is not a person (GeoNames' towns of two words or more and 100,000 people, place-names.json)
  ['Belo Horizonte', 'pt', undefined],
  ['PORTO ALEGRE', 'pt', undefined],
  ['Buenos Aires', 'es', undefined],
  ['Kuala Lumpur', 'en', undefined],
  // nor a country, in any of the library's languages (an address's last line under a byline)
  ['South Africa', 'en', undefined],
  ['Reino Unido', 'es', undefined],
  ['Nova Zelândia', 'pt', undefined],
  // … but a town named after a person leaves the person a person
  ['Benito Juárez', 'es', 'Juárez, Benito'],
];

describe('surnameFirst by the document’s language', () => {
  it.each(BY_LANGUAGE)('%s (%s) → %s', (raw, idioma, expected) => {
    expect(surnameFirst(raw, { idioma })).toBe(expected);
  });
});

describe('surnameFirst by the affiliation’s country', () => {
  it.each([
    ['Carlos Aguiar de Medeiros', 'en', 'BR', 'Medeiros, Carlos Aguiar de'],
    ['Esther Majerowicz Gouveia', 'en', 'br', 'Gouveia, Esther Majerowicz'],
    ['Oscar Germán Duarte Velasco', 'en', 'CO', 'Duarte Velasco, Oscar Germán'],
    ['Elisa Ortuzar Menesia', 'pt', 'ES', 'Ortuzar Menesia, Elisa'],
    // Elsewhere an English, German or French document's names have one surname, the last name, unless
    // a name shows itself Spanish.
    ['Esther Majerowicz Gouveia', 'en', 'US', 'Gouveia, Esther Majerowicz'],
    ['Muhammad Atif Iqbal', 'en', undefined, 'Iqbal, Muhammad Atif'],
    ['Ivo H. M. van Stokkum', 'en', 'NL', 'Stokkum, Ivo H. M. van'],
    ['Ivan Rodriguez Montoya', 'en', undefined, 'Rodriguez Montoya, Ivan'],
    ['Oscar Saleta Reig', 'en', 'ES', 'Saleta Reig, Oscar'],
    ['Oscar Saleta Reig', 'es', undefined, 'Saleta Reig, Oscar'],
  ])('%s (%s, %s) → %s', (raw, idioma, pais, expected) => {
    expect(surnameFirst(raw, { idioma, pais })).toBe(expected);
  });
});

/** Whole fields where people, their affiliations and their towns come together. */
const MIXED_FIELDS: [string, string[]][] = [
  // an institution beside a person is the person's affiliation
  ['© Marco Polo, Università degli Studi di Venezia, Corso di Laurea in Storia', ['Polo, Marco']],
  ['Anne Martin, Université de Lyon, Faculté des Lettres', ['Martin, Anne']],
  ['Ana Souza, Universidade Federal de Minas Gerais', ['Souza, Ana']],
  ['Karl Weber, Fakultät für Physik, München', ['Weber, Karl']],
  ['Jane Doe [Argonne National Laboratory], Jim Roe', ['Doe, Jane', 'Roe, Jim']],
  ['Marco Polo; Università degli Studi di Venezia', ['Polo, Marco']],
  // alone, an institution is a corporate author, kept whole and never inverted
  ['Università degli Studi di Venezia', ['Università degli Studi di Venezia']],
  ['Faculdade de Medicina', ['Faculdade de Medicina']],
  // two people parted by a comma: three names with a given name inside, then a full name
  ['Athar Mohsin Zaidi, Saeed Murtaza', ['Zaidi, Athar Mohsin', 'Murtaza, Saeed']],
  ['Maria José Kowalski, Piotr Nowak', ['Kowalski, Maria José', 'Nowak, Piotr']],
  // … but 'Surname, Given' stays one person
  ['Ek Chablé, María Fernanda', ['Ek Chablé, María Fernanda']],
  ['Pérez Canul Ek, Lucía', ['Pérez Canul Ek, Lucía']],
  // a capital 'E' or 'Y' is an initial, not the Portuguese or Spanish 'and'
  ['Alan J Forster, Tobias E Erlanger, Mary Y Chen', ['Forster, Alan J', 'Erlanger, Tobias E', 'Chen, Mary Y']],
  ['ANA PÉREZ Y JUAN GIL', ['Pérez, Ana', 'Gil, Juan']],
];

describe('authorsFromMetadata on fields with affiliations', () => {
  it.each(MIXED_FIELDS)('%s', (raw, expected) => {
    expect(authorsFromMetadata(raw)).toEqual(expected);
  });

  it('reads a lone comma in an entry of a list as Surname, Given, as in a tag', () => {
    expect(authorsFromMetadata(['Haddad, Abdul Karim', 'Rossi, Anna Maria', 'Jane Doe'])).toEqual([
      'Haddad, Abdul Karim',
      'Rossi, Anna Maria',
      'Doe, Jane',
    ]);
    expect(authorsFromMetadata(['Ana López, Juan Pérez'])).toEqual(['López, Ana', 'Pérez, Juan']);
    expect(authorsFromMetadata(['Jane Doe, John Roe, Mary Major'])).toEqual(['Doe, Jane', 'Roe, John', 'Major, Mary']);
  });

  it('files the people of a list by the document’s language', () => {
    expect(
      authorsFromMetadata(['Sérgio Fernando Torres de Freitas', 'Emil Kupek', 'e Mayra Chiaradia Perraro'], {
        idioma: 'pt',
      }),
    ).toEqual(['Freitas, Sérgio Fernando Torres de', 'Kupek, Emil', 'Perraro, Mayra Chiaradia']);
  });
});

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
      'Leyen, Ursula von der',
    ]);
    expect(authorsFromTags(['Ana López, Juan Pérez'])).toEqual(['López, Ana', 'Pérez, Juan']);
  });
});

describe('place-names.json', () => {
  it('is what backend/scripts/make-place-names.ts writes from GeoNames towns', () => {
    const towns = [
      { name: 'Belo Horizonte', population: 2_373_224 },
      { name: 'São Carlos', population: 205_035 },
      { name: 'Lima', population: 7_737_002 },
      { name: 'Benito Juárez', population: 385_439 },
      { name: 'Novo Horizonte', population: 30_158 },
    ];
    expect(makePlaceNames(towns)).toEqual(['belo horizonte', 'sao carlos']);
    for (const place of makePlaceNames(towns)) expect(placeNames).toContain(place);
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

/**
 * Writes `backend/src/ingest/metadata/given-names.json`: the given names the author-name parser
 * (`backend/src/ingest/metadata/author-names.ts`) consults when a name of three or more words comes without a comma
 * and it must decide where the given names end ('José María Pérez García' → two given names,
 * 'Mariana Castañeda Ruiz' → one).
 *
 * Sources:
 * - the npm package `gender-detection-from-name` (MIT, a devDependency): its Spanish (INE; the 3,000 most
 *   frequent of each sex), Italian and German lists, whose entries are given names only. Its English and French lists are not used: they come
 *   from census files that also hold surnames borne as first names ('garcia', 'perez', 'chi'), and a surname
 *   taken for a middle name turns 'Gabriel García Márquez' into 'Márquez, Gabriel García';
 * - `EXTRA` below: common given names those lists lack (English and Irish, Portuguese and Brazilian, Catalan,
 *   French, Maya and Nahuatl, Arabic, Chinese, Japanese, Korean, Vietnamese and Indian, romanised);
 * - minus `SURNAMES` below: words that are far more often surnames than middle names ('Santos', 'Cruz',
 *   'May', the Maya surnames), which the lists hold as rare given names.
 *
 * Every entry is folded (lower case, no diacritics); compound entries ('jose maria', 'maria de la luz') give
 * their words, particles left out. The output is sorted and deterministic.
 *
 * Run: `npx tsx backend/scripts/make-given-names.ts [outFile]`
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Folded form used for look-ups: lower case, diacritics removed. */
export function foldName(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'e',
  'i',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'van',
  'von',
]);

export const EXTRA = `
aaron abigail adam adrian agnes aidan alan albert alexander alice alison amanda amy andrew angela anna anne
anthony arthur barbara benjamin betty beverly brandon brenda brian bruce carl carol caroline catherine charles
charlotte christine christopher claire craig cynthia daniel david deborah dennis diane donald donna dorothy
douglas edward eleanor elizabeth emily emma eric ethan evelyn frances frank gary george gerald gloria grace
gregory hannah harold harry heather helen henry isaac jack jacob james janet jason jean jeffrey jennifer jeremy
jessica joan john jonathan joseph joshua joyce judith julia julie justin karen katherine kathleen keith kenneth
kevin kimberly larry laura lawrence linda lisa louise luther margaret marie marilyn mark martha mary matthew
megan melissa michael michelle nancy nathan nicholas nicole olivia oscar pamela patricia patrick paul peter
philip rachel ralph raymond rebecca richard robert roger ronald rose ruth ryan samuel sandra sarah scott sean
sharon shirley stephen steven susan teresa terry theresa thomas timothy victoria virginia walter wayne william
aoife brendan ciara ciaran colm declan dermot eamon eileen eoin fionnuala grainne liam maeve mairead niamh
nuala oisin padraig roisin seamus sean siobhan reuel
joao inacio antonio goncalo conceicao aparecida rosangela sebastiao leticia thiago tiago vinicius rodrigo luiz luis
marcelo marcio fabio flavio felipe gustavo leandro lucas mateus matheus raimundo francisca jose maria ana
beatriz bruna camila carla fernanda gabriela juliana larissa leticia mariana patricia rafaela renata vanessa
helena ines joana rita filipa sofia margarida catarina duarte nuno rui vasco joaquim manuel
jordi josep montserrat nuria pere joan meritxell mireia oriol arnau pau roser xavier jaume enric lluis
narcis marti gemma neus laia aina queralt jofre
jean pierre jacques michel philippe luc yves helene benoit francois francoise genevieve sylvie anne sophie
camille guillaume etienne thierry didier olivier christophe nathalie isabelle veronique sebastien frederic
herve gerard bernard alain claude dominique rene andre marcel lucien emile mathieu remi
nicte itzel ixchel zazil canek yatzil sac saasil kin xochitl citlali nayeli itzae
mohammed muhammad mohamed mohammad mohamad ahmed ahmad ali omar umar hassan hasan hussein husein fatima fatma
aisha khalid youssef yusuf ibrahim mustafa mostafa abdullah abdallah abdul abdel abd karim layla leila nour
salma tariq hamza said samir rashid rachid walid nabil amina khadija yasmin zainab jamal kamal faisal nasser
wei ming jing hui yan xin lei jun hong ying fang xiaoming jian qiang yong tao hao jie ling xiu mei lan
hiroshi takeshi kenji yuki akira haruki naoko yoko keiko satoshi kazuo makoto yuko taro hideo shinji tomoko
kenta daisuke yusuke hiroko akiko kenichi koji masato shigeru yoshiro
minjun jihoon seoyeon jiwoo minho jisoo hyun jin soo young
anh minh thanh huong linh hung dung tuan mai hoa thi van quang duc khanh phuong trang thao ngoc
amartya rahul priya anil sunil raj rajesh suresh ramesh kumar lakshmi deepak vijay anand arjun sanjay amit sita
ravi krishna venkat srinivas narendra indira aishwarya abhijit sachin shashi arundhati salman prakash pradeep
`;

export const SURNAMES = `
garcia rodriguez gonzalez fernandez lopez martinez sanchez perez gomez jimenez ruiz hernandez diaz moreno munoz
alvarez romero alonso gutierrez navarro torres dominguez vazquez ramos gil ramirez serrano blanco molina morales
suarez ortega delgado castro ortiz rubio marin sanz nunez iglesias medina garrido cortes castillo santos lozano
guerrero cano prieto mendez cruz calvo gallego vidal leon marquez herrera pena flores cabrera campos vega
fuentes carrasco diez caballero reyes nieto aguilar pascual santana herrero montero hidalgo gimenez ibanez
ferrer duran benitez mora vargas arias carmona crespo roman pastor soto saez velasco moya soler parra bravo
gallardo rojas castaneda chavez mendoza rivera salazar
silva ferreira pereira oliveira costa rodrigues martins sousa souza fernandes goncalves gomes lopes marques
alves almeida ribeiro pinto carvalho teixeira moreira correia mendes nunes soares vieira monteiro cardoso
rocha neves coelho cunha pires lima barbosa araujo machado lula
chi uc canul ek chable may pech pat poot tun cauich balam dzul ku chan cen couoh moo puc tzec yam xool chuc
caamal cocom huchim itza kantun koh noh pool uicab ucan xiu dzib cob ake baas camal cime euan hau mex nah tec
tuz uh kauil kumul
smith johnson williams brown jones miller davis wilson anderson taylor moore jackson white harris clark lewis
robinson walker young allen king wright hill green adams baker nelson carter mitchell roberts turner phillips
campbell parker evans edwards collins stewart morris murphy cook rogers morgan cooper peterson reed bailey bell
kelly howard ward cox richardson wood watson brooks bennett gray hughes price sanders myers long ross foster
tully
muller mueller schmidt schneider fischer weber meyer wagner becker schulz hoffmann koch richter klein wolf
schroder neumann schwarz braun zimmermann kruger hofmann hartmann lange
rossi russo ferrari esposito bianchi romano colombo ricci marino greco gallo conti giordano mancini rizzo
lombardi moretti
dubois durand leroy moreau lefebvre garnier
wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he lin luo gao zheng
nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly
kim lee park choi jung kang cho yoon
sato suzuki takahashi tanaka watanabe ito yamamoto nakamura kobayashi kato
sharma singh patel gupta reddy rao iyer nair das chatterjee banerjee mukherjee
`;

function words(list: string): string[] {
  return list.split(/\s+/).filter(Boolean).map(foldName);
}

/** How many of the most frequent Spanish names of each sex are taken. */
const SPANISH_TOP = 3000;

/** The sorted list of folded given names. */
export function makeGivenNames(): string[] {
  const names = new Set<string>();
  for (const lang of ['es', 'it', 'de']) {
    const map = require(`gender-detection-from-name/names/${lang}.js`) as Map<string, string>;
    const rank = { male: 0, female: 0 } as Record<string, number>;
    for (const [entry, gender] of map) {
      // The Spanish list is INE's, most frequent first for each sex; its tail holds surnames borne as given
      // names by a few ('allende'), so only the first SPANISH_TOP of each are taken.
      rank[gender] = (rank[gender] ?? 0) + 1;
      if (lang === 'es' && rank[gender]! > SPANISH_TOP) continue;
      for (const word of foldName(entry).split(/[\s-]+/)) {
        if (word.length > 1 && !PARTICLES.has(word)) names.add(word);
      }
    }
  }
  for (const word of words(EXTRA)) names.add(word);
  for (const word of words(SURNAMES)) names.delete(word);
  return [...names].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? path.resolve(import.meta.dirname, '../src/ingest/metadata/given-names.json');
  const names = makeGivenNames();
  writeFileSync(out, `${JSON.stringify(names, null, 2)}\n`);
  console.log(`${names.length} given names → ${out}`);
}

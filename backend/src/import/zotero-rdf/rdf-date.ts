import type { CslDate } from '../imported-item';

/** Month names in the languages Folio's users write dates in (English, Spanish, Portuguese, French, Catalan, German). */
const MONTHS: [RegExp, number][] = [
  [/^(jan|janv|ene|enero|gen|jän|janeiro|janvier|january|januar)/, 1],
  [/^(feb|fév|fev|fevereiro|febrero|février|february|februar|febr)/, 2],
  [/^(mar|março|marzo|mars|march|märz|març)/, 3],
  [/^(apr|abr|avr|abril|avril|april)/, 4],
  [/^(may|mayo|maio|mai|maig)/, 5],
  [/^(jun|juin|junio|junho|june|juny|juni)/, 6],
  [/^(jul|juil|julio|julho|juillet|july|juliol|juli)/, 7],
  [/^(aug|ago|août|agosto|august|agost)/, 8],
  [/^(sep|set|sept|septiembre|setembro|septembre|september|setembre)/, 9],
  [/^(oct|out|okt|octubre|outubro|octobre|october|oktober)/, 10],
  [/^(nov|noviembre|novembro|novembre|november)/, 11],
  [/^(dec|dic|dez|déc|des|diciembre|dezembro|décembre|december|dezember|desembre)/, 12],
];

function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().normalize('NFC');
  return MONTHS.find(([pattern]) => pattern.test(w))?.[1];
}

const valid = (year: number, month?: number, day?: number) =>
  year > 0 && (month === undefined || (month >= 1 && month <= 12)) && (day === undefined || (day >= 1 && day <= 31));

/**
 * A CSL date from a Zotero RDF `dc:date`. The export writes the date as the user typed it ('2019-03-15',
 * 'March 15, 2019', '15 de marzo de 2019', 'Spring 2010', '2019'), not the 'YYYY-MM-DD text' form Zotero
 * stores, so it is read here: ISO dates and dates with a month name in full parts; any other text with a
 * year as that year (the text itself kept as `raw` only when no year can be told, as Zotero leaves it).
 */
export function cslDateOfText(text: string): CslDate | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const iso = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ].*)?$/.exec(t);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), iso[2] && Number(iso[2]), iso[3] && Number(iso[3])];
    if (month && valid(year, month, day || undefined))
      return { 'date-parts': [day ? [year, month, day] : [year, month]] };
    if (year > 0) return { 'date-parts': [[year]] };
  }
  const yearMatch = /(?<!\d)(\d{4})(?!\d)/.exec(t);
  if (!yearMatch) return { raw: t };
  const year = Number(yearMatch[1]);
  const words = t.split(/[\s,./-]+/).filter(Boolean);
  let month: number | undefined;
  let day: number | undefined;
  for (const [i, word] of words.entries()) {
    if (/^\p{L}{3,}\.?$/u.test(word) && month === undefined) {
      month = monthOf(word);
      if (month !== undefined) {
        // 'March 15, 2019' puts the day after the month; '15 March 2019', '15 de marzo' before it.
        const after = /^(\d{1,2})(st|nd|rd|th)?$/.exec(words[i + 1] ?? '');
        const before = /^(\d{1,2})(º|er|o)?$/.exec(words[i - 1] === 'de' ? (words[i - 2] ?? '') : (words[i - 1] ?? ''));
        const d = Number((after ?? before)?.[1]);
        if (d >= 1 && d <= 31) day = d;
      }
    }
  }
  const parts = month ? (day ? [year, month, day] : [year, month]) : [year];
  return { 'date-parts': [parts] };
}

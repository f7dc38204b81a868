/**
 * Attribution around a claim ('Según Pérez (2021), …', 'According to Obama, …', 'Luis Gil dice que …',
 * '…, according to the study.'): who said it is what the citation names, and an author's name is in the
 * source's metadata rather than its text, so the phrase is left out of what is judged.
 */
const LEADING =
  /^(?:seg[uú]n|de acuerdo con|conforme a|como (?:se[ñn]ala|indica|explica)n?|according to|as (?:reported|noted|stated|shown) (?:by|in))\s[^,]{1,80},\s*/iu;
const TRAILING = /,\s*(?:seg[uú]n|de acuerdo con|according to)\s[^,.;!?]{1,80}(?=[.!?]?$)/iu;
/** 'X dice que …', 'X says that …': a subject of at most six words and a verb of saying. */
const REPORTED =
  /^(?:[\p{L}.'’-]+\s){1,6}?(?:dice|dijo|afirma|afirm[oó]|sostiene|sostuvo|señala|señal[oó]|explica|explic[oó]|asegura|asegur[oó]|escribe|escribi[oó]|says|said|claims|claimed|states|stated|argues|argued|writes|wrote|notes|noted|explains|explained)\s+(?:que|that)\s+/iu;

/** The claim without the attribution around it (the claim itself when there is none). */
export function withoutAttribution(claim: string): string {
  const out = claim.trim().replace(LEADING, '').replace(TRAILING, '').replace(REPORTED, '');
  return out.length > 0 ? out : claim;
}

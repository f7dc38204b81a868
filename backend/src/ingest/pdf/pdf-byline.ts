import { isGivenName } from '../metadata/name-words';
import type { LayoutLine, LayoutPage } from './pdf-layout';
import { isAffiliation, namesOfLine } from './printed-names';
import { ADVISOR_LABEL } from './pdf-thesis-cover';

/**
 * A credit to someone other than the author: the names after it are translators', editors', illustrators', or
 * a thesis's advisors' ('Tutorizado por', 'Orientador:', 'Supervised by').
 */
const CREDIT =
  /^(?:(?:tutorizad|dirigid|orientad|supervisionad|supervisad)[oa]s?\s+por|supervised\s+by|under\s+the\s+supervision|betreut\s+von|sous\s+la\s+direction|(?:co-?)?(?:director|directora|tutor|tutora|orientador|orientadora|supervisor|advisor|adviser|betreuer|betreuerin|directeur|directrice|relatore)(?:es|s)?\s*(?::|$)|versi[oó]n\s+(?:castellana|española|espanhola|inglesa|francesa)|traducci[oó]n|traducid[oa]\s+por|translat(?:ed|ion)\s+(?:by|from)|tradu[cç][aã]o|traduzid[oa]\s+por|tradu(?:it|ite)\s+(?:par|de)|traduction|übersetzt|übersetzung|aus\s+dem\s+\p{L}+\s+von|a\s+cura\s+di|tradott[oa]\s+da|traduzione|edited\s+by|editad[oa]\s+por|organizad[oa]\s+por|herausgegeben\s+von|hrsg\.?\s+von|pr[oó]logo\s+de|prefacio\s+de|foreword\s+by|preface\s+by|ilustraciones\s+de|illustrated\s+by)/iu;

/** Lines after which no author is listed: the abstract, keywords, the first section. */
const AUTHORS_END =
  /^(?:abstract|summary|resumen|resumo|zusammenfassung|r[eé]sum[eé]|keywords?|key words|palabras clave|schl[uü]sselw[oö]rter|mots[- ]cl[eé]s|(?:\d+\.?\s*|i\.\s*)?introduc(?:tion|ci[oó]n|ão)|einleitung|contents|table of contents|[ií]ndice)(?:$|\s*[:.—–-]|\s+(?:we|this|in|the|a|an|el|la|en|este|esta|los|las|wir|die|der|das)\b)/i;

/** Author names printed below the title block (until the abstract or the first section). */
export function findAuthorNames(page: LayoutPage, title: readonly LayoutLine[]): string[] {
  const last = title[title.length - 1];
  if (!last) return [];
  const names: string[] = [];
  let scanned = 0;
  // On a sparse page (a book's or a manual's title page) the names may stand at its foot; on an article's
  // first page they follow the title closely.
  const sparse = page.lines.length <= 15;
  let reach = sparse ? page.height : last.top + 0.3 * page.height;
  const left = Math.min(...title.map((l) => l.x));
  const right = Math.max(...title.map((l) => l.right));
  // A title and byline set in a narrow column beside the body's (never on a sparse page): lines wholly beside the title's column (a
  // mark's width aside) belong to another column, unless they continue a line under the title (the same
  // baseline and type).
  const outside = (line: LayoutLine) => line.x >= right - 2 * line.size || line.right <= left + 2 * line.size;
  const continues = (line: LayoutLine, o: LayoutLine) =>
    Math.abs(o.top - line.top) < 0.3 * line.size && Math.abs(o.size - line.size) < 0.15 * line.size;
  const beside = (line: LayoutLine) =>
    !sparse && outside(line) && !page.lines.some((o) => !outside(o) && continues(line, o));
  const below = page.lines.filter((l) => l.top > last.top && !title.includes(l) && !beside(l));
  const joined = new Set<LayoutLine>();
  // The names under a label of advisors ('Encadrant:', 'Supervisor:') are not the authors'.
  let advisors = false;
  for (const [i, line] of below.entries()) {
    if (joined.has(line)) continue;
    if (line.top > reach || AUTHORS_END.test(line.text) || CREDIT.test(line.text) || scanned++ > 30) break;
    if (ADVISOR_LABEL.test(line.text)) {
      advisors = /:\s*$/.test(line.text) || !namesOfLine(line.text.replace(ADVISOR_LABEL, '').replace(/^\s*:?/, ''));
      continue;
    }
    if (advisors) {
      advisors = false;
      if (namesOfLine(line.plain || line.text)) continue;
    }
    const run = wrappedByline(below, i, right);
    const found = (run.length > 1 && namesOfLine(run.map((l) => l.plain || l.text).join(' '))) || null;
    if (found) run.forEach((l) => joined.add(l));
    // A lone 'and' between stacked names announces the next one.
    const above = page.lines.filter((l) => l.top < line.top - 0.3 * line.size).pop();
    const announced = names.length > 0 && above !== undefined && /^(?:and|y|e|und|et|&)$/i.test(above.text.trim());
    const onLine = found ?? namesOfLine(line.plain || line.text, { announced }) ?? rowFragment(below, i, joined);
    if (onLine) {
      names.push(...onLine);
      // A byline of many names, each with its affiliation under it, runs on past the usual reach.
      reach = Math.max(reach, line.top + 0.12 * page.height);
      continue;
    }
    // A line of running text: the abstract or the body has begun (on a sparse page, a subtitle). An
    // affiliation, however long, is part of the byline: names may follow it; so may a line in the title's
    // type right under it, the title's tail ('… estimates [v2; ref status: indexed, http://…]').
    const tail = Math.abs(line.size - last.size) <= 0.08 * last.size && line.top - last.top <= 2.05 * last.size;
    if (line.text.split(/\s+/).length >= 9 && !isAffiliation(line.text) && !tail) {
      if (sparse) continue;
      break;
    }
  }
  if (names.length === 0) names.push(...bylineAbove(page, title));
  if (names.length === 0) names.push(...sideByline(page, title, beside));
  return [...new Set(names)];
}

/**
 * The names of a fragment of a byline's row and the piece after it on the same baseline, in the same type, a
 * few spaces to its right: a scan's text layer or a spaced setting parts a row ('THERESE' / 'A. KOSTEN, MINDY
 * J. D. MISERENDINO,'). Only a fragment that reads as no name by itself is joined: two names side by side
 * each read alone. The piece joined is marked in `joined`.
 */
function rowFragment(lines: readonly LayoutLine[], at: number, joined: Set<LayoutLine>): string[] | null {
  const line = lines[at]!;
  const next = lines[at + 1];
  if (
    !next ||
    Math.abs(next.top - line.top) > 0.3 * line.size ||
    Math.abs(next.size - line.size) > 0.15 * line.size ||
    next.x < line.right ||
    next.x - line.right > 3 * line.size
  )
    return null;
  const names = namesOfLine(`${line.plain || line.text} ${next.plain || next.text}`);
  if (names) joined.add(next);
  return names;
}

/**
 * A byline's line and the lines it runs on into: a line that fills the column (it ends near the title's right
 * edge) without ending the list (',', 'and') continues on the next line, in the same type, where a name may be
 * cut ('Janete Maria Rebelo' / 'Vieira, Luís Fernando…'). One line alone otherwise.
 */
function wrappedByline(lines: readonly LayoutLine[], at: number, right: number): LayoutLine[] {
  const run = [lines[at]!];
  for (let i = at + 1; i < lines.length; i++) {
    const last = run[run.length - 1]!;
    const next = lines[i]!;
    const full = last.right >= right - 3 * last.size;
    const open = !/(?:[,;•·]|\b(?:and|y|e|und|et|&))\s*$/iu.test(last.plain || last.text);
    const same = Math.abs(next.size - last.size) <= 0.05 * last.size && next.top - last.top <= 1.9 * last.size;
    // A cut name runs on in its surnames: a line opening with a whole name, a given name first ('Mike
    // Burrows, …'), starts a new one ('Duarte' alone may end 'Carla' / 'Duarte').
    const opening = (next.plain || next.text)
      .split(/\s*(?:[,;]|\band\b)\s*/)[0]!
      .trim()
      .split(/\s+/);
    const opensName = opening.length >= 2 && isGivenName(opening[0]!);
    if (!full || !open || !same || opensName) break;
    run.push(next);
  }
  return run;
}

/** A byline set just above the title (a journal's short contributions): the line right over it, in smaller type. */
function bylineAbove(page: LayoutPage, title: readonly LayoutLine[]): string[] {
  const first = title[0]!;
  const above = page.lines.filter(
    (l) => l.top < first.top && first.top - l.top <= 3 * first.size && l.size < first.size * 1.05,
  );
  const line = above[above.length - 1];
  if (!line || line.right < first.x || line.x > Math.max(...title.map((l) => l.right))) return [];
  return namesOfLine(line.plain || line.text) ?? [];
}

/**
 * Names set in a column of their own beside the title block, one or two to a line, from a little above its
 * first line to a little under its last: a byline in the margin. Every line of that column in that band must
 * be a name, or none is taken.
 */
function sideByline(page: LayoutPage, title: readonly LayoutLine[], beside: (line: LayoutLine) => boolean): string[] {
  const first = title[0]!;
  const last = title[title.length - 1]!;
  const band = page.lines.filter(
    (l) =>
      !title.includes(l) &&
      beside(l) &&
      l.top >= first.top - 2 * first.size &&
      l.top <= last.top + 2 * first.size &&
      l.size < first.size &&
      // A mark on a line of its own ('II', an affiliation's number) is no line of the byline.
      (l.text.match(/\p{L}/gu)?.length ?? 0) >= 3,
  );
  const names: string[] = [];
  for (const line of band) {
    const found = namesOfLine(line.plain || line.text);
    if (!found) return [];
    names.push(...found);
  }
  return names;
}

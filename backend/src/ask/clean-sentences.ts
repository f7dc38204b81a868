import { splitSentences } from './sentences';

/**
 * The sentences of a passage fit to be quoted as an answer: prose that starts and ends like a sentence. Text
 * extracted from PDFs and pages carries headings, running heads, usage lines, code, figure and table captions
 * (in Spanish, English and Portuguese: 'Tabla 2', 'Figure 3', 'Tabela 1', 'Quadro 4') and sentences cut at a
 * passage's edge; quoted, they read as nonsense, so they are left out.
 */

/** Sentences this short or long are fragments or whole paragraphs, not answers. */
const MIN_WORDS = 4;
const MAX_WORDS = 70;

const CAPTION =
  /^(fig(ure|ura)?s?|tab(le|la|ela|ella|leau)s?|cuadro|quadro|gr[aá]fic[oa]|chart|plate|l[aá]mina|imagen|imagem|image|diagram[a]?|esquema|listing|algorithm|algoritmo|ilustraci[oó]n|ilustra[cç][aã]o|illustration|photo|foto|mapa|map|exhibit|source|fuente|fonte)\.?\s*\d+[\w.-]*\s*[.:)–—-]?/iu;
const USAGE = /^(usage|uso|synopsis|sinopsis|syntax|sintaxis|example|ejemplo|options?|opciones)\s*:/i;
const CODE =
  /[{}]|=>|==|!=|&&|\|\||::|\(\)\s*;|;\s*$|^\s*[$#>%]\s|\s--?[a-z][\w-]*\b|\[(OPTION|OPTIONS|FILE|ARGS?)\]|<\/?[a-z]+>/;
const HEADING_NUMBER =
  /^(\d+(\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.|(cap[ií]tulo|chapter|secci[oó]n|section|parte|part|anexo|appendix)\s+\w+)\s+\S/iu;
const TERMINAL = /[.!?…]["'”’»)\]]*$/u;
/** An entry of a list of references: a back-link caret ('6. ^ "Title"'), 'Retrieved 2015-04-20', 'doi:'. */
const REFERENCE_ENTRY = /(^|\s)\^(\s|$)|\b(retrieved|consultado|accessed|archived)( on)? \d|\bdoi:\s?10\.|https?:\/\//i;
/** A line at least this long that does not end a sentence was wrapped: the sentence goes on in the next one. */
const WRAPPED_LINE = 50;
/** A running head or foot caught inside a sentence: '[Page 1]', 'Page 3 of 12', 'Página 2 de 9'. */
const RUNNING_HEAD = /\[page \d+\]|\bpage \d+ of \d+\b|\bp[aá]gina \d+ de \d+\b/iu;
/** A word cut at a line break ('infor- mation'), unless the hyphen is a suspended one ('pre- and post-'). */
const BROKEN_WORD = /\p{Ll}-\s+(?!(and|or|y|o|e|u|und|et|ni|nor)\b)\p{Ll}/u;

function words(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

/** Whether a sentence is prose fit to quote (see the module comment for what is not). */
export function isCleanSentence(sentence: string): boolean {
  const s = sentence.trim();
  if (REFERENCE_ENTRY.test(s) || RUNNING_HEAD.test(s)) return false;
  const w = words(s);
  if (w.length < MIN_WORDS || w.length > MAX_WORDS) return false;
  if (!TERMINAL.test(s)) return false;
  // A sentence starts with a capital, a digit, an opening mark, or a name written in lower case on purpose
  // ('asn1Parser', 'iPhone'); a plain lower-case word is the middle of a sentence cut at the passage's edge.
  if (/^\p{Ll}/u.test(s) && !/^\p{Ll}+[\p{Lu}\d]/u.test(s)) return false;
  if (/^[,;:)\]}.·•–—-]/u.test(s) || /^\[\d+\]/.test(s)) return false;
  if (CAPTION.test(s) || USAGE.test(s) || CODE.test(s) || BROKEN_WORD.test(s)) return false;
  if (HEADING_NUMBER.test(s) && w.length < 12) return false;
  const letters = (s.match(/\p{L}/gu) ?? []).length;
  if (letters < s.length * 0.6) return false;
  const numeric = w.filter((x) => /^[\d.,;:%()–-]+$/u.test(x)).length;
  if (numeric > w.length * 0.35) return false;
  // Title case throughout and no verb-like lower-case word: a heading or running head glued to a stop.
  const lower = w.filter((x) => /^\p{Ll}{4,}/u.test(x)).length;
  if (lower === 0) return false;
  return true;
}

/**
 * Lines that continue one sentence, joined: a soft line break before a lower-case word ('supera los 1500
 * mm,\ncon dos estaciones') or after a long line that does not end a sentence (wrapped PDF text), and a list
 * introduced by a colon with its items ('Se usaron dos instrumentos:\n\n- vertederos;\n\n- sensores.' is 'Se
 * usaron dos instrumentos: vertederos; sensores.'): the same words, without the bullets. A table's lines
 * ('a | b') are left as they are (see table-rows.ts).
 */
export function joinLines(passage: string): string {
  const lines = passage.split('\n');
  const out: string[] = [];
  let listOpen = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      if (!listOpen) out.push('');
      continue;
    }
    const item = /^(?:[-*•]|\d+[.)])\s+(.*)$/.exec(line);
    const last = out.length > 0 ? out[out.length - 1]! : '';
    if (listOpen && item) {
      out[out.length - 1] = `${last} ${item[1]}`;
      listOpen = /[,;:]$/.test(item[1]!);
      continue;
    }
    listOpen = false;
    if (/:$/.test(line) && !line.includes('|')) {
      out.push(line);
      listOpen = true;
      continue;
    }
    // A wrapped line: the next begins in lower case, or this one is a long line (PDF text) cut mid-sentence.
    const wrapped = /^\p{Ll}/u.test(line) || (last.length >= WRAPPED_LINE && /^[\p{L}\d"'“(]/u.test(line));
    if (last !== '' && wrapped && !/[.!?…:|]$/.test(last) && !last.includes('|')) {
      out[out.length - 1] = `${last} ${line}`;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** A line of a table as passages write it: cells between pipes ('Cuenca | Altitud (m)'). */
const TABLE_LINE = /\S\s*\|\s*\S/;
/** A caption is a title, short: a longer line before a table is prose that happens to precede it. */
const CAPTION_WORDS = 8;

/**
 * The passage without its tables' captions: a block of one short line (CAPTION_WORDS at most) right before a
 * block that starts with a table ('Nitratos por temporada (mg/L).', a page's `<caption>`, written without a
 * number). It names the
 * table; it does not answer anything, even when it ends with a full stop.
 */
export function withoutTableCaptions(passage: string): string {
  const blocks = passage.split(/\n[ \t]*\n/);
  return blocks
    .map((block, i) => {
      const line = block.trim();
      const next = blocks[i + 1]?.trim() ?? '';
      const caption =
        line !== '' && !line.includes('\n') && !TABLE_LINE.test(line) && words(line).length <= CAPTION_WORDS;
      return caption && TABLE_LINE.test(next.split('\n')[0]!) ? '' : block;
    })
    .join('\n\n');
}

/**
 * A caption's label alone ('Tabela 2.', 'Figure 3:'): the sentence boundary after its number cuts a caption in
 * two, and the words after the label are still the caption.
 */
const CAPTION_LABEL = new RegExp(`${CAPTION.source}$`, CAPTION.flags);

/**
 * The clean sentences of a passage, in order, its tables' captions left out (withoutTableCaptions, and the text
 * after a caption's label). Besides the real sentence boundaries, a full stop standing alone between spaces
 * (' . ', how extracted PDF text ends a heading or caption line) splits, so a heading glued to the sentence
 * after it does not take the sentence down with it.
 */
export function cleanSentences(passage: string): string[] {
  const sentences = splitSentences(joinLines(withoutTableCaptions(passage)))
    .flatMap((s) => s.split(/(?<=\s\.)\s+/))
    // Reference numbers after the stop ('….[4]') are the page's, not the sentence's.
    .map((s) =>
      s
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/(?<=[.!?…]["'”’»)]*)(\[\d+(?:[,–-]\d+)*\])+$/u, ''),
    );
  return sentences.filter((s, i) => i === 0 || !CAPTION_LABEL.test(sentences[i - 1]!)).filter(isCleanSentence);
}

import { decodeCharacterReferences } from '@folio/shared';
import { marked, type Token, type Tokens } from 'marked';
import { ConversionError, type Conversion, type Converter, type FoundMetadata } from './converter';
import { outlineFromHtml } from './html/html';
import { authorsFromMetadata } from './metadata/author-names';
import { cleanTitle, normalizeLanguage, yearFromDate } from './metadata/clean-fields';
import { unitsFromOutline, type OutlineEvent } from './sections';
import { readTextFile } from '../formats/text-decode';

/** Reads a Markdown file: sections from ATX and Setext headings, inline markup reduced to its text. */
export const markdownConverter: Converter = {
  kinds: ['markdown'],
  async convert(file, ctx) {
    const conversion = convertMarkdown(await readTextFile(file.path));
    await ctx.progress(1);
    return conversion;
  },
};

/** Converts decoded Markdown source. A YAML front matter block gives metadata and is not text. */
export function convertMarkdown(source: string): Conversion {
  const { body, fields } = splitFrontMatter(source);
  if (!body.trim()) throw emptyError();
  const outline = outlineOfTokens(marked.lexer(body, { gfm: true }));
  const unidades = unitsFromOutline(outline);
  if (unidades.length === 0) throw emptyError();

  const metadatos: FoundMetadata = {};
  const firstH1 = outline.find((e) => e.kind === 'heading' && e.level === 1)?.text;
  const titulo = cleanTitle(first(fields.title)) ?? cleanTitle(firstH1);
  if (titulo) metadatos.titulo = titulo;
  const autores = authorsFromMetadata(fields.author ?? fields.authors);
  if (autores.length > 0) metadatos.autores = autores;
  const anio = yearFromDate(first(fields.date) ?? first(fields.year));
  if (anio) metadatos.anio = anio;
  const idioma = normalizeLanguage(first(fields.lang) ?? first(fields.language));
  if (idioma) metadatos.idioma = idioma;
  return { tipo: 'documento', unidades, metadatos };
}

function emptyError(): ConversionError {
  return new ConversionError('El archivo no contiene texto.', 'The Markdown file holds no text');
}

function first(value: string[] | undefined): string | undefined {
  return value?.[0];
}

/**
 * Splits off a leading `---` … `---` (or `...`) block and reads its simple `key: value` and `key:` + `- item`
 * lines. Anything fancier in the YAML is ignored, never an error.
 */
export function splitFrontMatter(source: string): { body: string; fields: Record<string, string[]> } {
  const match = /^\uFEFF?---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(source);
  if (!match) return { body: source, fields: {} };
  const fields: Record<string, string[]> = {};
  let key: string | undefined;
  for (const line of match[1]!.split('\n')) {
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (pair) {
      key = pair[1]!.toLowerCase();
      const value = unquote(pair[2]!);
      fields[key] = value ? [value] : [];
      continue;
    }
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && key) fields[key]!.push(unquote(item[1]!));
  }
  return { body: source.slice(match[0].length), fields };
}

function unquote(value: string): string {
  return value.trim().replace(/^(["'])(.*)\1$/, '$2');
}

function outlineOfTokens(tokens: readonly Token[]): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  const paragraph = (text: string) => events.push({ kind: 'paragraph', text });
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        events.push({ kind: 'heading', level: heading.depth, text: inlineText(heading.tokens) });
        break;
      }
      case 'paragraph':
      case 'text': {
        const { tokens: inline, text } = token as Tokens.Paragraph | Tokens.Text;
        paragraph(inline ? inlineText(inline) : decodeCharacterReferences(text, NAMED_ENTITIES));
        break;
      }
      case 'code':
        paragraph((token as Tokens.Code).text);
        break;
      case 'blockquote':
        events.push(...outlineOfTokens((token as Tokens.Blockquote).tokens));
        break;
      case 'list':
        events.push(...outlineOfList(token as Tokens.List));
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          paragraph(
            row
              .map((cell) => inlineText(cell.tokens))
              .filter(Boolean)
              .join(' | '),
          );
        }
        break;
      }
      case 'html':
        events.push(...outlineFromHtml((token as Tokens.HTML).text));
        break;
      case 'space':
      case 'hr':
      case 'def':
        break;
      default: {
        const generic = token as Tokens.Generic;
        if (generic.tokens) events.push(...outlineOfTokens(generic.tokens));
        else if (typeof generic.text === 'string') paragraph(decodeCharacterReferences(generic.text, NAMED_ENTITIES));
      }
    }
  }
  return events;
}

/** Each item is a paragraph, ordered items keep their number ('3. '), others get '- '; nested lists follow. */
function outlineOfList(list: Tokens.List): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, index) => {
    const marker = list.ordered ? `${start + index}. ` : '- ';
    const inner = outlineOfTokens(item.tokens);
    const firstParagraph = inner.find((e) => e.kind === 'paragraph' && e.text.trim());
    if (firstParagraph) firstParagraph.text = marker + firstParagraph.text.trim();
    events.push(...inner);
  });
  return events;
}

/** The visible text of inline tokens: markup dropped, link and image text kept, hard breaks as newlines. */
function inlineText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        text += token.tokens
          ? inlineText(token.tokens)
          : decodeCharacterReferences(token.text as string, NAMED_ENTITIES);
        break;
      case 'escape':
      case 'codespan':
        text += token.text as string;
        break;
      case 'image':
        text += decodeCharacterReferences(token.text as string, NAMED_ENTITIES);
        break;
      case 'br':
        text += '\n';
        break;
      case 'html':
      case 'checkbox':
        break;
      default: {
        const generic = token as Tokens.Generic;
        if (generic.tokens) text += inlineText(generic.tokens);
        else if (typeof generic.text === 'string') text += decodeCharacterReferences(generic.text, NAMED_ENTITIES);
      }
    }
  }
  return text.trim();
}

/** Markdown passes character references through; text needs them resolved, these by name too. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  deg: '°',
  euro: '€',
  iexcl: '¡',
  iquest: '¿',
};

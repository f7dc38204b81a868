// One file on purpose (issue 38: over 500 lines with a reason). Most of it is RtfReader, one tokenizer state
// machine: every control word reads and changes the same group state (destination, story, font, code page,
// Unicode skip count) and the same private fields, so parts of it split apart would pass that state back and
// forth. The tables above it (destinations skipped, symbols, code pages) are read only by its control-word
// switch and are kept beside it to be read together.
import { singleLine } from '@folio/shared';
import { readFile } from 'node:fs/promises';
import type { Conversion, Converter } from '../converter';
import { damagedError, emptyFileError, noTextError } from '../../formats/office-package';
import { officeMetadata, type OfficeProperties } from './office-metadata';
import { unitsFromOutline, type OutlineEvent } from '../sections';
import { withTextLanguage } from '../text-language';
import { headingLevelOfStyleName, isTitleStyleName, isTocStyleName } from '../../formats/word-styles';
import { notesOutline, type Note } from './word-notes';
import { BREAK, collapseWithBreaks } from '../text-repair/line-breaks';

/**
 * Reads RTF: paragraphs whose style is a heading (by `\outlinelevelN`, or by a stylesheet name such as
 * 'heading 1' or 'Título 1') become sections, footnotes go to a last section 'Notas', table rows become
 * paragraphs 'a | b | c', and `\info` gives title, author and year. Headers, footers, pictures, objects,
 * comments, hidden text and tables of contents are left out. No maintained RTF reader exists on npm, so this
 * is a small tokenizer of its own.
 */
export const rtfConverter: Converter = {
  kinds: ['rtf'],
  async convert(file, ctx) {
    const conversion = convertRtf(await readFile(file.path));
    await ctx.progress(1);
    return conversion;
  },
};

/** Converts RTF bytes. Fails with a `ConversionError` for an empty file, a file that is not RTF, or no text. */
export function convertRtf(bytes: Uint8Array): Conversion {
  const { outline, notes, properties } = parseRtf(bytes);
  const unidades = unitsFromOutline([...outline, ...notesOutline(notes)]);
  if (unidades.length === 0) throw noTextError('RTF');
  return { tipo: 'documento', unidades, metadatos: withTextLanguage(officeMetadata(properties), unidades) };
}

/** What an RTF file holds: the body's outline, its notes, and the `\info` properties. */
export interface RtfDocument {
  outline: OutlineEvent[];
  notes: Note[];
  properties: OfficeProperties;
}

/** Reads RTF bytes into an outline (headings, paragraphs), notes and properties. */
export function parseRtf(bytes: Uint8Array): RtfDocument {
  if (bytes.length === 0) throw emptyFileError();
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const start = source.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
  if (!start.startsWith('{\\rtf')) throw damagedError('RTF', 'no {\\rtf header');
  return new RtfReader(source.slice(source.indexOf('{\\rtf'))).read();
}

/** Where the text of a group goes. */
type Destination =
  | 'text'
  | 'skip'
  | 'fonttbl'
  | 'stylesheet'
  | 'styledef'
  | 'info'
  | 'title'
  | 'author'
  | 'creatim'
  | 'fldinst'
  | 'listtext'
  | 'shape';

interface StyleDef {
  name: string;
  basedOn?: number;
  outline?: number;
  paragraph: boolean;
  id: number;
}

/** The state a group inherits from its parent and restores on '}'. */
interface GroupState {
  dest: Destination;
  story: Story;
  /** Fallback bytes to skip after `\uN`. */
  uc: number;
  hidden: boolean;
  font: number | undefined;
  /** Paragraph style `\sN`. */
  style: number;
  /** Explicit `\outlinelevelN`. */
  outline: number | undefined;
  inTable: boolean;
  /** The field this group is part of: its instruction decides whether its result is read. */
  field?: { instruction: string };
  /** Text of a capturing destination (title, author, field instruction, list mark, style name). */
  capture?: { text: string };
  styleDef?: StyleDef;
  /** The font being defined inside `\fonttbl`. */
  fontDef?: number;
  /** The destination `\ud` restores inside `\upr`. */
  uprDest?: Destination;
  /** Set by the destination word that opened this group; runs when the group closes. Never inherited. */
  onEnd?: () => void;
}

/** Destinations never read: tables, pictures, objects, page furniture, comments, bookmarks, document data. */
const SKIPPED = new Set([
  'colortbl',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'filetbl',
  'pict',
  'shppict',
  'nonshppict',
  'shprslt',
  'object',
  'objdata',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'ftnsep',
  'ftnsepc',
  'ftncn',
  'aftnsep',
  'aftnsepc',
  'aftncn',
  'private',
  'docvar',
  'pn',
  'pntxta',
  'pntxtb',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'mmathPr',
  'xe',
  'tc',
  'tcn',
  'atnid',
  'atnauthor',
  'annotation',
  'atrfstart',
  'atrfend',
  'atndate',
  'atnref',
  'bkmkstart',
  'bkmkend',
  'protusertbl',
  'userprops',
  'pgdsctbl',
  'listpicture',
  'fchars',
  'lchars',
  'background',
  'template',
  'subject',
  'operator',
  'keywords',
  'comment',
  'doccomm',
  'company',
  'category',
  'manager',
  'hlinkbase',
  'revtim',
  'printim',
  'buptim',
]);

const SYMBOLS: Record<string, string> = {
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201C',
  rdblquote: '\u201D',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
  tab: ' ',
};

/** Windows character sets of `\fcharsetN` → encoding labels TextDecoder knows. */
const CHARSET_ENCODING: Record<number, string> = {
  77: 'macintosh',
  128: 'shift_jis',
  129: 'euc-kr',
  134: 'gbk',
  136: 'big5',
  161: 'windows-1253',
  162: 'windows-1254',
  163: 'windows-1258',
  177: 'windows-1255',
  178: 'windows-1256',
  186: 'windows-1257',
  204: 'windows-1251',
  222: 'windows-874',
  238: 'windows-1250',
};

/** A Windows code page number (`\ansicpgN`, `\cpgN`) → an encoding label, when TextDecoder knows it. */
function codePageEncoding(codePage: number): string | undefined {
  if (codePage >= 1250 && codePage <= 1258) return `windows-${codePage}`;
  const known: Record<number, string> = {
    874: 'windows-874',
    932: 'shift_jis',
    936: 'gbk',
    949: 'euc-kr',
    950: 'big5',
    866: 'ibm866',
    10000: 'macintosh',
    65001: 'utf-8',
  };
  return known[codePage];
}

/** Real documents nest groups a few dozen deep; a file past this is broken or hostile. */
const MAX_DEPTH = 5000;
const CONTROL_WORD = /([a-zA-Z]{1,32})(-?\d{1,10})? ?/y;
const NEXT_TOKEN = /[{}\\]/g;
/** Destinations whose text is captured rather than read as the document's. */
const CAPTURING = new Set<Destination>(['title', 'author', 'fldinst', 'listtext', 'styledef']);

/** The paragraphs of one flow of text: the body, or a note. */
class Story {
  readonly events: OutlineEvent[] = [];
  text = '';
  /** The list mark (`\listtext`) of the paragraph being read. */
  prefix = '';
  /** Paragraphs of text boxes anchored in the paragraph being read; they follow it. */
  readonly deferred: OutlineEvent[] = [];
  #cell: string[] = [];
  #row: string[] = [];

  /** Ends the paragraph being read; returns the text of a paragraph in the Title style. */
  endParagraph(role: Role, inTable: boolean): string | undefined {
    const text = collapseWithBreaks(this.text);
    const prefix = this.prefix;
    this.text = '';
    this.prefix = '';
    if (inTable) {
      if (text) this.#cell.push(text);
      return undefined;
    }
    this.#flushRow();
    let title: string | undefined;
    if (text && role !== 'toc') {
      if (role === 'title') this.events.push({ kind: 'heading', level: 1, text: (title = singleLine(text)) });
      else if (role) this.events.push({ kind: 'heading', level: role.heading, text: singleLine(text) });
      else this.events.push({ kind: 'paragraph', text: prefix + text });
    }
    this.#flushDeferred();
    return title;
  }

  #flushDeferred() {
    this.events.push(...this.deferred);
    this.deferred.length = 0;
  }

  endCell() {
    const text = collapseWithBreaks(this.text);
    this.text = '';
    this.prefix = '';
    if (text) this.#cell.push(text);
    this.#row.push(this.#cell.join(' ').replace(/\n/g, ' '));
    this.#cell = [];
  }

  endRow() {
    if (collapseWithBreaks(this.text) || this.#cell.length > 0) this.endCell();
    const text = this.#row.filter(Boolean).join(' | ');
    this.#row = [];
    this.text = '';
    if (text) this.events.push({ kind: 'paragraph', text });
    this.#flushDeferred();
  }

  #flushRow() {
    if (this.#row.length > 0 || this.#cell.length > 0) this.endRow();
  }

  /** Ends a last paragraph that has no `\par`, and any row left open. */
  finish(role: Role): string | undefined {
    const title = collapseWithBreaks(this.text) ? this.endParagraph(role, false) : undefined;
    this.#flushRow();
    this.#flushDeferred();
    return title;
  }
}

type Role = { heading: number } | 'title' | 'toc' | undefined;

type Decoder = { decode(bytes: Uint8Array): string };

class RtfReader {
  readonly #src: string;
  #pos = 0;
  readonly #stack: GroupState[] = [];
  #state: GroupState;
  readonly #body = new Story();
  readonly #notes: Note[] = [];
  readonly #fonts = new Map<number, string>();
  readonly #styles = new Map<number, StyleDef>();
  readonly #properties: OfficeProperties = {};
  #ansi = 'windows-1252';
  #defaultFont: number | undefined;
  /** Bytes of `\'hh` escapes and 8-bit characters, decoded together (double-byte code pages need pairs). */
  #bytes: number[] = [];
  #bytesEncoding = 'windows-1252';
  /** Fallback characters still to skip after `\uN`. */
  #skip = 0;
  /** `\*` was just read: the next control word names a destination to skip unless it is known. */
  #ignorable = false;
  /** The next control word is the first of its group (where destination words are). */
  #groupStart = false;
  readonly #decoders = new Map<string, Decoder>();

  constructor(source: string) {
    this.#src = source;
    this.#state = {
      dest: 'text',
      story: this.#body,
      uc: 1,
      hidden: false,
      font: undefined,
      style: 0,
      outline: undefined,
      inTable: false,
    };
  }

  read(): RtfDocument {
    const src = this.#src;
    const n = src.length;
    while (this.#pos < n) {
      const c = src.charCodeAt(this.#pos);
      if (c === 0x7b) {
        this.#pos += 1;
        this.#open();
      } else if (c === 0x7d) {
        this.#pos += 1;
        this.#close();
        // The document group is closed: whatever follows (padding, junk) is not part of it.
        if (this.#stack.length === 0) break;
      } else if (c === 0x5c) {
        this.#control();
      } else if (c === 0x0d || c === 0x0a) {
        this.#pos += 1;
      } else if (this.#state.dest === 'skip') {
        // Skipped destinations (a picture's hex above all) can run to megabytes: jump to the next token.
        NEXT_TOKEN.lastIndex = this.#pos;
        this.#pos = NEXT_TOKEN.exec(src)?.index ?? n;
        this.#groupStart = false;
        this.#skip = 0;
      } else {
        this.#pos += 1;
        this.#groupStart = false;
        if (this.#skip > 0) this.#skip -= 1;
        else if (c < 0x80) this.#emit(String.fromCharCode(c));
        else this.#byte(c);
      }
    }
    this.#flushBytes();
    while (this.#stack.length > 0) this.#close();
    this.#title(this.#body, this.#body.finish(this.#role(this.#state)));
    return { outline: this.#body.events, notes: this.#notes, properties: this.#properties };
  }

  #open() {
    if (this.#stack.length >= MAX_DEPTH) throw damagedError('RTF', `groups nested deeper than ${MAX_DEPTH}`);
    this.#flushBytes();
    this.#skip = 0;
    const parent = this.#state;
    this.#stack.push(parent);
    this.#state = { ...parent, onEnd: undefined };
    if (parent.dest === 'stylesheet') this.#beginStyleDef();
    this.#groupStart = true;
    this.#ignorable = false;
  }

  #close() {
    this.#flushBytes();
    this.#skip = 0;
    this.#state.onEnd?.();
    const parent = this.#stack.pop();
    if (parent) this.#state = parent;
    this.#groupStart = false;
    this.#ignorable = false;
  }

  #control() {
    const src = this.#src;
    const next = src[this.#pos + 1];
    if (next === undefined) {
      this.#pos += 1;
      return;
    }
    if (/[a-zA-Z]/.test(next)) {
      CONTROL_WORD.lastIndex = this.#pos + 1;
      const m = CONTROL_WORD.exec(src)!;
      this.#pos = CONTROL_WORD.lastIndex;
      const word = m[1]!;
      const param = m[2] !== undefined ? Number(m[2]) : undefined;
      if (word === 'bin') {
        this.#flushBytes();
        this.#pos += Math.max(0, param ?? 0);
        return;
      }
      if (this.#skip > 0 && word !== 'u') {
        this.#skip -= 1;
        return;
      }
      this.#word(word, param);
      return;
    }
    if (next === "'") {
      const hex = src.slice(this.#pos + 2, this.#pos + 4);
      this.#pos += 4;
      this.#groupStart = false;
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return;
      if (this.#skip > 0) this.#skip -= 1;
      else this.#byte(parseInt(hex, 16));
      return;
    }
    this.#pos += 2;
    if (next === '*') {
      this.#ignorable = true;
      return;
    }
    this.#groupStart = false;
    if (this.#skip > 0) {
      this.#skip -= 1;
      return;
    }
    if (next === '\\' || next === '{' || next === '}') this.#emit(next);
    else if (next === '~') this.#emit('\u00a0');
    else if (next === '_') this.#emit('-');
    else if (next === '\n' || next === '\r') this.#word('par', undefined);
  }

  #word(word: string, param: number | undefined) {
    const state = this.#state;
    const destination = this.#groupStart || this.#ignorable;
    const ignorable = this.#ignorable;
    this.#groupStart = false;
    this.#ignorable = false;
    if (word !== 'u') this.#flushBytes();

    if (destination && this.#destination(word)) return;
    if (ignorable) {
      // `\*\unknown`: a destination this reader does not know; RTF says to skip it.
      state.dest = 'skip';
      return;
    }

    switch (state.dest) {
      case 'fonttbl':
        if (word === 'f') state.fontDef = param;
        else if (word === 'fcharset' && state.fontDef !== undefined) {
          const encoding = CHARSET_ENCODING[param ?? 0];
          if (encoding && !this.#fonts.has(state.fontDef)) this.#fonts.set(state.fontDef, encoding);
        } else if (word === 'cpg' && state.fontDef !== undefined) {
          const encoding = codePageEncoding(param ?? 0);
          if (encoding) this.#fonts.set(state.fontDef, encoding);
        }
        return;
      case 'styledef':
        this.#styleWord(state.styleDef!, word, param);
        return;
      case 'creatim':
        if (word === 'yr' && param !== undefined && param > 0) this.#properties.created ??= String(param);
        return;
      default:
        break;
    }

    switch (word) {
      case 'u': {
        const code = param === undefined ? 0xfffd : param < 0 ? param + 65536 : param;
        this.#emit(String.fromCharCode(code));
        this.#skip = state.uc;
        return;
      }
      case 'uc':
        state.uc = Math.max(0, param ?? 1);
        return;
      case 'ansicpg': {
        const encoding = codePageEncoding(param ?? 1252);
        if (encoding) this.#ansi = encoding;
        return;
      }
      case 'mac':
        this.#ansi = 'macintosh';
        return;
      case 'deff':
        this.#defaultFont = param;
        if (state.font === undefined) state.font = param;
        return;
      case 'f':
        state.font = param;
        return;
      case 'plain':
        state.hidden = false;
        state.font = this.#defaultFont;
        return;
      case 'v':
        state.hidden = param !== 0;
        return;
      case 'pard':
        state.style = 0;
        state.outline = undefined;
        state.inTable = false;
        return;
      case 's':
        state.style = param ?? 0;
        return;
      case 'outlinelevel':
        state.outline = param;
        return;
      case 'intbl':
        state.inTable = true;
        return;
      case 'itap':
        state.inTable = (param ?? 1) > 0;
        return;
      case 'par':
      case 'sect':
        if (state.dest === 'text') this.#title(state.story, state.story.endParagraph(this.#role(state), state.inTable));
        return;
      case 'line':
        this.#emit(BREAK);
        return;
      case 'cell':
      case 'nestcell':
        if (state.dest === 'text') state.story.endCell();
        return;
      case 'row':
        if (state.dest === 'text') state.story.endRow();
        return;
      default: {
        const symbol = SYMBOLS[word];
        if (symbol !== undefined) this.#emit(symbol);
      }
    }
  }

  /** Handles a word that opens a destination; false when `word` is not one. */
  #destination(word: string): boolean {
    const state = this.#state;
    if (state.dest === 'skip') {
      // Inside a skipped group everything stays skipped, except the Unicode half of `\upr`.
      if (word === 'ud' && state.uprDest !== undefined) state.dest = state.uprDest;
      return true;
    }
    switch (word) {
      case 'fonttbl':
        state.dest = 'fonttbl';
        return true;
      case 'stylesheet':
        state.dest = 'stylesheet';
        return true;
      case 'info':
        state.dest = 'info';
        return true;
      case 'title':
      case 'author':
        if (state.dest !== 'info') return false;
        this.#captureInto(word, (text) => {
          const value = collapseWithBreaks(text);
          if (!value) return;
          if (word === 'title') this.#properties.title ??= value;
          else this.#properties.creator ??= value;
        });
        return true;
      case 'creatim':
        state.dest = 'creatim';
        return true;
      case 'footnote':
        this.#beginNote();
        return true;
      case 'field':
        state.field = { instruction: '' };
        return true;
      case 'fldinst': {
        const field = state.field;
        this.#captureInto('fldinst', (text) => {
          if (field) field.instruction += text;
        });
        return true;
      }
      case 'fldrslt':
        // The result of a TOC field is a generated table of contents: not read.
        if (/^\s*TOC\b/i.test(state.field?.instruction ?? '')) state.dest = 'skip';
        return true;
      case 'listtext':
      case 'pntext': {
        const story = state.story;
        const inText = state.dest === 'text';
        this.#captureInto('listtext', (text) => {
          if (inText) story.prefix = listMark(text);
        });
        return true;
      }
      case 'shpinst':
        // A drawing shape: only the text of its text box (`\shptxt`) is read; `\shprslt` repeats it.
        state.dest = 'shape';
        return true;
      case 'shptxt':
        if (state.dest !== 'shape') return false;
        this.#beginTextBox();
        return true;
      case 'upr':
        state.uprDest = state.dest;
        state.dest = 'skip';
        return true;
      case 'ud':
        state.dest = state.uprDest ?? state.dest;
        return true;
      default:
        if (!SKIPPED.has(word)) return false;
        state.dest = 'skip';
        return true;
    }
  }

  #captureInto(dest: Destination, done: (text: string) => void) {
    const capture = { text: '' };
    this.#state.dest = dest;
    this.#state.capture = capture;
    this.#state.onEnd = () => {
      this.#flushBytes();
      done(capture.text);
    };
  }

  #beginNote() {
    const state = this.#state;
    const parent = state.story;
    const marker = `[${this.#notes.length + 1}]`;
    const note: Note = { marker, paragraphs: [] };
    this.#notes.push(note);
    if (state.dest === 'text' && !state.hidden) parent.text += marker;
    const story = new Story();
    state.story = story;
    state.dest = 'text';
    state.inTable = false;
    state.onEnd = () => {
      this.#flushBytes();
      story.finish(undefined);
      note.paragraphs = story.events.map((e) => e.text);
    };
  }

  #beginTextBox() {
    const state = this.#state;
    const anchor = state.story;
    const story = new Story();
    state.story = story;
    state.dest = 'text';
    state.inTable = false;
    state.onEnd = () => {
      this.#flushBytes();
      story.finish(undefined);
      anchor.deferred.push(...story.events);
    };
  }

  #beginStyleDef() {
    const def: StyleDef = { name: '', paragraph: true, id: 0 };
    const capture = { text: '' };
    const state = this.#state;
    state.dest = 'styledef';
    state.styleDef = def;
    state.capture = capture;
    state.onEnd = () => {
      this.#flushBytes();
      // A `{\*\cs…}` entry turned its group into 'skip': character and table styles are not kept.
      if (state.dest !== 'styledef' || !def.paragraph || this.#styles.has(def.id)) return;
      def.name = capture.text.replace(/;[\s\S]*$/, '').trim();
      this.#styles.set(def.id, def);
    };
  }

  #styleWord(def: StyleDef, word: string, param: number | undefined) {
    if (word === 's') def.id = param ?? 0;
    else if (word === 'cs' || word === 'ds' || word === 'ts') def.paragraph = false;
    else if (word === 'sbasedon') def.basedOn = param;
    else if (word === 'outlinelevel') def.outline = param;
    else if (word === 'u') {
      this.#emit(String.fromCharCode(param === undefined ? 0xfffd : param < 0 ? param + 65536 : param));
      this.#skip = this.#state.uc;
    }
  }

  /** A paragraph's role: its own `\outlinelevel`, else its style's (through `\sbasedon`), else the style name. */
  #role(state: GroupState): Role {
    const level = (outline: number): Role => (outline >= 0 && outline <= 8 ? { heading: outline + 1 } : undefined);
    if (state.outline !== undefined) return level(state.outline);
    const seen = new Set<number>();
    for (
      let id: number | undefined = state.style;
      id !== undefined && !seen.has(id);
      id = this.#styles.get(id)?.basedOn
    ) {
      seen.add(id);
      const outline = this.#styles.get(id)?.outline;
      if (outline !== undefined) return level(outline);
    }
    // Style names may list aliases after a comma ('heading 1,h1').
    for (const name of (this.#styles.get(state.style)?.name ?? '').split(',')) {
      const heading = headingLevelOfStyleName(name);
      if (heading) return { heading };
      if (isTitleStyleName(name)) return 'title';
      if (isTocStyleName(name)) return 'toc';
    }
    return undefined;
  }

  /** The first paragraph of the body in the Title style stands in for a missing `\title`. */
  #title(story: Story, title: string | undefined) {
    if (title && story === this.#body) this.#properties.titleParagraph ??= title;
  }

  #emit(text: string) {
    this.#flushBytes();
    this.#write(text);
  }

  #write(text: string) {
    const state = this.#state;
    if (state.dest === 'text') {
      if (!state.hidden) state.story.text += text;
    } else if (state.capture && CAPTURING.has(state.dest)) {
      state.capture.text += text;
    }
  }

  #byte(b: number) {
    const state = this.#state;
    const encoding = (state.font !== undefined && this.#fonts.get(state.font)) || this.#ansi;
    if (encoding !== this.#bytesEncoding) this.#flushBytes();
    this.#bytesEncoding = encoding;
    this.#bytes.push(b);
  }

  #flushBytes() {
    if (this.#bytes.length === 0) return;
    const bytes = Uint8Array.from(this.#bytes);
    this.#bytes = [];
    this.#write(this.#decoder(this.#bytesEncoding).decode(bytes));
  }

  #decoder(encoding: string): Decoder {
    let decoder = this.#decoders.get(encoding);
    if (!decoder) {
      try {
        decoder = new TextDecoder(encoding);
      } catch {
        decoder = new TextDecoder('windows-1252');
      }
      this.#decoders.set(encoding, decoder);
    }
    return decoder;
  }
}

/** A list item's mark as HTML lists show it: '- ' for any bullet, the number or letter as written otherwise. */
function listMark(raw: string): string {
  const mark = raw.replace(/[\s\u00a0]+/g, ' ').trim();
  if (!mark) return '';
  return /[\p{L}\p{N}]/u.test(mark) ? `${mark} ` : '- ';
}

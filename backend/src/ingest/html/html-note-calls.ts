import { superscript } from '../pdf/pdf-scripts';

/**
 * Note calls and line numbers in HTML (and EPUB content documents), kept out of the words beside them. Read
 * as plain text, `Treutlen<a epub:type="noteref">12</a>` is "Treutlen12" and a poem's margin number
 * `daughter<span class="lnum">200</span>` is "daughter200": neither word is found by search.
 * - A note call (an `epub:type="noteref"` / `role="doc-noteref"` link, a link or element whose class says
 *   footnote-ref, noteref…, a `<sup>` holding a link, or a `<sup>` number after a word) is written as the PDF
 *   reader writes one (`pdf-scripts.ts`): in superscript digits ("Treutlen¹²"), which a reader sees as
 *   printed and search folds apart from the word (`foldText`). A call that is no number ('*', '†', 'a') is
 *   set apart from the word by a space; a bracketed one ('[1]') is apart already and stays as written.
 * - A line number (class lnum, lineNum, line-number…) is margin apparatus, not the line's text: it is dropped,
 *   as a number in the line would read as one of the text's figures ('daughter 200').
 */

/** What stands for `el` in the text, after `before` (the text so far): undefined when `el` is ordinary. */
export function textApart(el: ApartElement, before: string): string | undefined {
  if (isLineNumber(el)) return '';
  if (!isNoteCall(el, before)) return undefined;
  const call = el.textContent.replace(/\s+/g, '');
  // A bracketed call ('Texto[1]', Word's notes through mammoth, Wikipedia's) is set apart already, and
  // matches the note's own '[1]': it stays as written.
  if (/^[[(]/u.test(call)) return undefined;
  if (call === '') return '';
  if (NUMBER_CALL.test(call)) return superscript(call);
  return /[\p{L}\p{N}]$/u.test(before) ? ` ${call}` : call;
}

/** The little of an element the rule reads. */
export interface ApartElement {
  localName: string;
  textContent: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): unknown;
}

const NUMBER_CALL = /^\d+(?:[,–-]\d+)*$/u;
/** A call's text: short, with no spaces inside ('12', '[3]', '*', 'a', '1,2'). */
const CALL_TEXT = /^[[(]?[\p{L}\d*†‡§¶,–-]{1,6}[\])]?$/u;
const NOTE_TYPES = new Set(['noteref', 'doc-noteref', 'doc-biblioref', 'biblioref']);
const NOTE_CLASS = /^(?:footnote-?ref(?:erence)?|noteref|note-?ref|fn-?ref|endnote-?ref|footnote-?call|note-?call)$/i;
const LINE_CLASS = /^(?:l-?num|line-?num(?:ber)?s?|line-?no|linenumber)$/i;

function tokens(value: string | null): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}

function isLineNumber(el: ApartElement): boolean {
  if (tokens(el.getAttribute('epub:type')).some((t) => t.toLowerCase() === 'linenum')) return true;
  return tokens(el.getAttribute('class')).some((t) => LINE_CLASS.test(t)) && /^\s*\d+\.?\s*$/.test(el.textContent);
}

function isNoteCall(el: ApartElement, before: string): boolean {
  const text = el.textContent.trim();
  if (!CALL_TEXT.test(text)) return false;
  const types = [...tokens(el.getAttribute('epub:type')), ...tokens(el.getAttribute('role'))];
  if (types.some((t) => NOTE_TYPES.has(t.toLowerCase()))) return true;
  if (tokens(el.getAttribute('class')).some((t) => NOTE_CLASS.test(t))) return true;
  if (el.localName.toLowerCase() !== 'sup') return false;
  if (el.querySelector('a[href]') != null) return true;
  // A bare raised number is a call after a word or a closing mark; after a digit or a one-letter name
  // ('m<sup>2</sup>', 'x<sup>2</sup>') it is an exponent, left as it is.
  return NUMBER_CALL.test(text) && (/\p{L}{2}$/u.test(before) || /[.,;:!?)\]”’"»']$/u.test(before));
}

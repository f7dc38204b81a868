import type { Insertion } from './content';
import { beforeInputPasteEvent, pasteEvent, type ClipboardEntries } from './paste-events';
import { relayPaste } from './paste-relay';

function entriesOf(ins: Insertion, html: boolean): ClipboardEntries {
  return html ? { 'text/html': ins.html, 'text/plain': ins.text } : { 'text/plain': ins.text };
}

/**
 * Pastes the insertion into `target` as a user's paste would, with text/plain (and text/html when `html`):
 * through the page-world relay where there is one (Firefox, paste-relay.ts), else from here. Whether an
 * editor took it.
 */
export function dispatchPaste(target: Element, ins: Insertion, opts: { html: boolean }): boolean {
  const entries = entriesOf(ins, opts.html);
  return relayPaste(target, { kind: 'paste', entries }) ?? pasteEvent(target, entries);
}

/** The same as a `beforeinput` insertFromPaste, for editors built on beforeinput. Whether one took it. */
export function dispatchBeforeInputPaste(target: Element, ins: Insertion): boolean {
  const entries = entriesOf(ins, true);
  return relayPaste(target, { kind: 'beforeinput', entries }) ?? beforeInputPasteEvent(target, entries);
}

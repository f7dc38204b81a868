import { decodeCharacterReferences } from '@folio/shared';
import { DOMParser } from 'linkedom';
import type { Cue } from '../media/cues';

/**
 * Cues of YouTube's XML caption format, for when the platform ignores `fmt=vtt`: the classic
 * `<transcript><text start="1.2" dur="3.4">…</text>` and srv3 `<timedtext><body><p t="1200" d="3400">`.
 * Undefined when the text is not one of them.
 */
export function parseTimedText(xml: string): Cue[] | undefined {
  const head = xml.trimStart().slice(0, 512);
  if (!/^(?:<\?xml[^>]*>\s*)?<(?:transcript|timedtext)[\s>]/.test(head)) return undefined;
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const cues: Cue[] = [];
  for (const el of Array.from(document.getElementsByTagName('text'))) {
    const t0 = Number(el.getAttribute('start'));
    const dur = Number(el.getAttribute('dur') ?? '0');
    pushCue(cues, t0, t0 + (Number.isFinite(dur) ? dur : 0), el.textContent ?? '');
  }
  for (const el of Array.from(document.getElementsByTagName('p'))) {
    const t0 = Number(el.getAttribute('t')) / 1000;
    const dur = Number(el.getAttribute('d') ?? '0') / 1000;
    pushCue(cues, t0, t0 + (Number.isFinite(dur) ? dur : 0), el.textContent ?? '');
  }
  return cues.sort((a, b) => a.t0 - b.t0);
}

function pushCue(cues: Cue[], t0: number, t1: number, raw: string): void {
  if (!Number.isFinite(t0)) return;
  // YouTube escapes twice: '&amp;#39;' arrives as '&#39;' after XML parsing.
  const texto = decodeCharacterReferences(raw).replace(/\s+/g, ' ').trim();
  if (texto) cues.push({ t0, t1: Math.max(t0, t1), texto });
}

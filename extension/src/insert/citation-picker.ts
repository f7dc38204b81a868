import { BIBLIOGRAPHY_STYLES, type CitedWork, type FormattedBibliography } from '../messaging/bibliography';
import type { SearchAnswer } from '../messaging/protocol';
import { citedWorkOf, type CitedWorks } from './cited-works';
import { copyInsertion } from './clipboard';
import { citationInsertion, type Insertion } from './content';
import { InsertError, type InsertOutcome } from './errors';
import { captureTarget, insertContent, targetRect, type EditTarget } from './insert';
import { openPicker, type Picker } from './picker';
import { restoreSelection } from './selection';

/** Options of {@link openCitationPicker}. */
export interface CitationPickerOptions {
  /** The document of the frame the content script runs in. */
  document: Document;
  /** Library search (the background's `search` message). */
  search(q: string): Promise<SearchAnswer>;
  /** The works cited in this page, for the bibliography. */
  citedWorks: CitedWorks;
  /**
   * Formats the bibliography of `works` in `estilo` (the background's `formatBibliography` message: citation-js
   * is too large for a script injected into every frame).
   */
  formatBibliography(works: CitedWork[], estilo: string): Promise<FormattedBibliography>;
  /** Opens on the bibliography instead of the search. */
  mode?: 'cita' | 'bibliografia';
  /** A first query. */
  query?: string;
  /** The bibliography style selected first (default 'apa'); told back through `onStyle` when changed. */
  style?: string;
  onStyle?(style: string): void;
  /** The clipboard fallback of a failed insertion (default: the Clipboard API). */
  copy?(ins: Insertion): Promise<boolean>;
  /** Passed to insertContent (0 in unit tests). */
  settleMs?: number;
}

const pasteKeys = () => (/Mac|iPhone|iPad/.test(globalThis.navigator?.userAgent ?? '') ? '⌘V' : 'Ctrl+V');

const pickers = new WeakMap<Document, Picker>();

/**
 * Opens the picker for the editor focused in `document`: saves its caret first (the picker takes the focus),
 * anchors the panel at that caret, inserts the chosen passage or the bibliography there, and records each cited
 * work. A failed insertion shows why and puts the content on the clipboard as a fallback; closing without
 * inserting gives the caret back to the editor. One picker per document: asking again while it is open
 * focuses it.
 */
export function openCitationPicker(opts: CitationPickerOptions): Picker {
  const doc = opts.document;
  // Asked again while open (the focus is in the picker, not in the editor): keep it and its target.
  const open = pickers.get(doc);
  if (open && !open.closed) {
    open.focus();
    return open;
  }
  const target: EditTarget | null = captureTarget(doc);
  const copy = opts.copy ?? ((ins: Insertion) => copyInsertion(ins));

  async function put(
    ins: Insertion,
    what: 'La cita' | 'La bibliografía',
    onCopied?: () => void,
  ): Promise<InsertOutcome> {
    try {
      if (!target) throw new InsertError('sin_destino');
      return await insertContent(target, ins, { settleMs: opts.settleMs });
    } catch (error) {
      if (!(error instanceof InsertError)) throw error;
      const copied = await copy(ins).catch(() => false);
      if (!copied) throw error;
      onCopied?.();
      throw new InsertError(error.code, `${error.message} ${what} quedó copiada: pégala con ${pasteKeys()}.`);
    }
  }

  let style = BIBLIOGRAPHY_STYLES.some((s) => s.id === opts.style) ? opts.style! : 'apa';
  const picker = openPicker(
    {
      search: opts.search,
      async insert(pasaje, mode, consulta) {
        const record = () => opts.citedWorks.add(citedWorkOf(pasaje));
        const outcome = await put(citationInsertion(pasaje, mode, consulta), 'La cita', record);
        record();
        return outcome;
      },
      bibliography: {
        styles: BIBLIOGRAPHY_STYLES,
        count: () => opts.citedWorks.list().length,
        async insert(chosen) {
          if (chosen !== style) opts.onStyle?.(chosen);
          style = chosen;
          const works = opts.citedWorks.list();
          if (works.length === 0) throw new InsertError('sin_obras');
          let formatted: FormattedBibliography;
          try {
            formatted = await opts.formatBibliography(works, chosen);
          } catch {
            throw new InsertError('sin_formato');
          }
          return put({ html: formatted.html, text: formatted.text, block: true }, 'La bibliografía');
        },
      },
      onClose(reason) {
        pickers.delete(doc);
        // Dismissed with Esc: the keyboard goes back where it was. A click elsewhere put it there already.
        if (reason === 'cancelada' && target?.editor.element.isConnected) restoreSelection(target.saved);
      },
    },
    {
      document: doc,
      anchor: target ? targetRect(target, doc) : null,
      query: opts.query,
      mode: opts.mode,
      style,
      notice: target ? undefined : new InsertError('sin_destino').message,
    },
  );
  pickers.set(doc, picker);
  return picker;
}

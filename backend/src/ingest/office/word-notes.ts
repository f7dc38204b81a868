import type { OutlineEvent } from '../sections';

/** What the word-processor converters (DOCX, ODT, RTF) make of footnotes and endnotes: a last section 'Notas'. */

/** Name of the section that holds footnotes and endnotes, after the body. */
export const NOTES_HEADING = 'Notas';

/** A footnote or endnote: its mark as it appears in the body ('[1]') and its paragraphs. */
export interface Note {
  marker: string;
  paragraphs: string[];
}

/** The 'Notas' section: each note's paragraphs, the first one led by the note's mark. Empty without notes. */
export function notesOutline(notes: readonly Note[]): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  for (const note of notes) {
    const paragraphs = note.paragraphs.map((p) => p.trim()).filter(Boolean);
    if (paragraphs.length === 0) continue;
    paragraphs[0] = `${note.marker} ${paragraphs[0]}`;
    for (const text of paragraphs) events.push({ kind: 'paragraph', text });
  }
  return events.length > 0 ? [{ kind: 'heading', level: 1, text: NOTES_HEADING }, ...events] : [];
}

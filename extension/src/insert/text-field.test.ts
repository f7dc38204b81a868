// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { citationInsertion } from './content';
import { InsertError } from './errors';
import { captureTarget, insertContent } from './insert';
import { insertIntoTextField } from './text-field';
import { pasaje } from './testing/pasajes';

afterEach(() => document.body.replaceChildren());

function textarea(value: string, caret: number, end = caret): HTMLTextAreaElement {
  const field = document.createElement('textarea');
  field.value = value;
  document.body.append(field);
  field.focus();
  field.setSelectionRange(caret, end);
  return field;
}

function inputEvents(field: HTMLElement): InputEvent[] {
  const seen: InputEvent[] = [];
  field.addEventListener('input', (e) => seen.push(e as InputEvent));
  return seen;
}

describe('insertIntoTextField', () => {
  it('inserts at the caret, leaves the caret after the text and fires input', () => {
    const field = textarea('Según Eco. Fin', 9);
    const events = inputEvents(field);
    insertIntoTextField(field, ' (Eco, 1977)', { start: 9, end: 9 });
    expect(field.value).toBe('Según Eco (Eco, 1977). Fin');
    expect([field.selectionStart, field.selectionEnd]).toEqual([21, 21]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ inputType: 'insertText', data: ' (Eco, 1977)', bubbles: true });
  });

  it('replaces the selection', () => {
    const field = textarea('cita: XXX.', 6, 9);
    insertIntoTextField(field, '(Eco, 1977)', { start: 6, end: 9 });
    expect(field.value).toBe('cita: (Eco, 1977).');
  });

  it('refuses a read-only field', () => {
    const field = textarea('fijo', 0);
    field.readOnly = true;
    expect(() => insertIntoTextField(field, 'x', { start: 0, end: 0 })).toThrowError(InsertError);
    expect(field.value).toBe('fijo');
  });
});

describe('insertContent into text fields', () => {
  it('puts the caret back where it was when the picker took the focus, and spaces the cita', async () => {
    const field = textarea('Como dice el autor.', 18);
    const target = captureTarget(document);
    expect(target?.editor.family).toBe('text-field');
    const other = document.createElement('input');
    document.body.append(other);
    other.focus(); // the picker's search box
    field.setSelectionRange(0, 0);
    await insertContent(target!, citationInsertion(pasaje(), 'cita'), { settleMs: 0 });
    expect(field.value).toBe('Como dice el autor (Eco, 1977, p. 45).');
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe('Como dice el autor (Eco, 1977, p. 45)'.length);
  });

  it('inserts into a text input but not into an email input', () => {
    const input = document.createElement('input');
    input.type = 'text';
    document.body.append(input);
    input.focus();
    expect(captureTarget(document)?.editor.family).toBe('text-field');
    const email = document.createElement('input');
    email.type = 'email';
    document.body.append(email);
    email.focus();
    expect(captureTarget(document)).toBeNull();
  });
});

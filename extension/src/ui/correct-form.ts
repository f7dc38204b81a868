import type { CaptureCorrection, CaptureView, CorrectResult } from '../messaging/protocol';
import { el } from './dom';
import { doubtNote, reviewDoubts } from './doubt-notes';

/** What the form needs: sending the changes, and closing (with the capture as it now reads after a save). */
export interface CorrectFormOptions {
  save(cambios: CaptureCorrection): Promise<CorrectResult>;
  close(saved?: CaptureView): void;
}

/** The changes between what the server read and what the form holds, or the Spanish reason it is not valid. */
export type FormReading = { ok: true; cambios: CaptureCorrection } | { ok: false; campo: Campo; mensaje: string };
export type Campo = 'titulo' | 'autores' | 'anio';

/**
 * Reads the form's text against the capture: only the fields that changed are sent, and those the user
 * marked 'Es correcto' (`confirmados`), sent as they are so they become the user's and are no longer doubted.
 * Authors are one per line ('Apellidos, Nombre'); an empty year clears it.
 */
export function readCorrection(
  c: CaptureView,
  text: { titulo: string; autores: string; anio: string },
  confirmados: readonly Campo[] = [],
): FormReading {
  const cambios: CaptureCorrection = {};
  const titulo = text.titulo.trim();
  if (!titulo) return { ok: false, campo: 'titulo', mensaje: 'El título no puede quedar vacío.' };
  if (titulo !== (c.titulo ?? '')) cambios.titulo = titulo;

  const autores = text.autores
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (autores.some((a) => a.includes(';'))) {
    return { ok: false, campo: 'autores', mensaje: 'Escribe un autor por línea, sin «;»: Apellidos, Nombre.' };
  }
  const before = c.autores ?? [];
  if (autores.length !== before.length || autores.some((a, i) => a !== before[i])) cambios.autores = autores;

  const anioText = text.anio.trim();
  let anio: number | null = null;
  if (anioText) {
    if (!/^-?\d{1,4}$/.test(anioText) || Math.abs(Number(anioText)) > 3000) {
      return { ok: false, campo: 'anio', mensaje: 'El año debe ser un número, como 2021, o quedar vacío.' };
    }
    anio = Number(anioText);
  }
  if (anio !== (c.anio ?? null)) cambios.anio = anio;
  for (const campo of confirmados) {
    if (campo in cambios) continue;
    if (campo === 'titulo') cambios.titulo = titulo;
    if (campo === 'autores' && autores.length) cambios.autores = autores;
    if (campo === 'anio' && anio !== null) cambios.anio = anio;
  }
  return { ok: true, cambios };
}

/**
 * 'Revisar datos' of a ready capture: its title, authors (one per line) and year as the server read them,
 * saved through the background; the outcome, above all a failure, is said next to the form. Each field the
 * shared rule doubts (a value Folio guessed, or none found) carries a note saying where it came from, read
 * with the field and marked `data-duda` (the popup focuses the first). Escape or 'Cancelar' closes it.
 */
export function correctForm(c: CaptureView, opts: CorrectFormOptions): HTMLFormElement {
  const id = (name: string) => `${name}-${c.id}`;
  const titulo = el('input', {
    id: id('titulo'),
    name: 'titulo',
    type: 'text',
    required: true,
    maxlength: 1000,
    autocomplete: 'off',
  });
  titulo.value = c.titulo ?? '';
  const autores = el('textarea', {
    id: id('autores'),
    name: 'autores',
    rows: 3,
    'aria-describedby': id('autores-ayuda'),
  });
  autores.value = (c.autores ?? []).join('\n');
  const anio = el('input', {
    id: id('anio'),
    name: 'anio',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    class: 'year',
  });
  anio.value = c.anio === undefined ? '' : String(c.anio);
  const result = el('p', { id: id('resultado'), class: 'status', role: 'status', 'aria-live': 'polite' });
  const submit = el('button', { type: 'submit', class: 'primary' }, 'Guardar');
  const cancel = el('button', { type: 'button', class: 'secondary' }, 'Cancelar');
  const fields = { titulo, autores, anio };
  const notes = { titulo: null, autores: null, anio: null } as Record<keyof typeof fields, HTMLElement | null>;
  const confirms: HTMLInputElement[] = [];
  for (const duda of reviewDoubts(c)) {
    const field = fields[duda.campo];
    const note = doubtNote(duda, id(`${duda.campo}-duda`));
    if (duda.motivo === 'origen') {
      // A value found right is confirmed by saving with this ticked.
      const check = el('input', { type: 'checkbox', id: id(`${duda.campo}-correcto`), value: duda.campo });
      confirms.push(check);
      note.append(' ', el('span', { class: 'duda-confirmar' }, check, el('label', { for: check.id }, 'Es correcto')));
    }
    notes[duda.campo] = note;
    field.dataset.duda = duda.motivo;
    setDescribedBy(field, [note.id, field.getAttribute('aria-describedby')].filter(Boolean).join(' '));
  }

  const form = el(
    'form',
    { class: 'correct', 'aria-label': `Revisar datos de ${c.titulo || c.url}`, novalidate: true },
    el('label', { for: titulo.id }, 'Título'),
    titulo,
    notes.titulo,
    el('label', { for: autores.id }, 'Autores'),
    autores,
    notes.autores,
    el('p', { id: id('autores-ayuda'), class: 'help' }, 'Uno por línea: Apellidos, Nombre.'),
    el('label', { for: anio.id }, 'Año'),
    anio,
    notes.anio,
    result,
    el('div', { class: 'actions' }, submit, cancel),
  );

  const say = (text: string, tone: 'ok' | 'error') => {
    result.textContent = text;
    result.dataset.tone = tone;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const field of Object.values(fields)) {
      field.removeAttribute('aria-invalid');
      setDescribedBy(field, field.getAttribute('aria-describedby')?.replace(result.id, '').trim());
    }
    const confirmed = confirms.filter((box) => box.checked).map((box) => box.value as Campo);
    const reading = readCorrection(c, { titulo: titulo.value, autores: autores.value, anio: anio.value }, confirmed);
    if (!reading.ok) {
      const field = fields[reading.campo];
      field.setAttribute('aria-invalid', 'true');
      // The reason is read with the field it is about.
      setDescribedBy(field, [field.getAttribute('aria-describedby'), result.id].filter(Boolean).join(' '));
      field.focus();
      return say(reading.mensaje, 'error');
    }
    if (Object.keys(reading.cambios).length === 0) return say('No has cambiado nada.', 'error');
    submit.disabled = true;
    say('Guardando…', 'ok');
    try {
      const saved = await opts.save(reading.cambios);
      if (saved.ok) return opts.close(saved.capture);
      say(saved.mensaje, 'error');
    } catch {
      say('No se pudo hablar con la extensión. Vuelve a abrir esta ventana.', 'error');
    } finally {
      submit.disabled = false;
    }
  });
  cancel.addEventListener('click', () => opts.close());
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      opts.close();
    }
  });
  return form;
}

function setDescribedBy(field: HTMLElement, ids: string | undefined): void {
  if (ids) field.setAttribute('aria-describedby', ids);
  else field.removeAttribute('aria-describedby');
}

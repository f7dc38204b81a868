// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { CaptureView } from '../messaging/protocol';
import { captureStatus } from './capture-status';
import { readCorrection } from './correct-form';
import { mountPopup, type PopupApi } from './popup';

const base = { kind: 'page' as const, url: 'https://example.org/a', createdAt: 1 };
const CAPTURES: CaptureView[] = [
  {
    ...base,
    id: 'q',
    titulo: 'En espera',
    state: 'queued',
    reintento: 'Sin conexión con Folio; se reintentará.',
    proximoIntento: 61_000,
  },
  { ...base, id: 'u', titulo: 'Subiendo', state: 'uploading' },
  { ...base, id: 'p', titulo: 'Procesando', state: 'processing', fase: 'transcripcion', progreso: 0.6 },
  {
    ...base,
    id: 'v',
    kind: 'video',
    titulo: 'Charla',
    state: 'ready',
    documentId: 'v1',
    autores: ['Eco, Umberto'],
    anio: 2021,
    referencia: 'Eco, U. (2021). Charla [Video].',
    enlace: 'http://folio.test/leer/v1',
    momento: { cita: '(Eco, 2021, 1:23)', localizador: '1:23', enlace: 'http://folio.test/leer/v1?t=83' },
  },
  { ...base, id: 'e', titulo: 'Roto', state: 'error', error: 'El PDF está cifrado.' },
];

function mount(over: Partial<PopupApi> = {}) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const api: PopupApi = {
    captureTab: vi.fn(async () => ({
      ok: false as const,
      mensaje: 'Esta página es del navegador y no se puede guardar.',
    })),
    captures: vi.fn(async () => CAPTURES),
    retry: vi.fn(async () => null),
    dismiss: vi.fn(async () => undefined),
    correct: vi.fn(async () => ({ ok: false as const, mensaje: 'Sin conexión con Folio.' })),
    openOptions: vi.fn(),
    copy: vi.fn(async () => true),
    ...over,
  };
  const popup = mountPopup(root, api, { refreshMs: 60_000 });
  return { root, api, popup };
}

const item = (root: HTMLElement, id: string) => root.querySelector<HTMLLIElement>(`li[data-id="${id}"]`)!;

describe('captureStatus', () => {
  it('reads en cola → subiendo → procesando (fase) → listo, or error', () => {
    expect(captureStatus(CAPTURES[0]!, 1_000)).toEqual({
      label: 'En cola',
      detail: 'Sin conexión con Folio; se reintentará. Se reintenta en 1 min.',
      tone: 'pending',
    });
    expect(captureStatus(CAPTURES[1]!).label).toBe('Subiendo…');
    expect(captureStatus(CAPTURES[2]!)).toMatchObject({ label: 'Procesando (transcripción)', progress: 0.6 });
    expect(captureStatus(CAPTURES[3]!)).toMatchObject({ label: 'Listo', detail: 'Eco, U. (2021). Charla [Video].' });
    expect(captureStatus(CAPTURES[4]!)).toMatchObject({
      label: 'Error',
      detail: 'El PDF está cifrado.',
      tone: 'error',
    });
  });
});

describe('mountPopup', () => {
  it('lists the recent captures with their progress, reference and error', async () => {
    const { root, popup } = mount();
    await popup.refresh();
    popup.stop();
    const states = [...root.querySelectorAll('li .state')].map((n) => n.textContent);
    expect(states).toEqual(['En cola', 'Subiendo…', 'Procesando (transcripción)', 'Listo', 'Error']);
    expect(item(root, 'p').querySelector('progress')!.getAttribute('value')).toBe('0.6');
    expect(item(root, 'v').querySelector('.detail')!.textContent).toBe('Eco, U. (2021). Charla [Video].');
    expect(item(root, 'v').querySelector('a')!.getAttribute('href')).toBe('http://folio.test/leer/v1');
    expect(item(root, 'e').querySelector('.detail')!.textContent).toBe('El PDF está cifrado.');
    expect(root.querySelector('#sin-capturas')!.hasAttribute('hidden')).toBe(true);
  });

  it("'Citar este momento' copies the citation of the captured second", async () => {
    const { root, api, popup } = mount();
    await popup.refresh();
    popup.stop();
    const button = [...item(root, 'v').querySelectorAll('button')].find((b) => b.textContent === 'Citar este momento')!;
    button.click();
    await vi.waitFor(() => expect(api.copy).toHaveBeenCalledWith('(Eco, 2021, 1:23)'));
    expect(root.querySelector('#estado')!.textContent).toBe('Copiado: (Eco, 2021, 1:23)');
    expect(item(root, 'v').querySelector('.actions a')!.getAttribute('href')).toBe('http://folio.test/leer/v1?t=83');
  });

  it('retries a failed capture, and only failed ones offer it', async () => {
    const { root, api, popup } = mount();
    await popup.refresh();
    popup.stop();
    const retries = [...root.querySelectorAll('button')].filter((b) => b.textContent === 'Reintentar');
    expect(retries).toHaveLength(1);
    expect(retries[0]!.closest('li')!.dataset.id).toBe('e');
    retries[0]!.click();
    await vi.waitFor(() => expect(api.retry).toHaveBeenCalledWith('e'));
  });

  it('says why a page could not be saved', async () => {
    const { root, api, popup } = mount({ captures: vi.fn(async () => []) });
    popup.stop();
    root.querySelector<HTMLButtonElement>('#guardar')!.click();
    await vi.waitFor(() =>
      expect(root.querySelector('#estado')!.textContent).toBe('Esta página es del navegador y no se puede guardar.'),
    );
    expect(api.captureTab).toHaveBeenCalledOnce();
    expect(root.querySelector('#estado')!.getAttribute('data-tone')).toBe('error');
    expect(root.querySelector('#sin-capturas')!.hasAttribute('hidden')).toBe(false);
  });

  it('keeps unchanged items (and so keyboard focus) across refreshes', async () => {
    let list = CAPTURES;
    const { root, popup } = mount({ captures: vi.fn(async () => list) });
    await popup.refresh();
    const before = item(root, 'e');
    list = CAPTURES.map((c) => (c.id === 'p' ? { ...c, progreso: 0.8 } : c));
    await popup.refresh();
    popup.stop();
    expect(item(root, 'e')).toBe(before);
    expect(item(root, 'p').querySelector('progress')!.getAttribute('value')).toBe('0.8');
  });
});

describe('Revisar datos', () => {
  const ready = CAPTURES[3]!;
  const open = async (over: Partial<PopupApi> = {}) => {
    const mounted = mount(over);
    await mounted.popup.refresh();
    mounted.popup.stop();
    const review = item(mounted.root, 'v').querySelector<HTMLButtonElement>('button.review')!;
    review.click();
    const form = item(mounted.root, 'v').querySelector('form')!;
    const field = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    return { ...mounted, review, form, field };
  };
  const submit = (form: HTMLFormElement) =>
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

  it('reads only the fields that changed, and refuses what the server would', () => {
    const text = { titulo: ' Charla ', autores: 'Eco, Umberto\n', anio: '2021' };
    expect(readCorrection(ready, text)).toEqual({ ok: true, cambios: {} });
    expect(readCorrection(ready, { ...text, titulo: 'Otra', anio: '' })).toEqual({
      ok: true,
      cambios: { titulo: 'Otra', anio: null },
    });
    expect(readCorrection(ready, { ...text, autores: ' Eco, Umberto \n\nMoliner, María ' })).toEqual({
      ok: true,
      cambios: { autores: ['Eco, Umberto', 'Moliner, María'] },
    });
    expect(readCorrection(ready, { ...text, titulo: '  ' })).toMatchObject({ ok: false, campo: 'titulo' });
    expect(readCorrection(ready, { ...text, anio: 'dos mil' })).toMatchObject({ ok: false, campo: 'anio' });
    expect(readCorrection(ready, { ...text, autores: 'Eco, U.; Moliner, M.' })).toMatchObject({
      ok: false,
      campo: 'autores',
    });
  });

  it('opens a labelled form for ready captures only, prefilled with what the server read', async () => {
    const { root, review, form, field } = await open();
    expect(root.querySelectorAll('button.review')).toHaveLength(1);
    expect(review.getAttribute('aria-expanded')).toBe('true');
    expect(review.getAttribute('aria-controls')).toBe(form.id);
    expect(field('titulo').value).toBe('Charla');
    expect(field('autores').value).toBe('Eco, Umberto');
    expect(field('anio').value).toBe('2021');
    expect(document.activeElement).toBe(field('titulo'));
    for (const input of form.querySelectorAll('input, textarea')) {
      expect(form.querySelector(`label[for="${input.id}"]`)?.textContent).toBeTruthy();
    }
    // Escape closes it and gives the focus back to the button.
    field('anio').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(item(root, 'v').querySelector('form')).toBeNull();
    expect(review.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(review);
  });

  it('sends only the changes and, once saved, shows the capture as it now reads', async () => {
    let list = CAPTURES;
    const correct = vi.fn(async (_id: string, cambios: { titulo?: string; anio?: number | null }) => {
      const capture = { ...ready, titulo: cambios.titulo!, anio: cambios.anio ?? undefined };
      list = CAPTURES.map((c) => (c.id === 'v' ? capture : c));
      return { ok: true as const, capture };
    });
    const { root, form, field } = await open({ captures: vi.fn(async () => list), correct });
    field('titulo').value = 'Charla corregida';
    field('anio').value = '2019';
    submit(form);
    await vi.waitFor(() =>
      expect(root.querySelector('#estado')!.textContent).toBe('Datos guardados: Charla corregida'),
    );
    expect(correct).toHaveBeenCalledWith('v', { titulo: 'Charla corregida', anio: 2019 });
    expect(item(root, 'v').querySelector('form')).toBeNull();
    expect(item(root, 'v').querySelector('.title')!.textContent).toBe('Charla corregida');
    expect(document.activeElement).toBe(item(root, 'v').querySelector('button.review'));
  });

  it("says the server's or the network's refusal next to the form, and keeps what was typed", async () => {
    const { api, form, field } = await open();
    field('anio').value = '1999';
    submit(form);
    const result = form.querySelector('[role="status"]')!;
    await vi.waitFor(() => expect(result.textContent).toBe('Sin conexión con Folio.'));
    expect(result.getAttribute('data-tone')).toBe('error');
    expect(api.correct).toHaveBeenCalledWith('v', { anio: 1999 });
    expect(field('anio').value).toBe('1999');

    field('anio').value = 'ayer';
    submit(form);
    expect(result.textContent).toMatch(/año/);
    expect(field('anio').getAttribute('aria-invalid')).toBe('true');
    expect(field('anio').getAttribute('aria-describedby')).toBe(result.id);
    expect(api.correct).toHaveBeenCalledOnce();
  });

  it('keeps an open form across refreshes', async () => {
    let list = CAPTURES;
    const { root, popup, field } = await open({ captures: vi.fn(async () => list) });
    field('titulo').value = 'A medio escribir';
    list = CAPTURES.map((c) => (c.id === 'v' ? { ...c, referencia: 'Eco, U. (2021). Charla.' } : c));
    await popup.refresh();
    expect(item(root, 'v').querySelector<HTMLInputElement>('[name="titulo"]')!.value).toBe('A medio escribir');
  });
});

describe('Revisar datos flags the values to check', () => {
  // A PDF whose title the user gave, whose year came from the file's creation date and whose authors were not found.
  const doubtful: CaptureView = {
    ...base,
    id: 'd',
    kind: 'pdf',
    titulo: 'Estudio de validación tomográfica',
    state: 'ready',
    documentId: 'd1',
    autores: [],
    anio: 2016,
    origen_metadatos: {
      titulo: { origen: 'usuario', confianza: 1 },
      anio: { origen: 'fecha_creacion', confianza: 0.3 },
    },
  };
  const openDoubtful = async () => {
    const mounted = mount({ captures: vi.fn(async () => [doubtful, ...CAPTURES]) });
    await mounted.popup.refresh();
    mounted.popup.stop();
    return mounted;
  };

  it('says on the capture which fields to check, read with its Revisar datos button', async () => {
    const { root } = await openDoubtful();
    const line = item(root, 'd').querySelector('.dudas')!;
    expect(line.textContent).toBe('Por revisar año · Falta autores');
    expect([...line.querySelectorAll('.duda-marca')].map((m) => m.textContent)).toEqual(['Por revisar', 'Falta']);
    expect(item(root, 'd').querySelector('button.review')!.getAttribute('aria-describedby')).toBe(line.id);
    // A capture whose values carry no doubtful origin has no line.
    expect(item(root, 'v').querySelector('.dudas')).toBeNull();
    expect(item(root, 'v').querySelector('button.review')!.hasAttribute('aria-describedby')).toBe(false);
  });

  it('notes beside each doubted field where its value came from, and opens on the first', async () => {
    const { root } = await openDoubtful();
    item(root, 'd').querySelector<HTMLButtonElement>('button.review')!.click();
    const form = item(root, 'd').querySelector('form')!;
    const field = (name: string) => form.querySelector<HTMLElement>(`[name="${name}"]`)!;
    const note = (name: string) => {
      const ids = field(name).getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((i) => form.querySelector(`#${i}.duda`)).find(Boolean);
    };
    expect(note('anio')?.querySelector('.duda-marca')?.textContent).toBe('Por revisar');
    expect(note('anio')?.querySelector('.duda-texto')?.textContent).toBe(
      'Tomado de la fecha de creación del archivo, no de la obra: compruébalo.',
    );
    expect(note('autores')?.textContent).toBe(
      'Falta No encontramos autores en el documento; añádelos si la obra los tiene.',
    );
    // The autores help is still read after the note.
    expect(field('autores').getAttribute('aria-describedby')).toBe('autores-duda-d autores-ayuda-d');
    // The title the user gave is theirs: no note.
    expect(note('titulo')).toBeUndefined();
    expect(form.querySelectorAll('.duda')).toHaveLength(2);
    expect(document.activeElement).toBe(field('autores'));
  });

  it("sends a doubted value ticked 'Es correcto' as it is, so it becomes the user's", async () => {
    const correct = vi.fn(async () => ({ ok: false as const, mensaje: 'Sin conexión con Folio.' }));
    const mounted = mount({ captures: vi.fn(async () => [doubtful]), correct });
    await mounted.popup.refresh();
    mounted.popup.stop();
    item(mounted.root, 'd').querySelector<HTMLButtonElement>('button.review')!.click();
    const form = item(mounted.root, 'd').querySelector('form')!;
    // Only a value that is there can be confirmed: the missing authors have no box.
    expect([...form.querySelectorAll('input[type="checkbox"]')].map((b) => (b as HTMLInputElement).value)).toEqual([
      'anio',
    ]);
    const box = form.querySelector<HTMLInputElement>('input[type="checkbox"][value="anio"]')!;
    expect(form.querySelector(`label[for="${box.id}"]`)?.textContent).toBe('Es correcto');
    box.checked = true;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(correct).toHaveBeenCalledWith('d', { anio: 2016 }));
    expect(
      readCorrection(doubtful, { titulo: doubtful.titulo!, autores: '', anio: '2016' }, ['anio', 'autores']),
    ).toEqual({
      ok: true,
      cambios: { anio: 2016 },
    });
  });

  it('shows no notes once the server has the user’s values', async () => {
    const corrected: CaptureView = {
      ...doubtful,
      autores: ['López, Ana'],
      origen_metadatos: {
        titulo: { origen: 'usuario', confianza: 1 },
        autores: { origen: 'usuario', confianza: 1 },
        anio: { origen: 'usuario', confianza: 1 },
      },
    };
    const { root, popup } = mount({ captures: vi.fn(async () => [corrected]) });
    await popup.refresh();
    popup.stop();
    expect(item(root, 'd').querySelector('.dudas')).toBeNull();
    item(root, 'd').querySelector<HTMLButtonElement>('button.review')!.click();
    expect(item(root, 'd').querySelectorAll('form .duda')).toHaveLength(0);
  });
});

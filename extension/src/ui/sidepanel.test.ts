// @vitest-environment jsdom
import type { Pasaje } from '@folio/shared';
import { describe, expect, it, vi } from 'vitest';
import type { AskPortMessage, SearchAnswer } from '../messaging/protocol';
import { mountSidePanel, type SidePanelApi } from './sidepanel';

const PASAJE: Pasaje = {
  id: 'd1:3',
  documento: { id: 'd1', titulo: 'Cenotes de Yucatán', autores: ['Pérez Canul'], anio: 2021 },
  texto: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.',
  cita: '(Pérez Canul, 2021, p. 3)',
  localizador: 'p. 3',
  ancla: { tipo: 'pagina', fisica: 3 },
  enlace: 'http://folio.test/leer/d1?pagina=3',
};

function mount(over: Partial<SidePanelApi> = {}) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const api: SidePanelApi = {
    search: vi.fn(async (): Promise<SearchAnswer> => ({ pasajes: [PASAJE], offline: false })),
    ask: vi.fn(() => () => {}),
    copy: vi.fn(async () => true),
    ...over,
  };
  mountSidePanel(root, api);
  return { root, api };
}

function submit(root: HTMLElement, formId: string) {
  root.querySelector(`#${formId}`)!.dispatchEvent(new Event('submit', { cancelable: true }));
}

describe('mountSidePanel search', () => {
  it('shows passages with cita, localizador, literal text, copy buttons and the reader link', async () => {
    const { root, api } = mount();
    root.querySelector<HTMLInputElement>('#consulta')!.value = 'nitratos';
    submit(root, 'buscar');
    await vi.waitFor(() => expect(root.querySelector('#estado-busqueda')!.textContent).toBe('1 pasaje.'));
    expect(api.search).toHaveBeenCalledWith('nitratos');
    const li = root.querySelector('#resultados li')!;
    expect(li.querySelector('.cite strong')!.textContent).toBe('(Pérez Canul, 2021, p. 3)');
    expect(li.querySelector('.locator')!.textContent).toBe(' · p. 3');
    expect(li.querySelector('blockquote')!.textContent).toBe(PASAJE.texto);
    expect(li.querySelector('a')!.getAttribute('href')).toBe('http://folio.test/leer/d1?pagina=3');
    const [copyCita, copyQuote] = [...li.querySelectorAll('button')];
    copyCita!.click();
    copyQuote!.click();
    await vi.waitFor(() => expect(api.copy).toHaveBeenCalledTimes(2));
    expect(api.copy).toHaveBeenNthCalledWith(1, '(Pérez Canul, 2021, p. 3)');
    expect(api.copy).toHaveBeenNthCalledWith(2, `“${PASAJE.texto}” (Pérez Canul, 2021, p. 3)`);
  });

  it('says when the answer comes from the offline cache', async () => {
    const { root } = mount({ search: vi.fn(async () => ({ pasajes: [PASAJE], offline: true })) });
    root.querySelector<HTMLInputElement>('#consulta')!.value = 'nitratos';
    submit(root, 'buscar');
    const status = root.querySelector<HTMLElement>('#estado-busqueda')!;
    await vi.waitFor(() =>
      expect(status.textContent).toBe('Sin conexión: resultados guardados de búsquedas anteriores. 1 pasaje.'),
    );
    expect(status.dataset.tone).toBe('offline');
  });
});

describe('mountSidePanel ask', () => {
  it('renders the answer as it streams, with footnote links and each source', () => {
    let push!: (m: AskPortMessage) => void;
    let end!: () => void;
    const { root } = mount({
      ask: vi.fn((_req, onMessage, onEnd) => {
        push = onMessage;
        end = onEnd;
        return () => {};
      }),
    });
    root.querySelector<HTMLTextAreaElement>('#pregunta')!.value = '¿Nitratos en Homún?';
    submit(root, 'preguntar');
    const answer = root.querySelector<HTMLElement>('#respuesta')!;
    expect(answer.getAttribute('aria-busy')).toBe('true');

    push({ event: 'pasajes', data: { pasajes: [PASAJE] } });
    expect(root.querySelector('#estado-respuesta')!.textContent).toBe('Leyendo 1 pasajes…');
    push({ event: 'texto', data: { texto: 'En Homún se midieron 44.9 mg/L.[^1]' } });
    expect(answer.textContent).toBe('En Homún se midieron 44.9 mg/L.1');
    expect(answer.querySelector('sup a')!.getAttribute('href')).toBe('#nota-1');
    push({ event: 'fuente', data: { ...PASAJE, n: 1 } });
    expect(root.querySelector('#nota-1 .cite strong')!.textContent).toBe('(Pérez Canul, 2021, p. 3)');
    const respuesta =
      'En Homún se midieron 44.9 mg/L.[^1]\n\n[^1]: (Pérez Canul, 2021, p. 3) — [p. 3](http://folio.test/leer/d1?pagina=3)';
    push({
      event: 'texto',
      data: { texto: '\n\n[^1]: (Pérez Canul, 2021, p. 3) — [p. 3](http://folio.test/leer/d1?pagina=3)' },
    });
    push({
      event: 'fin',
      data: { pregunta: '¿Nitratos en Homún?', respuesta, fuentes: [{ ...PASAJE, n: 1 }], confianza: 'alta' },
    });
    end();
    // The definitions are left to the sources list.
    expect(answer.querySelectorAll('p')).toHaveLength(1);
    expect(root.querySelector('#estado-respuesta')!.textContent).toBe('Confianza: alta.');
    expect(answer.getAttribute('aria-busy')).toBe('false');
  });

  it('shows why a question could not be asked, and a stream that broke off', () => {
    const pushes: ((m: AskPortMessage) => void)[] = [];
    const ends: (() => void)[] = [];
    const { root } = mount({
      ask: vi.fn((_req, onMessage, onEnd) => {
        pushes.push(onMessage);
        ends.push(onEnd);
        return () => {};
      }),
    });
    const status = root.querySelector<HTMLElement>('#estado-respuesta')!;
    root.querySelector<HTMLTextAreaElement>('#pregunta')!.value = '¿Algo?';
    submit(root, 'preguntar');
    pushes[0]!({ event: 'fallo', offline: true, mensaje: 'Sin conexión con Folio.' });
    ends[0]!();
    expect(status.textContent).toBe('Sin conexión con Folio.');
    expect(status.dataset.tone).toBe('offline');
    submit(root, 'preguntar');
    pushes[1]!({ event: 'texto', data: { texto: 'A medias' } });
    ends[1]!();
    expect(status.textContent).toBe('La respuesta se cortó antes de terminar.');
  });
});

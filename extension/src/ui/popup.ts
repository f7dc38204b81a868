import type { CaptureCorrection, CaptureResult, CaptureView, CorrectResult } from '../messaging/protocol';
import { captureStatus } from './capture-status';
import { correctForm } from './correct-form';
import { copyText, el, webHref } from './dom';
import { FIELD_NAMES, reviewDoubts } from './doubt-notes';

/** What the popup asks the background (through the typed messages) and the browser. */
export interface PopupApi {
  captureTab(): Promise<CaptureResult>;
  captures(): Promise<CaptureView[]>;
  retry(id: string): Promise<unknown>;
  dismiss(id: string): Promise<unknown>;
  /** Sends corrections of a ready capture's title, authors and year. */
  correct(id: string, cambios: CaptureCorrection): Promise<CorrectResult>;
  /** Opens the side panel (search and ask); absent where the browser has none. */
  openSidePanel?(): void;
  openOptions(): void;
  copy?(text: string): Promise<boolean>;
}

/**
 * A ready capture's fields to check, before its form is opened: 'Por revisar: título, año' and 'Falta: autores'
 * (worded marks, not colour alone); null when the shared rule doubts none.
 */
function doubtsLine(c: CaptureView): HTMLParagraphElement | null {
  const doubts = reviewDoubts(c);
  if (doubts.length === 0) return null;
  const names = (motivo: 'origen' | 'falta') =>
    doubts
      .filter((d) => d.motivo === motivo)
      .map((d) => FIELD_NAMES[d.campo])
      .join(', ');
  const part = (mark: string, list: string) => (list ? [el('span', { class: 'duda-marca' }, mark), ` ${list}`] : []);
  const origin = part('Por revisar', names('origen'));
  const missing = part('Falta', names('falta'));
  return el(
    'p',
    { class: 'dudas', id: `dudas-${c.id}` },
    ...origin,
    origin.length && missing.length ? ' · ' : '',
    ...missing,
  );
}

/** How often the list is read again while the popup is open. */
const REFRESH_MS = 1500;

/**
 * The popup: 'Guardar esta página', and the recent captures with their progress (en cola → subiendo →
 * procesando (fase) → listo with the reference, or the error and 'Reintentar'); a ready video capture offers
 * 'Citar este momento', which copies the citation of the captured second; any ready one 'Revisar datos', the
 * form correcting its title, authors and year (`correct-form.ts`).
 */
export function mountPopup(root: HTMLElement, api: PopupApi, opts: { refreshMs?: number } = {}) {
  const copy = api.copy ?? copyText;
  const status = el('p', { id: 'estado', role: 'status', 'aria-live': 'polite', class: 'status' });
  const save = el('button', { type: 'button', class: 'primary', id: 'guardar' }, 'Guardar esta página');
  const list = el('ul', { id: 'capturas', class: 'captures', 'aria-labelledby': 'capturas-titulo' });
  const empty = el('p', { class: 'muted', id: 'sin-capturas' }, 'Aún no has guardado nada desde este navegador.');
  const panel = api.openSidePanel
    ? el('button', { type: 'button', class: 'link', id: 'abrir-panel' }, 'Buscar y preguntar')
    : null;
  const options = el('button', { type: 'button', class: 'link', id: 'abrir-opciones' }, 'Opciones');

  root.replaceChildren(
    el('header', { class: 'bar' }, el('h1', {}, 'Folio'), el('nav', { 'aria-label': 'Folio' }, panel, options)),
    save,
    status,
    el('h2', { id: 'capturas-titulo' }, 'Capturas recientes'),
    empty,
    list,
  );

  const say = (text: string, tone: 'ok' | 'error' = 'ok') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };

  save.addEventListener('click', async () => {
    save.disabled = true;
    say('Guardando…');
    try {
      const result = await api.captureTab();
      if (result.ok) say('Guardada: se subirá aunque cierres esta ventana.');
      else say(result.mensaje, 'error');
      await refresh();
    } catch {
      say('No se pudo hablar con la extensión. Vuelve a abrir esta ventana.', 'error');
    } finally {
      save.disabled = false;
    }
  });
  panel?.addEventListener('click', () => api.openSidePanel?.());
  options.addEventListener('click', () => api.openOptions());

  const rendered = new Map<string, { key: string; item: HTMLLIElement }>();
  /** Captures whose correction form is open: a refresh leaves their items alone, so nothing typed is lost. */
  const editing = new Set<string>();

  function reviewButton(c: CaptureView, li: HTMLLIElement, doubtsId?: string): HTMLButtonElement {
    const formId = `revisar-${c.id}`;
    const review = el(
      'button',
      {
        type: 'button',
        class: 'secondary review',
        'aria-expanded': 'false',
        'aria-controls': formId,
        'aria-describedby': doubtsId,
      },
      'Revisar datos',
    );
    review.addEventListener('click', () => {
      const open = li.querySelector<HTMLFormElement>(`#${CSS.escape(formId)}`);
      if (open) return close();
      const form = correctForm(c, { save: (cambios) => api.correct(c.id, cambios), close });
      form.id = formId;
      li.append(form);
      editing.add(c.id);
      review.setAttribute('aria-expanded', 'true');
      // Straight to the first value to check, else the title.
      (form.querySelector<HTMLElement>('[data-duda]') ?? form.querySelector('input'))?.focus();
    });
    async function close(saved?: CaptureView) {
      li.querySelector(`#${CSS.escape(formId)}`)?.remove();
      review.setAttribute('aria-expanded', 'false');
      editing.delete(c.id);
      if (!saved) return review.focus();
      say(`Datos guardados: ${saved.titulo ?? saved.url}`);
      await refresh();
      list.querySelector<HTMLButtonElement>(`li[data-id="${CSS.escape(c.id)}"] .review`)?.focus();
    }
    return review;
  }

  function item(c: CaptureView): HTMLLIElement {
    const st = captureStatus(c);
    const titleText = c.titulo || c.url;
    const href = webHref(c.state === 'ready' ? (c.enlace ?? c.url) : c.url);
    const detailId = `detalle-${c.id}`;
    const li = el(
      'li',
      { class: `capture ${st.tone}`, 'data-id': c.id },
      el('p', { class: 'title' }, href ? el('a', { href, target: '_blank', rel: 'noopener' }, titleText) : titleText),
      el('p', { class: 'state' }, st.label),
      st.progress !== undefined
        ? el('progress', { max: 1, value: st.progress, 'aria-label': `Progreso de ${titleText}` })
        : null,
      st.detail ? el('p', { class: 'detail', id: detailId }, st.detail) : null,
    );
    const actions = el('div', { class: 'actions' });
    if (c.momento) {
      const momento = c.momento;
      const cite = el('button', { type: 'button', class: 'secondary' }, 'Citar este momento');
      cite.addEventListener('click', async () => {
        const ok = await copy(momento.cita);
        say(ok ? `Copiado: ${momento.cita}` : 'No se pudo copiar la cita.', ok ? 'ok' : 'error');
      });
      actions.append(
        cite,
        el(
          'a',
          { href: webHref(momento.enlace), target: '_blank', rel: 'noopener' },
          `Abrir en ${momento.localizador}`,
        ),
      );
    }
    if (c.state === 'error') {
      const retry = el('button', { type: 'button', class: 'secondary', 'aria-describedby': detailId }, 'Reintentar');
      retry.addEventListener('click', async () => {
        retry.disabled = true;
        await api.retry(c.id).catch(() => say('No se pudo reintentar.', 'error'));
        await refresh();
      });
      actions.append(retry);
    }
    if (c.state === 'ready' && c.documentId) {
      const doubts = doubtsLine(c);
      if (doubts) li.append(doubts);
      actions.append(reviewButton(c, li, doubts?.id));
    }
    if (c.state === 'error' || c.state === 'ready') {
      const dismiss = el(
        'button',
        { type: 'button', class: 'link', 'aria-label': `Quitar ${titleText} de la lista` },
        'Quitar',
      );
      dismiss.addEventListener('click', async () => {
        await api.dismiss(c.id).catch(() => {});
        await refresh();
      });
      actions.append(dismiss);
    }
    if (actions.childElementCount > 0) li.append(actions);
    return li;
  }

  /** Reads the captures again; only items that changed are rebuilt, so keyboard focus stays put. */
  async function refresh(): Promise<void> {
    let captures: CaptureView[];
    try {
      captures = await api.captures();
    } catch {
      say('No se pudo leer la lista de capturas.', 'error');
      return;
    }
    empty.hidden = captures.length > 0;
    const items: HTMLLIElement[] = [];
    const seen = new Set<string>();
    for (const c of captures) {
      seen.add(c.id);
      const key = JSON.stringify({ ...c, proximoIntento: Math.round((c.proximoIntento ?? 0) / 1000) });
      const before = rendered.get(c.id);
      if (before && (before.key === key || editing.has(c.id))) {
        items.push(before.item);
        continue;
      }
      const fresh = item(c);
      rendered.set(c.id, { key, item: fresh });
      items.push(fresh);
    }
    for (const id of [...rendered.keys()]) if (!seen.has(id)) rendered.delete(id);
    const same = items.length === list.children.length && items.every((it, i) => list.children[i] === it);
    if (!same) list.replaceChildren(...items);
  }

  void refresh();
  const timer = setInterval(() => void refresh(), opts.refreshMs ?? REFRESH_MS);
  return { refresh, stop: () => clearInterval(timer) };
}

/* global document, fetch, history, URLSearchParams */
/**
 * The reader's 'go to' box answered in place: the server resolves what was typed as `/texto` resolves
 * `desde` (a folio, '[n]', a time) and answers where that is; `move` takes the reader there and says
 * whether it could. A value that does not resolve shows the server's reason under the header; anything
 * else (no network, a place this page cannot show) falls back to the plain form, a page load.
 */
export function goToInPlace(move) {
  const form = document.getElementById('ir-a');
  if (!form) return;
  const input = form.querySelector('input[name="ir"]');
  const showError = (text) => {
    let error = document.getElementById('ir-a-error');
    if (text === undefined) {
      error?.remove();
      input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', 'ir-a-ayuda');
      return;
    }
    if (!error) {
      error = document.createElement('p');
      error.id = 'ir-a-error';
      error.className = 'aviso ir-a-error';
      error.setAttribute('role', 'alert');
      document.querySelector('.lector-cabecera').after(error);
    }
    error.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', 'ir-a-ayuda ir-a-error');
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    let res;
    let body;
    try {
      res = await fetch(`${form.action}?${new URLSearchParams({ ir: input.value })}`, {
        headers: { Accept: 'application/json' },
      });
      body = await res.json();
    } catch {
      form.submit();
      return;
    }
    if (!res.ok) {
      if (body.error) showError(body.error);
      else form.submit();
      return;
    }
    if (!move(body)) {
      form.submit();
      return;
    }
    showError(undefined);
    const cita = document.querySelector('.lector-cabecera .lugar .cita');
    if (cita && body.cita) cita.textContent = body.cita;
    history.replaceState(null, '', body.enlace);
  });
}

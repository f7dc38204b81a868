/* global document, HTMLFormElement */
// Forms with data-confirm ask in a modal dialog before they post; the server asks on a page of its own
// when this script does not run (the form then arrives without confirmado=1).

let dialog;

function ask(message, yes, no) {
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.setAttribute('aria-labelledby', 'confirmar-texto');
    const text = document.createElement('p');
    text.id = 'confirmar-texto';
    const actions = document.createElement('form');
    actions.method = 'dialog';
    actions.className = 'actions';
    const cancel = document.createElement('button');
    cancel.value = 'no';
    const accept = document.createElement('button');
    accept.value = 'si';
    accept.className = 'danger';
    actions.append(cancel, accept);
    dialog.append(text, actions);
    document.body.append(dialog);
  }
  const [cancel, accept] = dialog.querySelectorAll('button');
  dialog.querySelector('p').textContent = message;
  cancel.textContent = no;
  accept.textContent = yes;
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'si'), { once: true });
    dialog.showModal();
    cancel.focus();
  });
}

document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
  if (form.querySelector('input[name="confirmado"]')) return;
  event.preventDefault();
  const ok = await ask(form.dataset.confirm, form.dataset.confirmYes ?? 'OK', form.dataset.cancel ?? 'Cancel');
  if (!ok) return;
  const confirmed = document.createElement('input');
  confirmed.type = 'hidden';
  confirmed.name = 'confirmado';
  confirmed.value = '1';
  form.append(confirmed);
  form.submit();
});

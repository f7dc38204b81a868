/* global document, navigator, setTimeout, DataTransfer, Event */
// The Cite page: a .docx dropped on the form goes into its file input; the result's Markdown has a copy button.
// Everything works without this script (the file input and the selectable text stay).

const drop = document.getElementById('soltar');
const input = document.getElementById('archivo');
if (drop && input) {
  const hint = drop.querySelector('.drop-hint');
  hint.hidden = false;
  const on = (e) => {
    e.preventDefault();
    drop.classList.add('dragging');
  };
  const off = () => drop.classList.remove('dragging');
  drop.addEventListener('dragenter', on);
  drop.addEventListener('dragover', on);
  drop.addEventListener('dragleave', off);
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    off();
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    const list = new DataTransfer();
    list.items.add(file);
    input.files = list.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy);
    const label = button.textContent;
    const said = document.getElementById('copiado');
    try {
      await navigator.clipboard.writeText(source.textContent);
      button.textContent = button.dataset.copied;
      // The button says it; the status repeats it for screen readers only.
      said.classList.add('visually-hidden');
      said.textContent = button.dataset.copied;
    } catch {
      document.getSelection()?.selectAllChildren(source);
      said.classList.remove('visually-hidden');
      said.textContent = button.dataset.copyFailed;
    }
    setTimeout(() => (button.textContent = label), 2500);
  });
}

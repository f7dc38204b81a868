/* global document, navigator, setTimeout */
// The search and verify pages: `/` focuses the search box (not while typing in a field), and the copy
// buttons of each passage ('Copiar cita', 'Copiar texto + cita'), shown only where this script runs.

const box = document.getElementById('q');

function typing(target) {
  if (!target || !target.closest) return false;
  return !!target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

if (box) {
  for (const hint of document.querySelectorAll('.slash-hint')) hint.hidden = false;
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    event.preventDefault();
    box.focus();
    box.select();
  });
}

const live = document.getElementById('avisos');

function announce(text) {
  if (!live) return;
  // Emptied first, so the same words said twice are announced twice.
  live.textContent = '';
  setTimeout(() => (live.textContent = text), 50);
}

for (const list of document.querySelectorAll('[data-copied]')) {
  for (const button of list.querySelectorAll('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const label = button.dataset.label ?? button.textContent.trim();
      button.dataset.label = label;
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = list.dataset.copied;
        announce(list.dataset.copied);
      } catch {
        announce(list.dataset.copyFailed);
      }
      setTimeout(() => (button.textContent = label), 2500);
    });
  }
}

/* global document, navigator, setTimeout */
// The copy button beside a key shown once.

for (const button of document.querySelectorAll('button[data-copy]')) {
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    const label = button.textContent;
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = button.dataset.copied;
    } catch {
      field.select();
      button.textContent = button.dataset.copyFailed;
    }
    document.getElementById('copiado').textContent = button.textContent;
    setTimeout(() => (button.textContent = label), 2500);
  });
}

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

// A purpose ticks the scopes it needs; ticking scopes by hand shows the purpose they match, or 'custom'.
const purposes = [...document.querySelectorAll('input[name="uso"]')];
const scopes = [...document.querySelectorAll('input[name="alcance"]')];
for (const purpose of purposes) {
  purpose.addEventListener('change', () => {
    if (!purpose.checked || !purpose.dataset.alcances) return;
    const wanted = purpose.dataset.alcances.split(' ');
    for (const scope of scopes) scope.checked = wanted.includes(scope.value);
  });
}
for (const scope of scopes) {
  scope.addEventListener('change', () => {
    const ticked = scopes.filter((x) => x.checked).map((x) => x.value);
    const match = purposes.find((p) => {
      const wanted = (p.dataset.alcances ?? '').split(' ').filter(Boolean);
      return wanted.length === ticked.length && wanted.every((x) => ticked.includes(x));
    });
    (match ?? purposes.find((p) => p.value === 'custom')).checked = true;
  });
}

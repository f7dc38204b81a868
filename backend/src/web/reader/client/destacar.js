/* global document */
/**
 * Folio reader (texts and sheets): brings the linked place — the first element the server marked
 * `destacado` — to the middle of the window, and says so on `#lector` (`data-desplazado`).
 */
const target = document.querySelector('.destacado');
if (target) {
  target.scrollIntoView({ block: 'center' });
  document.getElementById('lector')?.setAttribute('data-desplazado', 'si');
}

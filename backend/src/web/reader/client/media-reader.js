/* global document, history */
/**
 * Folio reader (audio and video): seeks the player to the linked second, keeps the transcript segment
 * that is playing (one cue, where the server listed cues) marked (`actual`) and in view, and turns each
 * segment's time link into a seek instead of a page load. `#lector` gets `data-buscado="si"` once the player stands at the linked second.
 */
const main = document.getElementById('lector');
const media = document.getElementById('medio');
const segments = [...document.querySelectorAll('#segmentos .segmento')].map((li) => ({
  li,
  t0: Number(li.dataset.t0),
  t1: Number(li.dataset.t1),
}));
// Links carry t0 rounded to milliseconds: a segment starting within this of t is the one linked.
const LINK_PRECISION = 0.0005;
let current = Number(main?.dataset.actual ?? -1);

/** The last segment starting at or before `t` (as the server chose it), -1 before the first. */
function indexAt(t) {
  let found = -1;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i].t0 <= t + LINK_PRECISION) found = i;
    else break;
  }
  return found;
}

function mark(i, follow) {
  if (i === current) return;
  const before = segments[current];
  if (before) {
    before.li.classList.remove('actual');
    before.li.removeAttribute('aria-current');
  }
  current = i;
  const now = segments[i];
  if (!now) return;
  now.li.classList.add('actual');
  now.li.setAttribute('aria-current', 'true');
  if (follow) now.li.scrollIntoView({ block: 'nearest' });
}

segments[current]?.li.scrollIntoView({ block: 'center' });

if (media) {
  const start = Number(media.dataset.t);
  const arrived = () => {
    if (Number.isFinite(start) && Math.abs(media.currentTime - start) < 0.5) main?.setAttribute('data-buscado', 'si');
  };
  const seek = () => {
    if (Number.isFinite(start) && Math.abs(media.currentTime - start) > 0.05) media.currentTime = start;
    arrived();
  };
  if (media.readyState >= 1) seek();
  else media.addEventListener('loadedmetadata', seek, { once: true });
  media.addEventListener('seeked', () => {
    arrived();
    mark(indexAt(media.currentTime), true);
  });
  media.addEventListener('timeupdate', () => mark(indexAt(media.currentTime), true));
  media.addEventListener('error', () => main?.setAttribute('data-error', 'reproduccion'));

  for (const [i, { li, t0 }] of segments.entries()) {
    li.querySelector('a.tiempo')?.addEventListener('click', (event) => {
      event.preventDefault();
      media.currentTime = t0;
      mark(i, false);
      history.replaceState(null, '', event.currentTarget.href);
      media.play().catch(() => {});
    });
  }
}

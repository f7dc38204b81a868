/* global document, history */
import { goToInPlace } from './ir-a.js';

/**
 * Folio reader (audio and video): seeks the player to the linked second, pauses once at the linked end
 * (`data-hasta`), keeps the transcript segment that is playing (one cue, where the server listed cues)
 * marked (`actual`) and in view, and turns each segment's time link into a seek instead of a page load.
 * `#lector` gets `data-buscado="si"` once the player stands at the linked second.
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
const start = Number(media?.dataset.t);
const end = Number(media?.dataset.hasta);
// The server marked the cited segments (all those of the range start–end); they stay marked while playback
// is inside the range, its end included as the player stops there, until a segment is marked in their place.
let marked = segments.filter(({ li }) => li.classList.contains('actual'));
let range = Number.isFinite(end);

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
  range = false;
  const now = segments[i];
  if (marked.length === 1 && marked[0] === now) return;
  for (const { li } of marked) {
    li.classList.remove('actual');
    li.removeAttribute('aria-current');
  }
  marked = now ? [now] : [];
  if (!now) return;
  now.li.classList.add('actual');
  now.li.setAttribute('aria-current', 'true');
  if (follow) now.li.scrollIntoView({ block: 'nearest' });
}

/** Marks the segment playing at `time`, unless it is still inside the cited range. */
function track(time) {
  if (range && time >= start - LINK_PRECISION && time <= end + LINK_PRECISION) return;
  mark(indexAt(time), true);
}

marked[0]?.li.scrollIntoView({ block: 'center' });

if (media) {
  const arrived = () => {
    if (Number.isFinite(start) && Math.abs(media.currentTime - start) < 0.5) main?.setAttribute('data-buscado', 'si');
  };
  const seek = () => {
    if (Number.isFinite(start) && Math.abs(media.currentTime - start) > 0.05) media.currentTime = start;
    arrived();
  };
  if (media.readyState >= 1) seek();
  else media.addEventListener('loadedmetadata', seek, { once: true });
  if (Number.isFinite(end)) {
    // The `#t=start,end` fragment already stops there where the browser honours it; this covers the rest.
    // Once only: a seek out of the range first, or the stop itself, lets the user play on freely. Listening
    // before `track` below, which then sees the player put back at the end, inside the range.
    const disarm = () => {
      media.removeEventListener('timeupdate', stop);
      media.removeEventListener('seeking', leave);
    };
    const stop = () => {
      if (media.currentTime < end) return;
      disarm();
      media.pause();
      media.currentTime = end;
    };
    const leave = () => {
      if (media.currentTime < start - 0.5 || media.currentTime >= end) disarm();
    };
    media.addEventListener('timeupdate', stop);
    media.addEventListener('seeking', leave);
  }
  media.addEventListener('seeked', () => {
    arrived();
    track(media.currentTime);
  });
  media.addEventListener('timeupdate', () => track(media.currentTime));
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

  goToInPlace(({ t }) => {
    if (t === undefined) return false;
    media.currentTime = t;
    mark(indexAt(t), true);
    main?.setAttribute('data-ir-a', String(t));
    return true;
  });
}

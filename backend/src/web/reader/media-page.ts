import { formatTime } from '@folio/shared';
import { html } from 'hono/html';
import type { MediaView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/** Seconds as links carry them (`buildLink`: at most three decimals). */
const linkSeconds = (t: number) => Math.round(t * 1000) / 1000;

/**
 * Audio or video from the original file, sought to `t` (the `#t=` media fragment, and `media-reader.js`
 * sets `currentTime` once metadata is in), beside its transcript: every segment (a cue, where the unit kept
 * its cues) with its times, the one at `t` marked `actual` here and kept current by the script while it
 * plays. The speaker is named where the turn changes. Each time is a link to the same page at that second,
 * so it works without the script too.
 */
export function mediaBody(v: MediaView, s: ReaderStrings): Markup {
  const id = encodeURIComponent(v.doc.id);
  const src = `/leer/${id}/archivo${v.t != null ? `#t=${v.t}` : ''}`;
  const player = v.reproducible
    ? v.elemento === 'audio'
      ? html`<audio
          id="medio"
          controls
          preload="metadata"
          src="${src}"
          ${v.t != null ? html`data-t="${v.t}"` : ''}
        ></audio>`
      : html`<video
          id="medio"
          controls
          preload="metadata"
          playsinline
          src="${src}"
          ${v.t != null ? html`data-t="${v.t}"` : ''}
        ></video>`
    : html`<p class="aviso">${s.t('no_player')}</p>
        ${v.doc.url ? html`<p><a href="${v.doc.url}" rel="noopener noreferrer">${s.t('open_origin')}</a></p>` : ''}`;
  return html`<main id="lector" ${v.t != null ? html`data-t="${v.t}"` : ''} data-actual="${v.actual}">
    <div class="reproductor">${player}</div>
    <section class="transcripcion" aria-labelledby="titulo-transcripcion">
      <h2 id="titulo-transcripcion">${s.t('transcript')}</h2>
      <ol id="segmentos">
        ${v.segmentos.map(
          (seg, i) =>
            html`<li
              id="s-${i + 1}"
              class="segmento${i === v.actual ? ' actual' : ''}"
              data-t0="${seg.t0}"
              data-t1="${seg.t1}"
              ${i === v.actual ? html`aria-current="true"` : ''}
            >
              <a
                class="tiempo"
                href="/leer/${id}?t=${linkSeconds(seg.t0)}"
                title="${s.t('play_from', { time: formatTime(seg.t0) })}"
                >${formatTime(seg.t0)}</a
              >
              ${
                seg.hablante && seg.hablante !== v.segmentos[i - 1]?.hablante
                  ? html`<span class="hablante">${seg.hablante}</span>`
                  : ''
              }
              ${seg.lineas.map((l) => html`<p>${l}</p>`)}
            </li>`,
        )}
      </ol>
    </section>
  </main>`;
}

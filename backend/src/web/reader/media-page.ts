import { formatTime } from '@folio/shared';
import { html } from 'hono/html';
import type { MediaView } from '../../services/reader/view';
import type { Markup } from './shell';
import type { ReaderStrings } from './strings';

/** Seconds as links carry them (`buildLink`: at most three decimals). */
const linkSeconds = (t: number) => Math.round(t * 1000) / 1000;

/**
 * Audio or video from the original file, sought to `t` (the `#t=` media fragment, and `media-reader.js`
 * sets `currentTime` once metadata is in) and, with `hasta`, playing the range `#t=t,hasta` and pausing at
 * its end, beside its transcript: every segment (a cue, where the unit kept its cues) with its times, the
 * cited ones (overlapping the range, else the one at `t`) marked `actual` here and the one playing kept
 * marked by the script. The speaker is named where the turn changes. Each time is a link to the same page
 * at that second, so it works without the script too.
 */
export function mediaBody(v: MediaView, s: ReaderStrings): Markup {
  const id = encodeURIComponent(v.doc.id);
  const range = v.t == null ? '' : v.hasta == null ? `#t=${v.t}` : `#t=${v.t},${v.hasta}`;
  const src = `/leer/${id}/archivo${range}`;
  const times = html`${v.t != null ? html`data-t="${v.t}"` : ''} ${v.hasta != null ? html`data-hasta="${v.hasta}"` : ''}`;
  const cited = new Set(v.citados);
  const player = v.reproducible
    ? v.elemento === 'audio'
      ? html`<audio id="medio" controls preload="metadata" src="${src}" ${times}></audio>`
      : html`<video id="medio" controls preload="metadata" playsinline src="${src}" ${times}></video>`
    : html`<p class="aviso">${s.t('no_player')}</p>
        ${v.doc.url ? html`<p><a href="${v.doc.url}" rel="noopener noreferrer">${s.t('open_origin')}</a></p>` : ''}`;
  return html`<main id="lector" ${times} data-actual="${v.actual}">
    <div class="reproductor">${player}</div>
    <section class="transcripcion" aria-labelledby="titulo-transcripcion">
      <h2 id="titulo-transcripcion">${s.t('transcript')}</h2>
      <ol id="segmentos">
        ${v.segmentos.map(
          (seg, i) =>
            html`<li
              id="s-${i + 1}"
              class="segmento${cited.has(i) ? ' actual' : ''}"
              data-t0="${seg.t0}"
              data-t1="${seg.t1}"
              ${i === v.actual && cited.has(i) ? html`aria-current="true"` : ''}
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

import { lexicalDoubt, NLI_PULL_COMMAND, type Verificacion } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../http/env';
import { verifyClaim } from '../../services/verify';
import { webCsrf } from '../csrf';
import { formOf } from '../form';
import { pageStrings } from '../i18n';
import { csrfField, renderPage } from '../layout';
import { copyAttributes, passageItem } from '../search/passage';
import { searchStrings, type SearchStrings } from '../search/strings';
import { requireWebUser, sessionCsrfToken } from '../session';
import { securityHeaders } from '../security-headers';
import { verifyStrings, type VerifyStringKey, type VerifyStrings } from './strings';

/** The longest claim the API takes (VerificarBody). */
const MAX_CLAIM = 4000;

interface VerifyForm {
  afirmacion: string;
  anio: string;
}

const pct = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100);

/** A long passage cut for the verdict, its lines kept; the list below and the reader show it whole. */
const excerpt = (s: string, max = 400) => {
  const text = s.trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
};

/** The first problem of the form; undefined when it can be verified. */
function problemOf(f: VerifyForm): { key: VerifyStringKey; vars?: Record<string, string> } | undefined {
  for (const [field, value] of Object.entries(f)) {
    if (value.includes('\u0000')) return { key: 'error_nul', vars: { field } };
  }
  if (!f.afirmacion.trim()) return { key: 'error_afirmacion' };
  if (f.afirmacion.length > MAX_CLAIM) return { key: 'error_afirmacion_long' };
  const anio = f.anio.trim();
  if (anio && (!/^-?\d{1,4}$/.test(anio) || Math.abs(Number(anio)) > 3000)) return { key: 'error_anio' };
  return undefined;
}

function verifyForm(vs: VerifyStrings, f: VerifyForm, csrf: string | undefined, problem?: VerifyStringKey) {
  const claimInvalid = problem === 'error_afirmacion' || problem === 'error_afirmacion_long';
  return html`<form class="card verify-form" method="post" action="/verificar">
    ${csrfField(csrf)}
    <label for="afirmacion">${vs.t('afirmacion')}</label>
    <textarea
      id="afirmacion"
      name="afirmacion"
      rows="4"
      maxlength="${MAX_CLAIM}"
      aria-describedby="afirmacion-ayuda"
      ${claimInvalid ? html`aria-invalid="true"` : ''}
    >
${f.afirmacion}</textarea>
    <p id="afirmacion-ayuda" class="hint">${vs.t('afirmacion_hint')}</p>
    <label for="anio">${vs.t('anio')}</label>
    <input
      id="anio"
      name="anio"
      type="text"
      inputmode="numeric"
      value="${f.anio}"
      aria-describedby="anio-ayuda"
      ${problem === 'error_anio' ? html`aria-invalid="true"` : ''}
    />
    <p id="anio-ayuda" class="hint">${vs.t('anio_hint')}</p>
    <button type="submit" class="primary">${vs.t('submit')}</button>
  </form>`;
}

function relation(vs: VerifyStrings, relacion: string): string {
  const key = `relacion_${relacion}`;
  return vs.has(key) ? vs.t(key) : relacion;
}

/**
 * The verdict in words. Without a model, no backing is said as what it is: no passage states the claim in the
 * same words; the closest passage follows, with the judge's limit and how to install the NLI model.
 */
function verdictWords(vs: VerifyStrings, v: Verificacion) {
  const closest = lexicalDoubt(v);
  const key: VerifyStringKey = !closest
    ? `veredicto_${v.veredicto}`
    : v.veredicto === 'parcial'
      ? 'veredicto_parcial_lexico'
      : 'veredicto_sin_respaldo_lexico';
  const words = html`<p class="verdict-text" data-veredicto="${v.veredicto}"><strong>${vs.t(key)}</strong></p>`;
  if (!closest) return words;
  const place = v.pasajes.indexOf(closest) + 1;
  return html`${words}
    <div class="closest" role="group" aria-labelledby="cercano">
      <h3 id="cercano">${vs.t('closest_heading')}</h3>
      <p>${vs.t('closest_intro')}</p>
      <blockquote class="passage" cite="${closest.enlace}">
        <p>${excerpt(closest.texto)}</p>
      </blockquote>
      <p class="closest-cite">
        <strong class="cita">${closest.cita}</strong> —
        <a class="localizador" href="${closest.enlace}">${closest.localizador || closest.documento.titulo}</a>
        <span class="support">· ${vs.t('closest_support', { pct: pct(closest.respaldo) })}</span>
        · <a href="#r-${place}">${vs.t('closest_in_list')}</a>
      </p>
      <p class="lexical hint">${vs.t('lexical_limit')} <code>${NLI_PULL_COMMAND}</code>.</p>
    </div>`;
}

function outcome(vs: VerifyStrings, ss: SearchStrings, v: Verificacion, scorer: string) {
  const p = pct(v.probabilidad);
  const passages = v.pasajes.length
    ? html`<h2 id="pasajes">${vs.t('passages', { n: v.pasajes.length })}</h2>
        <ol class="results" ${copyAttributes(ss)} aria-labelledby="pasajes">
          ${v.pasajes.map((x, i) => {
            const id = `r-${i + 1}`;
            const support = pct(x.respaldo);
            return passageItem(
              ss,
              x,
              id,
              html`<p class="relation">
                <span class="badge rel rel-${x.relacion}">${relation(vs, x.relacion)}</span>
                <span class="support">
                  <span id="${id}-respaldo">${vs.t('respaldo')}</span>
                  <meter
                    min="0"
                    max="1"
                    low="0.4"
                    high="0.7"
                    optimum="1"
                    value="${x.respaldo}"
                    aria-labelledby="${id}-respaldo"
                  ></meter>
                  <span>${vs.t('respaldo_pct', { pct: support })}</span>
                </span>
              </p>`,
            );
          })}
        </ol>`
    : html`<p>${vs.t('no_passages')}</p>
        <p class="hint">${vs.t('no_passages_hint')}</p>`;
  return html`<section class="verdict verdict-${v.veredicto}" aria-labelledby="veredicto">
      <h2 id="veredicto">${vs.t('verdict_heading')}</h2>
      ${verdictWords(vs, v)}
      <p class="probability">
        <span id="probabilidad">${vs.t('probabilidad', { pct: p })}</span>
        <meter
          min="0"
          max="1"
          low="0.4"
          high="0.7"
          optimum="1"
          value="${v.probabilidad}"
          aria-labelledby="probabilidad"
        ></meter>
      </p>
      <p class="engines">${vs.t('scorer', { name: scorer, ms: v.ms ?? 0 })}</p>
    </section>
    <section class="results-section" aria-label="${vs.t('passages', { n: v.pasajes.length })}">${passages}</section>`;
}

async function verifyPage(c: Context<AppEnv>, form: VerifyForm, asked: boolean) {
  const s = pageStrings(c);
  const vs = verifyStrings(s.lang);
  const ss = searchStrings(s.lang);
  const { deps } = c.var;
  const user = c.var.webUser!;
  const csrf = sessionCsrfToken(c);
  const problem = asked ? problemOf(form) : undefined;
  let result: ReturnType<typeof outcome> | '' = '';
  if (asked && !problem) {
    const anio = form.anio.trim();
    const v = await verifyClaim(
      deps,
      user.userId,
      { afirmacion: form.afirmacion, ...(anio && { anio: Number(anio) }) },
      c.req.raw.signal,
    );
    result = outcome(vs, ss, v, deps.engines.support.name);
  }
  return renderPage(c, s, {
    title: vs.t('title'),
    user,
    csrf,
    active: 'verificar',
    path: '/verificar',
    scripts: ['search.js'],
    styles: ['search.css', 'verify.css'],
    status: problem ? 400 : 200,
    error: problem ? vs.t(problem.key, problem.vars) : undefined,
    body: html`<p class="intro">${vs.t('intro')}</p>
      ${verifyForm(vs, form, csrf, problem?.key)} ${result}`,
  });
}

/**
 * /verificar: a claim (and the optional year of the text making it) in; the verdict in words, its
 * probability and each weighed passage with its relation and support out. The form posts with the
 * session's CSRF token and works without scripts; the judgement is `verifyClaim`, as for POST
 * /api/v1/verificar.
 */
export function verifyPageRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;
  app.get('/verificar', ...guard, (c) => verifyPage(c, { afirmacion: '', anio: '' }, false));
  app.post('/verificar', ...guard, webCsrf('session'), async (c) => {
    const sent = await formOf(c);
    return verifyPage(c, { afirmacion: sent.get('afirmacion') ?? '', anio: sent.get('anio') ?? '' }, true);
  });
}

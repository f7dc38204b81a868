import {
  CAMPOS_REVISABLES,
  CorregirDocumento,
  dudasDeMetadatos,
  TIPOS_OBRA,
  type CampoRevisable,
  type Documento,
  singleLine,
} from '@folio/shared';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { correctDocument } from '../../services/documents/correct-document';
import { presentDocument } from '../../services/presenters/present-document';
import { waitForDocument } from '../../services/documents/wait-for-document';
import { webCsrf } from '../csrf';
import { doubtNote } from '../document/doubt';
import { rememberSavedChanges, type SavedChange } from '../document/saved-changes';
import { documentStrings } from '../document/strings';
import { formOf } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, renderMessage, renderPage } from '../layout';
import { requireWebUser, sessionCsrfToken } from '../session';
import { securityHeaders } from '../security-headers';
import type { StringKey } from '../strings/es';

/** The form's text fields beyond title, authors and year, in the order shown. */
const TEXT_FIELDS = ['contenedor', 'volumen', 'numero', 'paginas', 'editorial', 'lugar', 'edicion', 'genero'] as const;
const ID_FIELDS = ['doi', 'isbn', 'url', 'idioma'] as const;
type FieldName =
  'titulo' | 'autores' | 'anio' | 'tipo_obra' | 'etiquetas' | (typeof TEXT_FIELDS)[number] | (typeof ID_FIELDS)[number];

/** What the form shows: the stored values, or what the user just sent. */
type FormValues = Record<FieldName, string>;

/** Each field's error message key; a field without one gets the generic message. */
const ERROR_KEYS: Partial<Record<FieldName, StringKey>> = {
  titulo: 'edit_error_titulo',
  autores: 'edit_error_autores',
  anio: 'edit_error_anio',
  doi: 'edit_error_doi',
  isbn: 'edit_error_isbn',
  url: 'edit_error_url',
  idioma: 'edit_error_idioma',
};

function valuesOf(d: Documento): FormValues {
  const det = d.detalles_bibliograficos ?? {};
  const values = {
    titulo: d.titulo,
    autores: d.autores.join('\n'),
    anio: d.anio === undefined ? '' : String(d.anio),
    idioma: d.idioma ?? '',
    etiquetas: (d.etiquetas ?? []).join('\n'),
  } as FormValues;
  for (const key of ['tipo_obra', ...TEXT_FIELDS, 'doi', 'isbn', 'url'] as const) values[key] = det[key] ?? '';
  return values;
}

const lines = (s: string) =>
  s
    .split(/\r?\n/)
    .map((l) => singleLine(l))
    .filter(Boolean);

/**
 * The correction the form asks for: only the fields whose value changed, so saving the form never makes
 * a value the user did not touch theirs (a user's value, even an empty one, wins over every later reading).
 * An emptied field is null (cleared); a year that is not a whole number is passed on as text for the
 * contract's schema to refuse.
 */
function changesOf(sent: FormValues, before: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (sent.titulo.trim() !== before.titulo) body.titulo = sent.titulo;
  const autores = lines(sent.autores);
  if (autores.join('\n') !== before.autores) body.autores = autores;
  const anio = sent.anio.trim();
  if (anio !== before.anio) body.anio = anio === '' ? null : /^-?\d{1,4}$/.test(anio) ? Number(anio) : anio;
  const etiquetas = lines(sent.etiquetas);
  if (etiquetas.join('\n') !== before.etiquetas) body.etiquetas = etiquetas;
  for (const key of ['tipo_obra', ...TEXT_FIELDS, ...ID_FIELDS] as const) {
    const value = sent[key].trim();
    if (value !== before[key]) body[key] = value === '' ? null : value;
  }
  return body;
}

/** The fields in the form's order, for the notice of what a save changed. */
const FIELD_ORDER: readonly FieldName[] = [
  'titulo',
  'autores',
  'anio',
  'tipo_obra',
  ...TEXT_FIELDS,
  ...ID_FIELDS,
  'etiquetas',
];

/** Each field whose value differs, with its value before and after. */
function savedChanges(before: FormValues, after: FormValues): SavedChange[] {
  return FIELD_ORDER.filter((name) => before[name] !== after[name]).map((name) => ({
    campo: name,
    antes: before[name],
    despues: after[name],
  }));
}

/** One message per field from the schema's issues (the first issue of each field). */
function fieldErrors(s: Strings, error: z.ZodError): Partial<Record<FieldName, string>> {
  const out: Partial<Record<FieldName, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as FieldName;
    if (!field || out[field]) continue;
    out[field] = s.t(ERROR_KEYS[field] ?? 'edit_error_other');
  }
  return out;
}

function editPage(
  c: Context<AppEnv>,
  s: Strings,
  d: Documento,
  values: FormValues,
  errors: Partial<Record<FieldName, string>> = {},
  status = 200,
  toDocument = c.req.query('campo') !== undefined,
) {
  const csrf = sessionCsrfToken(c);
  const action = `/biblioteca/documentos/${d.id}/editar`;
  // The field the document page's 'Corregir …' link asked for gets the focus; each doubted field its note.
  const focus = focusedField(c.req.query('campo'));
  const t = documentStrings(s.lang);
  const doubts = d.estado === 'listo' ? dudasDeMetadatos({ ...d, doi: d.detalles_bibliograficos?.doi }) : [];
  const doubtOf = (name: FieldName) => doubts.find((x) => x.campo === name);
  /** A field's describedby ids (its doubt, hint, error), its doubt note and, when it has one, the error. */
  const described = (name: FieldName, hint: boolean) => {
    const duda = doubtOf(name);
    const ids = [duda ? `${name}-duda` : '', hint ? `${name}-ayuda` : '', errors[name] ? `${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return {
      attrs: html`${ids ? html`aria-describedby="${ids}"` : ''} ${errors[name] ? html`aria-invalid="true"` : ''}
      ${focus === name ? html`autofocus` : ''}`,
      error: errors[name] ? html`<p id="${name}-error" class="field-error">${errors[name]}</p>` : '',
      doubt: duda ? doubtNote(t, duda, { id: `${name}-duda` }) : '',
    };
  };
  const hint = (name: FieldName, key: StringKey) => html`<p id="${name}-ayuda" class="hint">${s.t(key)}</p>`;
  const input = (name: FieldName, type = 'text', hintKey?: StringKey) => {
    const f = described(name, !!hintKey);
    return html`<label for="${name}">${s.t(`edit_field_${name}` as StringKey)}</label>
      <input id="${name}" name="${name}" type="${type}" value="${values[name]}" ${f.attrs} />
      ${f.doubt} ${hintKey ? hint(name, hintKey) : ''} ${f.error}`;
  };
  const titulo = described('titulo', false);
  const autores = described('autores', true);
  const anio = described('anio', true);
  const tipo = described('tipo_obra', false);
  const etiquetas = described('etiquetas', true);
  return renderPage(c, s, {
    title: s.t('edit_title', { title: d.titulo }),
    user: c.var.webUser,
    csrf,
    active: 'biblioteca',
    path: action,
    status,
    error: Object.keys(errors).length ? s.t('edit_has_errors') : undefined,
    body: html`<p class="intro">${s.t('edit_intro')}</p>
      <form class="card edit-form" method="post" action="${action}" novalidate>
        ${csrfField(csrf)} ${toDocument ? html`<input type="hidden" name="volver" value="documento" />` : ''}
        <label for="titulo">${s.t('edit_field_titulo')}</label>
        <input id="titulo" name="titulo" type="text" required value="${values.titulo}" ${titulo.attrs} />
        ${titulo.doubt} ${titulo.error}
        <label for="autores">${s.t('edit_field_autores')}</label>
        <textarea id="autores" name="autores" rows="4" ${autores.attrs}>${values.autores}</textarea>
        ${autores.doubt} ${hint('autores', 'edit_hint_autores')} ${autores.error}
        <label for="anio">${s.t('edit_field_anio')}</label>
        <input id="anio" name="anio" type="text" inputmode="numeric" value="${values.anio}" ${anio.attrs} />
        ${anio.doubt} ${hint('anio', 'edit_hint_anio')} ${anio.error}
        <fieldset>
          <legend>${s.t('edit_details')}</legend>
          <label for="tipo_obra">${s.t('edit_field_tipo_obra')}</label>
          <select id="tipo_obra" name="tipo_obra" ${tipo.attrs}>
            <option value="">${s.t('edit_tipo_obra_none')}</option>
            ${TIPOS_OBRA.map(
              (t) =>
                html`<option value="${t}" ${values.tipo_obra === t ? 'selected' : ''}>
                  ${s.t(`tipo_obra_${t}` as StringKey)}
                </option>`,
            )}
          </select>
          ${tipo.error} ${TEXT_FIELDS.map((name) => input(name))} ${input('doi', 'text', 'edit_hint_doi')}
          ${input('isbn')} ${input('url', 'url')} ${input('idioma', 'text', 'edit_hint_idioma')}
        </fieldset>
        <label for="etiquetas">${s.t('edit_field_etiquetas')}</label>
        <textarea id="etiquetas" name="etiquetas" rows="3" ${etiquetas.attrs}>${values.etiquetas}</textarea>
        ${hint('etiquetas', 'edit_hint_etiquetas')} ${etiquetas.error}
        <div class="actions">
          <a href="${toDocument ? `/biblioteca/documentos/${encodeURIComponent(d.id)}` : '/biblioteca'}"
            >${s.t('cancel')}</a
          >
          <button type="submit" class="primary">${s.t('edit_save')}</button>
        </div>
      </form>`,
  });
}

/** The field named by `?campo=` when it is one a reader is asked to check. */
function focusedField(campo: string | undefined): CampoRevisable | undefined {
  return CAMPOS_REVISABLES.find((name) => name === campo);
}

/** The caller's document as the API shows it, or the 'not found' page. */
async function ownDocument(c: Context<AppEnv>, s: Strings): Promise<Documento | Response> {
  const row = await waitForDocument(c.var.deps, c.var.webUser!.userId, c.req.param('id') ?? '', 0).catch(
    (err: unknown) => {
      if (err instanceof AppError && err.codigo === 'no_encontrado') return undefined;
      throw err;
    },
  );
  if (row) return presentDocument(row, c.var.deps.config.publicUrl);
  return renderMessage(c, s, {
    title: s.t('error_title'),
    message: s.t('doc_not_found'),
    status: 404,
    user: c.var.webUser,
    csrf: sessionCsrfToken(c),
  });
}

/**
 * /biblioteca/documentos/:id/editar: the correction form of a document (title, authors one per line,
 * year and the fields references need). It posts the same correction as `PATCH /documentos/{id}`, checked
 * by the same schema, and works without scripts; errors are shown beside their fields.
 */
export function editDocumentRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;

  app.get('/biblioteca/documentos/:id/editar', ...guard, async (c) => {
    const s = pageStrings(c);
    const d = await ownDocument(c, s);
    if (d instanceof Response) return d;
    return editPage(c, s, d, valuesOf(d));
  });

  app.post('/biblioteca/documentos/:id/editar', ...guard, webCsrf('session'), async (c) => {
    const s = pageStrings(c);
    const d = await ownDocument(c, s);
    if (d instanceof Response) return d;
    const form = await formOf(c);
    const before = valuesOf(d);
    const sent = Object.fromEntries(
      (Object.keys(before) as FieldName[]).map((k) => [k, form.get(k) ?? before[k]]),
    ) as FormValues;
    const body = changesOf(sent, before);
    // Back to the document corrected, to see what was saved (the form's 'Cancelar' leads where it came from).
    const toDocument = form.get('volver') === 'documento';
    const back = `/biblioteca/documentos/${encodeURIComponent(d.id)}`;
    if (Object.keys(body).length === 0) {
      rememberSavedChanges(c, []);
      return c.redirect(back, 303);
    }
    const parsed = CorregirDocumento.safeParse(body);
    if (!parsed.success) return editPage(c, s, d, sent, fieldErrors(s, parsed.error), 400, toDocument);
    const row = await correctDocument(c.var.deps, c.var.webUser!.userId, d.id, parsed.data);
    // Told from the document as stored, so a value the schema tidied shows as it was kept.
    const after = valuesOf(presentDocument(row, c.var.deps.config.publicUrl));
    rememberSavedChanges(c, savedChanges(before, after));
    return c.redirect(back, 303);
  });
}

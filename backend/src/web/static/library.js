/* global document, fetch, setTimeout, clearTimeout, DOMParser, FormData, URL, URLSearchParams, XMLHttpRequest, window, history, location */
// The library page: uploads of one or many files (chosen or dropped) each with its own progress, first of
// the bytes, then of the reading, until listo; URLs without a page load; rows that follow their document
// until it is ready; and the list updated as you type or change a filter, by fetching the same page the
// form would load and swapping the list. The page works without this script.

const section = document.getElementById('anadir');
const texts = JSON.parse(section?.dataset.textos ?? '{}');
const uploads = document.getElementById('subidas');
const spanish = document.documentElement.lang === 'es';

const fill = (template, vars) => (template ?? '').replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const finished = (estado) => estado === 'listo' || estado === 'error';

/** The message of an error answer in the page's language. */
function reasonOf(status, body) {
  const error = body && body.error;
  if (error) return spanish ? error.mensaje : error.message;
  return `HTTP ${status}`;
}

function csrfOf(form) {
  return form.querySelector('input[name="_csrf"]').value;
}

/** Whether the list shows the newest first with nothing filtered: where a new document goes on top. */
function plainView() {
  const list = document.getElementById('lista');
  return !list || (list.dataset.orden === 'anadido' && !list.dataset.filtrada);
}

/** Upload lines by the id of the document they became, so that each follows its document to listo. */
const lines = new Map();

/** Puts a server-rendered row in the table (replacing the same document's row) and follows it. */
function showRow(fila, documento) {
  const template = document.createElement('template');
  template.innerHTML = fila.trim();
  const row = template.content.firstElementChild;
  const id = row.dataset.id;
  lines.get(id)?.track(documento ?? { estado: row.dataset.estado }, row);
  const old = document.getElementById(row.id);
  const focused = old && old.contains(document.activeElement);
  const checked = old?.querySelector('input.pick')?.checked;
  if (old) {
    if (checked) row.querySelector('input.pick').checked = true;
    old.replaceWith(row);
  } else if (plainView()) {
    document.getElementById('documentos')?.prepend(row);
    const total = document.getElementById('total');
    if (total) {
      total.dataset.n = String(Number(total.dataset.n) + 1);
      total.textContent = fill(total.dataset.template, { n: total.dataset.n });
    }
    document.getElementById('vacia').hidden = true;
    document.getElementById('tabla-docs').hidden = false;
  } else {
    // Sorted or filtered: where the new document belongs is the server's to say.
    scheduleRefresh(location.href, 0);
  }
  if (focused) row.querySelector('button')?.focus();
  follow(id);
}

const following = new Set();

/** Long-polls a document in progress and refreshes its row and its upload line until ready or failed. */
async function follow(id) {
  if (following.has(id)) return;
  following.add(id);
  let backoff = 0;
  try {
    for (;;) {
      const row = document.getElementById(`doc-${id}`);
      const line = lines.get(id);
      if (!row && !line) return;
      if (finished(row?.dataset.estado ?? line?.estado)) return;
      const started = Date.now();
      try {
        const res = await fetch(`/biblioteca/documentos/${encodeURIComponent(id)}?esperar=2`, {
          headers: { Accept: 'application/json' },
        });
        if (res.status === 401 || res.status === 404) return;
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const { fila, documento } = await res.json();
        following.delete(id);
        showRow(fila, documento);
        following.add(id);
        backoff = 0;
      } catch {
        backoff = Math.min(30_000, (backoff || 1000) * 2);
        await sleep(backoff);
      }
      await sleep(Math.max(0, 500 - (Date.now() - started)));
    }
  } finally {
    following.delete(id);
  }
}

/** A line in the upload list for one file: its text and a progress bar, from the first byte to listo. */
function uploadLine(text) {
  const li = document.createElement('li');
  const label = document.createElement('span');
  label.textContent = text;
  const bar = document.createElement('progress');
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute('aria-label', text);
  li.append(label, bar);
  uploads.append(li);
  const line = {
    estado: undefined,
    progress(pct, message) {
      bar.value = pct;
      label.textContent = message;
      bar.setAttribute('aria-label', message);
    },
    /** The upload was answered: its notice stays, the bar goes on with the reading. */
    done(message, id) {
      label.textContent = message;
      bar.value = 0;
      if (id) lines.set(id, line);
      else bar.remove();
    },
    /** The document's state after a reading step: shown beside the notice, and the bar's value. */
    track(documento, row) {
      const estado = documento.estado;
      line.estado = estado;
      const badge = row.querySelector('.badge')?.textContent.trim() ?? estado;
      const phase = row.querySelector('.phase')?.textContent.trim();
      li.dataset.estado = estado;
      li.dataset.estadoTexto = finished(estado) ? badge : (phase ?? badge);
      if (finished(estado)) bar.remove();
      else {
        const pct = Math.round((documento.progreso ?? 0) * 100);
        bar.value = pct;
        bar.setAttribute('aria-label', li.dataset.estadoTexto);
      }
    },
    fail(message) {
      bar.remove();
      li.className = 'failed';
      label.textContent = message;
    },
  };
  return line;
}

/** Settles an upload line from the answer to the upload: the document's row, or the reason it failed. */
function answered(line, status, body) {
  if (status >= 200 && status < 300 && body && body.fila) {
    line.done(body.aviso ?? '', body.documento?.id);
    showRow(body.fila, body.documento);
  } else {
    line.fail(fill(texts.failed, { reason: reasonOf(status, body) }));
  }
}

/** Bytes per part of an upload in parts: what a dropped connection costs at most. */
const PART_BYTES = 5 * 1024 * 1024;

const fileForm = document.getElementById('subir-archivo');

/**
 * A file over the single-request limit goes in parts with tus (the protocol's browser client, loaded before
 * this script): with progress, retried through dropped connections, and resumed from where the server
 * stands when the same file is chosen again after a reload. Settles when the upload is answered.
 */
function uploadInParts(file, line) {
  const name = file.name;
  return new Promise((settle) => {
    const upload = new window.tus.Upload(file, {
      endpoint: fileForm.dataset.partes,
      chunkSize: PART_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
      metadata: { nombre: name, ...(file.type && { tipo: file.type }) },
      headers: { 'X-CSRF-Token': csrfOf(fileForm), Accept: 'application/json' },
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        const pct = Math.floor((sent / total) * 100);
        line.progress(pct, fill(texts.uploading, { name, pct }));
      },
      onError(err) {
        const res = err.originalResponse;
        let body;
        try {
          body = res ? JSON.parse(res.getBody()) : undefined;
        } catch {
          body = undefined;
        }
        line.fail(fill(texts.failed, { reason: res ? reasonOf(res.getStatus(), body) : 'network' }));
        settle();
      },
      async onSuccess({ lastResponse }) {
        try {
          line.progress(100, fill(texts.sent, { name }));
          const id = lastResponse.getHeader('X-Folio-Documento');
          const duplicate = lastResponse.getHeader('X-Folio-Duplicado') === 'si';
          const res = await fetch(`/biblioteca/documentos/${encodeURIComponent(id)}`, {
            headers: { Accept: 'application/json' },
          });
          const body = res.ok ? await res.json() : undefined;
          const title = body?.documento?.titulo ?? name;
          answered(
            line,
            res.status,
            body && { ...body, aviso: fill(duplicate ? texts.duplicate : texts.added, { title }) },
          );
        } catch {
          line.fail(fill(texts.failed, { reason: 'network' }));
        }
        settle();
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous.length > 0) {
        upload.resumeFromPreviousUpload(previous[0]);
        line.progress(0, fill(texts.resumed, { name, pct: '…' }));
      }
      upload.start();
    });
  });
}

/** A file within the single-request limit, in one multipart POST with the progress of its bytes. */
function uploadWhole(file, line) {
  const name = file.name;
  return new Promise((settle) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', fileForm.action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', csrfOf(fileForm));
    xhr.upload.addEventListener('progress', (e) => {
      if (!e.lengthComputable) return;
      const pct = Math.round((e.loaded / e.total) * 100);
      line.progress(pct, fill(texts.uploading, { name, pct }));
    });
    xhr.upload.addEventListener('load', () => line.progress(100, fill(texts.sent, { name })));
    xhr.addEventListener('load', () => {
      let body;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      answered(line, xhr.status, body);
      settle();
    });
    xhr.addEventListener('error', () => {
      line.fail(fill(texts.failed, { reason: 'network' }));
      settle();
    });
    const form = new FormData();
    form.set('_csrf', csrfOf(fileForm));
    form.set('archivo', file, file.name);
    xhr.send(form);
  });
}

/** Files going up at once; the rest wait their turn, each with its line already shown. */
const AT_ONCE = 2;
const queue = [];
let running = 0;

function pump() {
  while (running < AT_ONCE && queue.length) {
    const { file, line } = queue.shift();
    running++;
    const big = file.size > Number(fileForm.dataset.maxBytes) && window.tus?.isSupported;
    (big ? uploadInParts(file, line) : uploadWhole(file, line)).finally(() => {
      running--;
      pump();
    });
  }
}

/** Uploads each file with its own line and progress. */
function uploadAll(files) {
  for (const file of files) {
    queue.push({ file, line: uploadLine(fill(texts.waiting, { name: file.name })) });
  }
  pump();
}

fileForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = fileForm.querySelector('input[type="file"]');
  const files = [...(input.files ?? [])];
  if (!files.length) return input.focus();
  uploadAll(files);
  fileForm.reset();
});

// Drop anywhere on the "add" card: the files go up as if chosen.
if (section && fileForm) {
  let depth = 0;
  const hasFiles = (e) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  section.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth++;
    fileForm.classList.add('dragging');
  });
  section.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  });
  section.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (!depth) fileForm.classList.remove('dragging');
  });
  section.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth = 0;
    fileForm.classList.remove('dragging');
    uploadAll([...e.dataTransfer.files]);
  });
}

const urlForm = document.getElementById('subir-url');
urlForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const field = urlForm.querySelector('input[name="url"]');
  const url = field.value.trim();
  const line = uploadLine(url);
  try {
    const res = await fetch(urlForm.action, {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-CSRF-Token': csrfOf(urlForm) },
      body: new URLSearchParams(new FormData(urlForm)),
    });
    answered(line, res.status, await res.json().catch(() => undefined));
    if (res.ok) urlForm.reset();
  } catch {
    line.fail(fill(texts.failed, { reason: 'network' }));
  }
});

// Type-ahead and filters: the same GET the form makes, its list swapped in without a page load.
const filters = document.getElementById('filtros');
let refreshTimer;
let asked = 0;

/** The address the filter form would load (empty fields and the default order left out). */
function filterAddress() {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(filters)) {
    const v = String(value).trim();
    if (v && !(name === 'orden' && v === 'anadido')) params.set(name, v);
  }
  const query = params.toString();
  return query ? `/biblioteca?${query}` : '/biblioteca';
}

function scheduleRefresh(address, delay) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refresh(address), delay);
}

/** Loads the page at `address` and puts its list in place of this one; a later request wins. */
async function refresh(address) {
  const mine = ++asked;
  const list = document.getElementById('lista');
  list?.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(address, { headers: { Accept: 'text/html' } });
    const page = new DOMParser().parseFromString(await res.text(), 'text/html');
    const fresh = page.getElementById('lista');
    if (mine !== asked || !fresh) return;
    document.getElementById('lista').replaceWith(document.adoptNode(fresh));
    // The collections' forms and links carry the view to come back to; the language links keep it too.
    for (const id of ['colecciones']) {
      const part = page.getElementById(id);
      if (part) document.getElementById(id)?.replaceWith(document.adoptNode(part));
    }
    const lang = page.querySelector('nav.lang');
    if (lang) document.querySelector('nav.lang')?.replaceWith(document.adoptNode(lang));
    const alert = page.querySelector('main > .error');
    const mineAlert = document.querySelector('main > .error');
    if (mineAlert) mineAlert.remove();
    if (alert) document.getElementById('avisos').after(document.adoptNode(alert));
    if (new URL(address, location.href).href !== location.href) history.replaceState(null, '', address);
    for (const row of document.querySelectorAll('#documentos tr[data-id]')) follow(row.dataset.id);
  } catch {
    // The list stays as it was; the form still works as a plain GET.
  } finally {
    if (mine === asked) document.getElementById('lista')?.removeAttribute('aria-busy');
  }
}

if (filters) {
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    scheduleRefresh(filterAddress(), 0);
  });
  filters.querySelector('input[name="q"]')?.addEventListener('input', () => scheduleRefresh(filterAddress(), 250));
  for (const select of filters.querySelectorAll('select')) {
    select.addEventListener('change', () => scheduleRefresh(filterAddress(), 0));
  }
}

for (const row of document.querySelectorAll('#documentos tr[data-id]')) follow(row.dataset.id);

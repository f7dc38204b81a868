/* global document, fetch, setTimeout, FormData, URLSearchParams, XMLHttpRequest, window */
// The library page: uploads with a progress bar (file bytes, then reading), URLs without a page load,
// and rows that follow their document until it is ready. The page works without this script.

const section = document.getElementById('anadir');
const texts = JSON.parse(section?.dataset.textos ?? '{}');
const uploads = document.getElementById('subidas');
const tbody = document.getElementById('documentos');
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

/** Puts a server-rendered row in the table (replacing the same document's row) and follows it. */
function showRow(fila) {
  const template = document.createElement('template');
  template.innerHTML = fila.trim();
  const row = template.content.firstElementChild;
  const old = document.getElementById(row.id);
  const focused = old && old.contains(document.activeElement);
  if (old) old.replaceWith(row);
  else {
    tbody.prepend(row);
    const total = document.getElementById('total');
    total.dataset.n = String(Number(total.dataset.n) + 1);
    total.textContent = fill(total.dataset.template, { n: total.dataset.n });
  }
  if (focused) row.querySelector('button')?.focus();
  document.getElementById('vacia').hidden = true;
  document.getElementById('tabla-docs').hidden = false;
  follow(row.dataset.id);
}

const following = new Set();

/** Long-polls a document in progress and refreshes its row until it is ready or failed. */
async function follow(id) {
  if (following.has(id)) return;
  following.add(id);
  let backoff = 0;
  try {
    for (;;) {
      const row = document.getElementById(`doc-${id}`);
      if (!row || finished(row.dataset.estado)) return;
      const started = Date.now();
      try {
        const res = await fetch(`/biblioteca/documentos/${encodeURIComponent(id)}?esperar=2`, {
          headers: { Accept: 'application/json' },
        });
        if (res.status === 401 || res.status === 404) return;
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const { fila } = await res.json();
        following.delete(id);
        showRow(fila);
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

/** A line in the upload list: its text, and a progress bar while bytes go up. */
function uploadLine(text) {
  const li = document.createElement('li');
  const label = document.createElement('span');
  label.textContent = text;
  const bar = document.createElement('progress');
  bar.max = 100;
  bar.value = 0;
  li.append(label, bar);
  uploads.prepend(li);
  return {
    progress(pct, message) {
      bar.value = pct;
      label.textContent = message;
    },
    done(message) {
      bar.remove();
      label.textContent = message;
    },
    fail(message) {
      bar.remove();
      li.className = 'failed';
      label.textContent = message;
    },
  };
}

function answered(line, status, body) {
  if (status >= 200 && status < 300 && body && body.fila) {
    line.done(body.aviso ?? '');
    showRow(body.fila);
  } else {
    line.fail(fill(texts.failed, { reason: reasonOf(status, body) }));
  }
}

/** Bytes per part of an upload in parts: what a dropped connection costs at most. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * A file over the single-request limit goes in parts with tus (the protocol's browser client, loaded before
 * this script): with progress, retried through dropped connections, and resumed from where the server
 * stands when the same file is chosen again after a reload.
 */
async function uploadInParts(file, line) {
  const name = file.name;
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
    },
    async onSuccess({ lastResponse }) {
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
    },
  });
  const previous = await upload.findPreviousUploads();
  if (previous.length > 0) {
    upload.resumeFromPreviousUpload(previous[0]);
    line.progress(0, fill(texts.resumed, { name, pct: '…' }));
  }
  upload.start();
}

const fileForm = document.getElementById('subir-archivo');
fileForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = fileForm.querySelector('input[type="file"]');
  const file = input.files && input.files[0];
  if (!file) return input.focus();
  const name = file.name;
  const line = uploadLine(fill(texts.uploading, { name, pct: 0 }));
  if (file.size > Number(fileForm.dataset.maxBytes) && window.tus?.isSupported) {
    void uploadInParts(file, line);
    fileForm.reset();
    return;
  }
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
  });
  xhr.addEventListener('error', () => line.fail(fill(texts.failed, { reason: 'network' })));
  xhr.send(new FormData(fileForm));
  fileForm.reset();
});

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

for (const row of document.querySelectorAll('#documentos tr[data-id]')) follow(row.dataset.id);

/* global document, fetch, location, setTimeout */
// The Import page while an import runs: long-polls the import (the page's own address, asked for JSON: its
// state, progress, counts and latest items) and redraws them; reloads when it ends, so the server draws the report.
// Without this script the page reloads itself every few seconds (a <noscript> refresh).

const section = document.getElementById('progreso');
if (section) {
  const id = section.dataset.importacion;
  const texts = JSON.parse(section.dataset.textos);
  const status = document.getElementById('progreso-estado');
  const bar = document.getElementById('progreso-barra');
  const list = document.getElementById('progreso-elementos');

  const fill = (template, vars) => template.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

  const item = (e) => {
    const li = document.createElement('li');
    li.className = `import-item import-${e.resultado}`;
    const badge = document.createElement('span');
    badge.className = `badge badge-${e.resultado}`;
    badge.textContent = texts.outcomes[e.resultado] ?? e.resultado;
    const title = document.createElement('span');
    title.className = 'import-title';
    if (e.documento) {
      const a = document.createElement('a');
      a.href = `/biblioteca/documentos/${encodeURIComponent(e.documento)}`;
      a.textContent = e.titulo;
      title.append(a);
    } else title.textContent = e.titulo;
    li.append(badge, ' ', title);
    if (e.motivo) {
      const why = document.createElement('span');
      why.className = 'why';
      why.textContent = e.motivo;
      li.append(' ', why);
    }
    return li;
  };

  const draw = (v) => {
    const total = v.progreso.total;
    status.textContent =
      v.estado === 'en_cola'
        ? texts.queued
        : total === undefined
          ? texts.reading
          : fill(texts.progress, { hechos: v.progreso.hechos, total });
    if (total !== undefined) {
      bar.max = Math.max(total, 1);
      bar.value = v.progreso.hechos;
    }
    for (const [k, n] of Object.entries(v.cuentas)) {
      const dd = section.querySelector(`.import-count-${k} dd`);
      if (dd) dd.textContent = String(n);
    }
    list.replaceChildren(...[...v.recientes].reverse().map(item));
  };

  const poll = async () => {
    let wait;
    try {
      const res = await fetch(`/importar/${encodeURIComponent(id)}?esperar=20`, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (res.ok) {
        const v = await res.json();
        if (v.estado === 'listo' || v.estado === 'error') {
          location.reload();
          return;
        }
        draw(v);
        wait = 1;
      } else wait = 5;
    } catch {
      wait = 5;
    }
    setTimeout(poll, wait * 1000);
  };
  poll();
}
